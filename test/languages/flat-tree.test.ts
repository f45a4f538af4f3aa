// The flat tree answers every question the index asks of a node as web-tree-sitter's own Node does, node by node, on
// the language fixtures of every language (and on a file with syntax errors).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { Node } from 'web-tree-sitter';
import { flatten, languageForPath, parse, type SyntaxNode } from '../../src/languages/index.ts';

const FIXTURES = new URL('../fixtures/lang/', import.meta.url).pathname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** What a node is, told apart from every other node of its tree (web-tree-sitter's ids are not the flat tree's). */
function place(node: SyntaxNode | null): string {
  return node === null ? 'none' : `${node.type}@${node.startIndex}-${node.endIndex}/${node.isNamed}`;
}

function places(nodes: (SyntaxNode | null)[]): string[] {
  return nodes.map(place);
}

/**
 * Every answer of one node that the extraction reads, as comparable strings. Fields are the cursor's, as tree-sitter
 * prints a tree: the first child of `childrenForFieldName` (web-tree-sitter's `childForFieldName` also answers a field
 * the grammar passes up from a child's children, Lua's `assignment_statement name:`, and misses a few of a node's own,
 * Haskell's `type_params bind:`; the extraction's facts are the same either way: bench/README.md, "Scale").
 */
function answers(node: SyntaxNode, fields: readonly string[], types: readonly string[], flat: boolean): string[] {
  const out = [
    place(node),
    node.text,
    JSON.stringify([node.startPosition, node.endPosition]),
    place(node.parent),
    places(node.children).join(' '),
    places(node.namedChildren).join(' '),
    `${node.childCount} ${node.namedChildCount}`,
    place(node.child(0)),
    place(node.child(node.childCount - 1)),
    place(node.namedChild(1)),
    place(node.firstNamedChild),
    place(node.lastNamedChild),
    place(node.previousSibling),
    place(node.previousNamedSibling),
    places(node.descendantsOfType([...types])).join(' '),
  ];
  for (const field of fields) {
    const all = node.childrenForFieldName(field);
    out.push(`${field}: ${place(flat ? node.childForFieldName(field) : (all[0] ?? null))} ${places(all).join(' ')}`);
  }
  return out;
}

function allNodes(root: SyntaxNode): SyntaxNode[] {
  const nodes: SyntaxNode[] = [];
  const visit = (node: SyntaxNode) => {
    nodes.push(node);
    for (const child of node.children) if (child) visit(child);
  };
  visit(root);
  return nodes;
}

test('a flat tree answers like web-tree-sitter on every node of every language fixture', async () => {
  const files = filesUnder(FIXTURES).filter((file) => languageForPath(file) !== null);
  const languages = new Set<string>();
  let compared = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const language = languageForPath(file, text)!;
    const tree = await parse(language, text);
    try {
      const flat = flatten(tree, text);
      const fields = tree.language.fields.filter((field): field is string => field !== null);
      // a few types, to compare descendantsOfType (the walk's own question) without making it quadratic
      const types = [...new Set(allNodes(tree.rootNode as Node).map((node) => node.type))].slice(0, 6);
      const expected = allNodes(tree.rootNode as Node);
      const actual = allNodes(flat.rootNode);
      assert.equal(actual.length, expected.length, `${file}: node count`);
      expected.forEach((node, i) => {
        const flat = actual[i]!;
        assert.deepEqual(answers(flat, fields, types, true), answers(node, fields, types, false), `${file}: node ${i}`);
        // where web-tree-sitter's own lookup answers with a child of the node, it is the same child
        for (const field of fields) {
          const own = node.childForFieldName(field);
          if (own && place(own.parent) === place(node))
            assert.equal(place(flat.childForFieldName(field)), place(own), `${file}: node ${i} ${field}`);
        }
      });
      compared += expected.length;
      languages.add(language);
    } finally {
      tree.delete();
    }
  }
  assert.ok(languages.size >= 18, `languages compared: ${[...languages].join(', ')}`);
  assert.ok(compared > 10_000, `${compared} nodes compared`);
});

test('an error-recovered tree keeps its structure and a field names the node the grammar gave it', async () => {
  const text = [
    'abstract class Foo {',
    '  def bar {}',
    '  def baz',
    '  def boo(i: Int, l: Long)',
    '  def boz(i: Int, l: Long) {}',
    '  def this(i: Int) { this() }',
    '}',
    '',
  ].join('\n');
  const tree = await parse('scala', text);
  try {
    const flat = flatten(tree, text);
    assert.equal(tree.rootNode.hasError, true);
    assert.deepEqual(places(allNodes(flat.rootNode)), places(allNodes(tree.rootNode as Node)));
    const [, definition] = flat.rootNode.descendantsOfType('function_definition');
    // web-tree-sitter's own lookup names the ERROR node before them
    assert.equal(
      (tree.rootNode as Node).descendantsOfType('function_definition')[1]!.childForFieldName('parameters')?.type,
      'ERROR',
    );
    assert.equal(definition!.childForFieldName('parameters')?.text, '(i: Int, l: Long)');
    assert.deepEqual(
      definition!.childrenForFieldName('parameters').map((node) => node.text),
      ['(i: Int, l: Long)', '(i: Int, l: Long)'],
    );
  } finally {
    tree.delete();
  }
});

test('a node ending where the text starts is passed over by descendantsOfType, as web-tree-sitter does', async () => {
  const text = '';
  const tree = await parse('python', text);
  try {
    const flat = flatten(tree, text);
    assert.equal(flat.size, 1);
    assert.deepEqual(flat.rootNode.descendantsOfType('module'), []);
    assert.deepEqual(places(tree.rootNode.descendantsOfType('module')), []);
  } finally {
    tree.delete();
  }
});
