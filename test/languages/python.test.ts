// The Python table against the real grammar and the extraction engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { getLanguage } from '../../src/languages/registry.ts';
import { tableSuite } from './table-kit.ts';

tableSuite('python', {
  labels: [
    {
      file: 'shop/cart.py',
      text: 'from .pricing import with_tax, discount as apply_discount',
      type: 'import_from_statement',
      label: 'Program Structure / import',
    },
    {
      file: 'shop/cart.py',
      text: 'discount as apply_discount',
      type: 'aliased_import',
      label: 'Program Structure / import',
    },
    {
      file: 'shop/cart.py',
      text: 'self.items.append',
      type: 'attribute',
      label: 'Identifier and Scope / qualified name',
    },
    {
      file: 'shop/cart.py',
      text: '(price * qty for price, qty in self.items)',
      type: 'generator_expression',
      label: 'Special Language Structure / coroutine',
    },
    { file: 'shop/cart.py', text: '@staticmethod', type: 'decorator', label: 'Modifier and Attribute / annotation' },
    {
      file: 'shop/cart.py',
      text: '# Adds one item; quantities merge.',
      type: 'comment',
      label: 'Comments and Documentation / single-line',
    },
    {
      file: 'shop/cart.py',
      text: 'quantity=1',
      type: 'default_parameter',
      label: 'Declaration and Definition / variable',
    },
    { file: 'shop/cart.py', text: 'percent=percent', type: 'keyword_argument', label: 'Expression / call' },
    { file: 'shop/pricing.py', text: '0.2', type: 'float', label: 'Data Type / numeric' },
    {
      file: 'shop/pricing.py',
      text: 'return math.ceil(amount * (1 + rate) * 100) / 100',
      type: 'return_statement',
      label: 'Control Flow Structure / jump',
    },
    { file: 'shop/models.py', text: 'f"{self.owner}: {self.total:.2f}"', type: 'string', label: 'Data Type / string' },
  ],
  extraction: {
    'shop/cart.py': {
      imports: [
        // `import os.path as osp, logging`: one import per module.
        { target: 'os.path', bindings: ['osp'], resolve: 'dotted-module', line: 1 },
        { target: 'logging', bindings: ['logging'], resolve: 'dotted-module', line: 1 },
        { target: '.pricing', bindings: ['with_tax', 'apply_discount'], resolve: 'dotted-module', line: 2 },
        { target: '.', bindings: ['models'], resolve: 'dotted-module', line: 3 },
        { target: '.models', bindings: [], resolve: 'dotted-module', line: 4, wildcard: true },
      ],
      functions: [
        {
          qualifiedName: 'Cart.__init__',
          kind: 'constructor',
          span: '12:5-14:24',
          body: '13:9-14:24',
          signature: 'def __init__(self, owner):',
          doc: null,
          params: 2,
          calls: [],
        },
        {
          // A comment is not a Python docstring.
          qualifiedName: 'Cart.add',
          kind: 'method',
          span: '17:5-20:31',
          body: '18:9-20:31',
          signature: 'def add(self, item, quantity=1):',
          doc: null,
          params: 3,
          calls: ['self.items.append(1)@18:9', 'self._log(2)@19:9', 'len(1)@20:16'],
        },
        {
          // `sum(x for x in y)` has one argument; the nested `rounded` owns its own call.
          qualifiedName: 'Cart.total',
          kind: 'method',
          span: '22:5-29:43',
          body: '23:9-29:43',
          signature: 'def total(self):',
          doc: 'Sum of the item prices with tax.',
          params: 1,
          calls: ['sum(1)@24:20', 'rounded(1)@29:16', 'with_tax(1)@29:24'],
        },
        {
          qualifiedName: 'Cart.total.rounded',
          kind: 'function',
          span: '26:9-27:35',
          body: '27:13-27:35',
          signature: 'def rounded(value):',
          doc: null,
          params: 1,
          calls: ['round(2)@27:20'],
        },
        {
          qualifiedName: 'Cart.empty',
          kind: 'method',
          span: '31:5-33:27',
          body: '33:9-33:27',
          signature: '@staticmethod\ndef empty(owner):',
          doc: null,
          params: 1,
          calls: ['Cart(1)@33:16'],
        },
        {
          qualifiedName: 'Cart._log',
          kind: 'method',
          span: '35:5-36:40',
          body: '36:9-36:40',
          signature: 'def _log(self, action, item):',
          doc: null,
          params: 3,
          calls: ['log.info(3)@36:9'],
        },
        {
          qualifiedName: 'checkout',
          kind: 'function',
          span: '39:1-43:45',
          body: '40:5-43:45',
          signature: 'def checkout(cart, percent=0):',
          doc: 'Total after discount.',
          params: 2,
          calls: [
            'apply_discount(2)@41:13',
            'cart.total(0)@41:28',
            'print(2)@42:5',
            'osp.join(2)@42:11',
            'models.Receipt(2)@43:12',
          ],
        },
      ],
    },
    'shop/pricing.py': {
      imports: [
        { target: 'math', bindings: ['math'], resolve: 'dotted-module', line: 2 },
        { target: 'decimal', bindings: ['D'], resolve: 'dotted-module', line: 3 },
      ],
      functions: [
        {
          // Quotes stripped and dedented as inspect.cleandoc does.
          qualifiedName: 'with_tax',
          kind: 'function',
          span: '8:1-13:54',
          body: '9:5-13:54',
          signature: 'def with_tax(amount, rate=TAX_RATE):',
          doc: 'Return the amount with tax added.\n\nThe result is rounded up to the cent.',
          params: 2,
          calls: ['math.ceil(1)@13:12'],
        },
        {
          // The bare `*` separator is not a parameter.
          qualifiedName: 'discount',
          kind: 'function',
          span: '16:1-18:50',
          body: '17:5-18:50',
          signature: 'def discount(amount, *, percent):',
          doc: 'Apply a percentage discount.',
          params: 2,
          calls: ['D(1)@18:12', 'str(1)@18:14'],
        },
      ],
    },
    'shop/models.py': {
      imports: [{ target: 'dataclasses', bindings: ['dataclass'], resolve: 'dotted-module', line: 1 }],
      functions: [
        {
          qualifiedName: 'Receipt.describe',
          kind: 'method',
          span: '9:5-10:49',
          body: '10:9-10:49',
          signature: 'def describe(self):',
          doc: null,
          params: 1,
          calls: [],
        },
      ],
    },
  },
  broken: {
    text:
      'def ok(a):\n    return a\n\ndef bad(:\n    return 1\n\nclass K:\n    def fine(self):\n        return ' +
      'ok(self)\n',
    // tree-sitter recovers `bad` around its broken parameter list.
    functions: ['ok', 'bad', 'K.fine'],
  },
  stdlibSize: [100, 160],
});

test('python: keywords are keyword.kwlist of Python 3 without True and False', () => {
  assert.deepEqual(getLanguage('python').keywords, [
    'None',
    'and',
    'as',
    'assert',
    'async',
    'await',
    'break',
    'class',
    'continue',
    'def',
    'del',
    'elif',
    'else',
    'except',
    'finally',
    'for',
    'from',
    'global',
    'if',
    'import',
    'in',
    'is',
    'lambda',
    'nonlocal',
    'not',
    'or',
    'pass',
    'raise',
    'return',
    'try',
    'while',
    'with',
    'yield',
  ]);
});
