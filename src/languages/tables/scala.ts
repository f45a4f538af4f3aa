// Scala: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const scala: LanguageSpec = {
  id: 'scala',
  displayName: 'Scala',
  grammar: { package: 'tree-sitter-scala', wasm: 'tree-sitter-scala.wasm' },
  extensions: ['.scala', '.sc'],
  lineComment: '//',
  blockComment: ['/*', '*/'],
  commentTypes: ['comment', 'block_comment'],
  identifierTypes: ['identifier', 'type_identifier'],
  stringTypes: ['string', 'interpolated_string_expression', 'character_literal'],
  definitions: [
    { type: 'function_definition', kind: 'function', bodyField: 'body', nameFields: [['name']], methodInClass: true, parameters: { path: ['parameters'] } },
    // Abstract members (`def f(x: Int): Int` in a trait) have no body: recorded as declarations.
    { type: 'function_declaration', kind: 'method', bodyField: 'body', nameFields: [['name']] },
  ],
  calls: [
    // `f(x)`, `a.f(x)`, `f[T](x)`; curried `f(a)(b)` is one call (the outer node has no name).
    { type: 'call_expression', calleeFields: [['function']], memberNameFields: ['field'], argumentsField: 'arguments' },
    // `new Order(id)` calls the class's constructor.
    { type: 'instance_expression', calleeFields: [['@type_identifier'], ['@generic_type', 'type']], argumentsField: 'arguments' },
  ],
  imports: [
    {
      type: 'import_declaration',
      // Every segment of `a.b.c` is its own `path` node: the target spans them all.
      pathFields: [['path']],
      joinPath: true,
      resolve: 'dotted-module',
      aliases: [
        { type: 'arrow_renamed_identifier', nameField: 'name', aliasField: 'alias' },
        { type: 'as_renamed_identifier', nameField: 'name', aliasField: 'alias' },
      ],
      bindingFields: [['@namespace_selectors', '@identifier'], ['@namespace_selectors', '@arrow_renamed_identifier'], ['@namespace_selectors', '@as_renamed_identifier'], ['@as_renamed_identifier']],
      wildcardTypes: ['namespace_wildcard'],
      defaultBinding: 'last',
    },
  ],
  scopes: [
    { type: 'package_clause', nameFields: [['name']], kind: 'namespace', fileWide: true },
    { type: 'class_definition', nameFields: [['name']] },
    { type: 'object_definition', nameFields: [['name']] },
    { type: 'trait_definition', nameFields: [['name']] },
    { type: 'enum_definition', nameFields: [['name']] },
    { type: 'package_object', nameFields: [['name']], kind: 'namespace' },
  ],
  nameWrappers: { generic_function: 'first' },
  docstring: 'comment-before',
  statementTypes: [
    'val_definition', 'var_definition', 'val_declaration', 'var_declaration', 'function_definition',
    'function_declaration', 'class_definition', 'object_definition', 'trait_definition', 'enum_definition',
    'type_definition', 'given_definition', 'extension_definition', 'import_declaration', 'export_declaration',
    'package_clause', 'call_expression', 'assignment_expression', 'infix_expression', 'if_expression',
    'match_expression', 'while_expression', 'do_while_expression', 'for_expression', 'try_expression',
    'return_expression', 'throw_expression', 'field_expression', 'postfix_expression', 'instance_expression',
  ],
  keywords: [
    'abstract', 'case', 'catch', 'class', 'def', 'do', 'else', 'enum', 'export', 'extends', 'false', 'final',
    'finally', 'for', 'forSome', 'given', 'if', 'implicit', 'import', 'lazy', 'match', 'new', 'null', 'object',
    'override', 'package', 'private', 'protected', 'return', 'sealed', 'super', 'then', 'this', 'throw',
    'trait', 'true', 'try', 'type', 'val', 'var', 'while', 'with', 'yield',
    // soft keywords
    'as', 'derives', 'end', 'extension', 'infix', 'inline', 'opaque', 'open', 'transparent', 'using',
  ],
  stdlib: [
    // standard packages (`import` roots)
    'scala', 'java', 'javax',
    // Predef and scala package members
    'println', 'print', 'printf', 'require', 'assert', 'assume', 'identity', 'implicitly', 'summon', 'locally',
    '???', 'classOf', 'valueOf', 'List', 'Seq', 'IndexedSeq', 'Vector', 'Map', 'Set', 'Array', 'Option',
    'Some', 'Either', 'Left', 'Right', 'Try', 'Success', 'Failure', 'Future', 'Promise', 'StringBuilder',
    'Range', 'Iterator', 'Iterable', 'LazyList', 'Stream', 'ListBuffer', 'ArrayBuffer', 'BigInt',
    'BigDecimal', 'Tuple2', 'Tuple3', 'Ordering', 'Exception', 'RuntimeException', 'IllegalArgumentException',
    'IllegalStateException', 'NoSuchElementException', 'UnsupportedOperationException', 'Using',
    // collection and string methods used without an explicit receiver
    'map', 'flatMap', 'filter', 'filterNot', 'foreach', 'foldLeft', 'foldRight', 'fold', 'reduce',
    'reduceLeft', 'sum', 'product', 'max', 'min', 'maxBy', 'minBy', 'sortBy', 'sortWith', 'sorted',
    'groupBy', 'partition', 'zip', 'zipWithIndex', 'take', 'drop', 'takeWhile', 'dropWhile', 'head',
    'headOption', 'tail', 'last', 'lastOption', 'init', 'isEmpty', 'nonEmpty', 'size', 'length', 'contains',
    'exists', 'forall', 'find', 'count', 'mkString', 'toList', 'toSeq', 'toVector', 'toMap', 'toSet',
    'toArray', 'toString', 'toInt', 'toLong', 'toDouble', 'getOrElse', 'orElse', 'get', 'collect', 'distinct',
    'reverse', 'indexOf', 'updated', 'apply', 'unapply', 'copy', 'equals', 'hashCode', 'split', 'trim',
    'substring', 'startsWith', 'endsWith', 'format', 'stripMargin', 'isInstanceOf', 'asInstanceOf', 'empty',
    // companion objects and modules called as Type.member
    'Math.max', 'Math.min', 'Math.abs', 'Math.sqrt', 'Math.pow', 'Math.round', 'Math.floor', 'Math.ceil',
    'math.max', 'math.min', 'math.abs', 'math.sqrt', 'math.pow', 'sys.exit', 'sys.error', 'sys.env',
    'List.empty', 'List.fill', 'List.range', 'List.tabulate', 'Seq.empty', 'Map.empty', 'Set.empty',
    'Vector.empty', 'Array.fill', 'Array.ofDim', 'Array.empty', 'Option.empty', 'Option.when', 'Future.apply',
    'Future.successful', 'Future.failed', 'Future.sequence', 'Future.traverse', 'Await.result', 'Await.ready',
    'Try.apply', 'Source.fromFile', 'Source.fromString', 'StdIn.readLine', 'Console.println', 'System.exit',
    'System.currentTimeMillis', 'System.nanoTime', 'Thread.sleep', 'Integer.parseInt', 'String.format',
    'Ordering.by', 'Iterator.continually', 'LazyList.from', 'mutable.ListBuffer', 'mutable.ArrayBuffer',
    'mutable.Map', 'mutable.Set', 'ListBuffer.empty', 'ArrayBuffer.empty',
  ],
  semantic: {
    // Program Structure / entry
    compilation_unit: { class: 'Program Structure', subclass: 'entry' },
    // Program Structure / namespace
    package_clause: { class: 'Program Structure', subclass: 'namespace' },
    package_identifier: { class: 'Program Structure', subclass: 'namespace' },
    package_object: { class: 'Program Structure', subclass: 'namespace' },
    // Program Structure / import
    import_declaration: { class: 'Program Structure', subclass: 'import' },
    export_declaration: { class: 'Program Structure', subclass: 'import' },
    namespace_selectors: { class: 'Program Structure', subclass: 'import' },
    namespace_wildcard: { class: 'Program Structure', subclass: 'import' },
    arrow_renamed_identifier: { class: 'Program Structure', subclass: 'import' },
    as_renamed_identifier: { class: 'Program Structure', subclass: 'import' },
    // Declaration and Definition / class
    class_definition: { class: 'Declaration and Definition', subclass: 'class' },
    object_definition: { class: 'Declaration and Definition', subclass: 'class' },
    trait_definition: { class: 'Declaration and Definition', subclass: 'class' },
    enum_definition: { class: 'Declaration and Definition', subclass: 'class' },
    enum_body: { class: 'Declaration and Definition', subclass: 'class' },
    enum_case_definitions: { class: 'Declaration and Definition', subclass: 'class' },
    simple_enum_case: { class: 'Declaration and Definition', subclass: 'class' },
    full_enum_case: { class: 'Declaration and Definition', subclass: 'class' },
    type_definition: { class: 'Declaration and Definition', subclass: 'class' },
    template_body: { class: 'Declaration and Definition', subclass: 'class' },
    with_template_body: { class: 'Declaration and Definition', subclass: 'class' },
    extends_clause: { class: 'Declaration and Definition', subclass: 'class' },
    derives_clause: { class: 'Declaration and Definition', subclass: 'class' },
    given_definition: { class: 'Declaration and Definition', subclass: 'class' },
    given_conditional: { class: 'Declaration and Definition', subclass: 'class' },
    extension_definition: { class: 'Declaration and Definition', subclass: 'class' },
    self_type: { class: 'Declaration and Definition', subclass: 'class' },
    // Declaration and Definition / function
    function_definition: { class: 'Declaration and Definition', subclass: 'function' },
    function_declaration: { class: 'Declaration and Definition', subclass: 'function' },
    // Declaration and Definition / variable
    val_definition: { class: 'Declaration and Definition', subclass: 'variable' },
    val_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    var_definition: { class: 'Declaration and Definition', subclass: 'variable' },
    var_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    parameter: { class: 'Declaration and Definition', subclass: 'variable' },
    parameters: { class: 'Declaration and Definition', subclass: 'variable' },
    class_parameter: { class: 'Declaration and Definition', subclass: 'variable' },
    class_parameters: { class: 'Declaration and Definition', subclass: 'variable' },
    binding: { class: 'Declaration and Definition', subclass: 'variable' },
    bindings: { class: 'Declaration and Definition', subclass: 'variable' },
    // Control Flow Structure / conditional
    if_expression: { class: 'Control Flow Structure', subclass: 'conditional' },
    // Control Flow Structure / loop
    while_expression: { class: 'Control Flow Structure', subclass: 'loop' },
    do_while_expression: { class: 'Control Flow Structure', subclass: 'loop' },
    for_expression: { class: 'Control Flow Structure', subclass: 'loop' },
    enumerators: { class: 'Control Flow Structure', subclass: 'loop' },
    enumerator: { class: 'Control Flow Structure', subclass: 'loop' },
    // Control Flow Structure / jump
    return_expression: { class: 'Control Flow Structure', subclass: 'jump' },
    // Control Flow Structure / exception
    try_expression: { class: 'Control Flow Structure', subclass: 'exception' },
    catch_clause: { class: 'Control Flow Structure', subclass: 'exception' },
    finally_clause: { class: 'Control Flow Structure', subclass: 'exception' },
    throw_expression: { class: 'Control Flow Structure', subclass: 'exception' },
    // Expression / operation
    infix_expression: { class: 'Expression', subclass: 'operation' },
    prefix_expression: { class: 'Expression', subclass: 'operation' },
    postfix_expression: { class: 'Expression', subclass: 'operation' },
    assignment_expression: { class: 'Expression', subclass: 'operation' },
    // Expression / call
    call_expression: { class: 'Expression', subclass: 'call' },
    arguments: { class: 'Expression', subclass: 'call' },
    generic_function: { class: 'Expression', subclass: 'call' },
    colon_argument: { class: 'Expression', subclass: 'call' },
    // Expression / object creation
    instance_expression: { class: 'Expression', subclass: 'object creation' },
    // Expression / cast
    ascription_expression: { class: 'Expression', subclass: 'cast' },
    // Expression / other
    field_expression: { class: 'Expression', subclass: 'other' },
    parenthesized_expression: { class: 'Expression', subclass: 'other' },
    tuple_expression: { class: 'Expression', subclass: 'other' },
    // Data Type / composite
    compound_type: { class: 'Data Type', subclass: 'composite' },
    function_type: { class: 'Data Type', subclass: 'composite' },
    tuple_type: { class: 'Data Type', subclass: 'composite' },
    named_tuple_type: { class: 'Data Type', subclass: 'composite' },
    structural_type: { class: 'Data Type', subclass: 'composite' },
    refinement: { class: 'Data Type', subclass: 'composite' },
    annotated_type: { class: 'Data Type', subclass: 'composite' },
    projected_type: { class: 'Data Type', subclass: 'composite' },
    singleton_type: { class: 'Data Type', subclass: 'composite' },
    literal_type: { class: 'Data Type', subclass: 'composite' },
    match_type: { class: 'Data Type', subclass: 'composite' },
    type_case_clause: { class: 'Data Type', subclass: 'composite' },
    lazy_parameter_type: { class: 'Data Type', subclass: 'composite' },
    repeated_parameter_type: { class: 'Data Type', subclass: 'composite' },
    parameter_types: { class: 'Data Type', subclass: 'composite' },
    infix_type: { class: 'Data Type', subclass: 'composite' },
    name_and_type: { class: 'Data Type', subclass: 'composite' },
    // Data Type / generic
    generic_type: { class: 'Data Type', subclass: 'generic' },
    type_arguments: { class: 'Data Type', subclass: 'generic' },
    type_parameters: { class: 'Data Type', subclass: 'generic' },
    type_lambda: { class: 'Data Type', subclass: 'generic' },
    upper_bound: { class: 'Data Type', subclass: 'generic' },
    lower_bound: { class: 'Data Type', subclass: 'generic' },
    view_bound: { class: 'Data Type', subclass: 'generic' },
    context_bound: { class: 'Data Type', subclass: 'generic' },
    covariant_type_parameter: { class: 'Data Type', subclass: 'generic' },
    contravariant_type_parameter: { class: 'Data Type', subclass: 'generic' },
    // Data Type / numeric
    integer_literal: { class: 'Data Type', subclass: 'numeric' },
    floating_point_literal: { class: 'Data Type', subclass: 'numeric' },
    // Data Type / string
    string: { class: 'Data Type', subclass: 'string' },
    interpolated_string: { class: 'Data Type', subclass: 'string' },
    interpolated_string_expression: { class: 'Data Type', subclass: 'string' },
    interpolation: { class: 'Data Type', subclass: 'string' },
    escape_sequence: { class: 'Data Type', subclass: 'string' },
    character_literal: { class: 'Data Type', subclass: 'string' },
    // Data Type / boolean
    boolean_literal: { class: 'Data Type', subclass: 'boolean' },
    // Data Type / special value
    null_literal: { class: 'Data Type', subclass: 'special value' },
    unit: { class: 'Data Type', subclass: 'special value' },
    wildcard: { class: 'Data Type', subclass: 'special value' },
    // Statement / compound
    block: { class: 'Statement', subclass: 'compound' },
    indented_block: { class: 'Statement', subclass: 'compound' },
    // Modifier and Attribute / access
    access_modifier: { class: 'Modifier and Attribute', subclass: 'access' },
    access_qualifier: { class: 'Modifier and Attribute', subclass: 'access' },
    // Modifier and Attribute / other
    modifiers: { class: 'Modifier and Attribute', subclass: 'other' },
    infix_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    inline_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    opaque_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    open_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    transparent_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    // Modifier and Attribute / annotation
    annotation: { class: 'Modifier and Attribute', subclass: 'annotation' },
    // Comments and Documentation / single-line
    comment: { class: 'Comments and Documentation', subclass: 'single-line' },
    // Comments and Documentation / multi-line
    block_comment: { class: 'Comments and Documentation', subclass: 'multi-line' },
    // Preprocessing Directive / macro
    using_directive: { class: 'Preprocessing Directive', subclass: 'macro' },
    using_directive_key: { class: 'Preprocessing Directive', subclass: 'macro' },
    using_directive_value: { class: 'Preprocessing Directive', subclass: 'macro' },
    macro_body: { class: 'Preprocessing Directive', subclass: 'macro' },
    quote_expression: { class: 'Preprocessing Directive', subclass: 'macro' },
    splice_expression: { class: 'Preprocessing Directive', subclass: 'macro' },
    // Identifier and Scope / identifier
    identifier: { class: 'Identifier and Scope', subclass: 'identifier' },
    identifiers: { class: 'Identifier and Scope', subclass: 'identifier' },
    operator_identifier: { class: 'Identifier and Scope', subclass: 'identifier' },
    type_identifier: { class: 'Identifier and Scope', subclass: 'identifier' },
    // Identifier and Scope / qualified name
    stable_identifier: { class: 'Identifier and Scope', subclass: 'qualified name' },
    stable_type_identifier: { class: 'Identifier and Scope', subclass: 'qualified name' },
    // Special Language Structure / lambda
    lambda_expression: { class: 'Special Language Structure', subclass: 'lambda' },
    // Special Language Structure / pattern matching
    match_expression: { class: 'Special Language Structure', subclass: 'pattern matching' },
    case_block: { class: 'Special Language Structure', subclass: 'pattern matching' },
    case_clause: { class: 'Special Language Structure', subclass: 'pattern matching' },
    indented_cases: { class: 'Special Language Structure', subclass: 'pattern matching' },
    guard: { class: 'Special Language Structure', subclass: 'pattern matching' },
    alternative_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    capture_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    case_class_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    infix_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    named_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    named_tuple_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    repeat_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    tuple_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    typed_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    given_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
  },
  semanticFallback: { class: 'Expression', subclass: 'other' },
};
