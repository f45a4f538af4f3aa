// Preparing an environment: the work folder (keyed by a hash of the environment and the
// repository's content), the prepared tree (a copy of the repository after `setup`), the test list,
// the state that `exec check` left (flaky tests, test durations) and the per-test coverage map.
import { createHash } from 'node:crypto';
import { appendFileSync, chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { InputError } from '../util/errors.ts';
import { parseRecord } from '../util/schema.ts';
import { textLines, writeFileAtomic } from '../util/jsonl.ts';
import {
  buildCoverageMap,
  COLLECTORS,
  COVERAGE_MAP_FORMAT,
  CoverageJournalStartSchema,
  CoverageJournalTestSchema,
  CoverageMapSchema,
  type CoverageMap,
  type ExecutedFunction,
} from './coverage.ts';
import { SANDBOXES, type Sandbox } from './sandbox.ts';
import { readReportFile } from './reports.ts';
import { testFileProblem } from './env.ts';
import { chownTree, copyTree, fingerprintTree, removeInside, removeTree, stripReferenceTraces } from './tree.ts';
import type { CoverageTool, ExecEnvironment, ExecEvent, ExecOptions, RunOutcome } from './types.ts';
import { logTail } from './verdict.ts';

/** What `exec check` records beside the environment file (`<env>.state.json`), checked on every read. */
export const CheckStateSchema = z.object({
  envHash: z.string(),
  checkedAt: z.string(),
  rounds: z.array(z.object({ setupMs: z.number(), buildMs: z.number(), testMs: z.number() })),
  /** per test: mean duration and whether it passed in each round. */
  tests: z.record(z.string(), z.object({ ms: z.number(), passed: z.array(z.boolean()) })),
  /** passed in one round and failed in the other: excluded. */
  flaky: z.array(z.string()),
  /** failed in every round on the unmodified repository: excluded. */
  failing: z.array(z.string()),
  /**
   * per test command (a listed test, '' = the whole suite): the reported test names that passed in every round; null
   * without `report` (absent in older files).
   */
  reported: z.record(z.string(), z.array(z.string())).nullable().default(null),
});
export type CheckState = z.output<typeof CheckStateSchema>;

export interface ExecContext {
  env: ExecEnvironment;
  sandbox: Sandbox;
  identity: { uid: number; gid: number } | null;
  envHash: string;
  workDir: string;
  base: string;
  emit: (event: ExecEvent) => void;
}

export interface PreparedEnvironment extends ExecContext {
  /** listed test names, null when the environment lists none (then only the whole suite runs). */
  tests: string[] | null;
  state: CheckState | null;
  coverage: CoverageMap | null;
}

export function statePath(env: ExecEnvironment): string {
  return join(dirname(env.file), `${env.name}.state.json`);
}

export function readState(env: ExecEnvironment): CheckState | null {
  const file = statePath(env);
  if (!existsSync(file)) return null;
  return checkState(
    readJsonFile(file, 'state file', `run \`ctxbench exec check ${env.file}\` again`),
    file,
    `delete it and run \`ctxbench exec check ${env.file}\` again`,
  );
}

/** Validates a check state (read from its file, or shipped with a queued job); `source` names where it came from. */
export function checkState(value: unknown, source: string, recovery: string): CheckState {
  return parseRecord(CheckStateSchema, value, { file: source }, `not a state file of this ctxbench: ${recovery}`);
}

/** Reads a JSON file ctxbench wrote; a truncated or hand-edited file is a clear error saying how to recover. */
export function readJsonFile(file: string, what: string, recovery: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new InputError(
      `unreadable ${what} (${(error as Error).message}; truncated by an interrupted run?); delete it and ${recovery}`,
      { file },
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InputError(`${what} is not a JSON object; delete it and ${recovery}`, { file });
  return value as Record<string, unknown>;
}

/**
 * The stricter of two check states of one environment (a queued job's and the worker's own): a test
 * is left out only when both leave it out, and a command must report passed every test either saw
 * pass. A state sent by someone else can then only add checks, never remove them.
 */
export function stricterState(given: CheckState, own: CheckState): CheckState {
  const ownExcluded = new Set(excludedTests(own));
  const alsoOwn = (names: string[]) => names.filter((name) => ownExcluded.has(name));
  let reported = given.reported ?? own.reported;
  if (given.reported && own.reported) {
    const units = [...new Set([...Object.keys(given.reported), ...Object.keys(own.reported)])].sort();
    reported = Object.fromEntries(
      units.map((unit) => [
        unit,
        [...new Set([...(given.reported![unit] ?? []), ...(own.reported![unit] ?? [])])].sort(),
      ]),
    );
  }
  return { ...given, flaky: alsoOwn(given.flaky), failing: alsoOwn(given.failing), reported };
}

/** Tests never run for candidates: the flaky and the always-failing ones found by `exec check`. */
export function excludedTests(state: CheckState | null): string[] {
  return state ? [...state.flaky, ...state.failing].sort() : [];
}

/**
 * A hash of everything that decides a verdict: the environment's commands and limits, the sandbox mode and the
 * repository's content.
 */
export function environmentHash(env: ExecEnvironment, mode: string): string {
  const {
    setup,
    build,
    test,
    tests,
    timeout,
    setupTimeout,
    env: variables,
    coverage,
    limits,
    passPattern,
    setupNetwork,
    testFiles,
  } = env;
  // testFiles and tests.buildArg only when given: the environments written before them keep their prepared trees and
  // verdicts.
  const { buildArg, ...testsBefore } = tests ?? { buildArg: '{test}' };
  const testsSettings = tests === null ? null : buildArg === '{test}' ? testsBefore : tests;
  const settings = JSON.stringify({
    setup,
    build,
    test,
    tests: testsSettings,
    timeout,
    setupTimeout,
    variables,
    coverage,
    limits,
    passPattern,
    setupNetwork,
    mode,
    ...(testFiles.length > 0 ? { testFiles } : {}),
  });
  return createHash('sha256').update(settings).update(fingerprintTree(env.repo)).digest('hex');
}

function defaultWorkRoot(): string {
  return `/var/tmp/ctxbench-exec-${process.getuid?.() ?? 'user'}`;
}

/** Checks the environment and sandbox and creates the work folder (nothing is built yet). */
export function createContext(env: ExecEnvironment, options: ExecOptions): ExecContext {
  const sandbox = SANDBOXES.get(options.sandbox ?? 'bwrap');
  const emit = options.onEvent ?? (() => {});
  if (!existsSync(env.repo) || !statSync(env.repo).isDirectory())
    throw new InputError(`repository folder not found: ${env.repo}`, { file: env.file, field: 'repo' });
  sandbox.check();
  if (!sandbox.confined) {
    emit({
      kind: 'warning',
      message:
        `WARNING: --sandbox ${sandbox.name}: candidates run UNSANDBOXED with your user's rights; they can ` +
        `read and change any of your files and reach the network. Use only for code you trust.`,
    });
  }
  const identity = sandbox.identity();
  const envHash = environmentHash(env, sandbox.name);
  const root = options.workDir ?? env.workDir ?? defaultWorkRoot();
  const workDir = join(root, `${env.name}-${envHash.slice(0, 12)}`);
  mkdirSync(workDir, { recursive: true });
  if (identity) {
    // The sandbox user must be able to reach the worker trees it binds.
    chmodSync(workDir, 0o755);
    for (let folder = workDir; folder !== dirname(folder); folder = dirname(folder)) {
      if ((statSync(folder).mode & 0o001) === 0) {
        throw new InputError(
          `the sandbox user (uid ${identity.uid}) cannot enter ${folder}; choose a work folder (--work-dir or ` +
            `\`workDir\`) below world-searchable folders`,
        );
      }
    }
  }
  return { env, sandbox, identity, envHash, workDir, base: join(workDir, 'base'), emit };
}

/**
 * Runs a build or test command, the environment's `testFiles` read-only; for a test command with a
 * report file, removes any stale report first (the build could have planted one) and reads the new
 * one afterwards.
 */
export async function runTestCommand(
  context: ExecContext,
  tree: string,
  command: string,
  timeoutMs: number,
  isTest: boolean,
  candidate: { keepBytes?: number; diskBaseline?: number } = {},
): Promise<{ outcome: RunOutcome; report: string | null }> {
  const reportFile = isTest ? (context.env.report?.file ?? null) : null;
  if (reportFile !== null) removeInside(tree, reportFile);
  const outcome = await runInTree(context, tree, command, { timeoutMs, readOnly: context.env.testFiles, ...candidate });
  return { outcome, report: reportFile === null ? null : readReportFile(tree, reportFile) };
}

/** Runs one command in a tree with the environment's variables (and extra ones). */
export function runInTree(
  context: ExecContext,
  tree: string,
  command: string,
  options: {
    timeoutMs: number;
    extraEnv?: Record<string, string>;
    setup?: boolean;
    readOnly?: string[];
    /** bytes of output kept (default: the sandbox's) */
    keepBytes?: number;
    /** the tree's size its growth is counted from (default: its size when the command starts) */
    diskBaseline?: number;
  },
): Promise<RunOutcome> {
  const { env } = context;
  // The setup is the environment's own trusted command, run once: it may use every core.
  const limits = options.setup
    ? {
        ...env.limits,
        cpuSeconds: Math.ceil(env.setupTimeout),
        cpus: Math.max(env.limits.cpus, availableParallelism()),
      }
    : env.limits;
  return context.sandbox.run({
    tree,
    command,
    env: { ...env.env, ...options.extraEnv },
    timeoutMs: options.timeoutMs,
    limits,
    network: options.setup === true && env.setupNetwork,
    mounts: env.mounts,
    readOnly: options.readOnly ?? [],
    keepBytes: options.keepBytes,
    diskBaseline: options.diskBaseline,
  });
}

function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The test command for some tests; null = the whole suite (the runner's own default). */
export function testCommand(env: ExecEnvironment, names: string[] | null): string {
  const expansion =
    names === null ? '' : names.map((name) => env.tests!.arg.replaceAll('{test}', () => shellQuote(name))).join(' ');
  // replacer functions: a replacement string would read `$'`, `$&` in it as patterns (`-R '^{test}$'`)
  return env.test.replaceAll('{tests}', () => expansion);
}

/**
 * The build commands for a candidate that runs `names` (all the tests when it runs the whole suite or
 * none): a command's `{tests}` becomes their build targets, so only what those tests need is rebuilt.
 */
export function buildCommands(env: ExecEnvironment, names: readonly string[]): string[] {
  if (!env.tests) return env.build;
  const expansion = names.map((name) => env.tests!.buildArg.replaceAll('{test}', () => shellQuote(name))).join(' ');
  return env.build.map((command) => command.replaceAll('{tests}', () => expansion));
}

function commandFailure(context: ExecContext, what: string, command: string, outcome: RunOutcome): InputError {
  const how = outcome.timedOut
    ? 'timed out'
    : outcome.outputLimited
      ? 'wrote too much output'
      : `exited with ${outcome.exitCode ?? outcome.signal}`;
  return new InputError(`${what} \`${command}\` ${how} on the unmodified repository:\n${logTail(outcome.output, 30)}`, {
    file: context.env.file,
  });
}

/** Copies the repository to `dir` and runs the setup there; returns the setup's duration. */
export async function setupTree(context: ExecContext, dir: string): Promise<number> {
  removeTree(dir);
  copyTree(context.env.repo, dir);
  // The repository's history and ctxbench's index hold every reference: never in a tree a candidate can read.
  stripReferenceTraces(dir);
  chownTree(dir, context.identity);
  chmodSync(dir, 0o755);
  let ms = 0;
  for (const command of context.env.setup) {
    const outcome = await runInTree(context, dir, command, { timeoutMs: context.env.setupTimeout * 1000, setup: true });
    ms += outcome.ms;
    if (outcome.exitCode !== 0 || outcome.timedOut) throw commandFailure(context, 'setup command', command, outcome);
  }
  // The sandbox binds the test files by their path in the tree: the setup must have left each in place.
  context.env.testFiles.forEach((path, index) => {
    const problem = testFileProblem(dir, path);
    if (problem)
      throw new InputError(`'${path}' ${problem} after the setup`, {
        file: context.env.file,
        field: `testFiles[${index}]`,
      });
  });
  return ms;
}

async function listTests(context: ExecContext, tree: string): Promise<string[] | null> {
  const spec = context.env.tests;
  if (!spec) return null;
  if (spec.names) return spec.names;
  // stdout only: the listing's stderr would otherwise become test names.
  const command = `e=$(mktemp); (${spec.list}) 2>"$e"; s=$?; [ $s -ne 0 ] && cat "$e"; rm -f "$e"; exit $s`;
  const outcome = await runInTree(context, tree, command, { timeoutMs: context.env.setupTimeout * 1000, setup: true });
  if (outcome.exitCode !== 0) throw commandFailure(context, 'test listing', spec.list!, outcome);
  const names = [
    ...new Set(
      outcome.output
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    ),
  ];
  if (names.length === 0)
    throw new InputError(`test listing \`${spec.list}\` printed no test names`, {
      file: context.env.file,
      field: 'tests.list',
    });
  return names;
}

/** The prepared tree's marker (`base.json`): written once its setup has finished. */
const BaseMarkerSchema = z.strictObject({
  envHash: z.string(),
  setupMs: z.number().nonnegative(),
  /** the listed tests, or null when the environment lists none */
  tests: z.array(z.string()).nullable(),
});
type BaseMarker = z.output<typeof BaseMarkerSchema>;

/** Makes (or reuses) the prepared tree; `force` redoes the setup. */
export async function ensureBase(context: ExecContext, force = false): Promise<BaseMarker> {
  const markerFile = join(context.workDir, 'base.json');
  if (!force && existsSync(markerFile) && existsSync(context.base)) {
    return parseRecord(
      BaseMarkerSchema,
      readJsonFile(markerFile, 'prepared-tree marker', 'run the command again (the tree is prepared anew)'),
      { file: markerFile },
      'delete it and run the command again',
    );
  }
  context.emit({ kind: 'prepare', message: `preparing ${context.base}: copying the repository and running the setup` });
  // Coverage is recorded from the prepared tree (and with the tests it lists): a new tree makes it stale.
  const coverage = coverageFiles(context);
  rmSync(coverage.map, { force: true });
  rmSync(coverage.journal, { force: true });
  removeTree(coverage.tree);
  const setupMs = await setupTree(context, context.base);
  const marker: BaseMarker = { envHash: context.envHash, setupMs, tests: await listTests(context, context.base) };
  writeFileAtomic(markerFile, `${JSON.stringify(marker)}\n`);
  return marker;
}

/** Where the coverage pass keeps its map, its journal and its tree in the work folder. */
function coverageFiles(context: ExecContext): { map: string; journal: string; tree: string } {
  return {
    map: join(context.workDir, 'coverage.json'),
    journal: join(context.workDir, 'coverage.progress.jsonl'),
    tree: join(context.workDir, 'coverage-tree'),
  };
}

/**
 * Computes (or reads) the per-test coverage map of the prepared tree; null when the environment has no coverage.
 */
export async function ensureCoverage(context: ExecContext, tests: string[] | null): Promise<CoverageMap | null> {
  const spec = context.env.coverage;
  if (!spec || !tests) return null;
  const { map: file, journal, tree } = coverageFiles(context);
  if (existsSync(file)) {
    const map = parseRecord(
      CoverageMapSchema,
      readJsonFile(file, 'coverage map', 'run the command again (coverage is recorded anew)'),
      { file },
      'delete it and run the command again',
    );
    if (map.format === COVERAGE_MAP_FORMAT) return map;
    context.emit({ kind: 'coverage', message: `${file} was recorded by an older collector: recording coverage anew` });
  }
  const collector = COLLECTORS[spec.tool];
  const inside = context.sandbox.treePath(tree);
  const done = readCoverageJournal(journal, context.envHash, spec.tool);
  if (done === null || !existsSync(tree)) {
    rmSync(journal, { force: true });
    removeTree(tree);
    copyTree(context.base, tree);
    collector.install(tree);
    chownTree(tree, context.identity);
    const timeoutMs = context.env.setupTimeout * 1000;
    for (const command of spec.build) {
      const outcome = await runInTree(context, tree, command, { timeoutMs, setup: true });
      if (outcome.exitCode !== 0 || outcome.timedOut) throw commandFailure(context, 'coverage build', command, outcome);
    }
    appendFileSync(
      journal,
      `${JSON.stringify({ envHash: context.envHash, format: COVERAGE_MAP_FORMAT, tool: spec.tool })}\n`,
    );
  } else {
    context.emit({
      kind: 'coverage',
      message:
        `resuming the coverage pass: ${tests.filter((test) => done.has(test)).length} of ${tests.length} ` +
        `tests recorded in ${journal}`,
    });
  }
  const recorded = done ?? new Map<string, ExecutedFunction[]>();
  const timeoutMs = context.env.setupTimeout * 1000;
  for (const [index, test] of tests.entries()) {
    if (recorded.has(test)) continue;
    context.emit({ kind: 'coverage', message: `coverage ${index + 1}/${tests.length}: ${test}` });
    collector.reset(tree);
    await runInTree(context, tree, testCommand(context.env, [test]), {
      timeoutMs,
      extraEnv: collector.env(inside, context.env.env),
    });
    if (collector.after) await runInTree(context, tree, collector.after, { timeoutMs, setup: true });
    const executed = distinctFunctions(collector.read(tree, inside));
    recorded.set(test, executed);
    appendFileSync(journal, `${JSON.stringify({ test, executed })}\n`);
  }
  const map = buildCoverageMap(
    spec.tool,
    tests.map((test) => ({ test, executed: recorded.get(test)! })),
  );
  writeFileAtomic(file, `${JSON.stringify(map)}\n`);
  removeTree(tree);
  rmSync(journal, { force: true });
  return map;
}

/** A function once, however many objects or processes reported it. */
function distinctFunctions(executed: ExecutedFunction[]): ExecutedFunction[] {
  const seen = new Map<string, ExecutedFunction>();
  for (const fn of executed) seen.set(`${fn.path}\0${fn.startLine}\0${fn.endLine}`, fn);
  return [...seen.values()];
}

/**
 * The tests a stopped coverage pass recorded, or null when there is none to resume (no journal, or one of another
 * environment or collector). A last line cut short by the stop is dropped; any other damage is an error.
 */
function readCoverageJournal(
  journal: string,
  envHash: string,
  tool: CoverageTool,
): Map<string, ExecutedFunction[]> | null {
  if (!existsSync(journal)) return null;
  const lines = [...textLines(journal)];
  const recovery = 'delete it to record coverage anew';
  const parse = ({ text, line }: { text: string; line: number }): unknown => {
    try {
      return JSON.parse(text);
    } catch (error) {
      if (line === lines.length) return undefined;
      throw new InputError(`malformed JSON (${(error as Error).message}); ${recovery}`, { file: journal, line });
    }
  };
  const first = lines[0] ? parse(lines[0]) : undefined;
  if (first === undefined) return null;
  const start = parseRecord(CoverageJournalStartSchema, first, { file: journal, line: 1 }, recovery);
  if (start.envHash !== envHash || start.format !== COVERAGE_MAP_FORMAT || start.tool !== tool) return null;
  const done = new Map<string, ExecutedFunction[]>();
  for (const entry of lines.slice(1)) {
    const value = parse(entry);
    if (value === undefined) continue;
    const { test, executed } = parseRecord(
      CoverageJournalTestSchema,
      value,
      { file: journal, line: entry.line },
      recovery,
    );
    done.set(test, executed);
  }
  return done;
}

/** Everything needed before candidates run: the prepared tree, tests, state and coverage. */
export async function prepareEnvironment(env: ExecEnvironment, options: ExecOptions): Promise<PreparedEnvironment> {
  const context = createContext(env, options);
  const marker = await ensureBase(context);
  const state = readState(env);
  if (state && state.envHash !== context.envHash) {
    context.emit({
      kind: 'warning',
      message:
        `${statePath(env)} was written for another version of this environment or repository; its excluded ` +
        `tests are used anyway (run \`ctxbench exec check\` again to refresh them)`,
    });
  }
  const coverage = await ensureCoverage(context, marker.tests);
  return { ...context, tests: marker.tests, state, coverage };
}
