import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffLines, formatDiff, splitLines, type DiffLine } from '../../src/web/diff.ts';

test('splitLines: a final newline ends the last line, it does not start an empty one', () => {
  assert.deepEqual(splitLines(''), []);
  assert.deepEqual(splitLines('a'), ['a']);
  assert.deepEqual(splitLines('a\n'), ['a']);
  assert.deepEqual(splitLines('a\n\n'), ['a', '']);
  assert.deepEqual(splitLines('\n'), ['']);
});

test("Myers' example (ABCABBA -> CBABAC) takes the minimal 5 edits, deletions before insertions in each block", () => {
  assert.deepEqual(formatDiff(diffLines('A\nB\nC\nA\nB\nB\nA\n', 'C\nB\nA\nB\nA\nC\n')), [
    '- A',
    '- B',
    '  C',
    '+ B',
    '  A',
    '  B',
    '- B',
    '  A',
    '+ C',
  ]);
});

test('a changed line inside a function: line numbers on both sides', () => {
  const reference = 'long f(void)\n{\n    return -1;\n}\n';
  const candidate = 'long f(void)\n{\n    log();\n    return 0;\n}\n';
  assert.deepEqual(diffLines(reference, candidate), [
    { op: 'equal', text: 'long f(void)', oldLine: 1, newLine: 1 },
    { op: 'equal', text: '{', oldLine: 2, newLine: 2 },
    { op: 'delete', text: '    return -1;', oldLine: 3, newLine: null },
    { op: 'insert', text: '    log();', oldLine: null, newLine: 3 },
    { op: 'insert', text: '    return 0;', oldLine: null, newLine: 4 },
    { op: 'equal', text: '}', oldLine: 4, newLine: 5 },
  ]);
});

test('edge cases: identical, empty on either side, only a trailing newline differs', () => {
  assert.deepEqual(formatDiff(diffLines('x\ny', 'x\ny')), ['  x', '  y']);
  assert.deepEqual(formatDiff(diffLines('', 'a\nb')), ['+ a', '+ b']);
  assert.deepEqual(formatDiff(diffLines('a\nb\n', '')), ['- a', '- b']);
  assert.deepEqual(formatDiff(diffLines('', '')), []);
  assert.deepEqual(formatDiff(diffLines('a\n', 'a')), ['  a']);
  assert.deepEqual(formatDiff(diffLines('a\nb', 'b\na')), ['- a', '  b', '+ a']);
});

function lcsLength(a: string[], b: string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++)
      table[i]![j] = a[i - 1] === b[j - 1] ? table[i - 1]![j - 1]! + 1 : Math.max(table[i - 1]![j]!, table[i]![j - 1]!);
  }
  return table[a.length]![b.length]!;
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

test('on 500 random pairs the diff rebuilds both texts and is as short as the LCS allows', () => {
  const next = seeded(11);
  for (let round = 0; round < 500; round++) {
    const make = () => Array.from({ length: Math.floor(next() * 14) }, () => 'abcd'[Math.floor(next() * 4)]!);
    const a = make();
    const b = make();
    const lines: DiffLine[] = diffLines(a.map((l) => `${l}\n`).join(''), b.map((l) => `${l}\n`).join(''));
    assert.deepEqual(
      lines.filter((l) => l.op !== 'insert').map((l) => l.text),
      a,
    );
    assert.deepEqual(
      lines.filter((l) => l.op !== 'delete').map((l) => l.text),
      b,
    );
    assert.equal(
      lines.filter((l) => l.op !== 'equal').length,
      a.length + b.length - 2 * lcsLength(a, b),
      `${a.join('')} -> ${b.join('')}`,
    );
    assert.deepEqual(
      lines.filter((l) => l.oldLine !== null).map((l) => l.oldLine),
      a.map((_, i) => i + 1),
    );
    assert.deepEqual(
      lines.filter((l) => l.newLine !== null).map((l) => l.newLine),
      b.map((_, i) => i + 1),
    );
    // Within a changed block no insertion comes before a deletion.
    for (let i = 1; i < lines.length; i++) assert.ok(!(lines[i - 1]!.op === 'insert' && lines[i]!.op === 'delete'));
  }
});
