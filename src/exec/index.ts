// Execution-based evaluation: environment files, the bubblewrap sandbox, splicing, per-test
// coverage and selection, the worker pool, and `exec check`. See docs/exec.md.
export type * from './types.ts';
export { loadEnvironment, parseEnvironment, DEFAULT_LIMITS } from './env.ts';
export { runCommand, ensureSandboxWorks, sandboxIdentity, treePathInside, SANDBOX_TREE } from './sandbox.ts';
export { spliceCandidate, holeOf, offsetOf, spanOf, extractSpan, normalizeCandidate, candidateHash } from './splice.ts';
export { selectTests, buildCoverageMap, type CoverageMap, type ExecutedFunction } from './coverage.ts';
export { classify, logTail, VIOLATION_MARKERS, RESOURCE_MARKERS, SIGNAL_MARKERS, type PhaseOutcome } from './verdict.ts';
export { prepareEnvironment, createContext, runInTree, ensureBase, ensureCoverage, environmentHash, statePath, readState, excludedTests, testCommand, type CheckState, type PreparedEnvironment } from './prepare.ts';
export { executeCandidates, runCandidates, testPlan } from './execute.ts';
export { checkEnvironment, type CheckReport } from './check.ts';
export { copyTree, chownTree, removeTree, resetTree, snapshotTree, fingerprintTree } from './tree.ts';
