// M2RC-Eval labels of the node family, checked by hand on one small file per language: depth
// (root = 1), the tree's depth N, bucket ceil(10 i / N), and the language table's semantic class.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { getLanguage, languageForPath } from '../../src/languages/registry.ts';
import { SEMANTIC_CLASSES, subclassesOf, type SemanticClass } from '../../src/languages/types.ts';
import { depthBucket, listNamedNodes, semanticLabel } from '../../src/tasks/node-sample.ts';
import { FIXTURES } from './helpers.ts';

const D = 'Declaration and Definition';
const C = 'Control Flow Structure';
const I = 'Identifier and Scope/identifier';
const OP = 'Expression/operation';
const NUM = 'Data Type/numeric';
const PRIM = 'Data Type/primitive';
const BLOCK = 'Statement/compound';

/** file → tree depth N, then [node type, text, depth, bucket, semantic] for nodes picked by hand. */
const CASES: Record<string, { N: number; nodes: [string, string, number, number, string][] }> = {
  // module(1) function_definition(2) identifier/parameters/block(3) return_statement(4) binary_operator(5)
  // identifier(6)
  'add.py': {
    N: 6,
    nodes: [
      ['function_definition', 'def add(a, b):\n    return a + b', 2, 4, `${D}/function`],
      ['identifier', 'add', 3, 5, I],
      ['block', 'return a + b', 3, 5, BLOCK],
      ['return_statement', 'return a + b', 4, 7, `${C}/jump`],
      ['binary_operator', 'a + b', 5, 9, OP],
      ['identifier', 'b', 4, 7, I],
    ],
  },
  'add.c': {
    N: 6,
    nodes: [
      ['function_definition', 'int add(int a, int b) {\n    return a + b;\n}', 2, 4, `${D}/function`],
      ['primitive_type', 'int', 3, 5, PRIM],
      ['parameter_declaration', 'int a', 5, 9, `${D}/variable`],
      ['compound_statement', '{\n    return a + b;\n}', 3, 5, BLOCK],
      ['return_statement', 'return a + b;', 4, 7, `${C}/jump`],
      ['binary_expression', 'a + b', 5, 9, OP],
    ],
  },
  'M.java': {
    N: 8,
    nodes: [
      ['class_declaration', 'class M {\n    int add(int a) {\n        return a + 1;\n    }\n}', 2, 3, `${D}/class`],
      ['method_declaration', 'int add(int a) {\n        return a + 1;\n    }', 4, 5, `${D}/function`],
      ['integral_type', 'int', 5, 7, PRIM],
      ['return_statement', 'return a + 1;', 6, 8, `${C}/jump`],
      ['binary_expression', 'a + 1', 7, 9, OP],
      ['decimal_integer_literal', '1', 8, 10, NUM],
    ],
  },
  'add.ts': {
    N: 7,
    nodes: [
      ['function_declaration', 'function add(a: number): number {\n  return a + 1;\n}', 3, 5, `${D}/function`],
      ['required_parameter', 'a: number', 5, 8, `${D}/variable`],
      ['predefined_type', 'number', 7, 10, PRIM],
      ['statement_block', '{\n  return a + 1;\n}', 4, 6, BLOCK],
      ['return_statement', 'return a + 1;', 5, 8, `${C}/jump`],
      ['number', '1', 7, 10, NUM],
    ],
  },
  'add.go': {
    N: 8,
    nodes: [
      ['package_clause', 'package m', 2, 3, 'Program Structure/namespace'],
      ['function_declaration', 'func Add(a int) int {\n\treturn a + 1\n}', 2, 3, `${D}/function`],
      ['parameter_declaration', 'a int', 4, 5, `${D}/variable`],
      ['return_statement', 'return a + 1', 5, 7, `${C}/jump`],
      ['binary_expression', 'a + 1', 7, 9, OP],
      ['int_literal', '1', 8, 10, NUM],
    ],
  },
  'add.rs': {
    N: 5,
    nodes: [
      ['function_item', 'fn add(a: i32) -> i32 {\n    a + 1\n}', 2, 4, `${D}/function`],
      ['identifier', 'add', 3, 6, I],
      ['parameter', 'a: i32', 4, 8, `${D}/variable`],
      ['primitive_type', 'i32', 5, 10, PRIM],
      ['block', '{\n    a + 1\n}', 3, 6, BLOCK],
      ['binary_expression', 'a + 1', 4, 8, OP],
    ],
  },
  'add.cpp': {
    N: 6,
    nodes: [
      ['function_definition', 'int add(int a) {\n    return a + 1;\n}', 2, 4, `${D}/function`],
      ['identifier', 'add', 4, 7, I],
      ['return_statement', 'return a + 1;', 4, 7, `${C}/jump`],
      ['binary_expression', 'a + 1', 5, 9, OP],
      ['number_literal', '1', 6, 10, NUM],
    ],
  },
  'M.cs': {
    N: 8,
    nodes: [
      ['class_declaration', 'class M {\n    int Add(int a) {\n        return a + 1;\n    }\n}', 2, 3, `${D}/class`],
      ['method_declaration', 'int Add(int a) {\n        return a + 1;\n    }', 4, 5, `${D}/function`],
      ['predefined_type', 'int', 5, 7, PRIM],
      ['return_statement', 'return a + 1;', 6, 8, `${C}/jump`],
      ['integer_literal', '1', 8, 10, NUM],
    ],
  },
  'add.js': {
    N: 6,
    nodes: [
      ['function_declaration', 'function add(a) {\n  return a + 1;\n}', 2, 4, `${D}/function`],
      ['identifier', 'add', 3, 5, I],
      ['return_statement', 'return a + 1;', 4, 7, `${C}/jump`],
      ['binary_expression', 'a + 1', 5, 9, OP],
      ['number', '1', 6, 10, NUM],
    ],
  },
  'add.kt': {
    N: 7,
    nodes: [
      ['function_declaration', 'fun add(a: Int): Int {\n    return a + 1\n}', 2, 3, `${D}/function`],
      ['parameter', 'a: Int', 4, 6, `${D}/variable`],
      ['return_expression', 'return a + 1', 5, 8, `${C}/jump`],
      ['binary_expression', 'a + 1', 6, 9, OP],
      ['number_literal', '1', 7, 10, NUM],
    ],
  },
  'add.php': {
    N: 7,
    nodes: [
      ['php_tag', '<?php', 2, 3, 'Program Structure/entry'],
      ['function_definition', 'function add($a) {\n    return $a + 1;\n}', 2, 3, `${D}/function`],
      ['return_statement', 'return $a + 1;', 4, 6, `${C}/jump`],
      ['binary_expression', '$a + 1', 5, 8, OP],
      ['integer', '1', 6, 9, NUM],
    ],
  },
  'add.rb': {
    N: 7,
    nodes: [
      ['method', 'def add(a)\n  return a + 1\nend', 2, 3, `${D}/function`],
      ['identifier', 'add', 3, 5, I],
      ['return', 'return a + 1', 4, 6, `${C}/jump`],
      ['binary', 'a + 1', 6, 9, OP],
      ['integer', '1', 7, 10, NUM],
    ],
  },
  'M.scala': {
    N: 7,
    nodes: [
      ['object_definition', 'object M {\n  def add(a: Int): Int = a + 1\n}', 2, 3, `${D}/class`],
      ['function_definition', 'def add(a: Int): Int = a + 1', 4, 6, `${D}/function`],
      ['parameter', 'a: Int', 6, 9, `${D}/variable`],
      ['infix_expression', 'a + 1', 5, 8, OP],
      ['integer_literal', '1', 6, 9, NUM],
    ],
  },
  'add.lua': {
    N: 7,
    nodes: [
      ['function_declaration', 'local function add(a)\n  return a + 1\nend', 2, 3, `${D}/function`],
      ['identifier', 'add', 3, 5, I],
      ['return_statement', 'return a + 1', 4, 6, `${C}/jump`],
      ['binary_expression', 'a + 1', 6, 9, OP],
      ['number', '1', 7, 10, NUM],
    ],
  },
  'Add.hs': {
    N: 7,
    nodes: [
      ['signature', 'add :: Int -> Int', 3, 5, `${D}/function`],
      ['function', 'add a = a + 1', 3, 5, `${D}/function`],
      ['variable', 'add', 4, 6, I],
      ['infix', 'a + 1', 5, 8, OP],
      ['integer', '1', 7, 10, NUM],
    ],
  },
  'list.html': {
    N: 7,
    nodes: [
      ['element', '<ul>\n  <li class="x">one</li>\n</ul>', 2, 3, BLOCK],
      ['tag_name', 'ul', 4, 6, I],
      ['attribute', 'class="x"', 5, 8, 'Modifier and Attribute/other'],
      ['attribute_value', 'x', 7, 10, 'Data Type/string'],
      ['text', 'one', 4, 6, 'Data Type/string'],
    ],
  },
  'add.R': {
    N: 6,
    nodes: [
      ['binary_operator', 'add <- function(a) {\n  a + 1\n}', 2, 4, `${D}/function`],
      ['function_definition', 'function(a) {\n  a + 1\n}', 3, 5, `${D}/function`],
      ['parameter', 'a', 5, 9, `${D}/variable`],
      ['braced_expression', '{\n  a + 1\n}', 4, 7, BLOCK],
      ['float', '1', 6, 10, NUM],
    ],
  },
  'M.m': {
    N: 8,
    nodes: [
      [
        'class_implementation',
        '@implementation M\n- (int)add:(int)a {\n    return a + 1;\n}\n@end',
        2,
        3,
        `${D}/class`,
      ],
      ['method_definition', '- (int)add:(int)a {\n    return a + 1;\n}', 4, 5, `${D}/function`],
      ['primitive_type', 'int', 7, 9, PRIM],
      ['return_statement', 'return a + 1;', 6, 8, `${C}/jump`],
      ['number_literal', '1', 8, 10, NUM],
    ],
  },
  'view.tsx': {
    N: 8,
    nodes: [
      ['lexical_declaration', 'const view = (a: number) => <b>{a + 1}</b>;', 2, 3, `${D}/variable`],
      ['arrow_function', '(a: number) => <b>{a + 1}</b>', 4, 5, 'Special Language Structure/lambda'],
      ['jsx_element', '<b>{a + 1}</b>', 5, 7, 'Expression/object creation'],
      ['binary_expression', 'a + 1', 7, 9, OP],
      ['number', '1', 8, 10, NUM],
    ],
  },
};

describe('node labels', () => {
  for (const [file, expected] of Object.entries(CASES)) {
    it(`${file}: depth, bucket and semantic class of ${expected.nodes.length} nodes`, async () => {
      const text = readFileSync(join(FIXTURES, 'node-labels', file), 'utf8');
      const language = languageForPath(file, text)!;
      const { nodes, treeDepth } = await listNamedNodes(language, text);
      assert.equal(treeDepth, expected.N);
      for (const [type, nodeText, depth, bucket, semantic] of expected.nodes) {
        const node = nodes.find((n) => n.type === type && text.slice(n.start, n.end) === nodeText);
        assert.ok(node, `${file}: no ${type} node ${JSON.stringify(nodeText)}`);
        assert.equal(node.depth, depth, `${file} ${type} depth`);
        assert.equal(depthBucket(node.depth, treeDepth), bucket, `${file} ${type} bucket`);
        assert.equal(semanticLabel(language, type, nodeText), semantic, `${file} ${type} semantic`);
      }
      // Every node gets a label that is one of the 11 classes and one of its subclasses.
      for (const node of nodes) {
        const [cls, subclass] = semanticLabel(language, node.type, text.slice(node.start, node.end)).split('/') as [
          SemanticClass,
          string,
        ];
        assert.ok(
          SEMANTIC_CLASSES.includes(cls) && subclassesOf(getLanguage(language), cls).includes(subclass),
          `${file} ${node.type}: ${cls}/${subclass}`,
        );
      }
    });
  }

  it('buckets run 1..10 with the deepest layer in bucket 10, in exact integer arithmetic', () => {
    // i / (N / 10) in floating point would give 3 / 0.3 = 10.000000000000002 -> 11
    assert.equal(depthBucket(3, 3), 10);
    assert.deepEqual(
      [1, 2, 3].map((i) => depthBucket(i, 3)),
      [4, 7, 10],
    );
    assert.deepEqual(
      [1, 2, 3, 10, 19, 20].map((i) => depthBucket(i, 20)),
      [1, 1, 2, 5, 10, 10],
    );
    assert.equal(depthBucket(1, 1), 10);
    assert.deepEqual(
      Array.from({ length: 10 }, (_, i) => depthBucket(i + 1, 10)),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    );
  });
});
