// CrossCodeEval's tokenizer (NLTK word_tokenize, then \w+ per word) and Python string helpers.
// nltk-vectors.json comes from NLTK 3.8 itself (fixtures/context/parity/make-nltk-vectors.py);
// the hand-written cases below name the rules: ENDING_QUOTES splits "n't"/"N'T" only before a
// literal space (after NLTK's padding), CONTRACTIONS2 splits cannot/gimme/gonna/gotta/lemme and
// wanna before whitespace, CONTRACTIONS3 splits 'tis/'twas after a literal space.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { codeTokens, punktSentences } from '../../src/context/nltk.ts';
import { linesWithEnds, nonBlankLines, pySplitlines, pyStrip } from '../../src/context/text.ts';

test('tokens agree with NLTK 3.8 on every parity vector (edge cases and 3,000 seeded random strings)', () => {
  const vectors = JSON.parse(
    readFileSync(new URL('../fixtures/context/parity/nltk-vectors.json', import.meta.url), 'utf8'),
  ) as [string, string[]][];
  assert.equal(vectors.length, 3059);
  const differing = vectors.filter(([text, expected]) => JSON.stringify(codeTokens(text)) !== JSON.stringify(expected));
  assert.deepEqual(differing, []);
});

test("n't splits only before a literal space, not before tab, newline, CR or NBSP", () => {
  assert.deepEqual(codeTokens("don't\tstop"), ['don', 't', 'stop']);
  assert.deepEqual(codeTokens("don't\nstop"), ['don', 't', 'stop']);
  assert.deepEqual(codeTokens("don't\rstop"), ['don', 't', 'stop']);
  assert.deepEqual(codeTokens("don't\u00a0stop"), ['don', 't', 'stop']);
  // a sentence end pads the text: a newline after the sentence-final period does split.
  assert.deepEqual(codeTokens("isn't.\nNext"), ['is', 'n', 't', 'Next']);
});

test('punkt keeps closing quotes and brackets with the sentence they close', () => {
  assert.deepEqual(punktSentences('say "don\'t." Then'), ['say "don\'t."', 'Then']);
  assert.deepEqual(punktSentences('(Sent1.) Sent2.'), ['(Sent1.)', 'Sent2.']);
  assert.deepEqual(codeTokens('say "don\'t." Then'), ['say', 'do', 'n', 't', 'Then']);
});

test("'tis and 'twas split after a literal space or at a sentence start", () => {
  assert.deepEqual(codeTokens("x 'tis"), ['x', 't', 'is']);
  assert.deepEqual(codeTokens("'Twas y"), ['T', 'was', 'y']);
  assert.deepEqual(codeTokens("x\n'tis"), ['x', 'tis']);
  assert.deepEqual(codeTokens("a? 'twas"), ['a', 't', 'was']);
  assert.deepEqual(codeTokens("x\t'tis"), ['x', 'tis']);
});

test('code is split into \\w+ runs with case kept', () => {
  assert.deepEqual(codeTokens('x_1 = self.y2+3 # Foo(bar)'), ['x_1', 'self', 'y2', '3', 'Foo', 'bar']);
  assert.deepEqual(codeTokens('if (a<=b) { return "s"; }'), ['if', 'a', 'b', 'return', 's']);
  assert.deepEqual(codeTokens(''), []);
  assert.deepEqual(codeTokens('+-*/ ;'), []);
});

test("n't is split off when NLTK would see a space after it", () => {
  // "don't stop" → NLTK "do n't stop" → \w+: do, n, t, stop (a plain \w+ split would give don, t).
  assert.deepEqual(codeTokens("don't stop"), ['do', 'n', 't', 'stop']);
  // end of text: NLTK pads the text with a space.
  assert.deepEqual(codeTokens("can't"), ['ca', 'n', 't']);
  // sentence-final period, comma before a non-digit, and a padded bracket all count as a space.
  assert.deepEqual(codeTokens("It isn't. Next"), ['It', 'is', 'n', 't', 'Next']);
  assert.deepEqual(codeTokens("don't, x"), ['do', 'n', 't', 'x']);
  assert.deepEqual(codeTokens("(don't)"), ['do', 'n', 't']);
  assert.deepEqual(codeTokens("DON'T"), ['DO', 'N', 'T']);
  // no split: a digit after the comma, a longer word after the apostrophe, mixed case N't, a mid-sentence dot.
  assert.deepEqual(codeTokens("don't,1"), ['don', 't', '1']);
  assert.deepEqual(codeTokens("don'ts"), ['don', 'ts']);
  assert.deepEqual(codeTokens("DoN't"), ['DoN', 't']);
  assert.deepEqual(codeTokens("don't.x"), ['don', 't', 'x']);
});

test('MacIntyre contractions split whole words only', () => {
  assert.deepEqual(codeTokens('cannot Cannot gonna gotta lemme gimme'), [
    'can',
    'not',
    'Can',
    'not',
    'gon',
    'na',
    'got',
    'ta',
    'lem',
    'me',
    'gim',
    'me',
  ]);
  assert.deepEqual(codeTokens('cannot_ x_cannot cannots'), ['cannot_', 'x_cannot', 'cannots']);
  // wanna only before whitespace (or the end): "wanna-x" keeps it whole.
  assert.deepEqual(codeTokens('wanna go'), ['wan', 'na', 'go']);
  assert.deepEqual(codeTokens('wanna-x'), ['wanna', 'x']);
});

test("Python's \\w: letters and digits of any script, combining marks excluded", () => {
  assert.deepEqual(codeTokens('naïve café ３'), ['naïve', 'café', '３']);
  assert.deepEqual(codeTokens('e\u0301t\u00e9'), ['e', 'té']);
});

test('Python string helpers', () => {
  assert.equal(pyStrip('\x1c\t x \u3000'), 'x');
  assert.equal(pyStrip('\ufeff'), '\ufeff'); // not whitespace for Python
  assert.deepEqual(pySplitlines('a\r\nb\x0cc\n'), ['a', 'b', 'c']);
  assert.deepEqual(pySplitlines(''), []);
  assert.deepEqual(nonBlankLines('a\n  \n\tb\n\n'), ['a', '\tb']);
  assert.deepEqual(linesWithEnds('a\nb\n\nc'), ['a\n', 'b\n', '\n', 'c']);
});
