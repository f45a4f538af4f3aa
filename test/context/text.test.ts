// CrossCodeEval's tokenizer (NLTK word_tokenize, then \w+ per word) and Python string helpers.
// Expected tokens are derived by hand from NLTK's NLTKWordTokenizer rules: only the contraction
// rules change \w+ runs — ENDING_QUOTES splits "n't"/"N'T" when a space follows (after padding),
// CONTRACTIONS2 splits cannot/gimme/gonna/gotta/lemme, and wanna before whitespace.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codeTokens, linesWithEnds, nonBlankLines, pySplitlines, pyStrip } from '../../src/context/text.ts';

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
  assert.deepEqual(codeTokens('cannot Cannot gonna gotta lemme gimme'), ['can', 'not', 'Can', 'not', 'gon', 'na', 'got', 'ta', 'lem', 'me', 'gim', 'me']);
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
