// From command outcomes to a verdict. Order of precedence: infrastructure failure (the sandbox did
// not start, the disk is full: never the candidate's verdict), timeout, crash by the output, disk
// or memory cap, sandbox-violation, build-error, crash, test-fail, then per-test grading, pass.
//
// Per-test grading (SWE-bench style): the runner's report (reports.ts) is parsed into per-test
// outcomes and compared with the tests `exec check` saw pass on the unmodified repository: each of
// them must be reported as passed. Fewer tests reported than expected (a candidate that exits 0
// before the tests ran, or prints a fake summary) is a test-fail with that reason. The exit status
// is the one the harness saw, never anything the candidate printed.
//
// sandbox-violation: the sandbox's own signal that a candidate tried to leave it, never words in a log: its seccomp
// filter killed the command for a call that reaches into another process or a 32-bit call (exit by SIGSYS). Writes
// outside the tree and /tmp (read-only mounts) and traffic off the sandbox's own loopback (its network namespace has
// no route) are refused by the kernel (EROFS, ENETUNREACH) and leave no trace but the program's own output, which a
// test may print for its own reasons: such an attempt is always stopped, and the tests judge what the candidate does
// after it. crash: a command killed by a signal (exit status 128+n from the shell, e.g. a segmentation fault or our
// kill for too much output) or stopped by a resource limit (refused fork, memory, file size, CPU time).
import type { Verdict } from '../runstore/index.ts';
import { parseReport } from './reports.ts';
import type { ReportSpec, RunOutcome } from './types.ts';

/**
 * Output of a full disk: the machine's failure when the host's file system is (nearly) full, else the command filled
 * its own tmpfs.
 */
export const INFRA_MARKERS: RegExp[] = [/no space left on device/i, /\bENOSPC\b/];

/** How test runners report a test process killed by a signal: node's runner (`signal: 'SIGABRT'`) and make. */
export const SIGNAL_MARKERS: RegExp[] = [
  /^\s*signal: '?SIG[A-Z]+'?\s*$/m,
  new RegExp(
    String.raw`^make(\[\d+\])?: \*\*\* \[.*\] ` +
      '(Segmentation fault|Aborted|Killed|Bus error|Illegal instruction|Floating point exception)',
    'm',
  ),
];
export const RESOURCE_MARKERS: RegExp[] = [
  /resource temporarily unavailable/i,
  /cannot fork/i,
  /cannot allocate memory/i,
  /\bMemoryError\b/,
  /std::bad_alloc/,
  /OutOfMemoryError/,
  /file size limit exceeded/i,
  /cpu time limit exceeded/i,
  /no space left on device/i,
];

export interface PhaseOutcome {
  phase: 'build' | 'test';
  command: string;
  outcome: RunOutcome;
  /**
   * test phases: the test names `exec check` saw pass for what this command runs (null: not recorded, graded by exit
   * status).
   */
  expected?: string[] | null;
  /** test phases: the report file's text, when the report is a file (null: none was written). */
  report?: string | null;
}

/** How test phases are judged beyond their exit status. */
export interface Grading {
  passPattern: string | null;
  report: ReportSpec | null;
}

export type Classification = { verdict: Verdict; reason: string } | { verdict: 'infra-error'; reason: string };

function failed(outcome: RunOutcome): boolean {
  return outcome.timedOut || outcome.outputLimited || outcome.exitCode !== 0;
}

function killedBySignal(outcome: RunOutcome): boolean {
  return outcome.signal !== null || (outcome.exitCode !== null && outcome.exitCode > 128 && outcome.exitCode < 160);
}

/**
 * A candidate that built for a task no test reaches (coverage) is not a pass: `not-covered`, and the build's failures
 * keep their verdicts.
 */
export function uncoveredVerdict(classification: Classification, uncovered: boolean): Classification {
  if (!uncovered || classification.verdict !== 'pass') return classification;
  return {
    verdict: 'not-covered',
    reason:
      "it builds, but no test of the environment executes this task's code (coverage): no test ran, nothing was judged",
  };
}

/** How long ctxbench's own event loop may stand still during a command before a timeout there is not trusted (ms). */
export const HOST_STALL_MS = 1000;

/** The verdict and a one-line reason. `phases` end at the first failing command. */
export function classify(phases: PhaseOutcome[], grading: Grading): Classification {
  const notStarted = phases.find((phase) => phase.outcome.sandboxFailed);
  if (notStarted)
    return {
      verdict: 'infra-error',
      reason:
        `the sandbox of the ${notStarted.phase} command did not start: ` +
        `${notStarted.outcome.output.trim().split('\n').pop() ?? ''}`,
    };
  for (const phase of phases) {
    const marker = INFRA_MARKERS.find((pattern) => pattern.test(phase.outcome.output));
    if (marker && phase.outcome.hostDiskFull && !phase.outcome.diskLimited)
      return { verdict: 'infra-error', reason: `${phase.phase}: the machine's disk is full (log matches ${marker})` };
  }
  const timedOut = phases.find((phase) => phase.outcome.timedOut);
  // The event loop stood still while the command ran: its exit may have been seen only after the deadline.
  if (timedOut && (timedOut.outcome.hostStalledMs ?? 0) >= HOST_STALL_MS) {
    return {
      verdict: 'infra-error',
      reason:
        `the host stalled for ${(timedOut.outcome.hostStalledMs! / 1000).toFixed(1)} s while the ` +
        `${timedOut.phase} command ran: its timeout is not a verdict`,
    };
  }
  if (timedOut) return { verdict: 'timeout', reason: `${timedOut.phase} passed the wall-clock timeout and was killed` };
  const flooded = phases.find((phase) => phase.outcome.outputLimited);
  if (flooded) return { verdict: 'crash', reason: `${flooded.phase} wrote more output than the limit and was killed` };
  const disk = phases.find((phase) => phase.outcome.diskLimited);
  if (disk)
    return {
      verdict: 'crash',
      reason:
        `${disk.phase} grew the tree by more than the disk limit (diskMb, shared by the candidate's commands) or ` +
        `filled the machine's file system, and was killed`,
    };
  const memory = phases.find((phase) => phase.outcome.memoryLimited);
  if (memory)
    return {
      verdict: 'crash',
      reason: `${memory.phase} passed the sandbox's memory cap (memoryMb, tmpfs included) and was killed`,
    };
  const forbidden = phases.find((phase) => phase.outcome.forbiddenCall);
  if (forbidden)
    return {
      verdict: 'sandbox-violation',
      reason:
        `the sandbox killed the ${forbidden.phase} command for a call it forbids (reaching into another ` +
        `process, or a system call of another architecture)`,
    };
  const failure = phases.find((phase) => failed(phase.outcome));
  if (failure?.phase === 'build')
    return { verdict: 'build-error', reason: `build command exited with ${failure.outcome.exitCode}` };
  if (failure) {
    if (killedBySignal(failure.outcome)) {
      const signal = failure.outcome.signal ?? `signal ${failure.outcome.exitCode! - 128}`;
      return { verdict: 'crash', reason: `test command was killed by ${signal}` };
    }
    const reported = SIGNAL_MARKERS.find((pattern) => pattern.test(failure.outcome.output));
    if (reported)
      return {
        verdict: 'crash',
        reason: `the test runner reports a test process killed by a signal (log matches ${reported})`,
      };
    const resource = RESOURCE_MARKERS.find((pattern) => pattern.test(failure.outcome.output));
    if (resource) return { verdict: 'crash', reason: `test hit a resource limit (log matches ${resource})` };
    return { verdict: 'test-fail', reason: `test command exited with ${failure.outcome.exitCode}` };
  }
  const perTest = gradeTests(phases, grading.report);
  if (perTest) return { verdict: 'test-fail', reason: perTest };
  const { passPattern } = grading;
  if (passPattern !== null) {
    const pattern = new RegExp(passPattern, 'm');
    const missing = phases.find((phase) => phase.phase === 'test' && !pattern.test(phase.outcome.output));
    if (missing)
      return {
        verdict: 'test-fail',
        reason: `test command exited 0 but its output does not match passPattern /${passPattern}/`,
      };
  }
  return { verdict: 'pass', reason: 'build and tests succeeded' };
}

/** Why the per-test report falls short of what `exec check` saw pass, or null when it does not. */
function gradeTests(phases: PhaseOutcome[], spec: ReportSpec | null): string | null {
  if (spec === null) return null;
  for (const phase of phases) {
    if (phase.phase !== 'test' || !phase.expected || phase.expected.length === 0) continue;
    const text = spec.file === null ? phase.outcome.output : (phase.report ?? '');
    const report = parseReport(text, spec);
    if (report.size === 0)
      return (
        `no test results reported by \`${phase.command}\` (it exited before its tests ran, or wrote no ` +
        `${spec.format} report); ${phase.expected.length} expected`
      );
    const failed = phase.expected.filter((name) => report.get(name) === 'fail');
    if (failed.length > 0) return `${failed.length} of ${phase.expected.length} tests failed (first: ${failed[0]})`;
    const missing = phase.expected.filter((name) => report.get(name) !== 'pass');
    if (missing.length > 0)
      return (
        `fewer tests reported passed than selected: ${phase.expected.length - missing.length} of ` +
        `${phase.expected.length} (first missing: ${missing[0]})`
      );
  }
  return null;
}

/** The last lines of the log (at most `maxLines` lines and `maxChars` characters). */
export function logTail(text: string, maxLines = 60, maxChars = 6000): string {
  // control characters (binary output) would garble the viewer
  const lines = text
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '?')
    .replace(/\s+$/, '')
    .split('\n');
  let tail = lines.slice(-maxLines).join('\n');
  if (tail.length > maxChars) tail = tail.slice(tail.length - maxChars);
  return tail;
}
