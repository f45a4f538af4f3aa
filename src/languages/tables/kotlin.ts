// Kotlin: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const kotlin: LanguageSpec = {
  id: 'kotlin',
  displayName: 'Kotlin',
  grammar: { package: '@tree-sitter-grammars/tree-sitter-kotlin', wasm: 'tree-sitter-kotlin.wasm' },
  extensions: ['.kt', '.kts'],
  lineComment: '//',
  blockComment: ['/*', '*/'],
  commentTypes: ['line_comment', 'block_comment'],
  identifierTypes: ['identifier'],
  stringTypes: ['string_literal', 'multiline_string_literal', 'character_literal'],
  definitions: [
    { type: 'function_declaration', kind: 'function', bodyField: '@function_body', nameFields: [['name']], methodInClass: true },
    // `constructor(...) : this(...) { }` is named after its class (class_body → class_declaration).
    { type: 'secondary_constructor', kind: 'constructor', bodyField: '@block', nameFields: [['..', '..', 'name']] },
  ],
  calls: [
    // `f(x)`, `Foo(x)` (constructor call), `a.b(x)`, `a?.b(x)`, `f<T>(x)`, trailing lambdas.
    { type: 'call_expression', calleeFields: [['@identifier'], ['@navigation_expression']], argumentsField: '@value_arguments' },
  ],
  imports: [
    {
      type: 'import',
      pathFields: [['@qualified_identifier']],
      resolve: 'dotted-module',
      // `import a.b.C as D` binds D; `import a.b.*` binds every name.
      bindingFields: [['@identifier']],
      wildcardTypes: ['*'],
      defaultBinding: 'last',
    },
  ],
  scopes: [
    { type: 'package_header', nameFields: [['@qualified_identifier']], kind: 'namespace', fileWide: true },
    { type: 'class_declaration', nameFields: [['name']] },
    { type: 'object_declaration', nameFields: [['name']] },
    // `companion object` (usually unnamed): its functions stay qualified by the class.
    { type: 'companion_object', nameFields: [['name']] },
  ],
  nameWrappers: { navigation_expression: 'last' },
  docstring: 'comment-before',
  statementTypes: [
    'property_declaration', 'assignment', 'call_expression', 'function_declaration', 'class_declaration',
    'object_declaration', 'type_alias', 'for_statement', 'while_statement', 'do_while_statement',
    'if_expression', 'when_expression', 'try_expression', 'return_expression', 'throw_expression',
    'unary_expression', 'navigation_expression', 'labeled_expression', 'package_header', 'import',
    'secondary_constructor', 'anonymous_initializer', 'companion_object',
  ],
  keywords: [
    // hard keywords
    'as', 'break', 'class', 'continue', 'do', 'else', 'false', 'for', 'fun', 'if', 'in', 'interface', 'is',
    'null', 'object', 'package', 'return', 'super', 'this', 'throw', 'true', 'try', 'typealias', 'typeof',
    'val', 'var', 'when', 'while',
    // soft keywords
    'by', 'catch', 'constructor', 'delegate', 'dynamic', 'field', 'file', 'finally', 'get', 'import', 'init',
    'param', 'property', 'receiver', 'set', 'setparam', 'value', 'where',
    // modifier keywords
    'abstract', 'actual', 'annotation', 'companion', 'const', 'crossinline', 'data', 'enum', 'expect',
    'external', 'final', 'infix', 'inline', 'inner', 'internal', 'lateinit', 'noinline', 'open', 'operator',
    'out', 'override', 'private', 'protected', 'public', 'reified', 'sealed', 'suspend', 'tailrec', 'vararg',
  ],
  stdlib: [
    // standard packages (`import` roots)
    'kotlin', 'java', 'javax',
    // kotlin / kotlin.io / kotlin.collections top-level functions
    'println', 'print', 'readLine', 'readln', 'readlnOrNull', 'listOf', 'listOfNotNull', 'mutableListOf',
    'arrayListOf', 'emptyList', 'mapOf', 'mutableMapOf', 'hashMapOf', 'linkedMapOf', 'sortedMapOf',
    'emptyMap', 'setOf', 'mutableSetOf', 'hashSetOf', 'linkedSetOf', 'sortedSetOf', 'emptySet', 'arrayOf',
    'arrayOfNulls', 'emptyArray', 'intArrayOf', 'longArrayOf', 'doubleArrayOf', 'floatArrayOf',
    'booleanArrayOf', 'charArrayOf', 'byteArrayOf', 'shortArrayOf', 'sequenceOf', 'emptySequence',
    'generateSequence', 'sequence', 'iterator', 'buildList', 'buildMap', 'buildSet', 'buildString', 'Pair',
    'Triple', 'require', 'requireNotNull', 'check', 'checkNotNull', 'error', 'assert', 'TODO', 'run', 'let',
    'apply', 'also', 'with', 'takeIf', 'takeUnless', 'repeat', 'lazy', 'lazyOf', 'synchronized', 'maxOf',
    'minOf', 'compareBy', 'compareByDescending', 'compareValues', 'compareValuesBy', 'naturalOrder',
    'reverseOrder', 'runCatching', 'Result', 'Regex', 'StringBuilder', 'Array', 'IntArray', 'ArrayList',
    'HashMap', 'LinkedHashMap', 'HashSet', 'LinkedHashSet', 'Exception', 'RuntimeException',
    'IllegalArgumentException', 'IllegalStateException', 'UnsupportedOperationException',
    'IndexOutOfBoundsException', 'NoSuchElementException', 'NullPointerException', 'ArithmeticException',
    'NumberFormatException', 'ClassCastException', 'Any', 'Unit', 'emptyArray',
    // kotlin.math
    'abs', 'sqrt', 'cbrt', 'pow', 'exp', 'ln', 'log', 'log2', 'log10', 'floor', 'ceil', 'round', 'truncate',
    'sign', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'hypot', 'max', 'min',
    // collection and string extension functions used without an explicit receiver (inside scope functions)
    'map', 'filter', 'forEach', 'forEachIndexed', 'mapIndexed', 'mapNotNull', 'flatMap', 'flatten', 'fold',
    'reduce', 'sum', 'sumOf', 'count', 'any', 'all', 'none', 'first', 'firstOrNull', 'last', 'lastOrNull',
    'find', 'single', 'singleOrNull', 'take', 'drop', 'takeWhile', 'dropWhile', 'zip', 'groupBy', 'associate',
    'associateBy', 'associateWith', 'partition', 'chunked', 'windowed', 'distinct', 'distinctBy', 'sorted',
    'sortedBy', 'sortedDescending', 'sortedWith', 'reversed', 'joinToString', 'toList', 'toMutableList',
    'toSet', 'toMutableSet', 'toMap', 'toTypedArray', 'toString', 'toInt', 'toLong', 'toDouble', 'toFloat',
    'toIntOrNull', 'toBoolean', 'contains', 'indexOf', 'isEmpty', 'isNotEmpty', 'isNullOrEmpty', 'isBlank',
    'isNotBlank', 'isNullOrBlank', 'orEmpty', 'trim', 'split', 'substring', 'startsWith', 'endsWith',
    'replace', 'uppercase', 'lowercase', 'format', 'padStart', 'padEnd', 'lines', 'getOrElse', 'getOrDefault',
    'getOrPut', 'average', 'maxOrNull', 'minOrNull', 'maxByOrNull', 'minByOrNull', 'coerceIn',
    'coerceAtLeast', 'coerceAtMost', 'until', 'downTo', 'step', 'hashCode', 'equals', 'copy', 'add', 'remove',
    'put', 'get', 'set', 'addAll', 'clear', 'size',
    // Java interop receivers commonly called as Type.member
    'Math.max', 'Math.min', 'Math.abs', 'Math.sqrt', 'Math.pow', 'Math.random', 'Math.floor', 'Math.round',
    'System.currentTimeMillis', 'System.nanoTime', 'System.exit', 'System.getenv', 'System.getProperty',
    'Thread.sleep', 'Integer.parseInt', 'String.format', 'Objects.equals', 'Objects.hash', 'Collections.sort',
    'Arrays.asList', 'Arrays.sort', 'Files.readAllLines', 'Paths.get', 'UUID.randomUUID', 'Int.MAX_VALUE',
  ],
  semantic: {
    // Program Structure / entry
    source_file: { class: 'Program Structure', subclass: 'entry' },
    shebang: { class: 'Program Structure', subclass: 'entry' },
    // Program Structure / namespace
    package_header: { class: 'Program Structure', subclass: 'namespace' },
    // Program Structure / import
    import: { class: 'Program Structure', subclass: 'import' },
    // Declaration and Definition / class
    class_declaration: { class: 'Declaration and Definition', subclass: 'class' },
    object_declaration: { class: 'Declaration and Definition', subclass: 'class' },
    companion_object: { class: 'Declaration and Definition', subclass: 'class' },
    type_alias: { class: 'Declaration and Definition', subclass: 'class' },
    enum_entry: { class: 'Declaration and Definition', subclass: 'class' },
    class_body: { class: 'Declaration and Definition', subclass: 'class' },
    enum_class_body: { class: 'Declaration and Definition', subclass: 'class' },
    primary_constructor: { class: 'Declaration and Definition', subclass: 'class' },
    delegation_specifiers: { class: 'Declaration and Definition', subclass: 'class' },
    delegation_specifier: { class: 'Declaration and Definition', subclass: 'class' },
    explicit_delegation: { class: 'Declaration and Definition', subclass: 'class' },
    // Declaration and Definition / function
    function_declaration: { class: 'Declaration and Definition', subclass: 'function' },
    secondary_constructor: { class: 'Declaration and Definition', subclass: 'function' },
    getter: { class: 'Declaration and Definition', subclass: 'function' },
    setter: { class: 'Declaration and Definition', subclass: 'function' },
    anonymous_initializer: { class: 'Declaration and Definition', subclass: 'function' },
    function_body: { class: 'Declaration and Definition', subclass: 'function' },
    // Declaration and Definition / variable
    property_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    variable_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    multi_variable_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    parameter: { class: 'Declaration and Definition', subclass: 'variable' },
    class_parameter: { class: 'Declaration and Definition', subclass: 'variable' },
    class_parameters: { class: 'Declaration and Definition', subclass: 'variable' },
    function_value_parameters: { class: 'Declaration and Definition', subclass: 'variable' },
    property_delegate: { class: 'Declaration and Definition', subclass: 'variable' },
    lambda_parameters: { class: 'Declaration and Definition', subclass: 'variable' },
    // Control Flow Structure / conditional
    if_expression: { class: 'Control Flow Structure', subclass: 'conditional' },
    when_expression: { class: 'Control Flow Structure', subclass: 'conditional' },
    when_entry: { class: 'Control Flow Structure', subclass: 'conditional' },
    when_subject: { class: 'Control Flow Structure', subclass: 'conditional' },
    // Control Flow Structure / loop
    for_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    while_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    do_while_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    // Control Flow Structure / jump
    return_expression: { class: 'Control Flow Structure', subclass: 'jump' },
    label: { class: 'Control Flow Structure', subclass: 'jump' },
    labeled_expression: { class: 'Control Flow Structure', subclass: 'jump' },
    // Control Flow Structure / exception
    try_expression: { class: 'Control Flow Structure', subclass: 'exception' },
    catch_block: { class: 'Control Flow Structure', subclass: 'exception' },
    finally_block: { class: 'Control Flow Structure', subclass: 'exception' },
    throw_expression: { class: 'Control Flow Structure', subclass: 'exception' },
    // Expression / operation
    binary_expression: { class: 'Expression', subclass: 'operation' },
    unary_expression: { class: 'Expression', subclass: 'operation' },
    assignment: { class: 'Expression', subclass: 'operation' },
    in_expression: { class: 'Expression', subclass: 'operation' },
    is_expression: { class: 'Expression', subclass: 'operation' },
    infix_expression: { class: 'Expression', subclass: 'operation' },
    range_expression: { class: 'Expression', subclass: 'operation' },
    index_expression: { class: 'Expression', subclass: 'operation' },
    spread_expression: { class: 'Expression', subclass: 'operation' },
    // Expression / call
    call_expression: { class: 'Expression', subclass: 'call' },
    value_arguments: { class: 'Expression', subclass: 'call' },
    value_argument: { class: 'Expression', subclass: 'call' },
    constructor_delegation_call: { class: 'Expression', subclass: 'call' },
    // Expression / object creation
    object_literal: { class: 'Expression', subclass: 'object creation' },
    constructor_invocation: { class: 'Expression', subclass: 'object creation' },
    // Expression / cast
    as_expression: { class: 'Expression', subclass: 'cast' },
    // Expression / other
    navigation_expression: { class: 'Expression', subclass: 'other' },
    parenthesized_expression: { class: 'Expression', subclass: 'other' },
    this_expression: { class: 'Expression', subclass: 'other' },
    super_expression: { class: 'Expression', subclass: 'other' },
    annotated_expression: { class: 'Expression', subclass: 'other' },
    callable_reference: { class: 'Expression', subclass: 'other' },
    // Data Type / composite
    user_type: { class: 'Data Type', subclass: 'composite' },
    nullable_type: { class: 'Data Type', subclass: 'composite' },
    non_nullable_type: { class: 'Data Type', subclass: 'composite' },
    parenthesized_type: { class: 'Data Type', subclass: 'composite' },
    function_type: { class: 'Data Type', subclass: 'composite' },
    function_type_parameters: { class: 'Data Type', subclass: 'composite' },
    collection_literal: { class: 'Data Type', subclass: 'composite' },
    // Data Type / generic
    type_arguments: { class: 'Data Type', subclass: 'generic' },
    type_projection: { class: 'Data Type', subclass: 'generic' },
    type_parameters: { class: 'Data Type', subclass: 'generic' },
    type_parameter: { class: 'Data Type', subclass: 'generic' },
    type_constraints: { class: 'Data Type', subclass: 'generic' },
    type_constraint: { class: 'Data Type', subclass: 'generic' },
    // Data Type / numeric
    number_literal: { class: 'Data Type', subclass: 'numeric' },
    float_literal: { class: 'Data Type', subclass: 'numeric' },
    // Data Type / string
    string_literal: { class: 'Data Type', subclass: 'string' },
    multiline_string_literal: { class: 'Data Type', subclass: 'string' },
    string_content: { class: 'Data Type', subclass: 'string' },
    escape_sequence: { class: 'Data Type', subclass: 'string' },
    interpolation: { class: 'Data Type', subclass: 'string' },
    character_literal: { class: 'Data Type', subclass: 'string' },
    // Statement / compound
    block: { class: 'Statement', subclass: 'compound' },
    // Modifier and Attribute / access
    visibility_modifier: { class: 'Modifier and Attribute', subclass: 'access' },
    // Modifier and Attribute / other
    modifiers: { class: 'Modifier and Attribute', subclass: 'other' },
    class_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    function_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    inheritance_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    member_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    parameter_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    parameter_modifiers: { class: 'Modifier and Attribute', subclass: 'other' },
    platform_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    property_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    type_modifiers: { class: 'Modifier and Attribute', subclass: 'other' },
    type_parameter_modifiers: { class: 'Modifier and Attribute', subclass: 'other' },
    variance_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    reification_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    // Modifier and Attribute / annotation
    annotation: { class: 'Modifier and Attribute', subclass: 'annotation' },
    file_annotation: { class: 'Modifier and Attribute', subclass: 'annotation' },
    use_site_target: { class: 'Modifier and Attribute', subclass: 'annotation' },
    // Comments and Documentation / single-line
    line_comment: { class: 'Comments and Documentation', subclass: 'single-line' },
    // Comments and Documentation / multi-line
    block_comment: { class: 'Comments and Documentation', subclass: 'multi-line' },
    // Identifier and Scope / identifier
    identifier: { class: 'Identifier and Scope', subclass: 'identifier' },
    // Identifier and Scope / qualified name
    qualified_identifier: { class: 'Identifier and Scope', subclass: 'qualified name' },
    // Special Language Structure / lambda
    lambda_literal: { class: 'Special Language Structure', subclass: 'lambda' },
    annotated_lambda: { class: 'Special Language Structure', subclass: 'lambda' },
    anonymous_function: { class: 'Special Language Structure', subclass: 'lambda' },
    // Special Language Structure / pattern matching
    type_test: { class: 'Special Language Structure', subclass: 'pattern matching' },
    range_test: { class: 'Special Language Structure', subclass: 'pattern matching' },
  },
  semanticFallback: { class: 'Expression', subclass: 'other' },
};
