// Execution-based evaluation: environment files, the bubblewrap sandbox, splicing, per-test
// coverage and selection, the worker pool, and `exec check`. See docs/exec.md.
export type * from './types.ts';
export {
  loadEnvironment,
  parseEnvironment,
  DEFAULT_LIMITS,
  EnvironmentFileSchema,
  type EnvironmentFile,
} from './env.ts';
export {
  runCommand,
  missingTools,
  DEFAULT_KEPT_BYTES,
  ensureSandboxWorks,
  sandboxIdentity,
  treePathInside,
  SANDBOX_TREE,
  SANDBOXES,
  registerSandbox,
  type Sandbox,
  type SandboxRun,
  type CommandRun,
} from './sandbox.ts';
export { spliceCandidate, holeOf, spanOf, extractSpan } from './splice.ts';
export { selectTests, buildCoverageMap, type CoverageMap, type ExecutedFunction } from './coverage.ts';
export {
  classify,
  logTail,
  RESOURCE_MARKERS,
  SIGNAL_MARKERS,
  INFRA_MARKERS,
  type PhaseOutcome,
  type Grading,
  type Classification,
} from './verdict.ts';
export {
  prepareEnvironment,
  createContext,
  runInTree,
  ensureBase,
  ensureCoverage,
  environmentHash,
  statePath,
  readState,
  checkState,
  excludedTests,
  testCommand,
  CheckStateSchema,
  type CheckState,
  type PreparedEnvironment,
  stricterState,
} from './prepare.ts';
export { openDraftTesting, type DraftTesting } from './drafts.ts';
export {
  executeCandidates,
  ensureCheckState,
  runCandidates,
  CandidatePool,
  poolSize,
  testPlan,
  regradeLog,
  execCodeVersion,
  cacheSignature,
  CANDIDATE_LOG_BYTES,
  type ExecuteOptions,
  type CandidateLog,
} from './execute.ts';
export {
  parseReport,
  readReportFile,
  recordOutcome,
  REPORT_PARSERS,
  registerReportParser,
  type TestReport,
  type TestStatus,
  type ReportParser,
} from './reports.ts';
export { detectCgroups, describeCgroups, type CgroupSupport } from './cgroup.ts';
export { seccompProgram } from './seccomp.ts';
export { checkEnvironment, type CheckReport } from './check.ts';
export { CHEAT_PATTERNS, registerCheatPattern, cheatFlags, withCheatFlags, type CheatPattern } from './cheats.ts';
export {
  copyTree,
  chownTree,
  removeTree,
  resetTree,
  restoreWorker,
  rebuildWorker,
  manifestOf,
  manifestDifference,
  snapshotTree,
  fingerprintTree,
  stripReferenceTraces,
  ResetError,
} from './tree.ts';
