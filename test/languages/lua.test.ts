// The Lua table against the real grammar and the extraction engine.
import { tableSuite } from './table-kit.ts';

tableSuite('lua', {
  labels: [
    {
      file: 'stack.lua',
      text: 'local util = require("util")',
      type: 'variable_declaration',
      label: 'Declaration and Definition / variable',
    },
    { file: 'stack.lua', text: 'require("util")', type: 'function_call', label: 'Expression / call' },
    { file: 'stack.lua', text: '#self.items', type: 'unary_expression', label: 'Expression / operation' },
    {
      file: 'stack.lua',
      text: 'self.items',
      type: 'dot_index_expression',
      label: 'Identifier and Scope / qualified name',
    },
    { file: 'stack.lua', text: '"empty stack"', type: 'string', label: 'Data Type / string' },
    {
      file: 'stack.lua',
      text: '-- Pushes a value on top.',
      type: 'comment',
      label: 'Comments and Documentation / single-line',
    },
    {
      file: 'stack.lua',
      text: 'function(stack)\n  return string.format("stack(%d)", #stack.items)\nend',
      type: 'function_definition',
      label: 'Special Language Structure / lambda',
    },
    { file: 'util.lua', text: 'goto done', type: 'goto_statement', label: 'Control Flow Structure / jump' },
    {
      file: 'util.lua',
      text: 'while false do break end',
      type: 'while_statement',
      label: 'Control Flow Structure / loop',
    },
    { file: 'util.lua', text: 'false', type: 'false', label: 'Data Type / boolean' },
    { file: 'util.lua', text: '<const>', type: 'attribute', label: 'Modifier and Attribute / other' },
  ],
  // `M:push` is a method of `M`; `local function sum` is file-local; `local describe = function`
  // takes its name, span and docstring from the assignment.
  extraction: {
    'stack.lua': {
      imports: [
        { target: 'util', bindings: ['util'], resolve: 'dotted-module', line: 2 },
        { target: 'lib.json', bindings: ['json'], resolve: 'dotted-module', line: 3 },
      ],
      functions: [
        {
          qualifiedName: 'M.new',
          kind: 'function',
          span: '10:1-14:4',
          body: '11:3-13:14',
          signature: 'function M.new()',
          doc: 'Creates an empty stack.\n@return a new stack',
          params: 0,
          calls: ['setmetatable(2)@11:16'],
        },
        {
          qualifiedName: 'M.push',
          kind: 'method',
          span: '17:1-20:4',
          body: '18:3-19:21',
          signature: 'function M:push(value)',
          doc: 'Pushes a value on top.',
          params: 1,
          calls: ['table.insert(2)@18:3'],
        },
        {
          qualifiedName: 'M.pop',
          kind: 'method',
          span: '22:1-27:4',
          body: '23:3-26:34',
          signature: 'function M:pop()',
          doc: null,
          params: 0,
          calls: ['error(1)@24:5', 'table.remove(1)@26:10'],
        },
        {
          qualifiedName: 'M.encode',
          kind: 'method',
          span: '31:1-37:4',
          body: '32:3-36:28',
          signature: 'function M:encode()',
          doc: 'Serialises the stack\n    as JSON text.',
          params: 0,
          calls: ['ipairs(1)@33:15', 'util.quote(1)@34:16', 'tostring(1)@34:27', 'json.encode(1)@36:10'],
        },
        {
          qualifiedName: 'sum',
          kind: 'function',
          span: '39:1-45:4',
          body: '40:3-44:15',
          signature: 'local function sum(list)',
          doc: null,
          params: 1,
          fileLocal: true,
          calls: ['pairs(1)@41:15'],
        },
        {
          qualifiedName: 'describe',
          kind: 'function',
          span: '47:1-49:4',
          body: '48:3-48:50',
          signature: 'local describe = function(stack)',
          doc: null,
          params: 1,
          calls: ['string.format(2)@48:10'],
        },
      ],
    },
    'util.lua': {
      imports: [],
      functions: [
        {
          qualifiedName: 'M.quote',
          kind: 'function',
          span: '4:1-6:4',
          body: '5:3-5:45',
          signature: 'function M.quote(text)',
          doc: 'Wraps text in double quotes.',
          params: 1,
          calls: ['text.gsub(2)@5:17'],
        },
        {
          qualifiedName: 'greet',
          kind: 'function',
          span: '8:1-18:4',
          body: '9:3-17:11',
          signature: 'function greet(name)',
          doc: null,
          params: 1,
          calls: ['print(1)@9:3', 'name.sub(1)@13:12'],
        },
      ],
    },
  },
  broken: {
    text:
      'function good_one()\n  return 1\nend\n\nfunction broken(x\n  x = = 2\nend\n\nlocal function good_two()\n  ' +
      'return 2\nend\n',
    functions: ['good_one', 'broken', 'good_two'],
  },
});
