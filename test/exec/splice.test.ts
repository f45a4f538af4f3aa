// Splicing candidates into files, span arithmetic, and the whitespace normalisation of candidates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { offsetOf } from '../../src/datasets/index.ts';
import { extractSpan, spanOf, spliceCandidate } from '../../src/exec/index.ts';

const FILE = 'int a;\n\nint f(int x)\n{\n    return x;\n}\n\nint b;\n';
const FUNCTION = 'int f(int x)\n{\n    return x;\n}';

function task(kind: TaskRecord['kind'], text: string, hole: string): TaskRecord {
  const start = text.indexOf(hole);
  const base = {
    id: 't1',
    language: 'c' as const,
    repo: { name: 'r', commit: null },
    path: 'src/f.c',
    prefix: text.slice(0, start),
    suffix: text.slice(start + hole.length),
    reference: hole,
    span: spanOf(text, start, start + hole.length),
    labels: { lines: 1 },
  };
  return kind === 'function'
    ? { ...base, kind, name: 'f', signature: 'int f(int x)', docstring: null }
    : { ...base, kind };
}

test('spans: 1-based lines and columns, end column one past the last character', () => {
  assert.deepEqual(spanOf(FILE, FILE.indexOf('int f'), FILE.indexOf('int f') + FUNCTION.length), {
    startLine: 3,
    startColumn: 1,
    endLine: 6,
    endColumn: 2,
  });
  assert.equal(offsetOf(FILE, 3, 1), 8);
  assert.equal(offsetOf(FILE, 5, 12), FILE.indexOf('x;'));
  assert.equal(extractSpan(FILE, { startLine: 5, startColumn: 12, endLine: 5, endColumn: 14 }), 'x;');
  assert.equal(extractSpan('ab\ncd', { startLine: 2, startColumn: 1, endLine: 2, endColumn: 3 }), 'cd');
  assert.throws(() => offsetOf(FILE, 20, 1), /line 20 is past the end/);
  assert.throws(() => offsetOf(FILE, 1, 30), /column 30 is outside line 1/);
});

test('a function task: the whole function (signature included) is replaced; the new span holds the candidate', () => {
  const candidate = 'int f(int x)\n{\n    if (x < 0)\n        return -x;\n    return x;\n}';
  const { text, span } = spliceCandidate(task('function', FILE, FUNCTION), FILE, candidate);
  assert.equal(text, `int a;\n\n${candidate}\n\nint b;\n`);
  assert.deepEqual(span, { startLine: 3, startColumn: 1, endLine: 8, endColumn: 2 });
  assert.equal(extractSpan(text, span), candidate);
});

test('a whole-lines function hole (reference ending in a line break, as the tasks stage builds them) keeps the line break', () => {
  const record = task('function', FILE, `${FUNCTION}\n`);
  record.span = spanOf(FILE, 8, 8 + FUNCTION.length);
  const { text } = spliceCandidate(record, FILE, 'int f(int x) { return 0; }');
  assert.equal(text, 'int a;\n\nint f(int x) { return 0; }\n\nint b;\n');
});

test('other kinds: the hole between prefix and suffix is filled', () => {
  const hole = 'return x;';
  const { text, span } = spliceCandidate(task('crossfile', FILE, hole), FILE, 'return x + 1;');
  assert.equal(text, FILE.replace('return x;', 'return x + 1;'));
  assert.deepEqual(span, { startLine: 5, startColumn: 5, endLine: 5, endColumn: 18 });
});

test("a file that is not the task's gives a clear error", () => {
  const changed = FILE.replace('return x;', 'return x * 2;');
  assert.throws(
    () => spliceCandidate(task('function', FILE, FUNCTION), changed, FUNCTION),
    /src\/f\.c, field 'task t1': the text at span 3:1-6:2 is not the task's reference/,
  );
  assert.throws(
    () => spliceCandidate(task('node', FILE, 'int b;'), 'int a;\n', 'x'),
    /does not start with the task prefix and end with its suffix/,
  );
  const shortFile = 'int a;\n';
  assert.throws(
    () => spliceCandidate(task('function', FILE, FUNCTION), shortFile, FUNCTION),
    /span 3:1-6:2 is not in the file/,
  );
});
