// Every named node type of these grammars has its own M2RC-Eval label (none relies on the fallback),
// and the labels come from the shared vocabulary.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getLanguage } from '../../src/languages/registry.ts';
import { LABELS, SEMANTIC_SUBCLASSES, type LanguageId } from '../../src/languages/types.ts';
import { grammarNodeTypes } from './table-kit.ts';

const FULLY_LABELLED: LanguageId[] = [
  'c',
  'cpp',
  'objc',
  'python',
  'java',
  'javascript',
  'typescript',
  'tsx',
  'go',
  'csharp',
];

test('LABELS names every class/subclass pair of the vocabulary exactly once', () => {
  const pairs = Object.values(LABELS).map((label) => `${label.class} / ${label.subclass}`);
  const vocabulary = Object.entries(SEMANTIC_SUBCLASSES).flatMap(([cls, subclasses]) =>
    subclasses.map((subclass) => `${cls} / ${subclass}`),
  );
  assert.deepEqual([...pairs].sort(), [...vocabulary].sort());
});

for (const id of FULLY_LABELLED) {
  test(`${id}: every named node type of the grammar has a semantic label`, () => {
    const spec = getLanguage(id);
    const missing = [...grammarNodeTypes(spec)].filter((type) => !Object.hasOwn(spec.semantic, type));
    assert.deepEqual(missing, []);
  });
}
