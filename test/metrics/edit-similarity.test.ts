// difflib's SequenceMatcher on long inputs (autojunk) against CPython's own numbers, and the
// RepoCoder and YABLoCo variants on hand-checked cases.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  editSimilarity,
  editSimilarityDifflib,
  editSimilarityLevenshtein,
  lcsLength,
  levenshteinDistance,
} from '../../src/metrics/edit-similarity.ts';
import { exactMatchNoWhitespace } from '../../src/metrics/exact-match.ts';
import { codePoints } from '../../src/metrics/pystr.ts';
import { matchingCharacters, sequenceMatcherRatio } from '../../src/metrics/sequence-matcher.ts';

const longCases = readFileSync(new URL('../fixtures/metrics/difflib_long.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as { a: string; b: string; ratio: number; matches: number; fuzz_ratio: number });

test('SequenceMatcher matches CPython on 150 long pairs, popular-element purge included', () => {
  assert.ok(longCases.filter((c) => codePoints(c.b).length >= 200).length >= 100);
  for (const [index, c] of longCases.entries()) {
    const a = codePoints(c.a);
    const b = codePoints(c.b);
    assert.equal(matchingCharacters(a, b), c.matches, `case ${index + 1}: matching characters`);
    assert.equal(sequenceMatcherRatio(a, b), c.ratio, `case ${index + 1}: ratio`);
    assert.equal(editSimilarityDifflib(c.a, c.b), c.fuzz_ratio, `case ${index + 1}: fuzz ratio`);
  }
});

test('autojunk changes the result on a long, repetitive second sequence (values from CPython)', () => {
  const b = codePoints(`${'ba'.repeat(150)}x`);
  // 'a' and 'b' each make up half of b, more than 1% + 1: they are purged from the index, so only
  // 'x' is found; without autojunk the long runs match.
  assert.equal(matchingCharacters(codePoints(`${'ab'.repeat(150)}x`), b, true), 1);
  assert.equal(matchingCharacters(codePoints(`${'ab'.repeat(150)}x`), b, false), 300);
  assert.equal(matchingCharacters(codePoints(`x${'ab'.repeat(150)}`), b, true), 1);
  assert.equal(matchingCharacters(codePoints(`x${'ab'.repeat(150)}`), b, false), 299);
});

test('bit-parallel LCS and Levenshtein agree with the textbook recurrences across word boundaries', () => {
  const naiveLcs = (a: number[], b: number[]) => {
    const row = new Array(b.length + 1).fill(0);
    for (let i = 1; i <= a.length; i++) {
      let diagonal = 0;
      for (let j = 1; j <= b.length; j++) {
        const above = row[j];
        row[j] = a[i - 1] === b[j - 1] ? diagonal + 1 : Math.max(row[j], row[j - 1]);
        diagonal = above;
      }
    }
    return row[b.length];
  };
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let round = 0; round < 200; round++) {
    const make = () => Array.from({ length: Math.floor(random() * 140) }, () => 97 + Math.floor(random() * 4));
    const a = make();
    const b = make();
    assert.equal(lcsLength(a, b), naiveLcs(a, b));
  }
  assert.equal(levenshteinDistance(codePoints('kitten'), codePoints('sitting')), 3);
  assert.equal(levenshteinDistance(codePoints('😀ab'), codePoints('ab')), 1);
});

test('es counts code points and follows fuzz.ratio for empty and equal texts', () => {
  assert.equal(editSimilarity('', ''), 100);
  assert.equal(editSimilarity('  x ', 'x'), 100);
  assert.equal(editSimilarity('abc', '   '), 0);
  // 'a😀' vs 'a': 3 code points in total, indel 1 -> round(100 * 2/3) = 67 (UTF-16 units would give 50).
  assert.equal(editSimilarity('a😀', 'a'), 67);
  // 'abcde' vs 'abcdf': indel 2 of 10 -> 80; 'ab' vs 'abcdef': 100 * 4/8 = 50.
  assert.equal(editSimilarity('abcde', 'abcdf'), 80);
  assert.equal(editSimilarity('ab', 'abcdef'), 50);
  // Ties round half to even, as Python's round(): 100 * 2/16 = 12.5 -> 12 (Math.round gives 13),
  // 100 * 6/16 = 37.5 -> 38.
  assert.equal(editSimilarity('a', 'abcdefghijklmno'), 12);
  assert.equal(editSimilarity('abc', 'abcdefghijklm'), 38);
});

test("es-levenshtein is RepoCoder's compute_ES", () => {
  assert.equal(editSimilarityLevenshtein('x = 1', 'x = 1'), 1);
  assert.equal(editSimilarityLevenshtein('kitten', 'sitting'), 1 - 3 / 7);
  // Lines are stripped, blank lines dropped, and the prediction is cut to the reference's line count.
  assert.equal(editSimilarityLevenshtein('  a = 1\n\n  b = 2\nextra line', 'a = 1\nb = 2'), 1);
  assert.equal(editSimilarityLevenshtein('', 'abc'), 0);
  assert.equal(editSimilarityLevenshtein('', ''), 1);
});

test('em-nows ignores every kind of whitespace, Unicode spaces included', () => {
  assert.equal(exactMatchNoWhitespace('int f( int x ) {\n\treturn x;\n}', 'int f(int x){return x;}'), 1);
  assert.equal(exactMatchNoWhitespace('a\u00a0b\u3000c', 'abc'), 1);
  assert.equal(exactMatchNoWhitespace('a b', 'ab;'), 0);
});
