// The Ruby table against the real grammar and the extraction engine.
import { tableSuite } from './table-kit.ts';

tableSuite('ruby', {
  labels: [
    { file: 'inventory.rb', text: "require 'json'", type: 'call', label: 'Expression / call' },
    { file: 'inventory.rb', text: "'json'", type: 'string', label: 'Data Type / string' },
    { file: 'inventory.rb', text: '# frozen_string_literal: true', type: 'comment', label: 'Comments and Documentation / single-line' },
    { file: 'inventory.rb', text: '@items', type: 'instance_variable', label: 'Identifier and Scope / identifier' },
    { file: 'inventory.rb', text: '{ item: item, price: Money.new(price) }', type: 'hash', label: 'Data Type / composite' },
    { file: 'inventory.rb', text: 'sum += entry[:price].cents', type: 'operator_assignment', label: 'Expression / operation' },
    { file: 'inventory.rb', text: 'entry[:price]', type: 'element_reference', label: 'Expression / other' },
    { file: 'inventory.rb', text: "{ |i| inv.add(i['item'], i['price']) }", type: 'block', label: 'Special Language Structure / lambda' },
    { file: 'inventory.rb', text: 'puts "[#{@name}] #{message}" if $DEBUG', type: 'if_modifier', label: 'Control Flow Structure / conditional' },
    { file: 'support/money.rb', text: 'nil', type: 'nil', label: 'Data Type / special value' },
    { file: 'support/money.rb', text: '100.0', type: 'float', label: 'Data Type / numeric' },
    { file: 'support/money.rb', text: '->(x) { x * x }', type: 'lambda', label: 'Special Language Structure / lambda' },
    { file: 'support/money.rb', text: '[a, b]', type: 'array_pattern', label: 'Special Language Structure / pattern matching' },
    { file: 'support/money.rb', text: 'ensure\n  nil', type: 'ensure', label: 'Control Flow Structure / exception' },
  ],
  // `def self.load` and `class << self` methods are qualified by their class; `initialize` constructs.
  extraction: {
    'inventory.rb': {
      imports: [
        { target: 'json', bindings: [], resolve: 'relative-path', line: 3, wildcard: true },
        { target: 'support/money', bindings: [], resolve: 'relative-path', line: 4, wildcard: true },
      ],
      functions: [
        {
          qualifiedName: 'Shop::Inventory::initialize', kind: 'constructor', span: '13:5-16:8', body: '14:7-15:18',
          signature: 'def initialize(name)',
          doc: 'Builds an empty inventory.', params: 1,
          calls: [],
        },
        {
          qualifiedName: 'Shop::Inventory::add', kind: 'method', span: '20:5-24:8', body: '21:7-23:18',
          signature: 'def add(item, price = 0)',
          doc: 'Adds one item.\nReturns the new count.', params: 2,
          calls: ['Money.new(1)@21:38', 'log(1)@22:7', '@items.size(?)@23:7'],
        },
        {
          qualifiedName: 'Shop::Inventory::each', kind: 'method', span: '26:5-28:8', body: '27:7-27:26',
          signature: 'def each(&block)',
          doc: null, params: 1,
          calls: ['@items.each(1)@27:7'],
        },
        {
          qualifiedName: 'Shop::Inventory::load', kind: 'method', span: '31:5-36:8', body: '32:7-35:10',
          signature: 'def self.load(path)',
          doc: 'Loads an inventory from a JSON file.', params: 1,
          calls: ['JSON.parse(1)@32:14', 'File.read(1)@32:25', 'new(1)@33:13', 'data[\'items\'].each(?)@34:7', 'inv.add(2)@34:32'],
        },
        {
          qualifiedName: 'Shop::Inventory::total', kind: 'method', span: '38:5-44:8', body: '39:7-43:10',
          signature: 'def total',
          doc: null, params: null,
          calls: ['@items.each(?)@40:7', 'entry[:price].cents(?)@41:16'],
        },
        {
          qualifiedName: 'Shop::Inventory::log', kind: 'method', span: '48:5-50:8', body: '49:7-49:45',
          signature: 'def log(message)',
          doc: null, params: 1,
          calls: ['puts(1)@49:7'],
        },
      ],
    },
    'support/money.rb': {
      imports: [],
      functions: [
        {
          qualifiedName: 'Money::initialize', kind: 'constructor', span: '7:3-9:6', body: '8:5-8:34',
          signature: 'def initialize(amount)',
          doc: null, params: 1,
          calls: ['(amount * 100).round(?)@8:14'],
        },
        {
          qualifiedName: 'Money::to_s', kind: 'method', span: '12:3-14:6', body: '13:5-13:35',
          signature: 'def to_s',
          doc: 'Formats as dollars.', params: null,
          calls: ['format(2)@13:5'],
        },
        {
          qualifiedName: 'Money::zero', kind: 'method', span: '17:5-19:8', body: '18:7-18:13',
          signature: 'def zero',
          doc: null, params: null,
          calls: ['new(1)@18:7'],
        },
        {
          qualifiedName: 'classify', kind: 'function', span: '23:1-35:4', body: '24:3-34:6',
          signature: 'def classify(value)',
          doc: null, params: 1,
          calls: ['raise(2)@28:5', 'value.class(?)@28:37', 'warn(1)@31:3', 'e.message(?)@31:8'],
        },
      ],
    },
  },
  broken: {
    // The broken method also breaks the class: its methods lose their `A::` qualifier.
    text: 'class A\n  def good_one\n    1\n  end\n\n  def broken(x\n    x = = 2\n  end\n\n  def good_two\n    2\n  end\nend\n',
    functions: ['good_one', 'good_two'],
  },
});
