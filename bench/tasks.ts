// Task-building benchmark: builds the three families (function, crossfile, node) from an existing
// index and prints, per family, the time, the tasks and their counts per label, with a same-run
// baseline: parsing every indexed file once on one thread (the work the node family cannot avoid).
// Target (redis 7.0.15): <= 10 s per family from an existing index.
// Usage: node --import tsx bench/tasks.ts [DIR...]   (default: redis (C), jinja2 (Python),
// commons-lang3 (Java) and got 11 (TypeScript), Debian source packages in bench/.cache/src)
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { indexRepository } from '../src/index/indexer.ts';
import { parse } from '../src/languages/parser.ts';
import { buildFromIndexes } from '../src/tasks/build.ts';
import { repositoryCommit } from '../src/util/git.ts';
import type { Family, RepositoryInput } from '../src/tasks/types.ts';
import { sourceTree } from './sources.ts';

/** The papers' three families (built in). */
const FAMILIES: readonly Family[] = ['function', 'crossfile', 'node'];

const TARGET_SECONDS = 10;
/** labels printed per family (the semantic label has ~40 values: the most frequent are shown). */
const TOP_VALUES = 12;

async function parseAllSeconds(repo: RepositoryInput): Promise<number> {
  const started = performance.now();
  for (const file of repo.store.files())
    (await parse(file.language, readFileSync(join(repo.root, file.path), 'utf8'))).delete();
  return (performance.now() - started) / 1000;
}

function labelLines(counts: Record<string, Record<string, number>>): string[] {
  return Object.entries(counts).map(([label, values]) => {
    const sorted = Object.entries(values).sort(([, a], [, b]) => b - a);
    const shown = sorted
      .slice(0, TOP_VALUES)
      .map(([value, count]) => `${value}=${count}`)
      .join(' ');
    return `    ${label.padEnd(9)} ${shown}${sorted.length > TOP_VALUES ? ` (+${sorted.length - TOP_VALUES} more)` : ''}`;
  });
}

export async function benchTasks(root: string): Promise<void> {
  const db = join(root, '.ctxbench', 'bench-tasks.db');
  const indexed = await indexRepository(root, { db });
  const repo: RepositoryInput = {
    name: basename(indexed.root),
    root: indexed.root,
    commit: repositoryCommit(indexed.root),
    store: indexed.store,
  };
  try {
    const files = repo.store.files();
    console.log(
      `tasks ${repo.name}: ${files.length} files, ${repo.store.functions().length} functions (index ${indexed.unchanged ? 'reused' : `built in ${indexed.seconds.toFixed(1)} s`})`,
    );
    const baseline = await parseAllSeconds(repo);
    console.log(`  baseline: parse every file once, one thread   ${baseline.toFixed(2)} s`);
    for (const family of FAMILIES) {
      const started = performance.now();
      const { tasks, manifest } = await buildFromIndexes([repo], {
        family,
        seed: 1,
        command: 'bench',
        toolVersion: 'bench',
      });
      const seconds = (performance.now() - started) / 1000;
      const verdict = seconds <= TARGET_SECONDS ? 'ok' : 'OVER TARGET';
      console.log(
        `  ${family.padEnd(9)} ${seconds.toFixed(2)} s = ${(seconds / baseline).toFixed(2)}x baseline, ` +
          `${tasks.length} tasks  (target <= ${TARGET_SECONDS} s: ${verdict})`,
      );
      console.log(`    filters   ${manifest.filters.map((step) => `${step.filter}: ${step.remaining}`).join(' | ')}`);
      for (const line of labelLines(manifest.counts)) console.log(line);
    }
  } finally {
    repo.store.close();
  }
}

export async function run(): Promise<void> {
  const dirs = process.argv.slice(2);
  const defaults = ['redis', 'jinja2', 'libcommons-lang3-java', 'node-got'].map(sourceTree);
  for (const dir of dirs.length > 0 ? dirs : defaults) await benchTasks(dir);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
