// From command outcomes to a verdict. Order of precedence: timeout, crash by the output limit,
// sandbox-violation, build-error, crash, test-fail, pass.
//
// sandbox-violation: the sandbox stops writes outside the tree and /tmp (read-only mounts) and
// traffic off the sandbox's own loopback (its network namespace has no route); what the kernel
// answers such an attempt (EROFS, ENETUNREACH, a failed name lookup) shows in the log, and that
// is what marks a violation. An attempt whose error the candidate swallows silently is still
// stopped, only not named. crash: a command killed by a signal (exit status 128+n from the shell,
// e.g. a segmentation fault or our kill for too much output) or stopped by a resource limit
// (refused fork, memory, file size, CPU time).
import type { Verdict } from '../runstore/types.ts';
import type { RunOutcome } from './types.ts';

export const VIOLATION_MARKERS: RegExp[] = [/read-only file system/i, /\bEROFS\b/, /network is unreachable/i, /\bENETUNREACH\b/, /temporary failure in name resolution/i];
/** How test runners report a test process killed by a signal: node's runner (`signal: 'SIGABRT'`) and make. */
export const SIGNAL_MARKERS: RegExp[] = [
  /^\s*signal: '?SIG[A-Z]+'?\s*$/m,
  /^make(\[\d+\])?: \*\*\* \[.*\] (Segmentation fault|Aborted|Killed|Bus error|Illegal instruction|Floating point exception)/m,
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
];

export interface PhaseOutcome {
  phase: 'build' | 'test';
  command: string;
  outcome: RunOutcome;
}

function failed(outcome: RunOutcome): boolean {
  return outcome.timedOut || outcome.outputLimited || outcome.exitCode !== 0;
}

function killedBySignal(outcome: RunOutcome): boolean {
  return outcome.signal !== null || (outcome.exitCode !== null && outcome.exitCode > 128 && outcome.exitCode < 160);
}

/** The verdict and a one-line reason. `phases` end at the first failing command. */
export function classify(phases: PhaseOutcome[], passPattern: string | null): { verdict: Verdict; reason: string } {
  const timedOut = phases.find((phase) => phase.outcome.timedOut);
  if (timedOut) return { verdict: 'timeout', reason: `${timedOut.phase} passed the wall-clock timeout and was killed` };
  const flooded = phases.find((phase) => phase.outcome.outputLimited);
  if (flooded) return { verdict: 'crash', reason: `${flooded.phase} wrote more output than the limit and was killed` };
  for (const phase of phases) {
    const marker = VIOLATION_MARKERS.find((pattern) => pattern.test(phase.outcome.output));
    if (marker) return { verdict: 'sandbox-violation', reason: `${phase.phase} tried to leave the sandbox (log matches ${marker})` };
  }
  const failure = phases.find((phase) => failed(phase.outcome));
  if (failure?.phase === 'build') return { verdict: 'build-error', reason: `build command exited with ${failure.outcome.exitCode}` };
  if (failure) {
    if (killedBySignal(failure.outcome)) {
      const signal = failure.outcome.signal ?? `signal ${failure.outcome.exitCode! - 128}`;
      return { verdict: 'crash', reason: `test command was killed by ${signal}` };
    }
    const reported = SIGNAL_MARKERS.find((pattern) => pattern.test(failure.outcome.output));
    if (reported) return { verdict: 'crash', reason: `the test runner reports a test process killed by a signal (log matches ${reported})` };
    const resource = RESOURCE_MARKERS.find((pattern) => pattern.test(failure.outcome.output));
    if (resource) return { verdict: 'crash', reason: `test hit a resource limit (log matches ${resource})` };
    return { verdict: 'test-fail', reason: `test command exited with ${failure.outcome.exitCode}` };
  }
  if (passPattern !== null) {
    const pattern = new RegExp(passPattern, 'm');
    const missing = phases.find((phase) => phase.phase === 'test' && !pattern.test(phase.outcome.output));
    if (missing) return { verdict: 'test-fail', reason: `test command exited 0 but its output does not match passPattern /${passPattern}/` };
  }
  return { verdict: 'pass', reason: 'build and tests succeeded' };
}

/** The last lines of the log (at most `maxLines` lines and `maxChars` characters). */
export function logTail(text: string, maxLines = 60, maxChars = 6000): string {
  // control characters (binary output) would garble the viewer
  const lines = text.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '?').replace(/\s+$/, '').split('\n');
  let tail = lines.slice(-maxLines).join('\n');
  if (tail.length > maxChars) tail = tail.slice(tail.length - maxChars);
  return tail;
}
