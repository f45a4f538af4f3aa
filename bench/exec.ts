// Execution benchmark: mean wall time per candidate with ctxbench (worker pool with incremental
// builds, per-test coverage selection, fail-fast) against YABLoCo's recipe (a fresh copy of the
// repository, the full build, the whole test suite), both sandboxed alike, in the same run. Each
// task gets two candidates: its reference (must pass) and a broken body (must not).
//
// Usage: node --import tsx bench/exec.ts [--env FILE] [--repo DIR | --source NAME] [--tasks FILE.jsonl]
//          [--functions PATH:NAME,...] [--limit N] [--workers N] [--naive N] [--broken-body TEXT]
//          [--naive-setup CMD] [--naive-test CMD] [--target X] [--work-dir DIR] [--again N] [--queue N]
// Default: the C fixture (test/fixtures/exec/c). redis (`npm run bench -- exec-redis`): see the
// "redis benchmark" section of docs/exec.md and examples/envs/redis-bench.yaml.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { TaskRecord } from '../src/datasets/types.ts';
import type { ExecResult } from '../src/runstore/types.ts';
import { indexRepository } from '../src/index/indexer.ts';
import { buildFromIndexes } from '../src/tasks/build.ts';
import { repositoryCommit } from '../src/util/git.ts';
import { readTasks } from '../src/datasets/io.ts';
import {
  chownTree,
  checkEnvironment,
  classify,
  copyTree,
  createContext,
  environmentHash,
  loadEnvironment,
  readState,
  prepareEnvironment,
  removeTree,
  runCandidates,
  CandidatePool,
  runInTree,
  spliceCandidate,
  testCommand,
  type CheckState,
  type ExecEnvironment,
  type ExecItem,
  type ExecOptions,
  type PhaseOutcome,
} from '../src/exec/index.ts';
import { executeQueued, parseQueueUrl } from '../src/queue/index.ts';
import { functionTask, functionText } from '../test/exec/helpers.ts';
import { CtxbenchProcess, startRedis } from '../test/queue/helpers.ts';
import { sourceTree } from './sources.ts';

export interface ExecBenchOptions {
  /** environment file (default: the C fixture's). */
  env?: string;
  /** repository (overrides the environment's `repo`). */
  repo?: string;
  /** a Debian source tree of bench/sources.ts (e.g. `redis`, fetched on first use) as the repository. */
  source?: string;
  /**
   * JSONL of function tasks (default: the C fixture's four functions, or built from the repository with `functions`).
   */
  tasks?: string;
  /**
   * `path:name` of the functions to run, in this order: picked from `tasks`, else from the repository's function tasks
   * (seed 1).
   */
  functions?: string[];
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
  /**
   * A command that builds the tree YABLoCo's recipe starts every candidate from, run once and not
   * timed (its Docker image holds a prebuilt tree): each candidate then gets a copy of that tree and
   * `naiveSetup` is the recipe's incremental build. Without it each candidate starts from the sources.
   */
  naiveImage?: string;
  /** the speed-up the benchmark should reach (printed with the ratio). */
  target?: number;
  /** the work folder (default: a new one, removed at the end); a check state of the same environment in it
   * (`<workDir>/<env name>.state.json`, written by `exec check --work-dir` or copied there) is reused, not made again.
   * */
  workDir?: string;
  /** the first N tasks' candidates are run a second time (cache off): their verdicts must be the same. */
  again?: number;
  /** the first N tasks' candidates are run again through the queue (a local redis-server, one `ctxbench worker` on the
   *  same work folder and check state): their verdicts must be the same as the local run's. */
  queue?: number;
}

export interface ExecBenchResult {
  candidates: number;
  right: number;
  setupSeconds: number;
  coverageSeconds: number;
  meanSeconds: number;
  naiveCandidates: number;
  naiveRight: number;
  naiveMeanSeconds: number;
  ratio: number;
  copySeconds: number;
  hardlinkSeconds: number;
  /** the work folder's size after the run (prepared tree, workers, coverage map, logs), MiB. */
  workDiskMiB: number;
}

const FIXTURE = fileURLToPath(new URL('../test/fixtures/exec/c/', import.meta.url));
/** index databases of source trees live beside them, never inside (the environment hashes the tree). */
const CACHE = fileURLToPath(new URL('./.cache/', import.meta.url));

function fixtureTasks(repo: string): TaskRecord[] {
  const functions: [string, string][] = [
    ['src/mathx.c', 'int gcd('],
    ['src/mathx.c', 'long factorial('],
    ['src/strx.c', 'char *reverse('],
    ['src/strx.c', 'int count_char('],
  ];
  return functions.map(([path, head]) => {
    const name = head.replace(/\W+$/, '').split(/\W+/).pop()!;
    return functionTask(repo, path, 'c', functionText(repo, path, head), name);
  });
}

/** The repository's function tasks (YABLoCo's filters, seed 1), indexing it first when needed. */
async function repositoryFunctionTasks(root: string): Promise<TaskRecord[]> {
  const started = performance.now();
  const indexed = await indexRepository(root, { db: join(CACHE, `${basename(root)}.exec-index.db`) });
  try {
    const repo = {
      name: basename(indexed.root),
      root: indexed.root,
      commit: repositoryCommit(indexed.root),
      store: indexed.store,
    };
    const { tasks } = await buildFromIndexes([repo], {
      family: 'function',
      seed: 1,
      command: 'bench exec',
      toolVersion: 'bench',
    });
    console.log(
      `function tasks of ${repo.name}: ${tasks.length} (index ${indexed.unchanged ? 'reused' : 'built'}, ` +
        `${seconds(started).toFixed(1)} s)`,
    );
    return tasks;
  } finally {
    indexed.store.close();
  }
}

/** The tasks named `path:name`, in the order given. */
function pickFunctions(tasks: TaskRecord[], picks: string[]): TaskRecord[] {
  return picks.map((pick) => {
    // the path has no colon; a C++ name may have several (`llvm::SourceMgr::SrcBuffer::getLineNumber`)
    const colon = pick.indexOf(':');
    const [path, name] = [pick.slice(0, colon), pick.slice(colon + 1)];
    const task = tasks.find((candidate) => candidate.path === path && candidate.name === name);
    if (!task)
      throw new Error(
        `--functions: no function task ${pick} (expected PATH:NAME) among ${tasks.length} tasks${tasks.length <= 60 ? `: ${tasks.map((t) => `${t.path}:${t.name}`).join(', ')}` : ''}`,
      );
    return task;
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

function describe(result: ExecResult): string {
  return (
    `${result.verdict} (build ${(result.buildMs / 1000).toFixed(1)} s, tests ` +
    `${(result.testMs / 1000).toFixed(1)} s)`
  );
}

export async function run(options: ExecBenchOptions = {}): Promise<ExecBenchResult> {
  const env = loadEnvironment(
    options.env ?? join(FIXTURE, 'env.yaml'),
    options.source ? sourceTree(options.source) : options.repo,
  );
  const allTasks = options.tasks
    ? readTasks(options.tasks).filter((task) => task.kind === 'function')
    : options.functions
      ? await repositoryFunctionTasks(env.repo)
      : fixtureTasks(env.repo);
  const tasks = (options.functions ? pickFunctions(allTasks, options.functions) : allTasks).slice(
    0,
    options.limit ?? 20,
  );
  const brokenBody = options.brokenBody ?? '{ __builtin_trap(); }';
  const items: (ExecItem & { expectPass: boolean })[] = tasks.flatMap((task) => [
    { task, candidate: task.reference.replace(/\n$/, ''), key: `${task.id}#reference`, expectPass: true },
    { task, candidate: brokenCandidate(task, brokenBody), key: `${task.id}#broken`, expectPass: false },
  ]);
  const workers = options.workers ?? env.workers ?? availableParallelism();
  const ownWorkDir = options.workDir === undefined;
  const workDir = options.workDir ?? mkdtempSync('/var/tmp/ctxbench-bench-exec-');
  spawnSync('chmod', ['755', workDir]);
  try {
    console.log(
      `environment ${env.file}, repository ${env.repo}: ${tasks.length} functions, ${items.length} candidates ` +
        `(reference + broken body \`${brokenBody}\` each), ${workers} workers`,
    );
    const prepareOptions: ExecOptions = {
      workDir,
      workers,
      onEvent: (event) => process.stderr.write(`  ${event.message}\n`),
    };
    // `exec check` first, as a user would (a copy of the environment file in the work folder takes
    // the state): two rounds of setup, build and every listed test, then the coverage pass. Its
    // state gives the tests each command must report passed (per-test grading).
    const checkedEnv = { ...env, file: join(workDir, basename(env.file)) };
    let started = performance.now();
    const earlier = readState(checkedEnv);
    const reused = earlier !== null && earlier.envHash === environmentHash(checkedEnv, 'bwrap') ? earlier : null;
    const state = reused ?? (await checkEnvironment(checkedEnv, prepareOptions)).state;
    // a reused check is counted by its rounds' own times (its coverage pass is not recorded)
    const checkSeconds = reused
      ? reused.rounds.reduce((sum, round) => sum + round.setupMs + round.buildMs + round.testMs, 0) / 1000
      : seconds(started);
    if (reused)
      console.log(
        `exec check: reused the check of ${reused.checkedAt} in ${workDir} (its two rounds: ` +
          `${checkSeconds.toFixed(1)} s; the coverage pass not counted)`,
      );
    const setupSeconds = state.rounds[0]!.setupMs / 1000;
    started = performance.now();
    const prepared = await prepareEnvironment(checkedEnv, prepareOptions);
    const coverageSeconds = seconds(started);
    const reportedTests = Object.values(prepared.state?.reported ?? {}).reduce((sum, names) => sum + names.length, 0);
    console.log(
      `exec check (once): ${checkSeconds.toFixed(1)} s (2 rounds of setup + build + the listed tests${reused ? '; reused' : ', then the coverage pass'}); per-test grading: ${env.report ? `${env.report.format} report, ${reportedTests} test results to match` : 'none (exit status)'}`,
    );
    const testSource = env.tests?.names ? 'named by the environment' : 'listed by the runner';
    console.log(
      `setup (round 1 of the check): ${setupSeconds.toFixed(1)} s (copy + full build${prepared.tests ? `; ${prepared.tests.length} tests ${testSource}` : ''})`,
    );
    console.log(
      prepared.coverage
        ? `coverage: ${prepared.coverage.tests.length} tests; preparing the environment and its coverage map took ` +
            `${coverageSeconds.toFixed(1)} s here (near 0 when an earlier run recorded the map; a pass resumed from its ` +
            'journal counts only its rest)'
        : 'coverage: none (every candidate runs the whole suite)',
    );
    const copySeconds = timeCopy(prepared.base, join(workDir, 'copy-probe'), false);
    const hardlinkSeconds = timeCopy(prepared.base, join(workDir, 'copy-probe'), true);
    console.log(
      `worker copy of the prepared tree: cp -a ${copySeconds.toFixed(2)} s, cp -al (hardlinks) ` +
        `${hardlinkSeconds.toFixed(2)} s`,
    );

    // which prepared files each task's file builds (derived.ts): measured once per file and kept in the work
    // folder, part of the preparation like the check (each costs a build of every test's targets)
    started = performance.now();
    await new CandidatePool(prepared, workers, { cache: false }).measureProducts(tasks);
    const files = new Set(tasks.map((task) => task.path)).size;
    console.log(
      `build products of the ${files} task files (once, not counted per candidate): ${seconds(started).toFixed(1)} s`,
    );

    started = performance.now();
    const results = new Map<string, ExecResult>();
    for await (const { key, result, infraError } of runCandidates(prepared, items, { workers, cache: false })) {
      if (!result) throw new Error(`infrastructure failure on ${key}: ${infraError}`);
      results.set(key, result);
      process.stderr.write(`  [${results.size}/${items.length}] ${key}: ${result.verdict}\n`);
    }
    const totalSeconds = seconds(started);
    // A task no test covers is built but not tested (`not-covered`): neither right nor wrong, counted apart.
    const uncovered = new Set(
      tasks.filter((task) => results.get(`${task.id}#reference`)?.verdict === 'not-covered').map((task) => task.id),
    );
    const judged = items.filter((item) => !uncovered.has(item.task.id));
    const right = judged.filter((item) => (results.get(item.key)?.verdict === 'pass') === item.expectPass).length;
    const meanSeconds = totalSeconds / items.length;
    for (const task of tasks) {
      const [reference, broken] = [results.get(`${task.id}#reference`)!, results.get(`${task.id}#broken`)!];
      const selected =
        reference.verdict === 'not-covered'
          ? 'none (no test covers it)'
          : reference.selectedTests.length > 0
            ? reference.selectedTests.join(' ')
            : 'all';
      console.log(
        `  ${task.path}:${task.name}  reference ${describe(reference)}  broken ${describe(broken)}  tests: ${selected}`,
      );
    }
    console.log(
      `ctxbench: ${items.length} candidates in ${totalSeconds.toFixed(1)} s on ${workers} workers, ${meanSeconds.toFixed(2)} s per candidate; verdicts right ${right}/${judged.length}${uncovered.size > 0 ? ` (${uncovered.size} tasks no test covers: not-covered, left out)` : ''}`,
    );
    for (const item of judged)
      if ((results.get(item.key)?.verdict === 'pass') !== item.expectPass)
        console.log(`  wrong verdict: ${item.key} -> ${results.get(item.key)?.verdict}`);

    if (options.again) {
      const repeated = items.filter((item) => tasks.slice(0, options.again).includes(item.task));
      const second = new Map<string, ExecResult>();
      for await (const { key, result, infraError } of runCandidates(prepared, repeated, { workers, cache: false })) {
        if (!result) throw new Error(`infrastructure failure on ${key}: ${infraError}`);
        second.set(key, result);
      }
      const same = repeated.filter((item) => second.get(item.key)!.verdict === results.get(item.key)!.verdict);
      console.log(
        `run again: ${same.length}/${repeated.length} candidates of the first ` +
          `${Math.min(options.again, tasks.length)} tasks got the same verdict`,
      );
      for (const item of repeated)
        if (!same.includes(item))
          console.log(`  changed: ${item.key} ${results.get(item.key)!.verdict} -> ${second.get(item.key)!.verdict}`);
    }

    if (options.queue)
      await queuedAgain(
        checkedEnv,
        env.file,
        state,
        items.filter((item) => tasks.slice(0, options.queue).includes(item.task)),
        results,
        workDir,
      );

    // YABLoCo's recipe, one candidate at a time: a fresh copy and the full build (or a copy of the prebuilt image and
    // the recipe's incremental build), then the whole suite.
    const context = createContext(env, { workDir });
    const naiveCount = Math.min(options.naive ?? 2, items.length);
    const naiveItems = items.slice(0, naiveCount); // alternating: a reference, then a broken one
    const naiveSetup = options.naiveSetup ? [options.naiveSetup] : [...env.setup, ...env.build];
    const naiveTest = options.naiveTest ?? testCommand(env, null);
    const recipe = `${options.naiveImage ? `a copy of the prebuilt tree (\`${options.naiveImage}\`)` : 'fresh copy'}, ${naiveSetup.map((command) => `\`${command}\``).join(' + ')}, \`${naiveTest}\``;
    let naiveTotal = 0;
    let naiveRight = 0;
    const scratch = join(workDir, 'naive');
    const image = join(workDir, 'naive-image');
    if (options.naiveImage && naiveItems.length > 0) {
      started = performance.now();
      removeTree(image);
      copyTree(env.repo, image);
      chownTree(image, context.identity);
      const outcome = await runInTree(context, image, options.naiveImage, {
        timeoutMs: env.setupTimeout * 1000,
        setup: true,
      });
      if (outcome.exitCode !== 0)
        throw new Error(`the recipe's image \`${options.naiveImage}\` failed:\n${outcome.output.slice(-3000)}`);
      console.log(
        `naive recipe's image (once, not counted per candidate): \`${options.naiveImage}\` in ` +
          `${seconds(started).toFixed(1)} s`,
      );
    }
    for (const item of naiveItems) {
      removeTree(scratch);
      if (options.naiveImage) {
        // the container's copy of the image: not counted (Docker's copy-on-write layer costs nothing)
        copyTree(image, scratch);
        chownTree(scratch, context.identity);
      }
      started = performance.now();
      if (!options.naiveImage) {
        copyTree(env.repo, scratch);
        chownTree(scratch, context.identity);
      }
      const file = join(scratch, item.task.path);
      writeFileSync(file, spliceCandidate(item.task, readFileSync(file, 'utf8'), item.candidate).text);
      const phases: PhaseOutcome[] = [];
      for (const command of naiveSetup) {
        const outcome = await runInTree(context, scratch, command, { timeoutMs: env.setupTimeout * 1000, setup: true });
        phases.push({ phase: 'build', command, outcome });
        if (outcome.exitCode !== 0) break;
      }
      if (phases.every((phase) => phase.outcome.exitCode === 0)) {
        phases.push({
          phase: 'test',
          command: naiveTest,
          outcome: await runInTree(context, scratch, naiveTest, { timeoutMs: env.setupTimeout * 1000 }),
        });
      }
      const { verdict, reason } = classify(phases, { passPattern: env.passPattern, report: null });
      const elapsed = seconds(started);
      naiveTotal += elapsed;
      if ((verdict === 'pass') === item.expectPass) naiveRight++;
      const timing = phases.map((phase) => `${phase.phase} ${(phase.outcome.ms / 1000).toFixed(1)} s`).join(', ');
      const label = item.expectPass ? 'reference' : 'broken';
      // The whole suite's output is long: kept in a file, not printed.
      mkdirSync(CACHE, { recursive: true });
      const logFile = join(CACHE, `exec-naive-${basename(env.file, '.yaml')}-${label}.log`);
      writeFileSync(logFile, phases.map((phase) => `$ ${phase.command}\n${phase.outcome.output}`).join('\n'));
      console.log(
        `  naive ${item.task.path}:${item.task.name} ${label}: ${verdict} in ${elapsed.toFixed(1)} s (${timing}; ` +
          `${reason}; log ${logFile})`,
      );
    }
    removeTree(scratch);
    removeTree(image);
    const naiveMeanSeconds = naiveTotal / Math.max(1, naiveItems.length);
    const ratio = naiveItems.length > 0 ? naiveMeanSeconds / meanSeconds : Number.NaN;
    const target =
      options.target === undefined || naiveItems.length === 0
        ? ''
        : ` (target >= ${options.target}x: ${ratio >= options.target ? 'met' : 'NOT MET'})`;
    const naiveSummary =
      naiveItems.length > 0
        ? `YABLoCo's recipe ${naiveMeanSeconds.toFixed(1)} s (${naiveItems.length} candidates, verdicts right ${naiveRight}/${naiveItems.length}); ratio ${ratio.toFixed(1)}x${target}`
        : "YABLoCo's recipe not run (--naive 0)";
    if (naiveItems.length > 0) {
      console.log(
        `naive (${recipe}): ${naiveItems.length} candidates, ${naiveMeanSeconds.toFixed(2)} s per candidate; ` +
          `verdicts right ${naiveRight}/${naiveItems.length}`,
      );
      console.log(`ratio: ctxbench is ${ratio.toFixed(1)}x faster per candidate${target}`);
    }
    console.log(
      `summary: ${items.length} candidates, verdicts right ${right}/${judged.length}${uncovered.size > 0 ? ` (${uncovered.size} tasks not covered)` : ''}; mean wall time per candidate: ctxbench ${meanSeconds.toFixed(2)} s, ${naiveSummary}; one-time preparation: exec check ${checkSeconds.toFixed(1)} s (setup ${setupSeconds.toFixed(1)} s, coverage included)`,
    );
    const workDiskMiB = Number(spawnSync('du', ['-sm', workDir], { encoding: 'utf8' }).stdout.split('\t')[0]);
    console.log(
      `disk: the work folder holds ${workDiskMiB} MiB (prepared tree, ${workers} workers, coverage map, logs); peak ` +
        `memory of ctxbench's process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`,
    );
    return {
      candidates: items.length,
      right,
      setupSeconds,
      coverageSeconds,
      meanSeconds,
      naiveCandidates: naiveItems.length,
      naiveRight,
      naiveMeanSeconds,
      ratio,
      copySeconds,
      hardlinkSeconds,
      workDiskMiB,
    };
  } finally {
    if (ownWorkDir) rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * The candidates again on the queue: a redis-server on 127.0.0.1, one `ctxbench worker` serving the environment from
 * the same work folder (its prepared tree and check state: no second preparation), the coordinator's `executeQueued`.
 */
async function queuedAgain(
  env: ExecEnvironment,
  sourceFile: string,
  state: CheckState,
  items: ExecItem[],
  local: Map<string, ExecResult>,
  workDir: string,
): Promise<void> {
  // the worker reads the environment from a file: the one in the work folder, beside the check state, with the
  // repository's absolute path
  writeFileSync(env.file, readFileSync(sourceFile, 'utf8').replace(/^repo: .*$/m, `repo: ${env.repo}`));
  const redis = await startRedis();
  const worker = new CtxbenchProcess([
    'worker',
    '--queue',
    redis.url,
    '--env',
    env.file,
    '--work-dir',
    workDir,
    '--name',
    'bench',
  ]);
  try {
    await worker.waitFor(/connected to/);
    const started = performance.now();
    const verdicts = new Map<string, string>();
    const queued = items.map((item, index) => ({
      task: item.task,
      sample: index,
      candidate: item.candidate,
      key: item.key,
    }));
    const run = createHash('sha256').update(`bench ${workDir} ${Date.now()}`).digest('hex').slice(0, 32);
    for await (const output of executeQueued(env, queued, {
      connection: parseQueueUrl(redis.url),
      run,
      state,
      sandbox: 'bwrap',
      logDir: join(workDir, 'queue-logs'),
    })) {
      verdicts.set(output.key, output.result?.verdict ?? `infra: ${output.infraError}`);
    }
    const same = items.filter((item) => verdicts.get(item.key) === local.get(item.key)!.verdict);
    console.log(
      `on the queue (1 worker): ${same.length}/${items.length} candidates got the same verdict as the local run, ` +
        `${(seconds(started) / items.length).toFixed(1)} s per candidate`,
    );
    for (const item of items)
      if (!same.includes(item))
        console.log(`  changed on the queue: ${item.key} ${local.get(item.key)!.verdict} -> ${verdicts.get(item.key)}`);
  } finally {
    await worker.kill('SIGTERM');
    await redis.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      env: { type: 'string' },
      repo: { type: 'string' },
      source: { type: 'string' },
      tasks: { type: 'string' },
      functions: { type: 'string' },
      limit: { type: 'string' },
      workers: { type: 'string' },
      naive: { type: 'string' },
      'broken-body': { type: 'string' },
      'naive-setup': { type: 'string' },
      'naive-test': { type: 'string' },
      target: { type: 'string' },
      'work-dir': { type: 'string' },
      'naive-image': { type: 'string' },
      again: { type: 'string' },
      queue: { type: 'string' },
    },
  });
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  await run({
    env: values.env,
    repo: values.repo,
    source: values.source,
    tasks: values.tasks,
    functions: values.functions
      ?.split(',')
      .map((pick) => pick.trim())
      .filter(Boolean),
    limit: number(values.limit),
    workers: number(values.workers),
    naive: number(values.naive),
    brokenBody: values['broken-body'],
    naiveSetup: values['naive-setup'],
    naiveTest: values['naive-test'],
    naiveImage: values['naive-image'],
    again: number(values.again),
    queue: number(values.queue),
    target: number(values.target),
    workDir: values['work-dir'],
  });
}
