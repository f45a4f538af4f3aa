// JavaScript: grammar, syntax and semantic knowledge, as data. TypeScript and TSX build on it.
import { LABELS as L, type LanguageSpec, type SemanticLabel, type SemanticTextRule, SLASH_STAR_COMMENTS } from '../types.ts';

/** Semantic labels of the node types that the JavaScript, TypeScript and TSX grammars share. */
export const ecmascriptSemantic: Record<string, SemanticLabel> = {
  hash_bang_line: L.entry, program: L.entry,
  export_clause: L.import, export_specifier: L.import, export_statement: L.import, import: L.import,
  import_attribute: L.import, import_clause: L.import, import_specifier: L.import,
  import_statement: L.import, named_imports: L.import, namespace_export: L.import,
  namespace_import: L.import,
  class: L.class, class_body: L.class, class_declaration: L.class, class_heritage: L.class,
  formal_parameters: L.function, function_declaration: L.function, method_definition: L.function,
  lexical_declaration: L.variable, variable_declaration: L.variable, variable_declarator: L.variable,
  else_clause: L.conditional, if_statement: L.conditional, switch_body: L.conditional,
  switch_case: L.conditional, switch_default: L.conditional, switch_statement: L.conditional,
  do_statement: L.loop, for_in_statement: L.loop, for_statement: L.loop, while_statement: L.loop,
  break_statement: L.jump, continue_statement: L.jump, labeled_statement: L.jump, return_statement: L.jump,
  catch_clause: L.exception, finally_clause: L.exception, throw_statement: L.exception,
  try_statement: L.exception,
  assignment_expression: L.operation, augmented_assignment_expression: L.operation,
  binary_expression: L.operation, sequence_expression: L.operation, ternary_expression: L.operation,
  unary_expression: L.operation, update_expression: L.operation,
  arguments: L.call, call_expression: L.call,
  new_expression: L.objectCreation,
  meta_property: L.otherExpression, parenthesized_expression: L.otherExpression,
  spread_element: L.otherExpression, subscript_expression: L.otherExpression,
  array: L.composite, object: L.composite, pair: L.composite,
  number: L.numeric,
  escape_sequence: L.string, regex: L.string, regex_flags: L.string, regex_pattern: L.string,
  string: L.string, string_fragment: L.string, template_string: L.string, template_substitution: L.string,
  false: L.boolean, true: L.boolean,
  null: L.specialValue, undefined: L.specialValue,
  expression_statement: L.expressionStatement,
  class_static_block: L.compoundStatement, statement_block: L.compoundStatement,
  with_statement: L.compoundStatement,
  debugger_statement: L.otherStatement, empty_statement: L.otherStatement,
  decorator: L.annotation,
  comment: L.singleLineComment,
  html_comment: L.multiLineComment,
  computed_property_name: L.identifier, identifier: L.identifier, private_property_identifier: L.identifier,
  property_identifier: L.identifier, shorthand_property_identifier: L.identifier,
  statement_identifier: L.identifier, super: L.identifier, this: L.identifier,
  member_expression: L.qualifiedName, optional_chain: L.qualifiedName,
  arrow_function: L.lambda, function_expression: L.lambda,
  array_pattern: L.variable, assignment_pattern: L.variable,
  object_assignment_pattern: L.variable, object_pattern: L.variable,
  pair_pattern: L.variable, rest_pattern: L.variable,
  shorthand_property_identifier_pattern: L.variable,
  await_expression: L.coroutine, generator_function: L.coroutine,
  generator_function_declaration: L.coroutine, yield_expression: L.coroutine,
};

/** Semantic labels of the JSX node types (JavaScript and TSX grammars). */
export const jsxSemantic: Record<string, SemanticLabel> = {
  jsx_closing_element: L.objectCreation, jsx_element: L.objectCreation,
  jsx_opening_element: L.objectCreation, jsx_self_closing_element: L.objectCreation,
  jsx_expression: L.otherExpression,
  html_character_reference: L.string, jsx_text: L.string,
  jsx_attribute: L.otherModifier,
  jsx_namespace_name: L.qualifiedName,
};

const parameters = { path: ['parameters'] };
/** `const f = () => ...`, `handler = () => ...` in a class: the function is named by what it is assigned to. */
const assignedName = [['..', 'name', '?identifier'], ['..', 'name', '?property_identifier'], ['..', 'property', '?property_identifier']];
const moduleSpecifier = '^[^./]';

/** `export <declaration>` is the declaration it exports (an export list, `export { a }`, stays an import). */
export const exportedDeclarations: SemanticTextRule[] = [
  { types: ['export_statement'], pattern: '^export\\s+(?:default\\s+)?(?:declare\\s+)?(?:async\\s+)?function\\b', label: L.function },
  { types: ['export_statement'], pattern: '^export\\s+(?:default\\s+)?(?:declare\\s+)?(?:abstract\\s+)?class\\b', label: L.class },
  { types: ['export_statement'], pattern: '^export\\s+(?:declare\\s+)?(?:const|let|var|using)\\b', label: L.variable },
];

/** Rules shared with TypeScript and TSX, whose grammars extend this one. */
export const ecmascriptRules = {
  definitions: [
    { type: 'function_declaration', kind: 'function', bodyField: 'body', nameFields: [['name']], parameters },
    { type: 'generator_function_declaration', kind: 'function', bodyField: 'body', nameFields: [['name']], parameters },
    { type: 'function_expression', kind: 'function', bodyField: 'body', nameFields: [['name'], ...assignedName], parameters, methodInClass: true },
    { type: 'arrow_function', kind: 'function', bodyField: 'body', nameFields: assignedName, parameters, methodInClass: true },
    { type: 'method_definition', kind: 'method', bodyField: 'body', nameFields: [['name']], parameters },
  ],
  calls: [
    {
      type: 'call_expression',
      calleeFields: [['function']],
      memberNameFields: ['property'],
      argumentsField: 'arguments',
      singleArgumentTypes: ['template_string'],
      nameTypes: ['super'],
    },
    { type: 'new_expression', calleeFields: [['constructor']], memberNameFields: ['property'], argumentsField: 'arguments' },
  ],
  imports: [
    // `import d, { a, b as c } from './m'`, `import * as ns from 'pkg'`, `import './side-effect'`.
    {
      type: 'import_statement',
      pathFields: [['source']],
      resolve: 'relative-path',
      systemPattern: moduleSpecifier,
      aliases: [{ type: 'import_specifier', nameField: 'name', aliasField: 'alias' }],
      bindingFields: [
        ['@import_clause', '@identifier'],
        ['@import_clause', '@namespace_import', '@identifier'],
        ['@import_clause', '@named_imports', '@import_specifier'],
      ],
      defaultBinding: 'none',
    },
    // `const m = require('./m')`, `const { a, b: c } = require('./m')`, `await import('./m')`.
    {
      type: 'call_expression',
      onlyWhen: { path: ['function'], texts: ['require', 'import'] },
      pathFields: [['arguments', '@string']],
      resolve: 'relative-path',
      systemPattern: moduleSpecifier,
      parentBinding: { type: 'variable_declarator', field: 'name', nameTypes: ['identifier', 'shorthand_property_identifier_pattern'] },
      defaultBinding: 'none',
    },
    // `export { a } from './m'` depends on ./m without binding a local name.
    { type: 'export_statement', pathFields: [['source']], resolve: 'relative-path', systemPattern: moduleSpecifier, defaultBinding: 'none' },
  ],
  scopes: [
    // `class A extends B`: members are looked up through the base
    { type: 'class_declaration', nameFields: [['name']], bases: { paths: [['@class_heritage']] } },
    { type: 'class', nameFields: [['name']], bases: { paths: [['@class_heritage']] } },
  ],
  definitionWrappers: ['export_statement', 'variable_declarator', 'lexical_declaration', 'variable_declaration', 'field_definition'],
  constructors: { names: ['constructor'] },
  constructorCalls: { base: 'super' },
} satisfies Partial<LanguageSpec>;

export const javascript: LanguageSpec = {
  id: 'javascript',
  displayName: 'JavaScript',
  grammar: { package: 'tree-sitter-javascript', wasm: 'tree-sitter-javascript.wasm' },
  extensions: ['.js', '.mjs', '.cjs', '.jsx'],
  bracketStatements: true,
  lineComment: '//',
  blockComment: ['/*', '*/'],
  // a script's HTML-like comments
  otherCommentStarts: ['<!--', '-->'],
  commentTypes: ['comment', 'html_comment'],
  identifierTypes: [
    'identifier', 'property_identifier', 'private_property_identifier', 'shorthand_property_identifier',
    'shorthand_property_identifier_pattern', 'statement_identifier',
  ],
  stringTypes: ['string', 'template_string', 'regex'],
  ...ecmascriptRules,
  docstring: 'comment-before',
  statementTypes: [
    'expression_statement', 'lexical_declaration', 'variable_declaration', 'return_statement', 'if_statement', 'for_statement',
    'for_in_statement', 'while_statement', 'do_statement', 'switch_statement', 'break_statement', 'continue_statement',
    'throw_statement', 'try_statement', 'labeled_statement', 'debugger_statement', 'empty_statement', 'with_statement',
    'statement_block', 'import_statement', 'export_statement', 'function_declaration', 'generator_function_declaration',
    'class_declaration', 'using_declaration',
  ],
  /** The ECMAScript reserved words as CrossCodeEval lists them (its scripts/keywords/typescript.txt, from dpu-utils). */
  keywords: [
    'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else',
    'export', 'extends', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof', 'new', 'return',
    'super', 'switch', 'this', 'throw', 'try', 'typeof', 'var', 'void', 'while', 'with', 'yield', 'enum',
    'implements', 'interface', 'let', 'package', 'private', 'protected', 'public', 'static',
  ],
  /** Global functions, constructors and the common methods of the built-in objects (console, JSON, Object, Math, Array, String, Promise). */
  stdlib: [
    'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURIComponent', 'decodeURIComponent', 'encodeURI',
    'decodeURI', 'escape', 'unescape', 'eval', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval',
    'setImmediate', 'clearImmediate', 'queueMicrotask', 'structuredClone', 'fetch', 'require', 'alert', 'log',
    'error', 'warn', 'info', 'debug', 'trace', 'table', 'time', 'timeEnd', 'assert', 'dir', 'group',
    'groupEnd', 'parse', 'stringify', 'keys', 'values', 'entries', 'assign', 'freeze', 'create',
    'defineProperty', 'getPrototypeOf', 'setPrototypeOf', 'fromEntries', 'hasOwnProperty',
    'getOwnPropertyNames', 'isArray', 'from', 'of', 'floor', 'ceil', 'round', 'abs', 'max', 'min', 'random',
    'pow', 'sqrt', 'trunc', 'sign', 'exp', 'cbrt', 'hypot', 'isInteger', 'isSafeInteger', 'fromCharCode',
    'fromCodePoint', 'raw', 'all', 'race', 'resolve', 'reject', 'allSettled', 'any', 'now', 'push', 'pop',
    'shift', 'unshift', 'slice', 'splice', 'map', 'filter', 'reduce', 'reduceRight', 'forEach', 'find',
    'findIndex', 'findLast', 'includes', 'indexOf', 'lastIndexOf', 'join', 'concat', 'sort', 'reverse', 'some',
    'every', 'flat', 'flatMap', 'fill', 'at', 'split', 'trim', 'trimStart', 'trimEnd', 'toUpperCase',
    'toLowerCase', 'startsWith', 'endsWith', 'replace', 'replaceAll', 'substring', 'padStart', 'padEnd',
    'charAt', 'charCodeAt', 'repeat', 'match', 'matchAll', 'toFixed', 'toString', 'valueOf', 'then', 'catch',
    'finally', 'Error', 'TypeError', 'RangeError', 'SyntaxError', 'Map', 'Set', 'WeakMap', 'WeakSet',
    'Promise', 'Date', 'RegExp', 'Array', 'Object', 'String', 'Number', 'Boolean', 'Symbol', 'BigInt', 'URL',
    'URLSearchParams', 'TextEncoder', 'TextDecoder', 'AbortController',
  ],
  /** Global objects and Node.js built-in modules (`console.log`, `JSON.parse`, `fs.readFile`, `node:fs`). */
  selfReceivers: ['this'],
  moduleExtensions: ['.js', '.jsx', '.mjs', '.cjs'],
  stdlibModules: [
    'console', 'JSON', 'Object', 'Math', 'Array', 'Number', 'String', 'Promise', 'Reflect', 'Date', 'Symbol',
    'BigInt', 'Intl', 'Atomics', 'globalThis', 'window', 'document', 'navigator', 'process', 'Buffer', 'node',
    'fs', 'path', 'os', 'http', 'https', 'url', 'util', 'events', 'crypto', 'child_process', 'stream',
    'assert', 'zlib', 'net', 'readline', 'worker_threads', 'timers', 'querystring', 'dns',
  ],
  semantic: {
    ...ecmascriptSemantic,
    ...jsxSemantic,
    using_declaration: L.import,
    field_definition: L.variable,
  },
  semanticFallback: L.otherExpression,
  semanticRules: [SLASH_STAR_COMMENTS, ...exportedDeclarations],
};
