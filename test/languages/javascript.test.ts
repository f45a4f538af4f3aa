// The JavaScript table against the real grammar and the extraction engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getLanguage } from '../../src/languages/registry.ts';
import { extractFixture } from './extract-helpers.ts';
import { tableSuite } from './table-kit.ts';

tableSuite('javascript', {
  labels: [
    {
      file: 'src/cart.js',
      text: "import * as log from './lib/log.js';",
      type: 'import_statement',
      label: 'Program Structure / import',
    },
    {
      file: 'src/cart.js',
      text: '{ formatPrice, pad }',
      type: 'object_pattern',
      label: 'Declaration and Definition / variable',
    },
    {
      file: 'src/cart.js',
      text: '(acc, item) => acc + item.price',
      type: 'arrow_function',
      label: 'Special Language Structure / lambda',
    },
    {
      file: 'src/cart.js',
      text: "await import('./api.js')",
      type: 'await_expression',
      label: 'Special Language Structure / coroutine',
    },
    { file: 'src/cart.js', text: 'new Cart(owner)', type: 'new_expression', label: 'Expression / object creation' },
    {
      file: 'src/cart.js',
      text: 'this.items',
      type: 'member_expression',
      label: 'Identifier and Scope / qualified name',
    },
    { file: 'src/cart.js', text: '`loading ${id}`', type: 'template_string', label: 'Data Type / string' },
    {
      file: 'src/cart.js',
      text: 'extends EventEmitter',
      type: 'class_heritage',
      label: 'Declaration and Definition / class',
    },
    {
      file: 'src/cart.js',
      text: '/** Adds an item. */',
      type: 'comment',
      label: 'Comments and Documentation / multi-line',
    },
    { file: 'src/lib/format.js', text: "'use strict';", type: 'expression_statement', label: 'Statement / expression' },
    { file: 'src/lib/format.js', text: '100', type: 'number', label: 'Data Type / numeric' },
  ],
  extraction: {
    'src/cart.js': {
      imports: [
        { target: 'events', bindings: ['EventEmitter'], resolve: 'relative-path', line: 1 },
        { target: './tax.js', bindings: ['defaultTax', 'taxRate'], resolve: 'relative-path', line: 2 },
        { target: './lib/log.js', bindings: ['log'], resolve: 'relative-path', line: 3 },
        // `const { formatPrice, pad } = require(...)` and `const { fetchCart } = await import(...)`.
        { target: './lib/format', bindings: ['formatPrice', 'pad'], resolve: 'relative-path', line: 5 },
        { target: './api.js', bindings: ['fetchCart'], resolve: 'relative-path', line: 37 },
      ],
      functions: [
        {
          qualifiedName: 'Cart.constructor',
          kind: 'constructor',
          span: '9:3-13:4',
          body: '9:22-13:4',
          signature: 'constructor(owner)',
          doc: null,
          params: 1,
          // `super()` runs the base's constructor
          calls: ['super(0)@10:5'],
        },
        {
          qualifiedName: 'Cart.add',
          kind: 'method',
          span: '16:3-19:4',
          body: '16:13-19:4',
          signature: 'add(item)',
          doc: 'Adds an item.',
          params: 1,
          calls: ['this.items.push(1)@17:5', 'this.emit(2)@18:5', 'this.total(0)@18:25'],
        },
        {
          // The arrow function passed to reduce is anonymous.
          qualifiedName: 'Cart.total',
          kind: 'method',
          span: '21:3-24:4',
          body: '21:11-24:4',
          signature: 'total()',
          doc: null,
          params: 0,
          calls: ['this.items.reduce(2)@22:17', 'defaultTax(2)@23:12'],
        },
        {
          qualifiedName: 'Cart.describe',
          kind: 'method',
          span: '26:3-31:4',
          body: '26:14-31:4',
          signature: 'describe()',
          doc: null,
          params: 0,
          calls: ['this.items.map(line).join(1)@30:12', 'this.items.map(1)@30:12'],
        },
        {
          qualifiedName: 'Cart.describe.line',
          kind: 'function',
          span: '27:5-29:6',
          body: '27:25-29:6',
          signature: 'function line(item)',
          doc: null,
          params: 1,
          calls: ['pad(2)@28:14', 'formatPrice(1)@28:35'],
        },
        {
          // Named by its variable; the span starts at `export`.
          qualifiedName: 'emptyCart',
          kind: 'function',
          span: '34:1-34:52',
          body: '34:37-34:52',
          signature: 'export const emptyCart = (owner) =>',
          doc: null,
          params: 1,
          calls: ['Cart(1)@34:37'],
        },
        {
          qualifiedName: 'loadCart',
          kind: 'function',
          span: '36:1-40:2',
          body: '36:36-40:2',
          signature: 'export async function loadCart(id)',
          doc: null,
          params: 1,
          calls: ['log.info(1)@38:3', 'fetchCart(1)@39:10'],
        },
      ],
    },
    'src/lib/format.js': {
      imports: [],
      functions: [
        {
          qualifiedName: 'formatPrice',
          kind: 'function',
          span: '7:1-9:2',
          body: '7:29-9:2',
          signature: 'function formatPrice(cents)',
          doc: 'Formats a price in cents.\n@param {number} cents',
          params: 1,
          calls: ['(cents / 100).toFixed(1)@8:10'],
        },
        {
          qualifiedName: 'pad',
          kind: 'function',
          span: '11:1-11:58',
          body: '11:30-11:58',
          signature: 'const pad = (text, width) =>',
          doc: null,
          params: 2,
          calls: ['String(text).padStart(1)@11:30', 'String(1)@11:30'],
        },
      ],
    },
  },
  broken: {
    text: 'function ok() { return 1; }\nfunction bad( { return 2; }\nfunction alsoOk() { return ok(); }\n',
    functions: ['ok', 'alsoOk'],
  },
  stdlibSize: [150, 300],
});

test('javascript: bare module specifiers are system imports, relative ones are not', async () => {
  const { facts } = await extractFixture('lang/javascript/src/cart.js');
  assert.deepEqual(
    facts.imports.map((ref) => [ref.target, ref.system]),
    [
      ['events', true],
      ['./tax.js', false],
      ['./lib/log.js', false],
      ['./lib/format', false],
      ['./api.js', false],
    ],
  );
});

test("javascript: keywords are the ECMAScript reserved words of CrossCodeEval's list", () => {
  const keywords = getLanguage('javascript').keywords;
  assert.equal(keywords.length, 42);
  for (const word of ['null', 'true', 'false', 'async', 'await', 'type', 'of'])
    assert.ok(!keywords.includes(word), word);
});
