// Task-family fidelity on real code: for each language, one Debian source package
// (bench/fidelity-sources.ts) is indexed and the three families are built. Printed per language:
// files, the index's call levels (ambiguous calls apart), cross-file tasks per 100 files, node and
// function tasks, the label distributions, and the reference baseline's EM per family (it must be
// 100: anything else is a bug in the harness). A last table puts the languages side by side.
// Usage: node --import tsx bench/fidelity-tasks.ts [LANGUAGE[=PACKAGE]...]   (default: all 19, with
// FIDELITY_SOURCES' packages; `ruby=fzf` measures a language on another package)
import { basename, join } from 'node:path';
import type { TaskRecord } from '../src/datasets/types.ts';
import { indexRepository } from '../src/index/indexer.ts';
import { LANGUAGES } from '../src/languages/registry.ts';
import type { LanguageId } from '../src/languages/types.ts';
import { exactMatch, exactMatchNoWhitespace } from '../src/metrics/exact-match.ts';
import { createBaselineBackend } from '../src/models/baselines.ts';
import { candidateOf } from '../src/models/postprocess.ts';
import { buildFromIndexes } from '../src/tasks/build.ts';
import { repositoryCommit } from '../src/util/git.ts';
import type { Family, RepositoryInput } from '../src/tasks/types.ts';
import { FIDELITY_SOURCES } from './fidelity-sources.ts';
import { sourceTree } from './sources.ts';

/** The papers' three families (built in). */
const FAMILIES: readonly Family[] = ['function', 'crossfile', 'node'];

/** The CLI's default `--max-tokens`: the reference baseline must not be cut by it. */
const DEFAULT_MAX_TOKENS = 256;
const TOP_VALUES = 12;

interface Row {
  language: LanguageId;
  source: string;
  files: number;
  tasks: Record<Family, number>;
  em: Record<Family, number | null>;
  ambiguousShare: number;
  /** node tasks per semantic class (the label's class, before `/`). */
  nodeClasses: Map<string, number>;
}

function distribution(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const sorted = [...counts].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  return (
    sorted
      .slice(0, TOP_VALUES)
      .map(([value, count]) => `${value}=${count}`)
      .join(' ') + (sorted.length > TOP_VALUES ? ` (+${sorted.length - TOP_VALUES} more)` : '')
  );
}

/** EM (percent) of baseline:reference, through the same generate and post-processing path as a run. */
async function referenceExactMatch(tasks: TaskRecord[]): Promise<number | null> {
  if (tasks.length === 0) return null;
  const backend = createBaselineBackend('reference');
  let matched = 0;
  for (const task of tasks) {
    const generation = await backend.generate({
      task,
      prompt: { prompt: '', messages: null, tokens: {}, snippets: [] },
      retrieved: [],
      sample: 0,
      sampling: { temperature: 0, topP: 1, maxTokens: DEFAULT_MAX_TOKENS, stop: [], seed: null },
    });
    const { output } = await candidateOf(task, generation);
    const em =
      task.kind === 'function' ? exactMatchNoWhitespace(output, task.reference) : exactMatch(output, task.reference);
    matched += em;
  }
  return (100 * matched) / tasks.length;
}

async function benchLanguage(language: LanguageId, source: string): Promise<Row> {
  const root = sourceTree(source);
  const indexed = await indexRepository(root, { db: join(root, '.ctxbench', 'fidelity-tasks.db') });
  const repo: RepositoryInput = {
    name: basename(indexed.root),
    root: indexed.root,
    commit: repositoryCommit(indexed.root),
    store: indexed.store,
  };
  try {
    const files = repo.store.files().filter((file) => file.language === language).length;
    const ids = new Set(
      repo.store
        .functions()
        .filter((fn) => fn.language === language)
        .map((fn) => fn.id),
    );
    const calls = repo.store.calls().filter((call) => ids.has(call.callerId));
    const ambiguous = calls.filter((call) => call.ambiguous).length;
    console.log(`\n${language} (${source}): ${files} files, ${ids.size} functions, ${calls.length} calls`);
    console.log(
      `  call levels   ${distribution(calls.map((call) => call.level))}; ambiguous ${ambiguous} ` +
        `(${((100 * ambiguous) / Math.max(1, calls.length)).toFixed(1)}%)`,
    );
    const row: Row = {
      language,
      source,
      files,
      tasks: { function: 0, crossfile: 0, node: 0 },
      em: { function: null, crossfile: null, node: null },
      ambiguousShare: ambiguous / Math.max(1, calls.length),
      nodeClasses: new Map(),
    };
    for (const family of FAMILIES) {
      const { tasks } = await buildFromIndexes([repo], {
        family,
        seed: 1,
        languages: [language],
        command: 'bench',
        toolVersion: 'bench',
      });
      row.tasks[family] = tasks.length;
      row.em[family] = await referenceExactMatch(tasks);
      if (family === 'node')
        for (const task of tasks) {
          const cls = String(task.labels.semantic).split('/')[0]!;
          row.nodeClasses.set(cls, (row.nodeClasses.get(cls) ?? 0) + 1);
        }
      const perHundred =
        family === 'crossfile' ? ` = ${((100 * tasks.length) / Math.max(1, files)).toFixed(1)} per 100 files` : '';
      console.log(
        `  ${family.padEnd(9)} ${tasks.length} tasks${perHundred}; reference EM ${row.em[family]?.toFixed(1) ?? '-'}`,
      );
      const labels = new Map<string, string[]>();
      for (const task of tasks)
        for (const [label, value] of Object.entries(task.labels))
          if (value !== undefined) labels.set(label, [...(labels.get(label) ?? []), String(value)]);
      for (const [label, values] of labels)
        if (label !== 'lines') console.log(`    ${label.padEnd(9)} ${distribution(values)}`);
      if (family === 'function' && tasks.length > 0) {
        const oracle = tasks.map((task) => task.oracle?.length ?? 0);
        console.log(
          `    oracle    mean ${(oracle.reduce((a, b) => a + b, 0) / oracle.length).toFixed(1)} snippets, max ` +
            `${Math.max(...oracle)}`,
        );
      }
    }
    return row;
  } finally {
    repo.store.close();
  }
}

export async function run(): Promise<void> {
  const wanted = new Map<LanguageId, string>();
  for (const arg of process.argv.slice(2)) {
    const [language, source] = arg.split('=') as [string, string | undefined];
    if (!LANGUAGES.names().includes(language))
      throw new Error(`unknown language '${language}' (known: ${LANGUAGES.names().join(', ')})`);
    wanted.set(language as LanguageId, source ?? FIDELITY_SOURCES[language as LanguageId]);
  }
  if (wanted.size === 0) for (const language of LANGUAGES.names()) wanted.set(language, FIDELITY_SOURCES[language]);
  const rows: Row[] = [];
  const missing: string[] = [];
  for (const [language, source] of wanted) {
    try {
      rows.push(await benchLanguage(language, source));
    } catch (error) {
      // A package the archive does not serve: the other languages are still measured.
      console.log(`\n${language} (${source}): not measured: ${(error as Error).message}`);
      missing.push(language);
    }
  }
  console.log(
    '\nlanguage    source                    files  xfile  /100 files   node  function  ambiguous calls  reference ' +
      'EM (function/crossfile/node)',
  );
  for (const row of rows) {
    const em = FAMILIES.map((family) => row.em[family]?.toFixed(1) ?? '-').join('/');
    console.log(
      `${row.language.padEnd(11)} ${row.source.padEnd(25)} ${String(row.files).padStart(5)}  ` +
        `${String(row.tasks.crossfile).padStart(5)}  ` +
        `${((100 * row.tasks.crossfile) / Math.max(1, row.files)).toFixed(1).padStart(10)}  ` +
        `${String(row.tasks.node).padStart(5)}  ${String(row.tasks.function).padStart(8)}  ` +
        `${(100 * row.ambiguousShare).toFixed(1).padStart(14)}%  ${em}`,
    );
  }
  // the share of each semantic class among a language's node tasks: a label rule that moves tasks shows here run to run
  const classes = [...new Set(rows.flatMap((row) => [...row.nodeClasses.keys()]))].sort();
  const short = (cls: string) =>
    cls
      .split(' ')
      .map((word) => word[0])
      .join('');
  console.log(
    `\nnode tasks per semantic class (% of the language's node tasks): ${classes.map((cls) => `${short(cls)} = ${cls}`).join(', ')}`,
  );
  console.log(
    `${'language'.padEnd(11)} ${'node'.padStart(5)}  ${classes.map((cls) => short(cls).padStart(5)).join(' ')}`,
  );
  for (const row of rows) {
    const total = row.tasks.node;
    console.log(
      `${row.language.padEnd(11)} ${String(total).padStart(5)}  ` +
        `${classes.map((cls) => (total === 0 ? '-' : ((100 * (row.nodeClasses.get(cls) ?? 0)) / total).toFixed(1)).padStart(5)).join(' ')}`,
    );
  }
  const below = rows.filter((row) => FAMILIES.some((family) => row.em[family] !== null && row.em[family] !== 100));
  console.log(
    below.length === 0
      ? 'reference EM 100 on every family of every language: ok'
      : `reference EM below 100: ${below.map((row) => row.language).join(', ')}`,
  );
  if (missing.length > 0) console.log(`not measured (source unavailable): ${missing.join(', ')}`);
  if (below.length > 0 || missing.length > 0) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
