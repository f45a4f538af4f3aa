// `ctxbench index`, `ctxbench functions`, `ctxbench graph`: build and read a repository index.
import { UsageError, type Command, type OptionSpec } from '../command.ts';
import { integerOption } from '../options.ts';
import {
  indexRepository,
  callGraph,
  graphToDot,
  listFunctions,
  summarize,
  LEVEL_MODES,
  type IndexRun,
  type LevelMode,
} from '../../index/index.ts';
import { formatTable } from '../../util/table.ts';

/** The `--levels` option's value (default `default`). */
export function parseLevelMode(value: unknown): LevelMode {
  const mode = value === undefined ? 'default' : String(value);
  if (!(LEVEL_MODES as readonly string[]).includes(mode))
    throw new UsageError(`--levels must be ${LEVEL_MODES.join(' or ')}, got '${mode}'`);
  return mode as LevelMode;
}

const repoOptions: Record<string, OptionSpec> = {
  db: { type: 'string', description: 'index file (default: <repo>/.ctxbench/index.db)', valueName: 'FILE' },
  include: {
    type: 'string',
    multiple: true,
    description: 'only files matching this glob (repeatable)',
    valueName: 'GLOB',
  },
  exclude: {
    type: 'string',
    multiple: true,
    description: 'skip files matching this glob (repeatable)',
    valueName: 'GLOB',
  },
  'max-file-bytes': {
    type: 'string',
    description: 'skip larger files',
    valueName: 'N',
    default: String(2 * 1024 * 1024),
  },
};

type Values = Record<string, string | boolean | string[] | undefined>;

function onlyRepo(positionals: string[], usage: string): string {
  if (positionals.length !== 1) throw new UsageError(`expected one repository path\nUsage: ctxbench ${usage}`);
  return positionals[0]!;
}

/** Indexes (incrementally) with the shared repository options, printing warnings to stderr. */
export async function openIndexFromArgs(repo: string, values: Values, progress = false): Promise<IndexRun> {
  const maxBytes = integerOption(values, 'max-file-bytes');
  const run = await indexRepository(repo, {
    db: values.db as string | undefined,
    include: values.include as string[] | undefined,
    exclude: values.exclude as string[] | undefined,
    maxFileBytes: maxBytes,
    onProgress:
      progress && process.stderr.isTTY
        ? (done, total) => process.stderr.write(`\rparsing ${done}/${total} files`)
        : undefined,
  });
  if (progress && process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  for (const warning of run.warnings) console.error(`warning: ${warning}`);
  return run;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

export const indexCommand: Command = {
  usage: 'index <repo> [--db FILE] [--include GLOB] [--exclude GLOB]',
  example: 'ctxbench index examples/c-kvstore --exclude "tests/**"',
  options: repoOptions,
  async run({ positionals, values }) {
    const run = await openIndexFromArgs(onlyRepo(positionals, this.usage), values, true);
    try {
      const rows = summarize(run.store);
      const total = rows.reduce(
        (sum, r) => ({
          files: sum.files + r.files,
          lines: sum.lines + r.lines,
          functions: sum.functions + r.functions,
          calls: sum.calls + r.calls,
        }),
        { files: 0, lines: 0, functions: 0, calls: 0 },
      );
      console.log(
        formatTable(
          [
            'language',
            'files',
            'lines',
            'functions',
            'calls',
            'resolved',
            'project',
            'package',
            'file',
            'stdlib',
            'none',
          ],
          rows.map((r) => [
            r.language,
            r.files,
            r.lines,
            r.functions,
            r.calls,
            percent(r.resolvedShare),
            r.levels.project,
            r.levels.package,
            r.levels.file,
            r.levels.stdlib,
            r.levels.none,
          ]),
        ),
      );
      const what = run.unchanged
        ? 'unchanged, nothing re-parsed'
        : `${run.parsed} files parsed, ${run.removed} removed`;
      console.log(
        `${total.files} files, ${total.lines} lines, ${total.functions} functions, ${total.calls} calls; ${what}; ` +
          `${run.seconds.toFixed(2)} s; index: ${run.store.file}`,
      );
      return 0;
    } finally {
      run.store.close();
    }
  },
};

export const functionsCommand: Command = {
  usage: 'functions <repo> [--jsonl] [--blame] [--levels default|yabloco] [--db FILE]',
  example: 'ctxbench functions examples/c-kvstore --jsonl --blame > functions.jsonl',
  options: {
    ...repoOptions,
    jsonl: { type: 'boolean', description: 'one JSON object per function' },
    blame: { type: 'boolean', description: 'compute lastCommit with git blame (cached)' },
    levels: {
      type: 'string',
      description:
        `how call levels are classified: ${LEVEL_MODES.join(' or ')} ` + '(docs/index.md, "Levels"; default: default)',
      valueName: 'MODE',
    },
  },
  async run({ positionals, values }) {
    const run = await openIndexFromArgs(onlyRepo(positionals, this.usage), values);
    try {
      const functions = listFunctions(run.store, {
        blame: values.blame === true,
        levels: parseLevelMode(values.levels),
      });
      if (values.jsonl) {
        for (const f of functions) process.stdout.write(`${JSON.stringify(f)}\n`);
      } else {
        console.log(
          formatTable(
            ['function', 'path', 'lines', 'level', 'callees', 'callers', 'docstring'],
            functions.map((f) => [
              f.qualifiedName,
              f.path,
              `${f.startLine}-${f.endLine}`,
              f.level,
              f.callees.length,
              f.callers,
              f.docstring ? 'yes' : '',
            ]),
          ),
        );
      }
      return 0;
    } finally {
      run.store.close();
    }
  },
};

export const graphCommand: Command = {
  usage: 'graph <repo> [--format json|dot] [--db FILE]',
  example: 'ctxbench graph examples/c-kvstore --format dot | dot -Tsvg > calls.svg',
  options: {
    ...repoOptions,
    format: { type: 'string', description: 'json or dot', valueName: 'FORMAT', default: 'json' },
  },
  async run({ positionals, values }) {
    const format = (values.format as string | undefined) ?? 'json';
    if (format !== 'json' && format !== 'dot') throw new UsageError(`--format must be json or dot, got '${format}'`);
    const run = await openIndexFromArgs(onlyRepo(positionals, this.usage), values);
    try {
      const graph = callGraph(run.store);
      process.stdout.write(format === 'dot' ? graphToDot(graph) : `${JSON.stringify(graph, null, 2)}\n`);
      return 0;
    } finally {
      run.store.close();
    }
  },
};
