// Executing candidates: a pool of worker copies of the prepared tree, each keeping its build
// products so that a candidate costs an incremental build. Per candidate: splice, build, run the
// selected tests (stopping at the first failure when they run one by one), classify, put the
// worker back into the prepared state. Identical candidates (after normalising whitespace) run
// once; results are cached by (environment hash, task id, candidate hash).
import { availableParallelism } from 'node:os';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { TaskRecord } from '../datasets/types.ts';
import type { ExecResult } from '../runstore/types.ts';
import { InputError } from '../util/errors.ts';
import { selectTests } from './coverage.ts';
import { excludedTests, prepareEnvironment, runInTree, testCommand, type PreparedEnvironment } from './prepare.ts';
import { candidateHash, spliceCandidate } from './splice.ts';
import { copyTree, removeTree, resetTree, snapshotTree, type TreeSnapshot } from './tree.ts';
import type { ExecEnvironment, ExecItem, ExecOptions, ExecOutput } from './types.ts';
import { classify, logTail, type PhaseOutcome } from './verdict.ts';

interface Group {
  task: TaskRecord;
  candidate: string;
  hash: string;
  /** text of the task's file with the candidate in place. */
  spliced: string;
  keys: string[];
}

interface Worker {
  dir: string;
  snapshot: TreeSnapshot;
}

/** Results of earlier runs: one JSON line per executed candidate in the work folder. */
class ResultCache {
  private readonly results = new Map<string, ExecResult>();
  constructor(private readonly file: string, private readonly signature: string) {
    if (!existsSync(file)) return;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      try {
        const entry = JSON.parse(line) as { taskId: string; hash: string; signature: string; result: ExecResult };
        if (entry.signature === signature) this.results.set(`${entry.taskId}\0${entry.hash}`, entry.result);
      } catch {
        // a line cut short by an interrupted run
      }
    }
  }
  get(taskId: string, hash: string): ExecResult | undefined {
    return this.results.get(`${taskId}\0${hash}`);
  }
  put(taskId: string, hash: string, result: ExecResult): void {
    this.results.set(`${taskId}\0${hash}`, result);
    appendFileSync(this.file, `${JSON.stringify({ taskId, hash, signature: this.signature, result })}\n`);
  }
}

/** Prepares the environment (once per work folder) and runs the candidates; results stream out as they finish. */
export async function* executeCandidates(env: ExecEnvironment, items: ExecItem[], options: ExecOptions & { cache?: boolean } = {}): AsyncIterable<ExecOutput> {
  const prepared = await prepareEnvironment(env, options);
  yield* runCandidates(prepared, items, options);
}

/** The tests a candidate of this task runs, fastest first; null = the runner's whole suite. */
export function testPlan(prepared: PreparedEnvironment, task: TaskRecord): { selected: string[] | null; commands: string[] } {
  const { env, tests, coverage, state } = prepared;
  const excluded = new Set(excludedTests(state));
  const duration = (name: string) => state?.tests[name]?.ms ?? Number.POSITIVE_INFINITY;
  const fromCoverage = coverage ? selectTests(coverage, task)?.filter((name) => !excluded.has(name)) : undefined;
  const selected = fromCoverage && fromCoverage.length > 0 ? fromCoverage : null;
  const names = selected ?? tests?.filter((name) => !excluded.has(name)) ?? null;
  const ordered = names === null ? null : [...names].sort((a, b) => duration(a) - duration(b));
  if (ordered === null) return { selected, commands: [testCommand(env, null)] };
  if (env.tests!.batch) return { selected, commands: [testCommand(env, selected === null && excluded.size === 0 ? null : ordered)] };
  return { selected, commands: ordered.map((name) => testCommand(env, [name])) };
}

export async function* runCandidates(prepared: PreparedEnvironment, items: ExecItem[], options: ExecOptions & { cache?: boolean } = {}): AsyncIterable<ExecOutput> {
  const { env, base } = prepared;
  const originals = new Map<string, string>();
  const groups = new Map<string, Group>();
  for (const item of items) {
    const { task } = item;
    if (!originals.has(task.path)) {
      const file = join(base, task.path);
      if (!existsSync(file)) throw new InputError(`file not found in the repository (${env.repo})`, { file: task.path, field: `task ${task.id}` });
      originals.set(task.path, readFileSync(file, 'utf8'));
    }
    const hash = candidateHash(item.candidate);
    const id = `${task.id}\0${hash}`;
    const group = groups.get(id);
    if (group) group.keys.push(item.key);
    else groups.set(id, { task, candidate: item.candidate, hash, spliced: spliceCandidate(task, originals.get(task.path)!, item.candidate).text, keys: [item.key] });
  }
  const signature = createHash('sha256').update(JSON.stringify(excludedTests(prepared.state))).digest('hex').slice(0, 16);
  const cache = options.cache === false ? null : new ResultCache(join(prepared.workDir, 'results.jsonl'), signature);
  const pending: Group[] = [];
  for (const group of groups.values()) {
    const cached = cache?.get(group.task.id, group.hash);
    if (cached) for (const key of group.keys) yield { key, result: { ...cached, cached: true } };
    else pending.push(group);
  }
  if (pending.length === 0) return;

  const workerCount = Math.max(1, Math.min(pending.length, options.workers ?? env.workers ?? availableParallelism()));
  const workers: Worker[] = [];
  for (let index = 0; index < workerCount; index++) {
    const dir = join(prepared.workDir, `w${index}`);
    removeTree(dir);
    copyTree(base, dir);
    workers.push({ dir, snapshot: snapshotTree(dir) });
  }

  options.onEvent?.({ kind: 'start', message: `running ${pending.length} candidates on ${workers.length} workers` });
  // A small channel: workers push results, the generator yields them in completion order.
  const ready: ExecOutput[] = [];
  let wake: (() => void) | null = null;
  let failure: unknown = null;
  let running = workers.length;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const loop = async (worker: Worker) => {
    try {
      for (let group = pending.shift(); group; group = pending.shift()) {
        const result = await runOne(prepared, worker, group);
        cache?.put(group.task.id, group.hash, result);
        group.keys.forEach((key, index) => ready.push({ key, result: index === 0 ? result : { ...result, cached: true } }));
        notify();
      }
    } catch (error) {
      failure ??= error;
      pending.length = 0;
    } finally {
      running--;
      notify();
    }
  };
  for (const worker of workers) void loop(worker);
  while (running > 0 || ready.length > 0) {
    if (ready.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    while (ready.length > 0) yield ready.shift()!;
    if (failure) throw failure;
  }
  if (failure) throw failure;
}

/** Runs one candidate in a worker and puts the worker back into the prepared state. */
async function runOne(prepared: PreparedEnvironment, worker: Worker, group: Group): Promise<ExecResult> {
  const { env } = prepared;
  const deadline = Date.now() + env.timeout * 1000;
  const remaining = () => Math.max(1, deadline - Date.now());
  const phases: PhaseOutcome[] = [];
  let buildMs = 0;
  let testMs = 0;
  const plan = testPlan(prepared, group.task);
  try {
    writeFileSync(join(worker.dir, group.task.path), group.spliced);
    let built = true;
    for (const command of env.build) {
      const outcome = await runInTree(prepared, worker.dir, command, { timeoutMs: remaining() });
      buildMs += outcome.ms;
      phases.push({ phase: 'build', command, outcome });
      if (outcome.exitCode !== 0 || outcome.timedOut || outcome.outputLimited) {
        built = false;
        break;
      }
    }
    if (built) {
      for (const command of plan.commands) {
        const outcome = await runInTree(prepared, worker.dir, command, { timeoutMs: remaining() });
        testMs += outcome.ms;
        phases.push({ phase: 'test', command, outcome });
        if (outcome.exitCode !== 0 || outcome.timedOut || outcome.outputLimited) break;
      }
    }
  } finally {
    worker.snapshot = resetTree(worker.dir, prepared.base, worker.snapshot, prepared.identity).snapshot;
  }
  const { verdict, reason } = classify(phases, env.passPattern);
  const log = [...phases.map((phase) => `$ ${phase.command}\n${phase.outcome.output}`), `[ctxbench] ${verdict}: ${reason}`].join('\n');
  return { verdict, selectedTests: plan.selected ?? [], buildMs, testMs, logTail: logTail(log), cached: false };
}
