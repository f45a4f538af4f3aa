// Comments before a C or C++ definition as clang attaches them (YABLoCo's docstrings come from clang):
// across blank lines, unless a declaration or a preprocessor directive stands between.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extractFile } from '../../src/index/extract.ts';
import { extractFixture } from './extract-helpers.ts';

test('c: the nearest comment is the docstring across blank lines, not across a directive, a declaration or code on its line', async () => {
  const { facts } = await extractFixture('lang/c/doc-gaps.c');
  assert.deepEqual(
    facts.functions.map((fn) => [fn.name, fn.docstring]),
    [
      ['count', 'Counts the nodes: a blank line below does not detach it.'],
      ['twice', 'Doubles n.'],
      ['limit', null],
      ['first', null],
      ['second', null],
      ['joined', 'Touching lines\nare one comment.\nAnd this one joins them.'],
    ],
  );
});

test('cpp: the same rule, and a brace between ends it', async () => {
  const text =
    '// Adds.\n\nint add(int a, int b) { return a + b; }\n\nnamespace n {\n// Not above sub.\n}\n\nint sub(int a, ' +
    'int b) { return a - b; }\n';
  const facts = await extractFile('ops.cpp', 'cpp', text);
  assert.deepEqual(
    facts.functions.map((fn) => [fn.name, fn.docstring]),
    [
      ['add', 'Adds.'],
      ['sub', null],
    ],
  );
});

test("a language without the rule keeps a blank line as the docstring's end", async () => {
  const facts = await extractFile(
    'Ops.java',
    'java',
    'class Ops {\n  /** Adds. */\n\n  int add(int a, int b) { return a + b; }\n}\n',
  );
  assert.deepEqual(
    facts.functions.map((fn) => [fn.name, fn.docstring]),
    [['add', null]],
  );
});
