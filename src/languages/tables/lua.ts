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
    // `local f = function() end`, `M.f = function() end`, `{ f = function() end }`.
    {
      type: 'function_definition',
      kind: 'function',
      bodyField: 'body',
      nameFields: [['..', '..', '?assignment_statement', '@variable_list', 'name'], ['..', '?field', 'name']],
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
    'string.byte', 'string.char', 'string.dump', 'string.find', 'string.format', 'string.gmatch', 'string.gsub',
    'string.len', 'string.lower', 'string.match', 'string.pack', 'string.packsize', 'string.rep',
    'string.reverse', 'string.sub', 'string.unpack', 'string.upper',
    // table
    'table.concat', 'table.insert', 'table.move', 'table.pack', 'table.remove', 'table.sort', 'table.unpack',
    'table.getn', 'table.maxn',
    // math
    'math.abs', 'math.ceil', 'math.cos', 'math.deg', 'math.exp', 'math.floor', 'math.fmod', 'math.log',
    'math.max', 'math.min', 'math.modf', 'math.rad', 'math.random', 'math.randomseed', 'math.sin', 'math.sqrt',
    'math.tan', 'math.tointeger', 'math.type', 'math.ult', 'math.atan', 'math.asin', 'math.acos', 'math.pow',
    // io
    'io.close', 'io.flush', 'io.input', 'io.lines', 'io.open', 'io.output', 'io.popen', 'io.read', 'io.tmpfile',
    'io.type', 'io.write',
    // os
    'os.clock', 'os.date', 'os.difftime', 'os.execute', 'os.exit', 'os.getenv', 'os.remove', 'os.rename',
    'os.setlocale', 'os.time', 'os.tmpname',
    // coroutine
    'coroutine.create', 'coroutine.isyieldable', 'coroutine.resume', 'coroutine.running', 'coroutine.status',
    'coroutine.wrap', 'coroutine.yield', 'coroutine.close',
    // utf8, debug, package
    'utf8.char', 'utf8.codepoint', 'utf8.codes', 'utf8.len', 'utf8.offset', 'debug.traceback', 'debug.getinfo',
    'debug.sethook', 'debug.gethook', 'debug.getlocal', 'package.loadlib', 'package.searchpath',
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
};
