// The Java table against the real grammar and the extraction engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getLanguage } from '../../src/languages/registry.ts';
import { tableSuite } from './table-kit.ts';

const cart = 'src/main/java/com/example/shop/Cart.java';
const formatter = 'src/main/java/com/example/shop/util/PriceFormatter.java';

tableSuite('java', {
  labels: [
    {
      file: cart,
      text: 'package com.example.shop;',
      type: 'package_declaration',
      label: 'Program Structure / namespace',
    },
    { file: cart, text: 'import java.util.*;', type: 'import_declaration', label: 'Program Structure / import' },
    { file: cart, text: 'com.example.shop', type: 'scoped_identifier', label: 'Identifier and Scope / qualified name' },
    { file: cart, text: 'private final', type: 'modifiers', label: 'Modifier and Attribute / access' },
    { file: cart, text: 'List<Long>', type: 'generic_type', label: 'Data Type / generic' },
    {
      file: cart,
      text: 'new ArrayList<>()',
      type: 'object_creation_expression',
      label: 'Expression / object creation',
    },
    {
      file: cart,
      text: 'for (long price : prices) {\n            sum += price;\n        }',
      type: 'enhanced_for_statement',
      label: 'Control Flow Structure / loop',
    },
    { file: cart, text: 'sum += price', type: 'assignment_expression', label: 'Expression / operation' },
    {
      file: cart,
      text: '// Adds a price in cents.',
      type: 'line_comment',
      label: 'Comments and Documentation / single-line',
    },
    {
      file: cart,
      text: '/** The total in cents. */',
      type: 'block_comment',
      label: 'Comments and Documentation / multi-line',
    },
    { file: cart, text: 'Cart::total', type: 'method_reference', label: 'Special Language Structure / lambda' },
    { file: cart, text: 'System.out', type: 'field_access', label: 'Identifier and Scope / qualified name' },
    {
      file: formatter,
      text:
        'public final class PriceFormatter {\n    private final Locale locale;\n\n    public ' +
        'PriceFormatter(Locale locale) {\n        this.locale = locale;\n    }\n\n    /**\n     * Formats an amount ' +
        'in cents.\n     *\n     * @param cents the amount\n     * @return the text, e.g. "12.50"\n     */\n    ' +
        'public String format(long cents) {\n        return String.format(locale, "%d.%02d", cents / 100, ' +
        'Math.abs(cents % 100));\n    }\n\n    public static PriceFormatter english() {\n        return new ' +
        'PriceFormatter(Locale.ENGLISH);\n    }\n}',
      type: 'class_declaration',
      label: 'Declaration and Definition / class',
    },
    { file: formatter, text: '100', type: 'decimal_integer_literal', label: 'Data Type / numeric' },
  ],
  extraction: {
    [cart]: {
      imports: [
        {
          target: 'com.example.shop.util.PriceFormatter',
          bindings: ['PriceFormatter'],
          resolve: 'dotted-module',
          line: 3,
        },
        { target: 'java.util.ArrayList', bindings: ['ArrayList'], resolve: 'dotted-module', line: 4 },
        { target: 'java.util.List', bindings: ['List'], resolve: 'dotted-module', line: 5 },
        { target: 'java.util', bindings: [], resolve: 'dotted-module', line: 6, wildcard: true },
      ],
      // The interface method has no body.
      declarations: ['changed'],
      functions: [
        {
          // Qualified by package and class; the imported class's static method is called by its simple name.
          qualifiedName: 'com.example.shop.Cart.Cart',
          kind: 'constructor',
          span: '12:5-14:6',
          body: '12:19-14:6',
          signature: 'public Cart()',
          doc: null,
          params: 0,
          // `this(...)` runs another constructor of the class
          calls: ['this(1)@13:9', 'PriceFormatter.english(0)@13:14'],
        },
        {
          qualifiedName: 'com.example.shop.Cart.Cart',
          kind: 'constructor',
          span: '16:5-18:6',
          body: '16:43-18:6',
          signature: 'public Cart(PriceFormatter formatter)',
          doc: null,
          params: 1,
          calls: [],
        },
        {
          qualifiedName: 'com.example.shop.Cart.add',
          kind: 'method',
          span: '21:5-24:6',
          body: '21:33-24:6',
          signature: 'public void add(long cents)',
          doc: 'Adds a price in cents.',
          params: 1,
          calls: ['prices.add(1)@22:9', 'log(1)@23:9', 'formatter.format(1)@23:24'],
        },
        {
          qualifiedName: 'com.example.shop.Cart.total',
          kind: 'method',
          span: '27:5-33:6',
          body: '27:25-33:6',
          signature: 'public long total()',
          doc: 'The total in cents.',
          params: 0,
          calls: [],
        },
        {
          qualifiedName: 'com.example.shop.Cart.receipt',
          kind: 'method',
          span: '35:5-37:6',
          body: '35:29-37:6',
          signature: 'public String receipt()',
          doc: null,
          params: 0,
          calls: ['formatter.format(1)@36:16', 'total(0)@36:33'],
        },
        {
          qualifiedName: 'com.example.shop.Cart.log',
          kind: 'method',
          span: '39:5-41:6',
          body: '39:38-41:6',
          signature: 'private void log(String message)',
          doc: null,
          params: 1,
          fileLocal: true,
          calls: ['System.out.println(1)@40:9'],
        },
        {
          // A nested class qualifies; chained calls come outermost first.
          qualifiedName: 'com.example.shop.Cart.Totals.sum',
          kind: 'method',
          span: '48:9-50:10',
          body: '48:49-50:10',
          signature: 'static long sum(Collection<Cart> carts)',
          doc: null,
          params: 1,
          calls: [
            'carts.stream().mapToLong(Cart::total).sum(0)@49:20',
            'carts.stream().mapToLong(1)@49:20',
            'carts.stream(0)@49:20',
          ],
        },
      ],
    },
    [formatter]: {
      imports: [{ target: 'java.util.Locale', bindings: ['Locale'], resolve: 'dotted-module', line: 3 }],
      functions: [
        {
          qualifiedName: 'com.example.shop.util.PriceFormatter.PriceFormatter',
          kind: 'constructor',
          span: '11:5-13:6',
          body: '11:42-13:6',
          signature: 'public PriceFormatter(Locale locale)',
          doc: null,
          params: 1,
          calls: [],
        },
        {
          qualifiedName: 'com.example.shop.util.PriceFormatter.format',
          kind: 'method',
          span: '21:5-23:6',
          body: '21:38-23:6',
          signature: 'public String format(long cents)',
          doc: 'Formats an amount in cents.\n\n@param cents the amount\n@return the text, e.g. "12.50"',
          params: 1,
          calls: ['String.format(4)@22:16', 'Math.abs(1)@22:62'],
        },
        {
          // `new PriceFormatter(...)` calls the constructor.
          qualifiedName: 'com.example.shop.util.PriceFormatter.english',
          kind: 'method',
          span: '25:5-27:6',
          body: '25:44-27:6',
          signature: 'public static PriceFormatter english()',
          doc: null,
          params: 0,
          calls: ['PriceFormatter(1)@26:16'],
        },
      ],
    },
  },
  broken: {
    text: 'class A {\n  int ok() { return 1; }\n  int bad( { return 2; }\n  int alsoOk(int x) { return ok(); }\n}\n',
    functions: ['A.ok', 'A.bad', 'A.alsoOk'],
  },
  stdlibSize: [100, 200],
});

test("java: keywords are CrossCodeEval's Java list", () => {
  const keywords = getLanguage('java').keywords;
  assert.equal(keywords.length, 51);
  for (const word of ['this', 'var', 'const', 'goto', 'synchronized']) assert.ok(keywords.includes(word), word);
  // Literals are identifiers for the metric.
  for (const word of ['true', 'false', 'null']) assert.ok(!keywords.includes(word), word);
});
