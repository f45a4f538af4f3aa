// `ctxbench build <function|crossfile|node> <repo...>`: build a benchmark from repositories.
import { commandLine, UsageError, type Command } from '../command.ts';
import {
  integerOption,
  languagesOption,
  languagesOptionSpec,
  listOption,
  textOption,
  type OptionValues,
} from '../options.ts';
import { toolVersion } from '../version.ts';
import { formatTable } from '../../util/table.ts';
import { isCalendarDay } from '../../util/dates.ts';
import { isLanguageId, type LanguageId } from '../../languages/index.ts';
import { LEVEL_MODES } from '../../index/index.ts';
import { parseLevelMode } from './index-commands.ts';
import { isInlinePath } from '../../datasets/index.ts';
import {
  buildBenchmark,
  inputWarnings,
  manifestPath,
  writeBuild,
  readCoverage,
  familyNames,
  type SolvedCheck,
  type BucketConvention,
  type BuildManifest,
  type FilterStep,
  type Split,
} from '../../tasks/index.ts';
import { createSolvedCheck } from '../../metrics/index.ts';
import { responseCacheFile } from '../../runstore/index.ts';
/** `python=12,java=25` → per-language minimum prompt lines. */
function promptLines(values: OptionValues): Partial<Record<LanguageId, number>> | undefined {
  const items = listOption(values, 'min-prompt-lines');
  if (items === undefined) return undefined;
  const result: Partial<Record<LanguageId, number>> = {};
  for (const item of items) {
    const [language, lines] = item.split('=');
    if (!language || !isLanguageId(language.trim()) || lines === undefined)
      throw new UsageError(`--min-prompt-lines: expected LANG=N[,LANG=N], got '${item}'`);
    result[language.trim() as LanguageId] = integerOption({ 'min-prompt-lines': lines.trim() }, 'min-prompt-lines', {
      min: 0,
    });
  }
  return result;
}

/** The filter chain and the counts per language and label, as printed after a build. */
export function summaryTables(manifest: BuildManifest): string {
  const filters = formatTable(
    ['step', 'removed', 'remaining'],
    manifest.filters.map((step) => [
      step.filter + (step.replaced ? ` (${step.replaced} replaced)` : ''),
      step.removed,
      step.remaining,
    ]),
  );
  const rows: (string | number)[][] = [];
  for (const [label, values] of Object.entries(manifest.counts)) {
    const ordered = Object.entries(values).sort(([a], [b]) =>
      Number.isFinite(Number(a)) && Number.isFinite(Number(b)) ? Number(a) - Number(b) : a.localeCompare(b),
    );
    for (const [value, count] of ordered) rows.push([label, value, count]);
  }
  return `${filters}\n\n${formatTable(['label', 'value', 'tasks'], rows)}`;
}

function date(value: unknown, option: string): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value);
  if (!isCalendarDay(text)) throw new UsageError(`--${option} must be a date YYYY-MM-DD, got '${text}'`);
  return text;
}

/** `--dev N --dev-out FILE` and `--train FILE`: the function family's other splits and where they go. */
function splitOutputs(family: string, values: Record<string, unknown>): Partial<Record<Split, string>> {
  const outputs: Partial<Record<Split, string>> = {};
  if (values.dev !== undefined || values['dev-out'] !== undefined) {
    if (values.dev === undefined || values['dev-out'] === undefined)
      throw new UsageError('--dev N and --dev-out FILE go together');
    outputs.dev = String(values['dev-out']);
  }
  if (values.train !== undefined) outputs.train = String(values.train);
  if (Object.keys(outputs).length > 0 && family !== 'function')
    throw new UsageError('--dev and --train split the function family only');
  const paths = [String(values.out), ...Object.values(outputs)];
  if (new Set(paths).size !== paths.length)
    throw new UsageError(`--out, --dev-out and --train must name different files, got ${paths.join(', ')}`);
  return outputs;
}

function bucketConvention(root: unknown, depth: unknown): BucketConvention | undefined {
  if (root === undefined && depth === undefined) return undefined;
  if (root !== undefined && root !== '0' && root !== '1')
    throw new UsageError(`--bucket-root must be 0 or 1, got '${String(root)}'`);
  if (depth !== undefined && depth !== 'named' && depth !== 'all')
    throw new UsageError(`--bucket-depth must be named or all, got '${String(depth)}'`);
  return { rootDepth: root === '0' ? 0 : 1, treeDepth: depth === 'all' ? 'all' : 'named' };
}

export const buildCommand: Command = {
  usage:
    'build <family> <repo...> --out FILE [--seed N] [--per-level N] [--levels default|yabloco] ' +
    '[--limit N] [--languages a,b] [--coverage F] [--dev N --dev-out FILE] [--train FILE] [--after DATE] ' +
    '[--created-after DATE] [--db FILE] [--drop-solved-by MODEL [--base-url U]]',
  example: 'ctxbench build crossfile examples/py-inventory examples/ts-tasks --out crossfile.tasks --seed 7 --limit 50',
  options: {
    out: {
      type: 'string',
      description:
        'task set (each file text stored once; a name ending in .jsonl writes inline JSONL); the manifest goes to ' +
        'FILE.manifest.json',
      valueName: 'FILE',
    },
    seed: {
      type: 'string',
      description: 'random seed: the same seed gives the same tasks',
      valueName: 'N',
      default: '0',
    },
    levels: {
      type: 'string',
      description:
        `function: how call levels are classified for the level label: ${LEVEL_MODES.join(' or ')} ` +
        `(docs/index.md, "Levels")`,
      valueName: 'MODE',
    },
    'per-level': {
      type: 'string',
      description: 'function: at most N per repository and context level (YABLoCo: 12)',
      valueName: 'N',
    },
    dev: {
      type: 'string',
      description:
        'function: a dev split of the next N per repository and level after the test ones (YABLoCo: 17 after 14), ' +
        'written to --dev-out',
      valueName: 'N',
    },
    'dev-out': {
      type: 'string',
      description: 'function: where the dev split goes (with its own manifest)',
      valueName: 'FILE',
    },
    train: {
      type: 'string',
      description:
        "function: write the training split here: the remaining functions under YABLoCo's train filters, never a " +
        'test or dev function, their callers, the same body or a near-duplicate (BLEU-2 >= 0.2)',
      valueName: 'FILE',
    },
    after: {
      type: 'string',
      description: "keep tasks whose hole's lines last changed after DATE (git blame; a model's training cut-off)",
      valueName: 'YYYY-MM-DD',
    },
    'created-after': {
      type: 'string',
      description: 'keep tasks of repositories whose first commit is after DATE',
      valueName: 'YYYY-MM-DD',
    },
    limit: {
      type: 'string',
      description: 'at most N tasks per repository and language (a seeded sample)',
      valueName: 'N',
    },
    'per-file': { type: 'string', description: 'node: holes drawn per file (default 1)', valueName: 'N' },
    'bucket-root': {
      type: 'string',
      description: "node: the root's layer for depth buckets, 1 (default) or 0",
      valueName: 'D',
    },
    'bucket-depth': {
      type: 'string',
      description: 'node: N for depth buckets, the deepest named node (named, default) or any node (all)',
      valueName: 'N',
    },
    languages: languagesOptionSpec(),
    coverage: {
      type: 'string',
      description:
        'gcov output (.gcov, gcov JSON) or CSV path,function,hits: function keeps functions with test hits > 0, ' +
        'crossfile holes on lines a test ran (both drop files the coverage never saw)',
      valueName: 'FILE',
    },
    'min-prompt-lines': {
      type: 'string',
      description: 'crossfile: minimum prompt lines per language, e.g. python=10,go=15',
      valueName: 'LIST',
    },
    db: {
      type: 'string',
      description: 'index file (one repository only; default <repo>/.ctxbench/index.db); built when missing',
      valueName: 'FILE',
    },
    'drop-solved-by': {
      type: 'string',
      description:
        'drop tasks this model completes exactly without cross-file context (e.g. ' +
        'openai:completion:gpt-3.5-turbo-instruct)',
      valueName: 'MODEL',
    },
    'drop-solved-template': {
      type: 'string',
      description: 'prompt template for --drop-solved-by (default: yabloco, cceval or m2rc by family)',
      valueName: 'NAME',
    },
    'base-url': {
      type: 'string',
      description: '--drop-solved-by: OpenAI-compatible endpoint (default: $OPENAI_BASE_URL, else api.openai.com)',
      valueName: 'U',
    },
    'api-key-env': {
      type: 'string',
      description: '--drop-solved-by: environment variable holding the API key (default: OPENAI_API_KEY)',
      valueName: 'VAR',
    },
    'cache-dir': {
      type: 'string',
      description:
        '--drop-solved-by: folder of the shared response cache (default: $CTXBENCH_CACHE_DIR, else ~/.cache/ctxbench)',
      valueName: 'DIR',
    },
    'no-cache': { type: 'boolean', description: '--drop-solved-by: neither read nor write the response cache' },
  },
  async run({ positionals, values }) {
    const [family, ...repos] = positionals;
    if (!family || !familyNames().includes(family))
      throw new UsageError(`expected a family (${familyNames().join(', ')})\nUsage: ctxbench ${this.usage}`);
    if (repos.length === 0) throw new UsageError(`expected at least one repository\nUsage: ctxbench ${this.usage}`);
    const out = values.out as string | undefined;
    if (!out) throw new UsageError('--out FILE is required');
    if (values.db !== undefined && repos.length > 1)
      throw new UsageError('--db names one index: give one repository, or leave --db out');
    const seed = integerOption(values, 'seed', { min: 0 }) ?? 0;
    const splits = splitOutputs(family, values);
    let solvedBy: SolvedCheck | undefined;
    if (values['drop-solved-by'] !== undefined) {
      solvedBy = await createSolvedCheck(String(values['drop-solved-by']), {
        template: textOption(values, 'drop-solved-template'),
        baseUrl: textOption(values, 'base-url'),
        apiKeyEnv: textOption(values, 'api-key-env'),
        cacheFile: values['no-cache'] === true ? null : responseCacheFile(textOption(values, 'cache-dir')),
      });
    }
    try {
      const output = await buildBenchmark({
        family,
        repos,
        index: { db: values.db as string | undefined },
        seed,
        perLevel: integerOption(values, 'per-level'),
        levels: values.levels === undefined ? undefined : parseLevelMode(values.levels),
        limit: integerOption(values, 'limit'),
        dev: integerOption(values, 'dev'),
        train: splits.train !== undefined,
        after: date(values.after, 'after'),
        createdAfter: date(values['created-after'], 'created-after'),
        perFile: integerOption(values, 'per-file'),
        buckets: bucketConvention(values['bucket-root'], values['bucket-depth']),
        languages: languagesOption(values),
        coverage: values.coverage !== undefined ? readCoverage(String(values.coverage)) : undefined,
        minPromptLines: promptLines(values),
        solvedBy,
        command: commandLine('build', positionals, values),
        toolVersion: toolVersion(),
      });
      writeBuild(out, output);
      console.log(summaryTables(output.manifest));
      for (const note of output.manifest.notes) console.log(`note: ${note}`);
      for (const line of inputWarnings(output.manifest.inputs)) console.error(line);
      console.log(`${output.tasks.length} ${family} tasks written to ${out} (manifest: ${manifestPath(out)})`);
      if (output.tasks.length === 0) console.error(`warning: no tasks: ${whyNoTasks(output.manifest.filters, family)}`);
      for (const [split, path] of Object.entries(splits) as [Split, string][]) {
        const built = output.splits[split]!;
        writeBuild(path, built);
        console.log(`\n${split} split:\n${summaryTables(built.manifest)}`);
        console.log(`${built.tasks.length} ${split} tasks written to ${path} (manifest: ${manifestPath(path)})`);
      }
      if (isInlinePath(out))
        console.log(
          'note: a .jsonl output repeats each file text in every task; any other name writes a task set that stores ' +
            'each file once',
        );
      return 0;
    } finally {
      await solvedBy?.close();
    }
  },
};

/** Why a build has no task: no candidate to begin with, or the filter that removed the last ones. */
function whyNoTasks(filters: readonly FilterStep[], family: string): string {
  const first = filters[0];
  if (!first || first.removed + first.remaining === 0)
    return `the repositories hold no ${family} candidate in a supported language`;
  const emptied = filters.find((step) => step.remaining === 0 && step.removed > 0);
  return emptied
    ? `the filter '${emptied.filter}' removed the last ${emptied.removed} candidates (see the table)`
    : 'every candidate was filtered out (see the table)';
}
