// Executing candidates: a pool of worker copies of the prepared tree, each keeping its build
// products so that a candidate costs an incremental build. Per candidate: splice, build, run the
// selected tests (stopping at the first failure when they run one by one), grade per test, put the
// worker back into the prepared state and verify it (tree.ts). Identical programs (the same task
// and the same spliced file, byte for byte) run once; results are cached by (task id, spliced
// file hash) under a signature of the ctxbench version, this stage's own code, the excluded tests
// and the check state. Infrastructure failures (the sandbox did not start, a full disk, a worker
// that cannot be reset) are retried on a rebuilt worker and never cached or stored as a verdict.
// Every candidate's full log (each command's output, the report, the tests it had to pass) is
// kept under `<work dir>/logs/`, so `regradeLog` can recompute its verdict without running.
import { availableParallelism } from 'node:os';
import { appendFileSync, existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { validateTask, type TaskRecord } from '../datasets/index.ts';
import { ExecResultSchema, type ExecResult } from '../runstore/index.ts';
import { codeVersion } from '../util/code-version.ts';
import { InputError } from '../util/errors.ts';
import { lockFolder } from '../util/lock.ts';
import { describeCgroups } from './cgroup.ts';
import { checkEnvironment } from './check.ts';
import { selectTests } from './coverage.ts';
import { cheatFlags, withCheatFlags } from './cheats.ts';
import { bytecodeCachesOf, DerivedProducts, productsOfProbe } from './derived.ts';
import {
  buildCommands,
  createContext,
  excludedTests,
  prepareEnvironment,
  readJsonFile,
  readState,
  runInTree,
  runTestCommand,
  statePath,
  testCommand,
  type CheckState,
  type PreparedEnvironment,
} from './prepare.ts';
import { DEFAULT_KEPT_BYTES, treeSize } from './sandbox.ts';
import { spliceCandidate } from './splice.ts';
import { readInside, removeInside, ResetError, type TreeManifest, type TreeSnapshot } from './tree.ts';
import { TreeThreads } from './tree-thread.ts';
import type { ExecEnvironment, ExecItem, ExecOptions, ExecOutput } from './types.ts';
import {
  classify,
  logTail,
  uncoveredVerdict,
  type Classification,
  type Grading,
  type PhaseOutcome,
} from './verdict.ts';

/** Attempts per candidate when the infrastructure fails (each on a rebuilt worker). */
const INFRA_ATTEMPTS = 3;
/**
 * Command output one candidate's log keeps in all: each command keeps its last 4 MiB, and once this is spent its last
 * 64 KiB (what grading reads), so a candidate that prints megabytes in each of hundreds of tests still gets a log and a
 * verdict.
 */
export const CANDIDATE_LOG_BYTES = 8 * DEFAULT_KEPT_BYTES;
const LEAST_KEPT_BYTES = 64 * 1024;

interface Group {
  task: TaskRecord;
  /** hash of the task's file with the candidate in place: the identity of the program. */
  hash: string;
  /** text of the task's file with the candidate in place. */
  spliced: string;
  /** the cheat patterns its candidate matches (cheats.ts). */
  flags: string[];
  keys: string[];
}

interface Worker {
  dir: string;
  snapshot: TreeSnapshot;
}

/**
 * The version of ctxbench and a hash of this stage's code: a fixed splice or grading rule invalidates cached verdicts.
 */
export function execCodeVersion(folder: URL = new URL('./', import.meta.url)): string {
  return codeVersion([folder]);
}

/** Results of earlier runs: one JSON line per executed candidate in the work folder. */
class ResultCache {
  private readonly results = new Map<string, ExecResult>();
  constructor(
    private readonly file: string,
    private readonly signature: string,
  ) {
    if (!existsSync(file)) return;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      try {
        const entry = JSON.parse(line) as { taskId: string; hash: string; signature: string; result: unknown };
        // an entry that is not a verdict of this schema is a miss: the candidate runs again
        const result = ExecResultSchema.safeParse(entry.result);
        if (entry.signature === signature && result.success)
          this.results.set(`${entry.taskId}\0${entry.hash}`, result.data);
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

/**
 * What a cached verdict depends on besides the program: ctxbench's exec code, the excluded tests and the tests each
 * command must report.
 */
export function cacheSignature(state: CheckState | null, codeVersion: string = execCodeVersion()): string {
  return createHash('sha256')
    .update(JSON.stringify([codeVersion, excludedTests(state), state?.reported ?? null]))
    .digest('hex')
    .slice(0, 16);
}

export interface ExecuteOptions extends ExecOptions {
  /** false: neither read nor write the result cache. */
  cache?: boolean;
  /** run every candidate even when the cache has its verdict (the new verdict replaces it). */
  rerun?: boolean;
  /** without a check state: true runs `exec check` first (saying so); false stops with the command to run. */
  checkFirst?: boolean;
}

/**
 * The environment's `exec check` state; without one, `checkFirst` runs the check (saying so), else the error names the
 * command to run.
 */
export async function ensureCheckState(env: ExecEnvironment, options: ExecuteOptions): Promise<CheckState> {
  const state = readState(env);
  if (state) return state;
  if (!options.checkFirst) {
    throw new InputError(
      `no check state (${statePath(env)}): without it failing and flaky tests are not excluded and per-test grading ` +
        `has nothing to compare with. Run \`ctxbench exec check ${env.file}\` first`,
      { file: env.file },
    );
  }
  options.onEvent?.({
    kind: 'prepare',
    message: `no check state for ${env.file}: running \`ctxbench exec check\` first`,
  });
  return (await checkEnvironment(env, options)).state;
}

/** Prepares the environment (once per work folder) and runs the candidates; results stream out as they finish. */
export async function* executeCandidates(
  env: ExecEnvironment,
  items: ExecItem[],
  options: ExecuteOptions = {},
): AsyncIterable<ExecOutput> {
  // One process at a time per work folder, from the check and the setup on: two would set up the same tree.
  const lock = options.lockHeld ? null : lockFolder(createContext(env, options).workDir, `exec ${env.file}`);
  try {
    await ensureCheckState(env, { ...options, lockHeld: true });
    const prepared = await prepareEnvironment(env, options);
    yield* runCandidates(prepared, items, options);
  } finally {
    lock?.release();
  }
}

/**
 * The tests a candidate of this task runs, fastest first; null = the runner's whole suite. Each
 * command with the test names it covers ('' = the whole suite). With coverage, a task whose code no
 * (non-excluded) test executes is `uncovered`: no test runs (the whole suite would pass any body).
 */
export function testPlan(
  prepared: PreparedEnvironment,
  task: TaskRecord,
): { selected: string[] | null; commands: string[]; units: string[][]; uncovered: boolean } {
  const { env, tests, coverage, state } = prepared;
  const excluded = new Set(excludedTests(state));
  const duration = (name: string) => state?.tests[name]?.ms ?? Number.POSITIVE_INFINITY;
  const fromCoverage = coverage ? (selectTests(coverage, task) ?? []).filter((name) => !excluded.has(name)) : undefined;
  if (fromCoverage?.length === 0) return { selected: null, commands: [], units: [], uncovered: true };
  const selected = fromCoverage && fromCoverage.length > 0 ? fromCoverage : null;
  const names = selected ?? tests?.filter((name) => !excluded.has(name)) ?? null;
  const ordered = names === null ? null : [...names].sort((a, b) => duration(a) - duration(b));
  if (ordered === null) return { selected, commands: [testCommand(env, null)], units: [['']], uncovered: false };
  if (env.tests!.batch)
    return {
      selected,
      commands: [testCommand(env, selected === null && excluded.size === 0 ? null : ordered)],
      units: [ordered],
      uncovered: false,
    };
  return {
    selected,
    commands: ordered.map((name) => testCommand(env, [name])),
    units: ordered.map((name) => [name]),
    uncovered: false,
  };
}

/**
 * The reported test names a command covering `units` must report passed (null: not recorded, graded by exit status).
 */
function expectedTests(state: CheckState | null, units: string[]): string[] | null {
  if (!state?.reported) return null;
  const names = units.flatMap((unit) => state.reported![unit] ?? []);
  return names.length > 0 ? [...new Set(names)] : null;
}

function gradingOf(env: ExecEnvironment): Grading {
  return { passPattern: env.passPattern, report: env.report };
}

/**
 * Writes the spliced file host side, only through real folders inside the worker (a link in the path could point
 * anywhere).
 */
function writeInWorker(worker: string, path: string, text: string): void {
  const parts = path.split('/');
  let current = worker;
  for (const [index, part] of parts.entries()) {
    current = join(current, part);
    const stats = lstatSync(current, { throwIfNoEntry: false });
    const last = index === parts.length - 1;
    if (!stats || (last ? !stats.isFile() : !stats.isDirectory()))
      throw new InputError(
        `${parts.slice(0, index + 1).join('/')} is not a ${last ? 'regular file' : 'folder'} in the prepared tree`,
        { file: path },
      );
  }
  writeFileSync(current, text);
}

/** Groups items by program (task and spliced file): identical programs run once. */
function groupItems(prepared: PreparedEnvironment, items: ExecItem[]): Group[] {
  const { env, base } = prepared;
  const originals = new Map<string, string>();
  const groups = new Map<string, Group>();
  for (const item of items) {
    const task = validateTask(item.task);
    if (!originals.has(task.path)) {
      // read through real folders only, the file itself no link: a link in the repository could reach any host file
      const text = readInside(base, task.path);
      if (text === null)
        throw new InputError(
          `not a regular file reached through real folders in the repository (${env.repo}): missing, or a link on ` +
            `the way`,
          { file: task.path, field: `task ${task.id}` },
        );
      originals.set(task.path, text);
    }
    const spliced = spliceCandidate(task, originals.get(task.path)!, item.candidate).text;
    const hash = createHash('sha256').update(spliced).digest('hex').slice(0, 32);
    const id = `${task.id}\0${hash}`;
    const group = groups.get(id);
    if (group) group.keys.push(item.key);
    else
      groups.set(id, {
        task,
        hash,
        spliced,
        flags: cheatFlags(task.language, item.candidate, task.reference),
        keys: [item.key],
      });
  }
  return [...groups.values()];
}

/**
 * Worker copies of one prepared tree, made lazily up to `size`, and the result caches (one per
 * signature). Candidates may be run from several callers at once (a queue worker's concurrent
 * jobs): each takes an idle copy and puts it back. `state` overrides the prepared environment's
 * check state per call (a queue job ships the coordinator's).
 */
export class CandidatePool {
  private readonly idle: Worker[] = [];
  private readonly waiting: ((worker: Worker) => void)[] = [];
  private readonly caches = new Map<string, ResultCache>();
  private created = 0;
  private manifest: TreeManifest | null = null;
  private manifestRead: Promise<TreeManifest> | null = null;
  private readonly trees: TreeThreads;
  private readonly logDir: string;
  private readonly derived: DerivedProducts;

  constructor(
    readonly prepared: PreparedEnvironment,
    readonly size: number,
    private readonly options: ExecuteOptions = {},
  ) {
    this.logDir = join(prepared.workDir, 'logs');
    mkdirSync(this.logDir, { recursive: true });
    this.derived = new DerivedProducts(prepared.workDir);
    this.trees = new TreeThreads(size);
  }

  /**
   * The prepared files built from the task's file (measured once per file on `worker`) and its bytecode caches: removed
   * before each of its candidates (derived.ts).
   */
  private async productsOf(task: TaskRecord, worker: Worker): Promise<string[]> {
    const manifest = this.manifest!;
    const built =
      this.prepared.env.build.length === 0
        ? []
        : await this.derived.of(task.path, () => probeProducts(this.prepared, worker, task.path, manifest, this.trees));
    return [...new Set([...built, ...bytecodeCachesOf(task.path, task.language, manifest)])].sort();
  }

  /** The results of identical programs run before under the same signature (null when caching is off). */
  private cacheOf(state: CheckState | null): ResultCache | null {
    if (this.options.cache === false) return null;
    const signature = cacheSignature(state);
    let cache = this.caches.get(signature);
    if (!cache)
      this.caches.set(signature, (cache = new ResultCache(join(this.prepared.workDir, 'results.jsonl'), signature)));
    return cache;
  }

  private async acquire(): Promise<Worker> {
    const worker = this.idle.pop();
    if (worker) return worker;
    if (this.created < this.size) {
      const dir = join(this.prepared.workDir, `w${this.created++}`);
      this.manifestRead ??= this.trees.manifest(this.prepared.base).then((manifest) => (this.manifest = manifest));
      const manifest = await this.manifestRead;
      return { dir, snapshot: await this.trees.rebuild(dir, this.prepared.base, manifest, this.prepared.identity) };
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(worker: Worker): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter(worker);
    else this.idle.push(worker);
  }

  /** Splits items into programs already judged (answered from the cache) and programs to run. */
  private plan(
    items: ExecItem[],
    state: CheckState | null = this.prepared.state,
    rerun = this.options.rerun === true,
  ): { cached: ExecOutput[]; pending: Group[] } {
    const cache = this.cacheOf(state);
    const cached: ExecOutput[] = [];
    const pending: Group[] = [];
    for (const group of groupItems(this.prepared, items)) {
      const hit = rerun ? undefined : cache?.get(group.task.id, group.hash);
      if (hit)
        for (const key of group.keys)
          cached.push({ key, result: withCheatFlags({ ...hit, cached: true }, group.flags) });
      else pending.push(group);
    }
    return { cached, pending };
  }

  /**
   * Runs one program on an idle worker copy (retrying infrastructure failures on a rebuilt copy); one output per key.
   */
  private async runGroup(group: Group, state: CheckState | null = this.prepared.state): Promise<ExecOutput[]> {
    const { base, identity } = this.prepared;
    const prepared = state === this.prepared.state ? this.prepared : { ...this.prepared, state };
    const worker = await this.acquire();
    let outcome: { result: ExecResult | null; reason: string; cacheable: boolean } = {
      result: null,
      reason: '',
      cacheable: false,
    };
    try {
      for (let attempt = 1; attempt <= INFRA_ATTEMPTS; attempt++) {
        const products = await this.productsOf(group.task, worker).catch((error: unknown) => {
          if (error instanceof ProbeInfraError) return error;
          throw error;
        });
        outcome =
          products instanceof ProbeInfraError
            ? { result: null, reason: products.message, cacheable: false }
            : await runOne(prepared, worker, group, products, this.manifest!, this.trees, this.logDir);
        if (outcome.result) break;
        this.prepared.emit({
          kind: 'warning',
          message:
            `exec: infrastructure failure on ${group.task.id} (attempt ${attempt}/${INFRA_ATTEMPTS}): ` +
            `${outcome.reason}`,
        });
        worker.snapshot = await this.trees.rebuild(worker.dir, base, this.manifest!, identity);
      }
    } finally {
      this.release(worker);
    }
    const { result } = outcome;
    // cached as graded: the flags are applied on the way out, with the patterns of the run that reads it
    if (result && outcome.cacheable) this.cacheOf(state)?.put(group.task.id, group.hash, result);
    return group.keys.map((key, index) =>
      result
        ? { key, result: withCheatFlags(index === 0 ? result : { ...result, cached: true }, group.flags) }
        : { key, result: null, infraError: outcome.reason },
    );
  }

  /**
   * Measures the build products of the tasks' files (derived.ts) that no earlier run measured, each once, on up to
   * `size` workers: the cost the first candidate of each file would otherwise carry, paid before any runs (a
   * benchmark times the candidates alone). Kept in the work folder for later runs.
   */
  async measureProducts(tasks: readonly TaskRecord[]): Promise<void> {
    const pending = [...new Map(tasks.map((task) => [task.path, task])).values()];
    const loop = async () => {
      for (let task = pending.shift(); task; task = pending.shift()) {
        const worker = await this.acquire();
        try {
          await this.productsOf(task, worker);
        } catch (error) {
          // the sandbox did not start: the file's first candidate measures again (with its retries)
          if (!(error instanceof ProbeInfraError)) throw error;
          this.prepared.emit({ kind: 'warning', message: `exec: ${error.message}` });
        } finally {
          this.release(worker);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.size, pending.length) }, loop));
  }

  /**
   * Runs a few items with the given check state (a queue job's); all their outputs at once. `rerun`: not answered from
   * the cache.
   */
  async runItems(items: ExecItem[], state: CheckState | null, rerun = false): Promise<ExecOutput[]> {
    const { cached, pending } = this.plan(items, state, rerun);
    const ran = await Promise.all(pending.map((group) => this.runGroup(group, state)));
    return [...cached, ...ran.flat()];
  }

  /** Runs the items (cached ones first); results stream out in completion order. */
  async *run(items: ExecItem[]): AsyncIterable<ExecOutput> {
    const { cached, pending } = this.plan(items);
    yield* cached;
    if (pending.length === 0) return;
    const loops = Math.min(pending.length, this.size);
    this.prepared.emit({
      kind: 'start',
      message: `running ${pending.length} candidates on ${loops} workers; ${describeCgroups()}`,
    });
    // A small channel: loops push results, the generator yields them in completion order.
    const ready: ExecOutput[] = [];
    let wake: (() => void) | null = null;
    let failure: unknown = null;
    let running = loops;
    const notify = () => {
      wake?.();
      wake = null;
    };
    const loop = async () => {
      try {
        for (let group = pending.shift(); group; group = pending.shift()) {
          ready.push(...(await this.runGroup(group)));
          notify();
        }
      } catch (error) {
        failure ??=
          error instanceof ResetError
            ? new ResetError(
                `a worker could not be reset or rebuilt (${error.message}); the candidates without a verdict are ` +
                  `left for the next run`,
              )
            : error;
        pending.length = 0;
      } finally {
        running--;
        notify();
      }
    };
    for (let index = 0; index < loops; index++) void loop();
    while (running > 0 || ready.length > 0) {
      if (ready.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      while (ready.length > 0) yield ready.shift()!;
      if (failure) throw failure;
    }
    if (failure) throw failure;
  }
}

/** Worker copies for a run: the option, else the environment's `workers`, else one per core. */
export function poolSize(env: ExecEnvironment, options: ExecOptions): number {
  return Math.max(1, options.workers ?? env.workers ?? availableParallelism());
}

export async function* runCandidates(
  prepared: PreparedEnvironment,
  items: ExecItem[],
  options: ExecuteOptions = {},
): AsyncIterable<ExecOutput> {
  yield* new CandidatePool(prepared, poolSize(prepared.env, options), options).run(items);
}

/** A candidate's full log as kept on disk: enough to grade it again. */
export interface CandidateLog {
  taskId: string;
  hash: string;
  phases: (PhaseOutcome & { units?: string[] })[];
  /** no test executes the task's code (testPlan): only the build ran. */
  uncovered?: boolean;
}

function resultOf(
  classification: Classification,
  phases: PhaseOutcome[],
  selected: string[],
  logFile: string | null,
): ExecResult | null {
  if (classification.verdict === 'infra-error') return null;
  let buildMs = 0;
  let testMs = 0;
  for (const phase of phases)
    if (phase.phase === 'build') buildMs += phase.outcome.ms;
    else testMs += phase.outcome.ms;
  const log = [
    ...phases.map((phase) => `$ ${phase.command}\n${phase.outcome.output}`),
    `[ctxbench] ${classification.verdict}: ${classification.reason}`,
  ].join('\n');
  return {
    verdict: classification.verdict,
    reason: classification.reason,
    selectedTests: selected,
    buildMs,
    testMs,
    logTail: logTail(log),
    cached: false,
    ...(logFile ? { log: logFile } : {}),
  };
}

/** The sandbox could not run the measuring build: an infrastructure failure of the candidate waiting for it. */
class ProbeInfraError extends Error {}

/**
 * Measures which prepared files are built from `path`: the unmodified file with a newline added, the
 * environment's build, and the files the reset then has to put back (derived.ts). An environment
 * whose build fails on that is an error naming the command.
 */
async function probeProducts(
  prepared: PreparedEnvironment,
  worker: Worker,
  path: string,
  manifest: TreeManifest,
  trees: TreeThreads,
): Promise<string[]> {
  const { env, base, identity } = prepared;
  prepared.emit({ kind: 'prepare', message: `measuring the build products of ${path} (once per file)` });
  let failure: string | null = null;
  let infra: string | null = null;
  try {
    writeInWorker(worker.dir, path, `${readInside(base, path) ?? ''}\n`);
    // every test's targets: a product of any of them must not reach a candidate
    for (const command of buildCommands(env, prepared.tests ?? [])) {
      const outcome = await runInTree(prepared, worker.dir, command, { timeoutMs: env.setupTimeout * 1000 });
      if (outcome.sandboxFailed || outcome.hostDiskFull) {
        infra =
          `the sandbox of the build command did not start${outcome.hostDiskFull ? ' (the host disk is full)' : ''} ` +
          `while measuring the build products of ${path}: ${logTail(outcome.output, 5)}`;
        break;
      }
      if (outcome.exitCode !== 0 || outcome.timedOut || outcome.outputLimited || outcome.diskLimited) {
        const how = outcome.timedOut ? 'timed out' : `exited with ${outcome.exitCode ?? outcome.signal}`;
        failure =
          `the build \`${command}\` ${how} on the unmodified ${path} with a newline added ` +
          `(measuring which products its candidates must not see):\n${logTail(outcome.output, 30)}`;
        break;
      }
    }
  } catch (error) {
    failure = `measuring the build products of ${path} failed: ${(error as Error).message}`;
  }
  const restored = await trees.restore(worker.dir, base, worker.snapshot, manifest, identity);
  worker.snapshot = restored.snapshot;
  if (infra !== null) throw new ProbeInfraError(infra);
  if (failure === null && restored.changed !== null) return productsOfProbe(base, path, restored.changed, manifest);
  failure ??= `the worker had to be rebuilt after measuring the build products of ${path} (${restored.rebuilt})`;
  throw new InputError(failure, { file: env.file });
}

/**
 * Runs one candidate in a verified worker, without the products built from the reference, and puts the worker back
 * (verified, or rebuilt).
 */
async function runOne(
  prepared: PreparedEnvironment,
  worker: Worker,
  group: Group,
  products: string[],
  manifest: TreeManifest,
  trees: TreeThreads,
  logDir: string,
): Promise<{ result: ExecResult | null; reason: string; cacheable: boolean }> {
  const { env } = prepared;
  const deadline = Date.now() + env.timeout * 1000;
  const remaining = () => Math.max(1, deadline - Date.now());
  const phases: (PhaseOutcome & { units?: string[] })[] = [];
  const plan = testPlan(prepared, group.task);
  let resetProblem: string | null = null;
  try {
    try {
      writeInWorker(worker.dir, group.task.path, group.spliced);
      for (const product of products) removeInside(worker.dir, product);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC')
        return { result: null, reason: 'the disk is full (ENOSPC writing the candidate)', cacheable: false };
      throw error;
    }
    let built = true;
    let logLeft = CANDIDATE_LOG_BYTES;
    // one disk allowance for all its commands, counted from the spliced tree
    const diskBaseline = treeSize(worker.dir) ?? undefined;
    const limits = () => ({
      keepBytes: Math.min(DEFAULT_KEPT_BYTES, Math.max(LEAST_KEPT_BYTES, logLeft)),
      diskBaseline,
    });
    // the targets of the tests it runs (all of them when it runs none: a task no test covers is only built)
    const targets = plan.uncovered
      ? (prepared.tests ?? [])
      : [...new Set(plan.units.flat().filter((name) => name !== ''))];
    for (const command of buildCommands(env, targets)) {
      const { outcome } = await runTestCommand(prepared, worker.dir, command, remaining(), false, limits());
      logLeft -= outcome.output.length;
      phases.push({ phase: 'build', command, outcome });
      if (outcome.exitCode !== 0 || outcome.timedOut || outcome.outputLimited || outcome.diskLimited) {
        built = false;
        break;
      }
    }
    if (built) {
      for (const [index, command] of plan.commands.entries()) {
        const { outcome, report } = await runTestCommand(prepared, worker.dir, command, remaining(), true, limits());
        logLeft -= outcome.output.length;
        const units = plan.units[index]!;
        phases.push({ phase: 'test', command, outcome, expected: expectedTests(prepared.state, units), report, units });
        if (outcome.exitCode !== 0 || outcome.timedOut || outcome.outputLimited || outcome.diskLimited) break;
      }
    }
  } finally {
    const restored = await trees.restore(worker.dir, prepared.base, worker.snapshot, manifest, prepared.identity);
    worker.snapshot = restored.snapshot;
    resetProblem = restored.rebuilt;
  }
  const classification = uncoveredVerdict(classify(phases, gradingOf(env)), plan.uncovered);
  const logFile = join(
    logDir,
    `${createHash('sha256').update(`${group.task.id}\0${group.hash}`).digest('hex').slice(0, 24)}.json`,
  );
  const log: CandidateLog = {
    taskId: group.task.id,
    hash: group.hash,
    phases,
    ...(plan.uncovered ? { uncovered: true } : {}),
  };
  try {
    writeFileSync(logFile, JSON.stringify(log));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOSPC')
      return { result: null, reason: 'the disk is full (ENOSPC writing the log)', cacheable: false };
    throw error;
  }
  const result = resultOf(classification, phases, plan.selected ?? [], logFile);
  // The worker was verified clean before the run; a reset that had to rebuild it is noted, and such a verdict is not
  // cached.
  if (result && resetProblem) result.reason = `${result.reason} (worker rebuilt after the run: ${resetProblem})`;
  return { result, reason: classification.reason, cacheable: resetProblem === null };
}

/**
 * Recomputes a verdict from a saved log with the environment's current grading and check state (its own, or the one
 * given); nothing runs.
 */
export function regradeLog(
  env: ExecEnvironment,
  logFile: string,
  selected: string[],
  state: CheckState | null = readState(env),
): ExecResult | null {
  const log = readJsonFile(
    logFile,
    'candidate log',
    'run `ctxbench exec --force` for this candidate',
  ) as unknown as CandidateLog;
  if (
    !Array.isArray(log.phases) ||
    log.phases.some((phase) => typeof phase?.command !== 'string' || typeof phase.outcome?.output !== 'string')
  ) {
    throw new InputError('malformed candidate log', { file: logFile });
  }
  const phases = log.phases.map((phase) =>
    phase.phase === 'test' && phase.units ? { ...phase, expected: expectedTests(state, phase.units) } : phase,
  );
  const result = resultOf(
    uncoveredVerdict(classify(phases, gradingOf(env)), log.uncovered === true),
    phases,
    selected,
    logFile,
  );
  return result;
}
