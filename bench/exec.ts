// Execution benchmark: mean wall time per candidate with ctxbench (worker pool with incremental
// builds, per-test coverage selection, fail-fast) against YABLoCo's recipe (a fresh copy of the
// repository, the full build, the whole test suite), both sandboxed alike, in the same run. Each
// task gets two candidates: its reference (must pass) and a broken body (must not).
//
// Usage: node --import tsx bench/exec.ts [--env FILE] [--repo DIR] [--tasks FILE.jsonl] [--limit N]
//          [--workers N] [--naive N] [--broken-body TEXT] [--naive-setup CMD] [--naive-test CMD] [--work-dir DIR]
// Default: the C fixture (test/fixtures/exec/c). For redis see docs/exec.md and examples/envs/redis.yaml.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { TaskRecord } from '../src/datasets/types.ts';
import { readJsonl } from '../src/util/jsonl.ts';
import {
  chownTree,
  classify,
  copyTree,
  createContext,
  loadEnvironment,
  prepareEnvironment,
  removeTree,
  runCandidates,
  runInTree,
  spliceCandidate,
  testCommand,
  type ExecItem,
  type PhaseOutcome,
} from '../src/exec/index.ts';
import { functionTask, functionText } from '../test/exec/helpers.ts';

export interface ExecBenchOptions {
  /** environment file (default: the C fixture's). */
  env?: string;
  /** repository (overrides the environment's `repo`). */
  repo?: string;
  /** JSONL of function tasks (default: the C fixture's four functions). */
  tasks?: string;
  /** tasks used (the first N). */
  limit?: number;
  workers?: number;
  /** candidates measured with the naive recipe (default 2: the first task's reference and broken body). */
  naive?: number;
  /** the body of the broken candidates, after the task's signature (default: a trap, C/C++). */
  brokenBody?: string;
  /** naive recipe's build and test (default: the environment's setup + build, and its whole suite). */
  naiveSetup?: string;
  naiveTest?: string;
  workDir?: string;
}

export interface ExecBenchResult {
  candidates: number;
  right: number;
  prepareSeconds: number;
  meanSeconds: number;
  naiveCandidates: number;
  naiveRight: number;
  naiveMeanSeconds: number;
  ratio: number;
  copySeconds: number;
  hardlinkSeconds: number;
}

const FIXTURE = fileURLToPath(new URL('../test/fixtures/exec/c/', import.meta.url));

function fixtureTasks(repo: string): TaskRecord[] {
  const functions: [string, string][] = [['src/mathx.c', 'int gcd('], ['src/mathx.c', 'long factorial('], ['src/strx.c', 'char *reverse('], ['src/strx.c', 'int count_char(']];
  return functions.map(([path, head]) => {
    const task = functionTask(repo, path, 'c', functionText(repo, path, head), head.replace(/\W+$/, '').split(/\W+/).pop());
    return { ...task, signature: task.reference.slice(0, task.reference.indexOf('{')) };
  });
}

function brokenCandidate(task: TaskRecord, body: string): string {
  const reference = task.reference.replace(/\n$/, '');
  const signature = task.signature ?? reference.slice(0, reference.indexOf('{'));
  return `${signature.trimEnd()}\n${body}`;
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

function timeCopy(from: string, to: string, hardlinks: boolean): number {
  const started = performance.now();
  const result = spawnSync('cp', [hardlinks ? '-al' : '-a', '--reflink=auto', from, to]);
  if (result.status !== 0) throw new Error(`cp failed: ${result.stderr}`);
  const elapsed = seconds(started);
  rmSync(to, { recursive: true, force: true });
  return elapsed;
}

export async function run(options: ExecBenchOptions = {}): Promise<ExecBenchResult> {
  const env = loadEnvironment(options.env ?? join(FIXTURE, 'env.yaml'), options.repo);
  const allTasks = options.tasks
    ? readJsonl(options.tasks, (value) => value as TaskRecord).filter((task) => task.kind === 'function')
    : fixtureTasks(env.repo);
  const tasks = allTasks.slice(0, options.limit ?? 20);
  const brokenBody = options.brokenBody ?? '{ __builtin_trap(); }';
  const items: (ExecItem & { expectPass: boolean })[] = tasks.flatMap((task) => [
    { task, candidate: task.reference.replace(/\n$/, ''), key: `${task.id}#reference`, expectPass: true },
    { task, candidate: brokenCandidate(task, brokenBody), key: `${task.id}#broken`, expectPass: false },
  ]);
  const ownWorkDir = options.workDir === undefined;
  const workDir = options.workDir ?? mkdtempSync('/var/tmp/ctxbench-bench-exec-');
  spawnSync('chmod', ['755', workDir]);
  try {
    console.log(`environment ${env.file}, repository ${env.repo}: ${tasks.length} tasks, ${items.length} candidates`);
    let started = performance.now();
    const prepared = await prepareEnvironment(env, { workDir, workers: options.workers, onEvent: (event) => process.stderr.write(`  ${event.message}\n`) });
    const prepareSeconds = seconds(started);
    console.log(`prepare (once): ${prepareSeconds.toFixed(1)} s (setup, test list${prepared.coverage ? `, coverage of ${prepared.coverage.tests.length} tests` : ''})`);
    const copySeconds = timeCopy(prepared.base, join(workDir, 'copy-probe'), false);
    const hardlinkSeconds = timeCopy(prepared.base, join(workDir, 'copy-probe'), true);
    console.log(`worker copy of the prepared tree: cp -a ${copySeconds.toFixed(2)} s, cp -al (hardlinks) ${hardlinkSeconds.toFixed(2)} s`);

    started = performance.now();
    const verdicts = new Map<string, string>();
    for await (const { key, result } of runCandidates(prepared, items, { workers: options.workers, cache: false })) verdicts.set(key, result.verdict);
    const totalSeconds = seconds(started);
    const right = items.filter((item) => (verdicts.get(item.key) === 'pass') === item.expectPass).length;
    const meanSeconds = totalSeconds / items.length;
    console.log(`ctxbench: ${items.length} candidates in ${totalSeconds.toFixed(1)} s, ${meanSeconds.toFixed(2)} s per candidate; verdicts right ${right}/${items.length}`);
    for (const item of items) if ((verdicts.get(item.key) === 'pass') !== item.expectPass) console.log(`  wrong verdict: ${item.key} -> ${verdicts.get(item.key)}`);

    // YABLoCo's recipe, one candidate at a time: fresh copy, full build, whole suite.
    const context = createContext(env, { workDir });
    const naiveCount = Math.min(options.naive ?? 2, items.length);
    const naiveItems = items.slice(0, naiveCount); // alternating: a reference, then a broken one
    const naiveSetup = options.naiveSetup ? [options.naiveSetup] : [...env.setup, ...env.build];
    const naiveTest = options.naiveTest ?? testCommand(env, null);
    let naiveTotal = 0;
    let naiveRight = 0;
    const scratch = join(workDir, 'naive');
    for (const item of naiveItems) {
      started = performance.now();
      removeTree(scratch);
      copyTree(env.repo, scratch);
      chownTree(scratch, context.identity);
      const file = join(scratch, item.task.path);
      writeFileSync(file, spliceCandidate(item.task, readFileSync(file, 'utf8'), item.candidate).text);
      const phases: PhaseOutcome[] = [];
      for (const command of naiveSetup) {
        const outcome = await runInTree(context, scratch, command, { timeoutMs: env.setupTimeout * 1000, setup: true });
        phases.push({ phase: 'build', command, outcome });
        if (outcome.exitCode !== 0) break;
      }
      if (phases.every((phase) => phase.outcome.exitCode === 0)) {
        phases.push({ phase: 'test', command: naiveTest, outcome: await runInTree(context, scratch, naiveTest, { timeoutMs: env.setupTimeout * 1000 }) });
      }
      const { verdict } = classify(phases, env.passPattern);
      const elapsed = seconds(started);
      naiveTotal += elapsed;
      if ((verdict === 'pass') === item.expectPass) naiveRight++;
      console.log(`  naive ${item.key}: ${verdict} in ${elapsed.toFixed(1)} s`);
    }
    removeTree(scratch);
    const naiveMeanSeconds = naiveTotal / Math.max(1, naiveItems.length);
    const ratio = naiveMeanSeconds / meanSeconds;
    console.log(`naive (fresh copy + full build + whole suite): ${naiveItems.length} candidates, ${naiveMeanSeconds.toFixed(2)} s per candidate; verdicts right ${naiveRight}/${naiveItems.length}`);
    console.log(`ratio: ctxbench is ${ratio.toFixed(1)}x faster per candidate`);
    return { candidates: items.length, right, prepareSeconds, meanSeconds, naiveCandidates: naiveItems.length, naiveRight, naiveMeanSeconds, ratio, copySeconds, hardlinkSeconds };
  } finally {
    if (ownWorkDir) rmSync(workDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      env: { type: 'string' }, repo: { type: 'string' }, tasks: { type: 'string' }, limit: { type: 'string' }, workers: { type: 'string' }, naive: { type: 'string' },
      'broken-body': { type: 'string' }, 'naive-setup': { type: 'string' }, 'naive-test': { type: 'string' }, 'work-dir': { type: 'string' },
    },
  });
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  await run({
    env: values.env, repo: values.repo, tasks: values.tasks, limit: number(values.limit), workers: number(values.workers), naive: number(values.naive),
    brokenBody: values['broken-body'], naiveSetup: values['naive-setup'], naiveTest: values['naive-test'], workDir: values['work-dir'],
  });
}
