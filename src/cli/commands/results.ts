// `ctxbench results`: the candidates of a run, as JSONL (streamed) or a table.
import { once } from 'node:events';
import { openRunStore, type AgentTrace, type CandidateRecord } from '../../runstore/index.ts';
import { formatTable } from '../../util/table.ts';
import { stringify } from 'yaml';
import { InputError } from '../../util/errors.ts';
import { writeFileAtomic } from '../../util/jsonl.ts';
import { UsageError, type Command } from '../command.ts';

/**
 * One JSONL line per candidate: identity, texts, failure reason, counts, then scores once present, and an agent run's
 * trace.
 */
export function resultLine(candidate: CandidateRecord, trace: AgentTrace | null = null): string {
  return JSON.stringify({
    taskId: candidate.taskId,
    sample: candidate.sample,
    raw: candidate.raw,
    output: candidate.output,
    postprocess: candidate.postprocess,
    error: candidate.error,
    promptTokens: candidate.promptTokens,
    completionTokens: candidate.completionTokens,
    latencyMs: candidate.latencyMs,
    finishReason: candidate.finishReason ?? null,
    cached: candidate.cached ?? false,
    ...(candidate.metrics ? { metrics: candidate.metrics } : {}),
    ...(candidate.verdict ? { verdict: candidate.verdict } : {}),
    ...(trace ? { trace } : {}),
  });
}

function firstLine(text: string | null, width: number): string {
  const line = (text ?? '').split('\n')[0]!;
  return line.length > width ? `${line.slice(0, width - 3)}...` : line;
}

export const resultsCommand: Command = {
  usage: 'results <run> [--jsonl | --spec [--out FILE]]',
  example:
    'ctxbench results runs/qwen-bm25 --jsonl > candidates.jsonl   # or: ctxbench results runs/qwen-bm25 --spec --out ' +
    'run.yaml; ctxbench eval --spec run.yaml --run runs/again',
  options: {
    jsonl: {
      type: 'boolean',
      description:
        'one JSON object per candidate (taskId, sample, raw, output, error, metrics, verdict, the agent trace of an ' +
        'agent run, ...)',
    },
    spec: {
      type: 'boolean',
      description:
        "the run's spec (YAML): its tasks and every eval option in effect, paths absolute, plugins with their " +
        'SHA-256; `eval --spec FILE` makes the run again',
    },
    out: {
      type: 'string',
      valueName: 'FILE',
      description: 'with --spec: write it here (atomically) instead of standard output',
    },
  },
  async run({ positionals, values }) {
    if (positionals.length !== 1)
      throw new UsageError(`expected one run directory, got ${positionals.length}\nSee: ctxbench results --help`);
    if (values.out !== undefined && values.spec !== true) throw new UsageError('--out goes with --spec');
    const store = openRunStore(positionals[0]!, { readonly: true });
    try {
      if (values.spec === true) {
        const spec = store.config().spec;
        if (!spec)
          throw new InputError(
            'this run holds no spec: it was made by a ctxbench before run specs (its settings are in `ctxbench ' +
              "report`'s header); make it again with eval to get one",
            { file: positionals[0]! },
          );
        const text =
          `# ctxbench run spec of ${positionals[0]!}: ctxbench eval --spec FILE [--run ` +
          `ANOTHER_DIR]\n${stringify(spec, { lineWidth: 0 })}`;
        if (values.out !== undefined) {
          writeFileAtomic(String(values.out), text);
          console.log(`wrote ${String(values.out)}`);
        } else process.stdout.write(text);
        return 0;
      }
      if (values.jsonl === true) {
        // One candidate at a time, waiting while the reader is behind: memory stays bounded for any run size.
        for (const candidate of store.iterateCandidates()) {
          if (!process.stdout.write(`${resultLine(candidate, store.trace(candidate.taskId, candidate.sample))}\n`))
            await once(process.stdout, 'drain');
        }
        return 0;
      }
      const candidates = store.candidates();
      const config = store.config();
      console.log(
        `${config.model}${config.isBaseline ? ' (baseline)' : ''}, context ${config.context}, template ` +
          `${config.template}, ${config.samples} sample(s) per task`,
      );
      console.log(
        formatTable(
          ['task', 'sample', 'status', 'tokens', 'ms', 'output'],
          candidates.map((c) => [
            c.taskId,
            c.sample,
            c.error === null ? (c.verdict?.verdict ?? 'ok') : 'error',
            c.completionTokens ?? '',
            c.latencyMs === null ? '' : Math.round(c.latencyMs),
            firstLine(c.error ?? c.output, 60),
          ]),
        ),
      );
      return 0;
    } finally {
      store.close();
    }
  },
};
