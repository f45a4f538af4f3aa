// YABLoCo's tables from baseline runs over its four repositories (`npm run bench -- yabloco-baselines`): the
// published test rows of redis and bullet3 at YABLoCo's commits, of openssl and LLVM relocated onto Debian's
// versions (the rows not found are dropped), as one task set; baseline:reference and baseline:empty with the
// in-file context, baseline:copy-retrieved with BM25 over each row's checkout; scored (EM, EM without
// whitespace, ES) and laid out by `report --preset yabloco` per repository and per context level. pass@k needs
// the executions (`npm run bench -- exec-yabloco`); these runs have none, so the tables hold EM and ES.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeTasks } from '../src/datasets/io.ts';
import { importYabloco } from '../src/datasets/yabloco.ts';
import type { TaskRecord } from '../src/datasets/types.ts';
import { sourceTree, YABLOCO_DATA, yablocoSnapshot } from './sources.ts';

const WORK = new URL('./.cache/yabloco-baselines/', import.meta.url).pathname;
const BIN = new URL('../bin/ctxbench.js', import.meta.url).pathname;
const CHECKOUTS: [string, () => string][] = [
  ['redis', () => yablocoSnapshot('redis')],
  ['bullet3', () => yablocoSnapshot('bullet3')],
  ['openssl', () => sourceTree('openssl')],
  ['llvm', () => sourceTree('llvm-toolchain-19')],
];
const BASELINES = [
  ['reference', 'infile'],
  ['empty', 'infile'],
  ['copy-retrieved', 'bm25'],
] as const;

function ctxbench(args: string[]): { stdout: string; seconds: number } {
  const started = performance.now();
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`ctxbench ${args.join(' ')} failed (${result.status}):\n${result.stderr.slice(-3000)}`);
  return { stdout: result.stdout, seconds: (performance.now() - started) / 1000 };
}

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
const tasks: TaskRecord[] = [];
for (const [name, checkout] of CHECKOUTS) {
  const started = performance.now();
  const imported = await importYabloco(join(YABLOCO_DATA, 'bench-v0.7.csv'), join(YABLOCO_DATA, 'bench-v0.7.json'), {
    repo: checkout(),
    repository: name,
  });
  const { report } = imported;
  console.log(
    `${name}: ${report.rows} published rows, ${imported.tasks.length} found (${report.unchanged} unchanged, ` +
      `${report.changed} with a changed body), ${report.dropped} dropped ` +
      `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  tasks.push(...imported.tasks);
}
const tasksFile = join(WORK, 'yabloco.tasks');
writeTasks(tasksFile, tasks);
console.log(`${tasks.length} tasks over the four repositories`);

const runs = BASELINES.map(([baseline, context]) => {
  const dir = join(WORK, 'runs', `baseline-${baseline}`);
  const made = ctxbench(['eval', tasksFile, '--model', `baseline:${baseline}`, '--context', context, '--run', dir]);
  const scored = ctxbench(['score', dir, '--metrics', 'em,em-nows,es']);
  console.log(
    `baseline:${baseline} (${context}): eval ${made.seconds.toFixed(1)} s, score ${scored.seconds.toFixed(1)} s`,
  );
  return dir;
});
const html = join(WORK, 'yabloco-baselines.html');
ctxbench(['report', ...runs, '--preset', 'yabloco', '--html', '--out', html]);
const text = ctxbench(['report', ...runs, '--preset', 'yabloco']).stdout;
// the preset's tables as the report prints them (per run, per repository, per context level)
console.log(text.slice(text.indexOf('\nScores per run')).trim());
console.log(`\nreport: ${html}`);
