// Lua: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

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
    { type: 'function_declaration', kind: 'method', bodyField: 'body', nameFields: [['name', '?method_index_expression', 'method']], receiverTypePath: ['name', 'table'], parameters: { path: ['parameters'] } },
    // `function f()`, `local function f()`, `function M.new()` (qualified by `M`).
    {
      type: 'function_declaration',
      kind: 'function',
      bodyField: 'body',
      nameFields: [['name']],
      parameters: { path: ['parameters'] },
      fileLocal: { modifierTypes: ['local'], tokens: ['local'] },
    },
    // `local f = function() end`, `M.f = function() end`, `{ f = function() end }`.
    {
      type: 'function_definition',
      kind: 'function',
      bodyField: 'body',
      nameFields: [['..', '..', '?assignment_statement', '@variable_list', 'name'], ['..', '?field', 'name']],
      parameters: { path: ['parameters'] },
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
    // Program Structure / entry
    chunk: { class: 'Program Structure', subclass: 'entry' },
    hash_bang_line: { class: 'Program Structure', subclass: 'entry' },
    // Declaration and Definition / function
    function_declaration: { class: 'Declaration and Definition', subclass: 'function' },
    // Declaration and Definition / variable
    variable_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    variable_list: { class: 'Declaration and Definition', subclass: 'variable' },
    parameters: { class: 'Declaration and Definition', subclass: 'variable' },
    // Control Flow Structure / conditional
    if_statement: { class: 'Control Flow Structure', subclass: 'conditional' },
    elseif_statement: { class: 'Control Flow Structure', subclass: 'conditional' },
    else_statement: { class: 'Control Flow Structure', subclass: 'conditional' },
    // Control Flow Structure / loop
    for_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    for_generic_clause: { class: 'Control Flow Structure', subclass: 'loop' },
    for_numeric_clause: { class: 'Control Flow Structure', subclass: 'loop' },
    while_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    repeat_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    // Control Flow Structure / jump
    return_statement: { class: 'Control Flow Structure', subclass: 'jump' },
    break_statement: { class: 'Control Flow Structure', subclass: 'jump' },
    goto_statement: { class: 'Control Flow Structure', subclass: 'jump' },
    label_statement: { class: 'Control Flow Structure', subclass: 'jump' },
    // Expression / operation
    binary_expression: { class: 'Expression', subclass: 'operation' },
    unary_expression: { class: 'Expression', subclass: 'operation' },
    assignment_statement: { class: 'Expression', subclass: 'operation' },
    bracket_index_expression: { class: 'Expression', subclass: 'operation' },
    // Expression / call
    function_call: { class: 'Expression', subclass: 'call' },
    arguments: { class: 'Expression', subclass: 'call' },
    // Expression / other
    dot_index_expression: { class: 'Expression', subclass: 'other' },
    method_index_expression: { class: 'Expression', subclass: 'other' },
    parenthesized_expression: { class: 'Expression', subclass: 'other' },
    expression_list: { class: 'Expression', subclass: 'other' },
    vararg_expression: { class: 'Expression', subclass: 'other' },
    // Data Type / composite
    table_constructor: { class: 'Data Type', subclass: 'composite' },
    field: { class: 'Data Type', subclass: 'composite' },
    // Data Type / numeric
    number: { class: 'Data Type', subclass: 'numeric' },
    // Data Type / string
    string: { class: 'Data Type', subclass: 'string' },
    string_content: { class: 'Data Type', subclass: 'string' },
    escape_sequence: { class: 'Data Type', subclass: 'string' },
    // Data Type / boolean
    true: { class: 'Data Type', subclass: 'boolean' },
    false: { class: 'Data Type', subclass: 'boolean' },
    // Data Type / special value
    nil: { class: 'Data Type', subclass: 'special value' },
    // Statement / compound
    block: { class: 'Statement', subclass: 'compound' },
    do_statement: { class: 'Statement', subclass: 'compound' },
    // Statement / other
    empty_statement: { class: 'Statement', subclass: 'other' },
    // Modifier and Attribute / other
    attribute: { class: 'Modifier and Attribute', subclass: 'other' },
    // Comments and Documentation / single-line
    comment: { class: 'Comments and Documentation', subclass: 'single-line' },
    comment_content: { class: 'Comments and Documentation', subclass: 'single-line' },
    // Identifier and Scope / identifier
    identifier: { class: 'Identifier and Scope', subclass: 'identifier' },
    // Special Language Structure / lambda
    function_definition: { class: 'Special Language Structure', subclass: 'lambda' },
  },
  semanticFallback: { class: 'Expression', subclass: 'other' },
};
