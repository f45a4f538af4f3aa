// The C# table against the real grammar and the extraction engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getLanguage } from '../../src/languages/registry.ts';
import { tableSuite } from './table-kit.ts';

tableSuite('csharp', {
  labels: [
    {
      file: 'Shop/Cart.cs',
      text: 'using Fmt = Shop.Util.PriceFormatter;',
      type: 'using_directive',
      label: 'Program Structure / import',
    },
    {
      file: 'Shop/Cart.cs',
      text: 'namespace Shop;',
      type: 'file_scoped_namespace_declaration',
      label: 'Program Structure / namespace',
    },
    { file: 'Shop/Cart.cs', text: 'private', type: 'modifier', label: 'Modifier and Attribute / access' },
    { file: 'Shop/Cart.cs', text: 'List<long>', type: 'generic_name', label: 'Data Type / generic' },
    {
      file: 'Shop/Cart.cs',
      text: 'new List<long>()',
      type: 'object_creation_expression',
      label: 'Expression / object creation',
    },
    {
      file: 'Shop/Cart.cs',
      text: '(a, b) => a + b',
      type: 'lambda_expression',
      label: 'Special Language Structure / lambda',
    },
    {
      file: 'Shop/Cart.cs',
      text: 'formatter?.Format',
      type: 'conditional_access_expression',
      label: 'Identifier and Scope / qualified name',
    },
    {
      file: 'Shop/Cart.cs',
      text: 'formatter?.Format(Total()) ?? string.Empty',
      type: 'binary_expression',
      label: 'Expression / operation',
    },
    {
      file: 'Shop/Cart.cs',
      text: '$"added {formatter.Format(cents)}"',
      type: 'interpolated_string_expression',
      label: 'Data Type / string',
    },
    {
      file: 'Shop/Cart.cs',
      text: '/* The total in cents. */',
      type: 'comment',
      label: 'Comments and Documentation / multi-line',
    },
    {
      file: 'Shop/Cart.cs',
      text: 'long Sum(IEnumerable<long> values) => values.Aggregate(0L, (a, b) => a + b);',
      type: 'local_function_statement',
      label: 'Declaration and Definition / function',
    },
    { file: 'Shop/Util/PriceFormatter.cs', text: '100m', type: 'real_literal', label: 'Data Type / numeric' },
  ],
  extraction: {
    'Shop/Cart.cs': {
      imports: [
        // `using A.B;` opens a namespace: every name of it becomes visible.
        { target: 'System.Collections.Generic', bindings: [], resolve: 'dotted-module', line: 1, wildcard: true },
        { target: 'System.Linq', bindings: [], resolve: 'dotted-module', line: 2, wildcard: true },
        { target: 'Shop.Util', bindings: [], resolve: 'dotted-module', line: 3, wildcard: true },
        { target: 'Shop.Util.PriceFormatter', bindings: ['Fmt'], resolve: 'dotted-module', line: 4 },
      ],
      declarations: ['Changed'],
      functions: [
        {
          // The constructor initializer's call (on a class imported through `using Shop.Util;`) is the constructor's.
          qualifiedName: 'Shop.Cart.Cart',
          kind: 'constructor',
          span: '13:5-13:57',
          body: '13:54-13:57',
          signature: 'public Cart() : this(PriceFormatter.Invariant())',
          doc: null,
          params: 0,
          calls: ['PriceFormatter.Invariant(0)@13:26'],
        },
        {
          qualifiedName: 'Shop.Cart.Cart',
          kind: 'constructor',
          span: '15:5-18:6',
          body: '16:5-18:6',
          signature: 'public Cart(Fmt formatter)',
          doc: null,
          params: 1,
          calls: [],
        },
        {
          // `params string[] tags` counts.
          qualifiedName: 'Shop.Cart.Add',
          kind: 'method',
          span: '21:5-25:6',
          body: '22:5-25:6',
          signature: 'public void Add(long cents, params string[] tags)',
          doc: 'Adds a price in cents.',
          params: 2,
          calls: ['prices.Add(1)@23:9', 'Log(1)@24:9', 'formatter.Format(1)@24:22'],
        },
        {
          qualifiedName: 'Shop.Cart.Total',
          kind: 'method',
          span: '28:5-32:6',
          body: '29:5-32:6',
          signature: 'public long Total()',
          doc: 'The total in cents.',
          params: 0,
          calls: ['Sum(1)@31:16'],
        },
        {
          // A local function is named and nested; the lambda inside it is not a function.
          qualifiedName: 'Shop.Cart.Total.Sum',
          kind: 'function',
          span: '30:9-30:85',
          body: '30:44-30:84',
          signature: 'long Sum(IEnumerable<long> values)',
          doc: null,
          params: 1,
          calls: ['values.Aggregate(2)@30:47'],
        },
        {
          qualifiedName: 'Shop.Cart.Receipt',
          kind: 'method',
          span: '34:5-34:75',
          body: '34:29-34:74',
          signature: 'public string Receipt()',
          doc: null,
          params: 0,
          calls: ['formatter.Format(1)@34:32', 'Total(0)@34:50'],
        },
        {
          qualifiedName: 'Shop.Cart.Log',
          kind: 'method',
          span: '36:5-39:6',
          body: '37:5-39:6',
          signature: 'private void Log(string message)',
          doc: null,
          params: 1,
          fileLocal: true,
          calls: ['System.Console.WriteLine(1)@38:9'],
        },
      ],
    },
    'Shop/Util/PriceFormatter.cs': {
      imports: [
        { target: 'System', bindings: [], resolve: 'dotted-module', line: 1, wildcard: true },
        { target: 'System.Globalization', bindings: [], resolve: 'dotted-module', line: 2, wildcard: true },
      ],
      functions: [
        {
          qualifiedName: 'Shop.Util.PriceFormatter.PriceFormatter',
          kind: 'constructor',
          span: '13:9-16:10',
          body: '14:9-16:10',
          signature: 'public PriceFormatter(CultureInfo culture)',
          doc: null,
          params: 1,
          calls: [],
        },
        {
          // XML doc comments keep their tags; the body of an expression-bodied member is its `=> ...` clause.
          qualifiedName: 'Shop.Util.PriceFormatter.Format',
          kind: 'method',
          span: '19:9-19:86',
          body: '19:42-19:85',
          signature: 'public string Format(long cents)',
          doc: '<summary>Formats an amount in cents.</summary>',
          params: 1,
          calls: ['(cents / 100m).ToString(2)@19:45'],
        },
        {
          qualifiedName: 'Shop.Util.PriceFormatter.Invariant',
          kind: 'method',
          span: '21:9-21:102',
          body: '21:50-21:101',
          signature: 'public static PriceFormatter Invariant()',
          doc: null,
          params: 0,
          calls: ['PriceFormatter(1)@21:53'],
        },
      ],
    },
  },
  broken: {
    text:
      'namespace N {\n  class A {\n    int Ok() { return 1; }\n    int Bad( { return 2; }\n    int AlsoOk(int x) ' +
      '{ return Ok(); }\n  }\n}\n',
    functions: ['N.A.Ok', 'N.A.Bad', 'N.A.AlsoOk'],
  },
  stdlibSize: [100, 200],
});

test("csharp: keywords are CrossCodeEval's C# list", () => {
  const keywords = getLanguage('csharp').keywords;
  assert.equal(keywords.length, 75); // the list repeats `using` and `static`
  for (const word of ['null', 'this', 'using', 'static', 'foreach', 'string']) assert.ok(keywords.includes(word), word);
  for (const word of ['var', 'true', 'false', 'async', 'await']) assert.ok(!keywords.includes(word), word);
});
