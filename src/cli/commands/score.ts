// `ctxbench score`: metrics for prediction/reference pairs from a JSONL file, or for every
// candidate of a run (stored back into the run).
import { isLanguageId } from '../../languages/index.ts';
import { listMetrics, resolveMetrics, scorePair, scoreRun } from '../../metrics/index.ts';
import { openRunStore } from '../../runstore/index.ts';
import { InputError } from '../../util/errors.ts';
import { readJsonl, writeJsonl } from '../../util/jsonl.ts';
import { UsageError, type Command } from '../command.ts';
import { listOption } from '../options.ts';

interface Pair {
  prediction: string;
  reference: string;
  prefix?: string;
  suffix?: string;
}

function checkPair(value: unknown, where: { file: string; line: number }): Pair {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InputError('expected a JSON object', where);
  const record = value as Record<string, unknown>;
  for (const field of ['prediction', 'reference']) {
    if (typeof record[field] !== 'string')
      throw new InputError(
        `expected a string, got ${record[field] === undefined ? 'nothing' : JSON.stringify(record[field])}`,
        { ...where, field },
      );
  }
  for (const field of ['prefix', 'suffix']) {
    if (record[field] !== undefined && typeof record[field] !== 'string')
      throw new InputError('expected a string when present', { ...where, field });
  }
  return record as unknown as Pair;
}

function metricList(): string {
  const width = Math.max(...listMetrics().map((metric) => metric.name.length));
  return listMetrics()
    .map(
      (metric) =>
        `${metric.name.padEnd(width)}  ${metric.scale.padEnd(8)}  ` +
        `${metric.description}${metric.languages ? ` [${metric.languages.join(', ')}]` : ''}`,
    )
    .join('\n');
}

export const scoreCommand: Command = {
  usage: 'score (--pairs FILE.jsonl --language L [--out F] | <run-dir>) [--metrics a,b] | score --list',
  example: 'ctxbench score --pairs pairs.jsonl --language python --metrics em,es,id-f1 --out scores.jsonl',
  options: {
    pairs: {
      type: 'string',
      valueName: 'FILE',
      description: 'JSONL with {prediction, reference[, prefix, suffix]} per line',
    },
    language: { type: 'string', valueName: 'L', description: 'language of the pairs (python, java, csharp, ...)' },
    metrics: {
      type: 'string',
      valueName: 'a,b',
      description: 'metrics to compute (default: every metric that supports the language)',
    },
    out: {
      type: 'string',
      valueName: 'F',
      description: 'write the scores here, one JSON object per pair (default: stdout)',
    },
    list: { type: 'boolean', description: 'list the metrics with their scales and exit' },
  },
  async run({ positionals, values }) {
    if (values.list === true) {
      console.log(metricList());
      return 0;
    }
    const names = listOption(values, 'metrics');
    if (typeof values.pairs === 'string') {
      if (positionals.length > 0) throw new UsageError('give either --pairs or a run directory, not both');
      const language = values.language;
      if (typeof language !== 'string') throw new UsageError('--pairs needs --language');
      if (!isLanguageId(language)) throw new UsageError(`unknown language '${language}'`);
      resolveMetrics(language, names);
      const pairs = readJsonl(values.pairs, checkPair);
      const rows: Record<string, number>[] = [];
      for (const pair of pairs)
        rows.push(
          await scorePair(pair.prediction, pair.reference, language, names, {
            prefix: pair.prefix,
            suffix: pair.suffix,
          }),
        );
      if (typeof values.out === 'string') {
        writeJsonl(values.out, rows);
        console.error(`scored ${rows.length} pair(s) -> ${values.out}`);
      } else {
        for (const row of rows) process.stdout.write(`${JSON.stringify(row)}\n`);
      }
      return 0;
    }
    if (positionals.length !== 1)
      throw new UsageError('expected --pairs FILE or one run directory\nSee: ctxbench score --help');
    if (values.out !== undefined || values.language !== undefined)
      throw new UsageError('--out and --language only apply to --pairs (a run stores its scores)');
    const store = openRunStore(positionals[0]!);
    try {
      const summary = await scoreRun(store, names);
      const metricsUsed = Object.entries(summary.metrics).map(([language, list]) => `${language}: ${list.join(', ')}`);
      console.log(`scored ${summary.scored} candidate(s) (${metricsUsed.join('; ')})`);
      for (const [language, lacking] of Object.entries(summary.unsupported))
        console.log(`not defined for ${language} (left missing): ${lacking.join(', ')}`);
      if (summary.missing.length > 0)
        console.log(`${summary.missing.length} candidate(s) without output left unscored (missing, not 0)`);
      return 0;
    } finally {
      store.close();
    }
  },
};
