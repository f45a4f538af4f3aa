// Lua: grammar, syntax and semantic knowledge, as data.
import { LABELS as L, type LanguageSpec } from '../types.ts';

// Named parameters sit in the list's `name` field; `...` is the only other child that counts.
const LUA_PARAMETERS = { path: ['parameters'], countTypes: ['vararg_expression'] };

export const lua: LanguageSpec = {
  id: 'lua',
  displayName: 'Lua',
  grammar: { package: '@tree-sitter-grammars/tree-sitter-lua', wasm: 'tree-sitter-lua.wasm' },
  extensions: ['.lua'],
  lineComment: '--',
  blockComment: ['--[[', ']]'],
  commentTypes: ['comment'],
  identifierTypes: ['identifier'],
  stringTypes: ['string'],
  definitions: [
    // `function M:push(v)`: a method of the table `M`.
    { type: 'function_declaration', kind: 'method', bodyField: 'body', nameFields: [['name', '?method_index_expression', 'method']], receiverTypePath: ['name', 'table'], parameters: LUA_PARAMETERS },
    // `function f()`, `local function f()`, `function M.new()` (qualified by `M`).
    {
      type: 'function_declaration',
      kind: 'function',
      bodyField: 'body',
      nameFields: [['name']],
      parameters: LUA_PARAMETERS,
      fileLocal: { modifierTypes: ['local'], tokens: ['local'] },
    },
    // `local f = function() end`, `M.f = function() end`, `{ f = function() end }`; `t[k] = function() end`
    // has no name (a computed key): it stays anonymous.
    {
      type: 'function_definition',
      kind: 'function',
      bodyField: 'body',
      nameFields: [
        ['..', '..', '?assignment_statement', '@variable_list', 'name', '?identifier'],
        ['..', '..', '?assignment_statement', '@variable_list', 'name', '?dot_index_expression'],
        ['..', '?field', 'name'],
      ],
      parameters: LUA_PARAMETERS,
    },
  ],
  calls: [
    { type: 'function_call', calleeFields: [['name']], memberNameFields: ['field', 'method'], receiverFields: ['table'], argumentsField: 'arguments' },
  ],
  imports: [
    {
      type: 'function_call',
      onlyWhen: { path: ['name'], texts: ['require'] },
      pathFields: [['arguments', '@string', 'content']],
      resolve: 'dotted-module',
      defaultBinding: 'last',
    },
  ],
  scopes: [],
  definitionWrappers: ['expression_list', 'assignment_statement', 'variable_declaration'],
  docstring: 'comment-before',
  statementTypes: [
    'variable_declaration', 'assignment_statement', 'function_call', 'function_declaration', 'return_statement',
    'if_statement', 'for_statement', 'while_statement', 'repeat_statement', 'do_statement', 'break_statement',
    'goto_statement', 'label_statement', 'empty_statement',
  ],
  keywords: [
    'and', 'break', 'do', 'else', 'elseif', 'end', 'false', 'for', 'function', 'goto', 'if', 'in', 'local',
    'nil', 'not', 'or', 'repeat', 'return', 'then', 'true', 'until', 'while',
  ],
  stdlib: [
    // standard modules (`require` targets and call receivers)
    'string', 'table', 'math', 'io', 'os', 'coroutine', 'utf8', 'debug', 'package',
    // basic functions
    'assert', 'collectgarbage', 'dofile', 'error', 'getmetatable', 'ipairs', 'load', 'loadfile', 'loadstring',
    'next', 'pairs', 'pcall', 'print', 'rawequal', 'rawget', 'rawlen', 'rawset', 'require', 'select',
    'setmetatable', 'tonumber', 'tostring', 'type', 'unpack', 'xpcall', 'module', 'setfenv', 'getfenv',
    // string
    'byte', 'char', 'format', 'gmatch', 'gsub', 'lower', 'packsize', 'rep', 'sub', 'upper',
    // table
    'concat', 'insert', 'getn', 'maxn',
    // math
    'abs', 'ceil', 'cos', 'deg', 'exp', 'floor', 'fmod', 'log', 'max', 'min', 'modf', 'rad', 'random',
    'randomseed', 'sin', 'sqrt', 'tan', 'tointeger', 'ult', 'atan', 'asin', 'acos', 'pow',
    // io
    'popen', 'tmpfile',
    // os
    'clock', 'difftime', 'getenv', 'tmpname',
    // coroutine
    'isyieldable',
    // utf8, debug, package
    'codepoint', 'traceback', 'getinfo', 'sethook', 'gethook', 'getlocal', 'loadlib', 'searchpath',
  ],
  // Receivers that are standard modules (`string.format`, `table.insert`).
  selfReceivers: ['self'],
  moduleExtensions: ['.lua'],
  stdlibModules: [
    'string', 'table', 'math', 'io', 'os', 'coroutine', 'utf8', 'debug', 'package',
  ],
  semantic: {
    chunk: L.entry, hash_bang_line: L.entry,
    function_declaration: L.function, parameters: L.function,
    variable_declaration: L.variable, variable_list: L.variable,
    if_statement: L.conditional, elseif_statement: L.conditional, else_statement: L.conditional,
    for_statement: L.loop, for_generic_clause: L.loop, for_numeric_clause: L.loop, while_statement: L.loop,
    repeat_statement: L.loop,
    return_statement: L.jump, break_statement: L.jump, goto_statement: L.jump, label_statement: L.jump,
    binary_expression: L.operation, unary_expression: L.operation, assignment_statement: L.operation,
    function_call: L.call, arguments: L.call,
    parenthesized_expression: L.otherExpression, expression_list: L.otherExpression,
    vararg_expression: L.otherExpression, bracket_index_expression: L.otherExpression,
    table_constructor: L.composite, field: L.composite,
    number: L.numeric,
    string: L.string, string_content: L.string, escape_sequence: L.string,
    true: L.boolean, false: L.boolean,
    nil: L.specialValue,
    block: L.compoundStatement, do_statement: L.compoundStatement,
    empty_statement: L.otherStatement,
    attribute: L.otherModifier,
    comment: L.singleLineComment, comment_content: L.singleLineComment,
    identifier: L.identifier,
    dot_index_expression: L.qualifiedName, method_index_expression: L.qualifiedName,
    function_definition: L.lambda,
  },
  semanticFallback: L.otherExpression,
  // `--[[ ... ]]` (or `--[==[ ... ]==]`) is a block comment
  semanticRules: [{ types: ['comment'], pattern: '^--\\[=*\\[', label: L.multiLineComment }],
};
