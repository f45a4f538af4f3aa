// Go: grammar, syntax and semantic knowledge, as data.
import { LABELS as L, label, SEMANTIC_SUBCLASSES, type LanguageSpec, SLASH_STAR_COMMENTS } from '../types.ts';

// Go's own subclass: `defer` schedules a call at function exit (neither a jump nor exception handling).
const deferred = label('Control Flow Structure', 'defer');

const parameters = { path: ['parameters'] };
/** Values whose type the code states: `T{...}`, `&T{...}`. */
const goValueTypes = { composite_literal: ['type'], unary_expression: ['operand', '?composite_literal', 'type'] };

export const go: LanguageSpec = {
  id: 'go',
  displayName: 'Go',
  grammar: { package: 'tree-sitter-go', wasm: 'tree-sitter-go.wasm' },
  extensions: ['.go'],
  lineComment: '//',
  blockComment: ['/*', '*/'],
  commentTypes: ['comment'],
  identifierTypes: ['identifier', 'field_identifier', 'type_identifier', 'package_identifier'],
  stringTypes: ['interpreted_string_literal', 'raw_string_literal', 'rune_literal'],
  definitions: [
    { type: 'function_declaration', kind: 'function', bodyField: 'body', nameFields: [['name']], parameters },
    // `func (s *Server) Handle(...)`: qualified by the receiver's type.
    {
      type: 'method_declaration',
      kind: 'method',
      bodyField: 'body',
      nameFields: [['name']],
      parameters,
      receiverTypePath: ['receiver', '@parameter_declaration', 'type'],
    },
  ],
  calls: [{ type: 'call_expression', calleeFields: [['function']], memberNameFields: ['field'], argumentsField: 'arguments' }],
  imports: [
    // `import "a/b"` binds `b`; `import x "a/b"` binds `x`; `import . "a/b"` is a wildcard; `import _ "a/b"` binds nothing.
    {
      type: 'import_spec',
      pathFields: [['path']],
      resolve: 'go-package',
      bindingFields: [['name']],
      wildcardTypes: ['dot'],
      noBindingTypes: ['blank_identifier'],
      defaultBinding: 'last',
    },
  ],
  // `func (s *Server)`, `p Params`, `var x T`, `x := &T{}`, `x := T{}`: method calls on those names are the type's.
  localTypes: [
    { type: 'parameter_declaration', names: [['name']], typePath: [['type']] },
    { type: 'var_spec', names: [['name']], typePath: [['type']], valuePath: [['value']], listTypes: ['expression_list'], valueTypes: goValueTypes },
    { type: 'short_var_declaration', names: [['left', '@identifier']], valuePath: [['right']], listTypes: ['expression_list'], valueTypes: goValueTypes },
  ],
  scopes: [{ type: 'package_clause', nameFields: [['@package_identifier']], kind: 'namespace', fileWide: true }],
  docstring: 'comment-before',
  statementTypes: [
    'expression_statement', 'assignment_statement', 'short_var_declaration', 'inc_statement', 'dec_statement', 'send_statement',
    'var_declaration', 'const_declaration', 'type_declaration', 'return_statement', 'if_statement', 'for_statement',
    'expression_switch_statement', 'type_switch_statement', 'select_statement', 'go_statement', 'defer_statement',
    'break_statement', 'continue_statement', 'goto_statement', 'fallthrough_statement', 'labeled_statement', 'empty_statement',
    'block', 'import_declaration',
    // Declarations inside a struct, interface or grouped `var`/`const` block end at their own line, not at the group's `}`/`)`.
    'field_declaration', 'method_elem', 'const_spec', 'var_spec',
  ],
  // Package-level types, constants and variables (reached from other packages as `pkg.Name`).
  declarations: [
    { type: 'type_spec', nameFields: [['name']] },
    { type: 'const_spec', nameFields: [['name']] },
    { type: 'var_spec', nameFields: [['name']] },
  ],
  /** The 25 keywords of the Go specification. */
  keywords: [
    'break', 'case', 'chan', 'const', 'continue', 'default', 'defer', 'else', 'fallthrough', 'for', 'func',
    'go', 'goto', 'if', 'import', 'interface', 'map', 'package', 'range', 'return', 'select', 'struct',
    'switch', 'type', 'var',
  ],
  /** Go's builtin functions and common functions of fmt, errors, strings, strconv, os, time, sort, io, math, context, log,
   *  encoding/json, path/filepath, regexp, net/http and reflect. */
  stdlib: [
    'append', 'cap', 'clear', 'close', 'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max', 'min', 'new',
    'panic', 'print', 'println', 'real', 'recover', 'Println', 'Printf', 'Print', 'Sprintf', 'Sprint',
    'Sprintln', 'Errorf', 'Fprintf', 'Fprintln', 'Fprint', 'Sscanf', 'Sscan', 'Scanln', 'New', 'Is', 'As',
    'Unwrap', 'Join', 'Contains', 'ContainsRune', 'HasPrefix', 'HasSuffix', 'Split', 'SplitN', 'Fields',
    'TrimSpace', 'Trim', 'TrimLeft', 'TrimRight', 'TrimPrefix', 'TrimSuffix', 'ToLower', 'ToUpper', 'Replace',
    'ReplaceAll', 'Index', 'LastIndex', 'Repeat', 'EqualFold', 'NewReader', 'NewReplacer', 'Title', 'Count',
    'Compare', 'Itoa', 'Atoi', 'ParseInt', 'ParseUint', 'ParseFloat', 'ParseBool', 'FormatInt', 'FormatFloat',
    'Quote', 'Unquote', 'Exit', 'Getenv', 'Setenv', 'Open', 'Create', 'ReadFile', 'WriteFile', 'Remove',
    'RemoveAll', 'MkdirAll', 'Stat', 'Getwd', 'Now', 'Since', 'Until', 'Sleep', 'Unix', 'Parse',
    'ParseDuration', 'After', 'Tick', 'NewTimer', 'NewTicker', 'Slice', 'SliceStable', 'Strings', 'Ints',
    'Sort', 'Search', 'SearchInts', 'ReadAll', 'Copy', 'WriteString', 'NopCloser', 'Abs', 'Sqrt', 'Floor',
    'Ceil', 'Pow', 'Inf', 'NaN', 'IsNaN', 'Mod', 'Round', 'Background', 'TODO', 'WithCancel', 'WithTimeout',
    'WithDeadline', 'WithValue', 'Fatal', 'Fatalf', 'Fatalln', 'Panic', 'Panicf', 'Marshal', 'Unmarshal',
    'MarshalIndent', 'NewEncoder', 'NewDecoder', 'Base', 'Dir', 'Ext', 'Clean', 'Walk', 'WalkDir', 'Glob',
    'MustCompile', 'Compile', 'QuoteMeta', 'ListenAndServe', 'HandleFunc', 'Handle', 'NewRequest',
    'NewServeMux', 'Error', 'NotFound', 'Redirect', 'DeepEqual', 'TypeOf', 'ValueOf',
  ],
  /** Standard-library packages (receivers such as `fmt`, `strings`, `http`). */
  moduleExtensions: ['.go'],
  stdlibModules: [
    'fmt', 'strings', 'strconv', 'os', 'io', 'ioutil', 'bufio', 'bytes', 'time', 'sort', 'errors', 'math',
    'rand', 'context', 'log', 'json', 'xml', 'csv', 'filepath', 'path', 'http', 'url', 'sync', 'atomic',
    'regexp', 'reflect', 'runtime', 'unicode', 'utf8', 'exec', 'signal', 'testing', 'hex', 'base64', 'sha256',
    'sha1', 'md5', 'binary', 'template', 'flag', 'heap', 'list', 'ring', 'big', 'bits', 'syscall', 'unsafe',
    'slices', 'maps', 'embed',
  ],
  semantic: {
    source_file: L.entry,
    package_clause: L.namespace,
    dot: L.import, import_declaration: L.import, import_spec: L.import, import_spec_list: L.import,
    field_declaration_list: L.class, type_alias: L.class, type_declaration: L.class, type_spec: L.class,
    function_declaration: L.function, method_declaration: L.function, method_elem: L.function,
    parameter_list: L.function,
    const_declaration: L.variable, const_spec: L.variable, field_declaration: L.variable,
    parameter_declaration: L.variable, short_var_declaration: L.variable, var_declaration: L.variable,
    var_spec: L.variable, var_spec_list: L.variable, variadic_parameter_declaration: L.variable,
    default_case: L.conditional, expression_case: L.conditional, expression_switch_statement: L.conditional,
    if_statement: L.conditional, type_case: L.conditional,
    for_clause: L.loop, for_statement: L.loop, range_clause: L.loop,
    break_statement: L.jump, continue_statement: L.jump, defer_statement: deferred,
    fallthrough_statement: L.jump, goto_statement: L.jump, labeled_statement: L.jump, return_statement: L.jump,
    assignment_statement: L.operation, binary_expression: L.operation, dec_statement: L.operation,
    inc_statement: L.operation, unary_expression: L.operation,
    argument_list: L.call, call_expression: L.call,
    composite_literal: L.objectCreation, keyed_element: L.objectCreation, literal_element: L.objectCreation,
    literal_value: L.objectCreation,
    type_assertion_expression: L.cast, type_conversion_expression: L.cast,
    expression_list: L.otherExpression, index_expression: L.otherExpression,
    parenthesized_expression: L.otherExpression, slice_expression: L.otherExpression,
    variadic_argument: L.otherExpression,
    array_type: L.composite, function_type: L.composite, implicit_length_array_type: L.composite,
    interface_type: L.composite, map_type: L.composite, parenthesized_type: L.composite,
    pointer_type: L.composite, slice_type: L.composite, struct_type: L.composite,
    generic_type: L.generic, negated_type: L.generic, type_arguments: L.generic, type_constraint: L.generic,
    type_elem: L.generic, type_instantiation_expression: L.generic, type_parameter_declaration: L.generic,
    type_parameter_list: L.generic,
    float_literal: L.numeric, imaginary_literal: L.numeric, int_literal: L.numeric,
    escape_sequence: L.string, interpreted_string_literal: L.string,
    interpreted_string_literal_content: L.string, raw_string_literal: L.string,
    raw_string_literal_content: L.string, rune_literal: L.string,
    false: L.boolean, true: L.boolean,
    iota: L.specialValue, nil: L.specialValue,
    expression_statement: L.expressionStatement,
    block: L.compoundStatement, statement_list: L.compoundStatement,
    empty_statement: L.otherStatement,
    comment: L.singleLineComment,
    blank_identifier: L.identifier, field_identifier: L.identifier, identifier: L.identifier,
    label_name: L.identifier, package_identifier: L.identifier, type_identifier: L.identifier,
    qualified_type: L.qualifiedName, selector_expression: L.qualifiedName,
    func_literal: L.lambda,
    type_switch_statement: L.patternMatching,
    channel_type: L.coroutine, communication_case: L.coroutine, go_statement: L.coroutine,
    receive_statement: L.coroutine, select_statement: L.coroutine, send_statement: L.coroutine,
  },
  semanticFallback: L.otherExpression,
  semanticRules: [SLASH_STAR_COMMENTS],
  semanticSubclasses: { 'Control Flow Structure': [...SEMANTIC_SUBCLASSES['Control Flow Structure'], 'defer'] },
};
