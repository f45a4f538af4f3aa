// Records of the execution stage: an environment file (how to set up, build and test one
// repository), the sandbox limits, and what one sandboxed command run yields.
import type { ExecResult } from '../runstore/index.ts';
import type { TaskRecord } from '../datasets/index.ts';

/** The built-in sandboxes' modes (runCommand); other sandboxes come from plugins (SANDBOXES). */
export type SandboxMode = 'bwrap' | 'none';

/** Per-run resource limits (applied with prlimit inside the sandbox, output capped by ctxbench). */
export interface Limits {
  /** CPU seconds per process (RLIMIT_CPU); defaults to the candidate timeout. */
  cpuSeconds: number;
  /** writable data per process in MiB (RLIMIT_DATA: counts committed heap, not reserved address space). */
  memoryMb: number;
  /** processes and threads of the sandbox (RLIMIT_NPROC, counted per sandbox user namespace). */
  processes: number;
  /** largest file a process may write, MiB (RLIMIT_FSIZE). */
  fileSizeMb: number;
  /** output (stdout + stderr) of one command beyond which it is killed, MiB. */
  outputMb: number;
  /** size of the private /tmp, MiB. */
  tmpMb: number;
  /** size of the private /dev/shm, MiB. */
  shmMb: number;
  /** how much the worker tree may grow during one command, MiB (a watchdog kills the sandbox beyond it). */
  diskMb: number;
  /** CPUs the sandbox may use at once (cgroup CPU quota, where cgroups are available). */
  cpus: number;
}

/** Where and how the test runner reports per-test outcomes (parsed by src/exec/reports.ts). */
export interface ReportSpec {
  /** a registered test-report parser (REPORT_PARSERS: tap, junit, unittest, regex, and plugins'). */
  format: string;
  /** a report file the runner writes, relative to the tree (junit; optional for tap); null = the command's output. */
  file: string | null;
  /** regex format: a line of a passed test, capturing its name. */
  pass: string | null;
  /** regex format: a line of a failed test, capturing its name. */
  fail: string | null;
}

/** How the test names are found and written into the `{tests}` placeholder of `test`. */
export interface TestsSpec {
  /** shell command printing one test name per line, run in the prepared tree. */
  list: string | null;
  /** fixed test names (instead of `list`). */
  names: string[] | null;
  /** how one name is written into `{tests}`; `{test}` is replaced by the shell-quoted name. */
  arg: string;
  /**
   * how one name is written into a build command's `{tests}` (the build target that makes the test, e.g. `--target
   * {test}`).
   */
  buildArg: string;
  /** true: the selected tests run in one command; false: one command per test, stopping at the first failure. */
  batch: boolean;
}

export const COVERAGE_TOOLS = ['gcov', 'python', 'node'] as const;
export type CoverageTool = (typeof COVERAGE_TOOLS)[number];

export interface CoverageSpec {
  tool: CoverageTool;
  /** run once in a copy of the prepared tree before the per-test coverage runs (e.g. a `--coverage` build). */
  build: string[];
}

/** A validated environment file. Paths are absolute. */
export interface ExecEnvironment {
  /** the environment file, for messages and the state file beside it. */
  file: string;
  /** file name without extension, used to name the work folder. */
  name: string;
  repo: string;
  setup: string[];
  build: string[];
  /**
   * test command; its `{tests}` placeholder (required with `tests`) takes the selected tests (empty = the whole suite).
   */
  test: string;
  tests: TestsSpec | null;
  /** wall-clock seconds per candidate (build + tests). */
  timeout: number;
  /** wall-clock seconds for the setup and for each coverage step. */
  setupTimeout: number;
  env: Record<string, string>;
  coverage: CoverageSpec | null;
  workers: number | null;
  limits: Limits;
  /** a regular expression the test output must match for `pass` (guards against a candidate that exits 0 early). */
  passPattern: string | null;
  /** let the setup reach the network (downloads); candidates never can. */
  setupNetwork: boolean;
  /** where prepared trees, coverage and the result cache live; null = the default folder. */
  workDir: string | null;
  /** extra host folders shown read-only in the sandbox at the same path. */
  mounts: string[];
  /** tools the commands need on the host (paths, `$CTXBENCH_HOME/...`, or command names); see `missingTools`. */
  requires: string[];
  /** the runner's per-test report; null = graded by exit status (and passPattern) only. */
  report: ReportSpec | null;
  /**
   * files and folders of the tree (relative) that the build and test commands see read-only: the tests that judge a
   * candidate.
   */
  testFiles: string[];
}

/** What one command run (sandboxed or not) yields. */
export interface RunOutcome {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** killed because its output passed `limits.outputMb`. */
  outputLimited: boolean;
  /** killed because the tree grew by more than `limits.diskMb`. */
  diskLimited?: boolean;
  /** a process was killed by the sandbox's memory cap (cgroups only). */
  memoryLimited?: boolean;
  /** the command was killed by the sandbox's seccomp filter (SIGSYS): it made a call the sandbox forbids. */
  forbiddenCall?: boolean;
  /** the sandbox itself could not start (an infrastructure failure, not the command's). */
  sandboxFailed?: boolean;
  /** the host's file system under the tree was (nearly) full when the command ended. */
  hostDiskFull?: boolean;
  /**
   * the longest time ctxbench's event loop stood still while the command ran (ms): its exit and clock are seen late.
   */
  hostStalledMs?: number;
  ms: number;
  /** the last part of the combined stdout/stderr. */
  output: string;
  /** total bytes written to stdout/stderr. */
  bytes: number;
}

export interface ExecItem {
  task: TaskRecord;
  /** the candidate text that replaces the task's span (function tasks) or fills its hole. */
  candidate: string;
  /** caller's key, returned with the result (e.g. `taskId#sample`). */
  key: string;
}

export interface ExecEvent {
  /** `start`: preparation is done and the candidates begin to run. */
  kind: 'prepare' | 'coverage' | 'warning' | 'start';
  message: string;
}

export interface ExecOptions {
  /** worker copies (default: env `workers`, else one per core). */
  workers?: number;
  /** a registered sandbox's name (default `bwrap`). */
  sandbox?: string;
  /** overrides env `workDir`. */
  workDir?: string;
  /** progress and warnings; default prints nothing. */
  onEvent?: (event: ExecEvent) => void;
  /** the caller already holds the work folder's lock. */
  lockHeld?: boolean;
}

export interface ExecOutput {
  key: string;
  /** null: an infrastructure failure (see `infraError`) after the retries; nothing to store or cache. */
  result: ExecResult | null;
  infraError?: string;
}
