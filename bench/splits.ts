// Splits on redis at YABLoCo's commit against YABLoCo's own test, dev and train sets
// (/work/shared/yabloco): `build function --per-level 14 --dev 17 --train` with YABLoCo's level
// mode and test hits, then per split: our size, theirs, the functions in common, and each
// difference by its first cause.
// The tarball has no history, so the checkout is made a git repository whose blame reproduces
// YABLoCo's `last_commit` per function: a first commit with every function's lines blanked, then
// one commit per date (oldest first) restoring the functions of that date, committed at that date.
// Usage: node --import tsx bench/splits.ts
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import readXlsxFile from 'read-excel-file/node';
import { parseCsv } from '../src/datasets/csv.ts';
import type { TaskRecord } from '../src/datasets/types.ts';
import { indexRepository } from '../src/index/indexer.ts';
import { listFunctions, type FunctionListing } from '../src/index/query.ts';
import { buildFromIndexes } from '../src/tasks/build.ts';
import { readCoverage } from '../src/tasks/coverage.ts';
import { bleuTokens, duplicateChecker, YABLOCO_DUPLICATES } from '../src/tasks/bleu.ts';
import {
  bodyLineCount,
  docstringProblem,
  FUNCTION_FILTERS,
  looksLikeTest,
  TRAIN_FILTERS,
} from '../src/tasks/function.ts';
import { repositoryCommit } from '../src/util/git.ts';
import type { FilterStep } from '../src/tasks/types.ts';

const YABLOCO = process.env.CTXBENCH_YABLOCO ?? '/work/shared/yabloco';
const SCRATCH = process.env.CTXBENCH_SCRATCH ?? '/work/scratch-15b';
const ROOT = join(SCRATCH, 'redis');

interface Row {
  id: string;
  name: string;
  file: string;
  line: number;
  length: number;
  date: string;
  hits: string;
  doc: string;
  callers: number;
  counts: number[];
}

function rows(file: string): Row[] {
  return parseCsv(readFileSync(join(YABLOCO, file), 'utf8'), file).map(({ values }) => ({
    id: values.id ?? values['Unnamed: 0']!,
    name: values.fname!,
    file: values.file!.replace(/^redis\//, ''),
    line: Number(values.pos),
    length: Number(values.code_length),
    date: values.last_commit ?? '',
    hits: values.test_cov_hits ?? '',
    doc: values.doc ?? '',
    callers: Number(values.calls_num),
    counts: ['project', 'same_package', 'same_file', 'stdlib'].map((column) => Number(values[column])),
  }));
}

/** YABLoCo's context level of a row: the highest level with a callee (project > package > file > stdlib). */
function yablocoLevel(row: Row): string {
  const index = row.counts.findIndex((count) => count > 0);
  return index < 0 ? 'none' : ['project', 'package', 'file', 'stdlib'][index]!;
}

/** dd.mm.yyyy → an ISO time at noon UTC (blame gives the same day back). */
const isoDate = (date: string) => `${date.slice(6, 10)}-${date.slice(3, 5)}-${date.slice(0, 2)}T12:00:00Z`;

function datedCheckout(table: Row[]): void {
  if (existsSync(join(ROOT, '.git', 'dated'))) return;
  rmSync(ROOT, { recursive: true, force: true });
  mkdirSync(SCRATCH, { recursive: true });
  execFileSync('tar', ['-xJf', join(YABLOCO, 'redis-493e31e.tar.xz'), '-C', SCRATCH]);
  const git = (args: string[], date = '2000-01-01T12:00:00Z') =>
    execFileSync('git', ['-C', ROOT, ...args], {
      stdio: 'ignore',
      env: {
        ...process.env,
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
        GIT_AUTHOR_NAME: 'b',
        GIT_AUTHOR_EMAIL: 'b@example.com',
        GIT_COMMITTER_NAME: 'b',
        GIT_COMMITTER_EMAIL: 'b@example.com',
      },
    });
  const original = new Map<string, string[]>();
  const current = new Map<string, string[]>();
  const dated = table.filter((row) => row.date !== '' && existsSync(join(ROOT, row.file)));
  for (const row of dated) {
    if (!original.has(row.file)) {
      const lines = readFileSync(join(ROOT, row.file), 'utf8').split('\n');
      original.set(row.file, lines);
      current.set(row.file, [...lines]);
    }
    const lines = current.get(row.file)!;
    for (let line = row.line; line <= row.line + row.length; line++) if (line - 1 < lines.length) lines[line - 1] = '';
  }
  for (const [file, lines] of current) writeFileSync(join(ROOT, file), lines.join('\n'));
  git(['init', '-q']);
  git(['add', '-A']);
  git(['commit', '-q', '-m', 'base']);
  const byDate = new Map<string, Row[]>();
  for (const row of dated) byDate.set(isoDate(row.date), [...(byDate.get(isoDate(row.date)) ?? []), row]);
  for (const date of [...byDate.keys()].sort()) {
    const touched = new Set<string>();
    for (const row of byDate.get(date)!) {
      const lines = current.get(row.file)!;
      const from = original.get(row.file)!;
      for (let line = row.line; line <= row.line + row.length; line++)
        if (line - 1 < lines.length) lines[line - 1] = from[line - 1]!;
      touched.add(row.file);
    }
    for (const file of touched) writeFileSync(join(ROOT, file), current.get(file)!.join('\n'));
    git(['add', '--', ...touched]);
    git(['commit', '-q', '--allow-empty', '-m', date], date);
  }
  writeFileSync(join(ROOT, '.git', 'dated'), `${byDate.size} dated commits\n`);
  console.log(`dated checkout: ${byDate.size} commits over ${dated.length} functions`);
}

const key = (path: string, name: string) => `${path}\0${name}`;

function printFilters(title: string, steps: FilterStep[]): void {
  console.log(`  ${title} filters:`);
  for (const step of steps)
    console.log(
      `    ${step.filter.padEnd(60)} -${String(step.removed).padStart(5)} ${String(step.remaining).padStart(6)}`,
    );
}

function tally(causes: Map<string, number>, cause: string): void {
  causes.set(cause, (causes.get(cause) ?? 0) + 1);
}

function printCauses(title: string, causes: Map<string, number>): void {
  console.log(`    ${title}:`);
  for (const [cause, count] of [...causes].sort((a, b) => b[1] - a[1]))
    console.log(`      ${String(count).padStart(5)}  ${cause}`);
}

async function main(): Promise<void> {
  const table = rows('redis_functions.csv');
  datedCheckout(table);
  const coverage = join(SCRATCH, 'redis-hits.csv');
  writeFileSync(
    coverage,
    `path,function,hits\n${table
      .filter((row) => row.hits !== '')
      .map((row) => `${row.file},${row.name},${Number(row.hits)}`)
      .join('\n')}\n`,
  );
  const started = performance.now();
  const indexed = await indexRepository(ROOT, { db: join(SCRATCH, 'redis-index.db') });
  const repo = { name: 'redis', root: indexed.root, commit: repositoryCommit(indexed.root), store: indexed.store };
  const buildStart = performance.now();
  const output = await buildFromIndexes([repo], {
    family: 'function',
    seed: 0,
    command: 'bench splits',
    toolVersion: 'bench',
    levels: 'yabloco',
    perLevel: 14,
    dev: 17,
    train: true,
    coverage: readCoverage(coverage),
  });
  const buildSeconds = (performance.now() - buildStart) / 1000;
  console.log(
    `redis: index ${indexed.unchanged ? 'reused' : `built in ${((buildStart - started) / 1000).toFixed(1)} s`}, splits built in ${buildSeconds.toFixed(1)} s`,
  );

  const theirs = {
    test: rows('redis_bench-v0.7.csv'),
    dev: rows('redis_dev-v0.7.csv'),
    train: rows('redis_train.csv'),
  };
  const ours: Record<'test' | 'dev' | 'train', TaskRecord[]> = {
    test: output.tasks,
    dev: output.splits.dev!.tasks,
    train: output.splits.train!.tasks,
  };
  printFilters('test', output.manifest.filters);
  printFilters('train', output.splits.train!.manifest.filters);

  // Causes of train differences: our index's view and YABLoCo's table's view of each function.
  const listing = new Map<string, FunctionListing>();
  for (const fn of listFunctions(repo.store, { levels: 'yabloco' }))
    if (!listing.has(key(fn.path, fn.name))) listing.set(key(fn.path, fn.name), fn);
  const records = new Map(repo.store.functions().map((record) => [record.id, record]));
  const theirRow = new Map(table.map((row) => [key(row.file, row.name), row]));
  const graph = JSON.parse(readFileSync(join(YABLOCO, 'redis_callgraph.json'), 'utf8')) as Record<
    string,
    { id: string }[]
  >;
  const theirHeld = new Set([...theirs.test, ...theirs.dev].map((row) => row.id));
  const ourHeld = new Set([...ours.test, ...ours.dev].map((task) => key(task.path, task.name!)));
  const ourHeldIds = new Set(
    [...ours.test, ...ours.dev].map((task) => (task.meta as { functionId: string }).functionId),
  );

  const heldTokens = [...ours.test, ...ours.dev].map((task) =>
    bleuTokens(`${(task.meta as { qualifiedName: string }).qualifiedName} ${task.docstring} ${task.reference}`),
  );
  const nearHeld = duplicateChecker(heldTokens, YABLOCO_DUPLICATES.threshold);
  // YABLoCo's docstring review dropped the functions with two or three '-' before drawing test and dev.
  const review = (await readXlsxFile(join(YABLOCO, 'docstring_labeling.xlsx')))[0]!.data.slice(1);
  const reviewedOut = new Set(
    review
      .filter((r) => r[3] === 'redis' && [r[5], r[6], r[7]].filter((mark) => mark === '-').length >= 2)
      .map((r) => String(r[1])),
  );
  const theirLevel = (row: Row) => yablocoLevel(table.find((r) => r.id === row.id) ?? row);
  for (const split of ['test', 'dev', 'train'] as const) {
    const ourKeys = new Set(ours[split].map((task) => key(task.path, task.name!)));
    const theirKeys = new Set(theirs[split].map((row) => key(row.file, row.name)));
    const common = [...ourKeys].filter((k) => theirKeys.has(k)).length;
    console.log(
      `\n  ${split}: ours ${ourKeys.size}, YABLoCo ${theirKeys.size}, common ${common} ` +
        `(${((common / theirKeys.size) * 100).toFixed(1)}% of theirs)`,
    );
    if (split !== 'train') {
      const perLevel = (levels: string[]) =>
        Object.entries(
          levels.reduce<Record<string, number>>(
            (counts, level) => ({ ...counts, [level]: (counts[level] ?? 0) + 1 }),
            {},
          ),
        )
          .sort()
          .map(([level, n]) => `${level} ${n}`)
          .join(', ');
      console.log(
        `    per level: ours ${perLevel(ours[split].map((task) => String(task.labels.level)))}; YABLoCo ` +
          `${perLevel(theirs[split].map(theirLevel))}`,
      );
    }
    const missing = new Map<string, number>();
    const limits = split === 'train' ? TRAIN_FILTERS : FUNCTION_FILTERS;
    for (const row of theirs[split]) {
      const k = key(row.file, row.name);
      if (ourKeys.has(k)) continue;
      const fn = listing.get(k);
      if (!fn) {
        tally(missing, 'not in our index (path and name)');
        continue;
      }
      const lines = bodyLineCount(readFileSync(join(ROOT, fn.path), 'utf8'), records.get(fn.id)!);
      if (split === 'train' && ourHeld.has(k)) tally(missing, 'in our test or dev split (the held-out sets differ)');
      else if (split !== 'train' && [...ours.test, ...ours.dev].some((task) => key(task.path, task.name!) === k))
        tally(
          missing,
          `in our ${split === 'test' ? 'dev' : 'test'} split (level ${fn.level}, theirs ${theirLevel(row)})`,
        );
      else if (docstringProblem(fn.docstring) !== null)
        tally(missing, `our docstring: ${docstringProblem(fn.docstring)}`);
      else if (lines < 2 || lines > limits.maxBodyLines)
        tally(missing, `our body outside 2-${limits.maxBodyLines} lines (their #if/#else cut or span)`);
      else if (looksLikeTest(fn.path, fn.name)) tally(missing, '"test" in any case (YABLoCo: lower case only)');
      else if (fn.callers > limits.maxCallers)
        tally(missing, `our callers > ${limits.maxCallers} (we count more callers)`);
      else if (split !== 'train' && fn.level !== theirLevel(row))
        tally(missing, 'context level differs (our call resolution)');
      else if (split !== 'train') tally(missing, 'ranked beyond 14 + 17 or a near-duplicate (dates, hits, BLEU order)');
      else if (fn.callees.some((callee) => callee.id !== null && ourHeldIds.has(callee.id)))
        tally(missing, 'calls one of our test/dev functions');
      else if (nearHeld(bleuTokens(`${fn.qualifiedName} ${fn.docstring} ${fn.code}`)) >= 0)
        tally(missing, 'near-duplicate of one of our test/dev functions (our extra guard)');
      else tally(missing, "near-duplicate among train candidates (YABLoCo's order-dependent filter)");
    }
    const extra = new Map<string, number>();
    for (const task of ours[split]) {
      const k = key(task.path, task.name!);
      if (theirKeys.has(k)) continue;
      const row = theirRow.get(k);
      if (!row) {
        tally(extra, "not in YABLoCo's function table");
        continue;
      }
      const theirLimits = split === 'train' ? TRAIN_FILTERS : FUNCTION_FILTERS;
      if (split === 'train' && theirHeld.has(row.id)) tally(extra, "in YABLoCo's test or dev split");
      else if (split !== 'train' && [...theirs.test, ...theirs.dev].some((r) => r.id === row.id))
        tally(
          extra,
          `in YABLoCo's ${split === 'test' ? 'dev' : 'test'} split (level ${String(task.labels.level)}, theirs ` +
            `${theirLevel(row)})`,
        );
      else if (split !== 'train' && reviewedOut.has(row.id)) tally(extra, "dropped by YABLoCo's docstring review");
      else if (split !== 'train' && !(Number(row.hits) > 0)) tally(extra, "no test hits in YABLoCo's table");
      else if (docstringProblem(row.doc) !== null || row.doc.split(/\s+/).filter(Boolean).length <= 3)
        tally(extra, "YABLoCo's docstring unusable (differs from ours)");
      else if (row.callers > theirLimits.maxCallers) tally(extra, `YABLoCo's callers > ${theirLimits.maxCallers}`);
      else if (split !== 'train' && theirLevel(row) !== task.labels.level)
        tally(extra, 'context level differs (their call graph)');
      else if (split === 'train' && (graph[row.id] ?? []).some((callee) => theirHeld.has(callee.id)))
        tally(extra, "calls one of YABLoCo's test/dev functions");
      else if (split !== 'train')
        tally(extra, "ranked differently (after the review's removals: dates, hits, near-duplicate order)");
      else tally(extra, "YABLoCo's body length (#if/#else cut) or near-duplicate order");
    }
    printCauses(`in YABLoCo's ${split}, not ours`, missing);
    printCauses(`in ours, not YABLoCo's`, extra);
  }
  repo.store.close();
}

await main();
