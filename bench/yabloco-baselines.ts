// YABLoCo's tables from baseline runs over its four repositories (`npm run bench -- yabloco-baselines`): the
// published test rows of redis and bullet3 at YABLoCo's commits, of openssl and LLVM relocated onto Debian's
// versions (the rows not found are dropped), as one task set; baseline:reference and baseline:empty with the
// in-file context, baseline:copy-retrieved with BM25 over each row's checkout; scored (EM, EM without
// whitespace, ES) and laid out by `report --preset yabloco` per repository and per context level. With
// `--exec NAME=WORK_DIR` (repeatable: bullet3, openssl, llvm) every run's candidates of that repository are executed by
// `ctxbench exec` with its environment, reusing the check state in WORK_DIR (`npm run bench -- exec-yabloco
// --work-dir WORK_DIR` makes one; its result cache answers any candidate whose spliced file it already judged), and the
// tables gain pass@1 for the repositories executed; `--exec-baselines reference,empty` executes only those runs (a
// header row of bullet3 costs a minute of build per candidate).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeTasks } from '../src/datasets/io.ts';
import { importYabloco } from '../src/datasets/yabloco.ts';
import type { TaskRecord } from '../src/datasets/types.ts';
import { YABLOCO_DATA, YABLOCO_REPOSITORIES } from './sources.ts';

const WORK = new URL('./.cache/yabloco-baselines/', import.meta.url).pathname;
const BIN = new URL('../bin/ctxbench.js', import.meta.url).pathname;
const BASELINES = [
  ['reference', 'infile'],
  ['empty', 'infile'],
  ['copy-retrieved', 'bm25'],
] as const;

function ctxbench(args: string[]): { stdout: string; stderr: string; seconds: number } {
  const started = performance.now();
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`ctxbench ${args.join(' ')} failed (${result.status}):\n${result.stderr.slice(-3000)}`);
  return { stdout: result.stdout, stderr: result.stderr, seconds: (performance.now() - started) / 1000 };
}

const { values } = parseArgs({
  options: { exec: { type: 'string', multiple: true }, 'exec-baselines': { type: 'string' } },
});
const executedBaselines = values['exec-baselines']?.split(',') ?? BASELINES.map(([baseline]) => baseline);
const executed = (values.exec ?? []).map((entry) => {
  const [name, workDir] = [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)];
  const repository = YABLOCO_REPOSITORIES.find((candidate) => candidate.name === name);
  if (!repository?.exec || !workDir) {
    const names = YABLOCO_REPOSITORIES.filter((r) => r.exec).map((r) => r.name);
    console.error(`--exec ${entry}: expected NAME=WORK_DIR, NAME one of ${names.join(', ')}`);
    process.exit(2);
  }
  return { name, env: repository.exec.env, checkout: repository.checkout(), workDir };
});

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
const tasks: TaskRecord[] = [];
for (const { name, checkout } of YABLOCO_REPOSITORIES) {
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
  // the environment's check state must be there already (--no-check): a check is tens of minutes to hours
  for (const repository of executedBaselines.includes(baseline) ? executed : []) {
    const run = ctxbench([
      'exec',
      dir,
      ...['--env', repository.env, '--repo', repository.checkout, '--work-dir', repository.workDir],
      ...['--workers', '1', '--no-check'],
    ]);
    const counts = run.stderr.split('\n').filter((line) => /^exec: \d+ candidates to run|^exec \d+\/\d+ /.test(line));
    console.log(
      `  exec ${repository.name}: ${run.seconds.toFixed(1)} s; ${counts.at(0) ?? ''}; ${counts.at(-1) ?? ''}`,
    );
  }
  return dir;
});
const html = join(WORK, 'yabloco-baselines.html');
ctxbench(['report', ...runs, '--preset', 'yabloco', '--html', '--out', html]);
const text = ctxbench(['report', ...runs, '--preset', 'yabloco']).stdout;
// the preset's tables as the report prints them (per run, per repository, per context level)
console.log(text.slice(text.indexOf('\nScores per run')).trim());
console.log(`\nreport: ${html}`);
