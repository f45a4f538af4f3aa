// Rust: grammar, syntax and semantic knowledge, as data.
import type { LanguageSpec } from '../types.ts';

export const rust: LanguageSpec = {
  id: 'rust',
  displayName: 'Rust',
  grammar: { package: 'tree-sitter-rust', wasm: 'tree-sitter-rust.wasm' },
  extensions: ['.rs'],
  lineComment: '//',
  blockComment: ['/*', '*/'],
  commentTypes: ['line_comment', 'block_comment'],
  identifierTypes: ['identifier', 'field_identifier', 'type_identifier', 'shorthand_field_identifier'],
  stringTypes: ['string_literal', 'raw_string_literal', 'char_literal'],
  definitions: [
    {
      type: 'function_item',
      kind: 'function',
      bodyField: 'body',
      nameFields: [['name']],
      methodInClass: true,
      parameters: { path: ['parameters'], skipTypes: ['self_parameter', 'attribute_item'] },
    },
    // Trait method signatures have no body: recorded as declarations.
    { type: 'function_signature_item', kind: 'method', bodyField: 'body', nameFields: [['name']] },
  ],
  calls: [
    // `f(x)`, `a.b(x)`, `Type::f(x)`, `a::b::<T>(x)`; the receiver is the text before the name.
    { type: 'call_expression', calleeFields: [['function']], memberNameFields: ['field', 'name'], argumentsField: 'arguments' },
    // `println!(...)`, `std::vec![...]`: macros are called like functions.
    { type: 'macro_invocation', calleeFields: [['macro']], memberNameFields: ['name'] },
  ],
  imports: [
    {
      type: 'use_declaration',
      // `use a::b::{c, d as e};` imports from `a::b`; `use a::b::*;` from `a::b`; `use a::b as c;` and
      // `use a::b::c;` import `a::b` / `a::b::c`.
      pathFields: [
        ['argument', '?scoped_use_list', 'path'],
        ['argument', '?use_wildcard', '@scoped_identifier'],
        ['argument', '?use_wildcard', '@identifier'],
        ['argument', '?use_wildcard', '@crate'],
        ['argument', '?use_wildcard', '@super'],
        ['argument', '?use_wildcard', '@self'],
        ['argument'],
      ],
      resolve: 'dotted-module',
      aliases: [{ type: 'use_as_clause', nameField: 'path', aliasField: 'alias' }],
      bindingFields: [
        ['argument', '?scoped_use_list', 'list', '@identifier'],
        ['argument', '?scoped_use_list', 'list', '@use_as_clause'],
        ['argument', '?scoped_use_list', 'list', '@scoped_identifier', 'name'],
        ['argument', '?scoped_identifier', 'name'],
      ],
      wildcardTypes: ['use_wildcard'],
      defaultBinding: 'last',
    },
    // `mod codec;` loads codec.rs (or codec/mod.rs); `mod tests { ... }` is inline, not an import.
    { type: 'mod_item', pathFields: [['name']], unless: ['body'], resolve: 'relative-path', defaultBinding: 'last' },
    { type: 'extern_crate_declaration', pathFields: [['name']], resolve: 'none', bindingFields: [['alias']], defaultBinding: 'last' },
  ],
  scopes: [
    // `impl Store`, `impl Display for Store`, `impl<T> Stack<T>`: methods are qualified by the type.
    { type: 'impl_item', nameFields: [['type']] },
    { type: 'trait_item', nameFields: [['name']] },
    { type: 'mod_item', nameFields: [['name']], kind: 'namespace' },
  ],
  scopeSeparator: '::',
  nameWrappers: { generic_function: 'first' },
  constructors: { names: ['new'] },
  docstring: 'comment-before',
  statementTypes: [
    'expression_statement', 'let_declaration', 'empty_statement', 'function_item', 'function_signature_item',
    'struct_item', 'enum_item', 'union_item', 'trait_item', 'impl_item', 'type_item', 'const_item',
    'static_item', 'mod_item', 'use_declaration', 'extern_crate_declaration', 'macro_definition',
    'macro_invocation', 'attribute_item', 'inner_attribute_item', 'foreign_mod_item', 'associated_type',
  ],
  keywords: [
    'as', 'async', 'await', 'break', 'const', 'continue', 'crate', 'dyn', 'else', 'enum', 'extern', 'false',
    'fn', 'for', 'if', 'impl', 'in', 'let', 'loop', 'match', 'mod', 'move', 'mut', 'pub', 'ref', 'return',
    'self', 'Self', 'static', 'struct', 'super', 'trait', 'true', 'type', 'unsafe', 'use', 'where', 'while',
    'abstract', 'become', 'box', 'do', 'final', 'gen', 'macro', 'override', 'priv', 'try', 'typeof',
    'unsized', 'virtual', 'yield', 'union',
  ],
  stdlib: [
    // standard crates (`use` roots)
    'std', 'core', 'alloc', 'proc_macro', 'test',
    // macros of std/core
    'println', 'print', 'eprintln', 'eprint', 'format', 'format_args', 'write', 'writeln', 'vec', 'panic',
    'assert', 'assert_eq', 'assert_ne', 'debug_assert', 'debug_assert_eq', 'debug_assert_ne', 'unreachable',
    'unimplemented', 'todo', 'dbg', 'matches', 'concat', 'stringify', 'include', 'include_str',
    'include_bytes', 'env', 'option_env', 'cfg', 'line', 'column', 'file', 'module_path', 'compile_error',
    'thread_local', 'try', 'addr_of', 'addr_of_mut',
    // prelude functions and variant constructors
    'drop', 'Some', 'Ok', 'Err', 'Box', 'Vec', 'String',
    // associated functions of std types (receiver.name)
    'Box.new', 'Box.pin', 'Vec.new', 'Vec.with_capacity', 'Vec.from', 'String.new', 'String.from',
    'String.with_capacity', 'String.from_utf8', 'String.from_utf8_lossy', 'HashMap.new', 'HashMap.with_capacity',
    'HashMap.from', 'HashSet.new', 'HashSet.from', 'BTreeMap.new', 'BTreeSet.new', 'VecDeque.new',
    'VecDeque.with_capacity', 'BinaryHeap.new', 'Rc.new', 'Rc.clone', 'Arc.new', 'Arc.clone', 'RefCell.new',
    'Cell.new', 'Mutex.new', 'RwLock.new', 'Option.Some', 'Result.Ok', 'Default.default', 'PathBuf.from',
    'Path.new', 'File.open', 'File.create', 'OpenOptions.new', 'Duration.from_secs', 'Duration.from_millis',
    'Instant.now', 'SystemTime.now', 'Ordering.Less', 'Command.new', 'BufReader.new', 'BufWriter.new',
    'Cow.Borrowed', 'Cow.Owned', 'Pin.new', 'PhantomData.default', 'NonNull.new', 'Wrapping.default',
    'thread.spawn', 'thread.sleep', 'thread.current', 'mem.swap', 'mem.replace', 'mem.take', 'mem.drop',
    'mem.size_of', 'mem.transmute', 'mem.forget', 'mem.zeroed', 'ptr.null', 'ptr.null_mut', 'ptr.copy',
    'ptr.read', 'ptr.write', 'fs.read', 'fs.read_to_string', 'fs.write', 'fs.create_dir_all', 'fs.remove_file',
    'fs.read_dir', 'fs.metadata', 'io.stdin', 'io.stdout', 'io.stderr', 'env.args', 'env.var', 'env.vars',
    'process.exit', 'process.id', 'cmp.max', 'cmp.min', 'iter.once', 'iter.repeat', 'iter.empty',
    'iter.from_fn', 'iter.successors', 'char.from_u32', 'char.from_digit', 'str.from_utf8', 'i32.from_str',
    'u8.from_str_radix', 'f64.from_bits', 'std::mem.transmute', 'std::mem.swap', 'std::mem.replace',
    'std::mem.take', 'std::process.exit', 'std::thread.spawn', 'std::thread.sleep', 'std::fs.read_to_string',
    'std::fs.write', 'std::env.args', 'std::env.var', 'std::io.stdin', 'std::io.stdout', 'std::cmp.max',
    'std::cmp.min', 'std::ptr.null', 'std::iter.once', 'std::iter.repeat',
  ],
  semantic: {
    // Program Structure / entry
    source_file: { class: 'Program Structure', subclass: 'entry' },
    shebang: { class: 'Program Structure', subclass: 'entry' },
    // Program Structure / namespace
    mod_item: { class: 'Program Structure', subclass: 'namespace' },
    foreign_mod_item: { class: 'Program Structure', subclass: 'namespace' },
    // Program Structure / import
    use_declaration: { class: 'Program Structure', subclass: 'import' },
    use_list: { class: 'Program Structure', subclass: 'import' },
    scoped_use_list: { class: 'Program Structure', subclass: 'import' },
    use_as_clause: { class: 'Program Structure', subclass: 'import' },
    use_wildcard: { class: 'Program Structure', subclass: 'import' },
    extern_crate_declaration: { class: 'Program Structure', subclass: 'import' },
    // Declaration and Definition / class
    struct_item: { class: 'Declaration and Definition', subclass: 'class' },
    enum_item: { class: 'Declaration and Definition', subclass: 'class' },
    union_item: { class: 'Declaration and Definition', subclass: 'class' },
    trait_item: { class: 'Declaration and Definition', subclass: 'class' },
    impl_item: { class: 'Declaration and Definition', subclass: 'class' },
    type_item: { class: 'Declaration and Definition', subclass: 'class' },
    enum_variant: { class: 'Declaration and Definition', subclass: 'class' },
    enum_variant_list: { class: 'Declaration and Definition', subclass: 'class' },
    field_declaration_list: { class: 'Declaration and Definition', subclass: 'class' },
    ordered_field_declaration_list: { class: 'Declaration and Definition', subclass: 'class' },
    associated_type: { class: 'Declaration and Definition', subclass: 'class' },
    declaration_list: { class: 'Declaration and Definition', subclass: 'class' },
    // Declaration and Definition / function
    function_item: { class: 'Declaration and Definition', subclass: 'function' },
    function_signature_item: { class: 'Declaration and Definition', subclass: 'function' },
    // Declaration and Definition / variable
    let_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    const_item: { class: 'Declaration and Definition', subclass: 'variable' },
    static_item: { class: 'Declaration and Definition', subclass: 'variable' },
    parameter: { class: 'Declaration and Definition', subclass: 'variable' },
    parameters: { class: 'Declaration and Definition', subclass: 'variable' },
    self_parameter: { class: 'Declaration and Definition', subclass: 'variable' },
    variadic_parameter: { class: 'Declaration and Definition', subclass: 'variable' },
    const_parameter: { class: 'Declaration and Definition', subclass: 'variable' },
    field_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    // Control Flow Structure / conditional
    if_expression: { class: 'Control Flow Structure', subclass: 'conditional' },
    else_clause: { class: 'Control Flow Structure', subclass: 'conditional' },
    // Control Flow Structure / loop
    loop_expression: { class: 'Control Flow Structure', subclass: 'loop' },
    while_expression: { class: 'Control Flow Structure', subclass: 'loop' },
    for_expression: { class: 'Control Flow Structure', subclass: 'loop' },
    // Control Flow Structure / jump
    break_expression: { class: 'Control Flow Structure', subclass: 'jump' },
    continue_expression: { class: 'Control Flow Structure', subclass: 'jump' },
    return_expression: { class: 'Control Flow Structure', subclass: 'jump' },
    label: { class: 'Control Flow Structure', subclass: 'jump' },
    // Control Flow Structure / exception
    try_expression: { class: 'Control Flow Structure', subclass: 'exception' },
    try_block: { class: 'Control Flow Structure', subclass: 'exception' },
    // Expression / operation
    binary_expression: { class: 'Expression', subclass: 'operation' },
    unary_expression: { class: 'Expression', subclass: 'operation' },
    assignment_expression: { class: 'Expression', subclass: 'operation' },
    compound_assignment_expr: { class: 'Expression', subclass: 'operation' },
    range_expression: { class: 'Expression', subclass: 'operation' },
    index_expression: { class: 'Expression', subclass: 'operation' },
    reference_expression: { class: 'Expression', subclass: 'operation' },
    // Expression / call
    call_expression: { class: 'Expression', subclass: 'call' },
    arguments: { class: 'Expression', subclass: 'call' },
    generic_function: { class: 'Expression', subclass: 'call' },
    // Expression / object creation
    struct_expression: { class: 'Expression', subclass: 'object creation' },
    field_initializer_list: { class: 'Expression', subclass: 'object creation' },
    field_initializer: { class: 'Expression', subclass: 'object creation' },
    shorthand_field_initializer: { class: 'Expression', subclass: 'object creation' },
    base_field_initializer: { class: 'Expression', subclass: 'object creation' },
    // Expression / cast
    type_cast_expression: { class: 'Expression', subclass: 'cast' },
    // Expression / other
    field_expression: { class: 'Expression', subclass: 'other' },
    parenthesized_expression: { class: 'Expression', subclass: 'other' },
    // Data Type / primitive
    primitive_type: { class: 'Data Type', subclass: 'primitive' },
    // Data Type / composite
    array_type: { class: 'Data Type', subclass: 'composite' },
    tuple_type: { class: 'Data Type', subclass: 'composite' },
    reference_type: { class: 'Data Type', subclass: 'composite' },
    pointer_type: { class: 'Data Type', subclass: 'composite' },
    function_type: { class: 'Data Type', subclass: 'composite' },
    unit_type: { class: 'Data Type', subclass: 'composite' },
    dynamic_type: { class: 'Data Type', subclass: 'composite' },
    abstract_type: { class: 'Data Type', subclass: 'composite' },
    bounded_type: { class: 'Data Type', subclass: 'composite' },
    qualified_type: { class: 'Data Type', subclass: 'composite' },
    bracketed_type: { class: 'Data Type', subclass: 'composite' },
    array_expression: { class: 'Data Type', subclass: 'composite' },
    tuple_expression: { class: 'Data Type', subclass: 'composite' },
    // Data Type / generic
    generic_type: { class: 'Data Type', subclass: 'generic' },
    generic_type_with_turbofish: { class: 'Data Type', subclass: 'generic' },
    type_arguments: { class: 'Data Type', subclass: 'generic' },
    type_parameters: { class: 'Data Type', subclass: 'generic' },
    type_parameter: { class: 'Data Type', subclass: 'generic' },
    lifetime: { class: 'Data Type', subclass: 'generic' },
    lifetime_parameter: { class: 'Data Type', subclass: 'generic' },
    trait_bounds: { class: 'Data Type', subclass: 'generic' },
    higher_ranked_trait_bound: { class: 'Data Type', subclass: 'generic' },
    removed_trait_bound: { class: 'Data Type', subclass: 'generic' },
    where_clause: { class: 'Data Type', subclass: 'generic' },
    where_predicate: { class: 'Data Type', subclass: 'generic' },
    type_binding: { class: 'Data Type', subclass: 'generic' },
    for_lifetimes: { class: 'Data Type', subclass: 'generic' },
    use_bounds: { class: 'Data Type', subclass: 'generic' },
    // Data Type / numeric
    integer_literal: { class: 'Data Type', subclass: 'numeric' },
    float_literal: { class: 'Data Type', subclass: 'numeric' },
    negative_literal: { class: 'Data Type', subclass: 'numeric' },
    // Data Type / string
    string_literal: { class: 'Data Type', subclass: 'string' },
    raw_string_literal: { class: 'Data Type', subclass: 'string' },
    string_content: { class: 'Data Type', subclass: 'string' },
    escape_sequence: { class: 'Data Type', subclass: 'string' },
    char_literal: { class: 'Data Type', subclass: 'string' },
    // Data Type / boolean
    boolean_literal: { class: 'Data Type', subclass: 'boolean' },
    // Data Type / special value
    unit_expression: { class: 'Data Type', subclass: 'special value' },
    never_type: { class: 'Data Type', subclass: 'special value' },
    // Statement / expression
    expression_statement: { class: 'Statement', subclass: 'expression' },
    // Statement / compound
    block: { class: 'Statement', subclass: 'compound' },
    unsafe_block: { class: 'Statement', subclass: 'compound' },
    const_block: { class: 'Statement', subclass: 'compound' },
    // Statement / other
    empty_statement: { class: 'Statement', subclass: 'other' },
    // Modifier and Attribute / access
    visibility_modifier: { class: 'Modifier and Attribute', subclass: 'access' },
    // Modifier and Attribute / other
    mutable_specifier: { class: 'Modifier and Attribute', subclass: 'other' },
    function_modifiers: { class: 'Modifier and Attribute', subclass: 'other' },
    extern_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    // Modifier and Attribute / annotation
    attribute_item: { class: 'Modifier and Attribute', subclass: 'annotation' },
    inner_attribute_item: { class: 'Modifier and Attribute', subclass: 'annotation' },
    attribute: { class: 'Modifier and Attribute', subclass: 'annotation' },
    // Comments and Documentation / single-line
    line_comment: { class: 'Comments and Documentation', subclass: 'single-line' },
    doc_comment: { class: 'Comments and Documentation', subclass: 'single-line' },
    outer_doc_comment_marker: { class: 'Comments and Documentation', subclass: 'single-line' },
    inner_doc_comment_marker: { class: 'Comments and Documentation', subclass: 'single-line' },
    // Comments and Documentation / multi-line
    block_comment: { class: 'Comments and Documentation', subclass: 'multi-line' },
    // Preprocessing Directive / macro
    macro_definition: { class: 'Preprocessing Directive', subclass: 'macro' },
    macro_rule: { class: 'Preprocessing Directive', subclass: 'macro' },
    macro_invocation: { class: 'Preprocessing Directive', subclass: 'macro' },
    token_tree: { class: 'Preprocessing Directive', subclass: 'macro' },
    token_tree_pattern: { class: 'Preprocessing Directive', subclass: 'macro' },
    token_repetition: { class: 'Preprocessing Directive', subclass: 'macro' },
    token_repetition_pattern: { class: 'Preprocessing Directive', subclass: 'macro' },
    token_binding_pattern: { class: 'Preprocessing Directive', subclass: 'macro' },
    fragment_specifier: { class: 'Preprocessing Directive', subclass: 'macro' },
    metavariable: { class: 'Preprocessing Directive', subclass: 'macro' },
    // Identifier and Scope / identifier
    identifier: { class: 'Identifier and Scope', subclass: 'identifier' },
    field_identifier: { class: 'Identifier and Scope', subclass: 'identifier' },
    shorthand_field_identifier: { class: 'Identifier and Scope', subclass: 'identifier' },
    type_identifier: { class: 'Identifier and Scope', subclass: 'identifier' },
    self: { class: 'Identifier and Scope', subclass: 'identifier' },
    // Identifier and Scope / qualified name
    scoped_identifier: { class: 'Identifier and Scope', subclass: 'qualified name' },
    scoped_type_identifier: { class: 'Identifier and Scope', subclass: 'qualified name' },
    crate: { class: 'Identifier and Scope', subclass: 'qualified name' },
    super: { class: 'Identifier and Scope', subclass: 'qualified name' },
    // Special Language Structure / lambda
    closure_expression: { class: 'Special Language Structure', subclass: 'lambda' },
    closure_parameters: { class: 'Special Language Structure', subclass: 'lambda' },
    // Special Language Structure / pattern matching
    match_expression: { class: 'Special Language Structure', subclass: 'pattern matching' },
    match_arm: { class: 'Special Language Structure', subclass: 'pattern matching' },
    match_block: { class: 'Special Language Structure', subclass: 'pattern matching' },
    match_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    let_condition: { class: 'Special Language Structure', subclass: 'pattern matching' },
    let_chain: { class: 'Special Language Structure', subclass: 'pattern matching' },
    captured_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    field_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    generic_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    mut_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    or_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    range_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    ref_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    reference_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    remaining_field_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    slice_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    struct_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    tuple_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    tuple_struct_pattern: { class: 'Special Language Structure', subclass: 'pattern matching' },
    // Special Language Structure / coroutine
    await_expression: { class: 'Special Language Structure', subclass: 'coroutine' },
    async_block: { class: 'Special Language Structure', subclass: 'coroutine' },
    gen_block: { class: 'Special Language Structure', subclass: 'coroutine' },
    yield_expression: { class: 'Special Language Structure', subclass: 'coroutine' },
  },
  semanticFallback: { class: 'Expression', subclass: 'other' },
};
