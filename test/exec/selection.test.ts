// Test selection from a coverage map, and the classification of command outcomes into verdicts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { buildCoverageMap, classify, logTail, selectTests } from '../../src/exec/index.ts';
import type { RunOutcome } from '../../src/exec/index.ts';

const map = buildCoverageMap('python', [
  { test: 't_outer', executed: [{ path: 'm.py', startLine: 10, endLine: 30 }] },
  {
    test: 't_inner',
    executed: [
      { path: 'm.py', startLine: 10, endLine: 30 },
      { path: 'm.py', startLine: 14, endLine: 18 },
    ],
  },
  {
    test: 't_decorated',
    executed: [
      { path: 'm.py', startLine: 40, endLine: 45 },
      { path: 'other.py', startLine: 1, endLine: 9 },
    ],
  },
  { test: 't_none', executed: [] },
]);

function task(kind: TaskRecord['kind'], startLine: number, endLine: number, path = 'm.py'): TaskRecord {
  const base = {
    id: 'x',
    language: 'python' as const,
    repo: { name: 'r', commit: null },
    path,
    prefix: '',
    suffix: '',
    reference: '',
    span: { startLine, startColumn: 1, endLine, endColumn: 1 },
    labels: { lines: 1 },
  };
  return kind === 'function' ? { ...base, kind, name: 'f', signature: 'def f():', docstring: null } : { ...base, kind };
}

test('coverage map: functions with the indices of the tests that ran them', () => {
  assert.deepEqual(map.tests, ['t_outer', 't_inner', 't_decorated', 't_none']);
  assert.deepEqual(map.functions, [
    { path: 'm.py', startLine: 10, endLine: 30, tests: [0, 1] },
    { path: 'm.py', startLine: 14, endLine: 18, tests: [1] },
    { path: 'm.py', startLine: 40, endLine: 45, tests: [2] },
    { path: 'other.py', startLine: 1, endLine: 9, tests: [2] },
  ]);
});

test('function tasks take the tests of the function and its nested functions, not of enclosing ones', () => {
  assert.deepEqual(selectTests(map, task('function', 10, 30)), ['t_outer', 't_inner']);
  assert.deepEqual(selectTests(map, task('function', 14, 18)), ['t_inner']);
  // A decorated function starts at its decorator (line 40), before a span that starts at `def`.
  assert.deepEqual(selectTests(map, task('function', 41, 45)), ['t_decorated']);
  assert.equal(selectTests(map, task('function', 50, 60)), null);
  assert.equal(selectTests(map, task('function', 1, 9, 'missing.py')), null);
});

test('other tasks take the tests of the innermost function around the hole', () => {
  assert.deepEqual(selectTests(map, task('crossfile', 15, 15)), ['t_inner']);
  assert.deepEqual(selectTests(map, task('node', 25, 26)), ['t_outer', 't_inner']);
  assert.equal(selectTests(map, task('node', 35, 35)), null);
});

const ok: RunOutcome = {
  exitCode: 0,
  signal: null,
  timedOut: false,
  outputLimited: false,
  ms: 1,
  output: 'all tests passed\n',
  bytes: 17,
};
const phase = (kind: 'build' | 'test', outcome: Partial<RunOutcome>) => ({
  phase: kind,
  command: 'c',
  outcome: { ...ok, ...outcome },
});

test('verdicts and their precedence', () => {
  const verdict = (phases: ReturnType<typeof phase>[], pattern: string | null = null) =>
    classify(phases, { passPattern: pattern, report: null }).verdict;
  assert.equal(verdict([phase('build', {}), phase('test', {})]), 'pass');
  assert.equal(verdict([phase('build', { exitCode: 2, output: 'error: expected ;' })]), 'build-error');
  assert.equal(verdict([phase('build', {}), phase('test', { exitCode: 1, output: 'FAIL' })]), 'test-fail');
  assert.equal(verdict([phase('build', {}), phase('test', { exitCode: 139 })]), 'crash');
  assert.equal(
    verdict([phase('build', {}), phase('test', { exitCode: 1, output: "not ok 1\n  signal: 'SIGSEGV'\n" })]),
    'crash',
  );
  assert.equal(
    verdict([
      phase('build', {}),
      phase('test', { exitCode: 1, output: 'BlockingIOError: [Errno 11] Resource temporarily unavailable' }),
    ]),
    'crash',
  );
  assert.equal(
    verdict([phase('build', {}), phase('test', { exitCode: null, signal: 'SIGKILL', outputLimited: true })]),
    'crash',
  );
  assert.equal(
    verdict([
      phase('build', {}),
      phase('test', { exitCode: null, signal: 'SIGKILL', timedOut: true, output: 'Read-only file system' }),
    ]),
    'timeout',
  );
  // a violation is the sandbox's signal (its filter killed the command), never words in the log
  assert.equal(
    verdict([phase('build', {}), phase('test', { exitCode: 159, forbiddenCall: true })]),
    'sandbox-violation',
  );
  assert.equal(verdict([phase('build', { forbiddenCall: true })]), 'sandbox-violation');
  assert.equal(
    verdict([phase('build', {}), phase('test', { output: "EROFS: read-only file system, open '/etc/x'\nok" })]),
    'pass',
  );
  assert.equal(verdict([phase('build', { exitCode: 2, output: 'connect: Network is unreachable' })]), 'build-error');
  assert.equal(verdict([phase('build', {}), phase('test', { output: 'exiting early' })], 'tests passed$'), 'test-fail');
  assert.equal(verdict([phase('build', {}), phase('test', {})], 'tests passed$'), 'pass');
});

test('the log tail keeps the last lines and hides control characters', () => {
  const text = Array.from({ length: 100 }, (_, index) => `line ${index}`).join('\n');
  assert.equal(logTail(text, 3), 'line 97\nline 98\nline 99');
  assert.equal(logTail('a\u0000b\n\n'), 'a?b');
  assert.equal(logTail('x'.repeat(50), 10, 8), 'xxxxxxxx');
});
