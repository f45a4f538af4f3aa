// C++: grammar, syntax and semantic knowledge, as data.
import { cLibraryDefinedMacros, cLibraryHeaders, cLibraryMacroCalls, cLibraryNames, cppStandardHeaders } from './c-library.ts';
import { C_PROTOTYPES, LABELS as L, type LanguageSpec, SLASH_STAR_COMMENTS } from '../types.ts';
import { cCompilerHeaderNames, cCompilerHeaderTypes, cFamilyMacroRules, cFamilySemantic, cStandardLibrary } from './c.ts';

/** A declarator's function name (`f`, `Foo::f`, `~Foo`, `operator==`), through pointer/reference declarators;
 *  a conversion operator (`operator bool()`) has no function declarator. */
const functionName = [
  ['declarator>function_declarator', 'declarator'],
  ['declarator>operator_cast'],
  // `MACRO Type* f(...)`: error recovery reads `Type` as a scope with a missing `::` around the declarator.
  ['declarator', '?qualified_identifier', 'name>function_declarator', 'declarator'],
  ['declarator', '?qualified_identifier'],
];
/** Prototype names that a header declares (`int f(int);` and, in a class, `void grow(int);`). */
// `class Q : public btQuadWord, private ns::Base<T>`: one base per named child of the clause
const cppBases = { paths: [['@base_class_clause']], skipTypes: ['access_specifier'] };
const prototypeNames = ['identifier', 'field_identifier', 'qualified_identifier', 'destructor_name', 'operator_name'].map((type) => [
  'declarator>function_declarator',
  'declarator',
  `?${type}`,
]);

/** A parameter's or local's name, through reference, pointer and initialiser declarators (`T& a`, `T* p = q`, `T v(1)`). */
const declaredNames = ['', '?init_declarator'].flatMap((init) =>
  ['', '?reference_declarator', '?pointer_declarator'].map((wrapper) => [
    'declarator',
    ...(init ? [init, 'declarator'] : []),
    ...(wrapper === '?reference_declarator' ? [wrapper, '@identifier'] : wrapper ? [wrapper, 'declarator'] : []),
    '?identifier',
  ]),
);

/** A field's name, through pointer, reference and array declarators (`T m_a`, `T* m_p`, `T& m_r`, `T m_v[3]`, `T* m_g[3]`);
 *  every declarator of a declaration (`T *pa, b;`). */
const fieldNames = [
  ...[[], ['?pointer_declarator'], ['?array_declarator'], ['?pointer_declarator', '?array_declarator']].map((wrappers) => [
    'declarator',
    ...wrappers.flatMap((wrapper) => [wrapper, 'declarator']),
    '?field_identifier',
  ]),
  // a reference declarator holds its name as a plain child
  ['declarator', '?reference_declarator', '@field_identifier'],
];

export const cpp: LanguageSpec = {
  id: 'cpp',
  displayName: 'C++',
  grammar: { package: 'tree-sitter-cpp', wasm: 'tree-sitter-cpp.wasm' },
  extensions: ['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h++', '.ipp', '.tpp'],
  retrievalPeers: ['c'],
  bracketStatements: true,
  // A `.h` with C++-only syntax is C++ (comments and strings are blanked out before matching).
  headerMarkers: {
    extensions: ['.h', '.inc'],
    patterns: [
      '^\\s*template\\s*<',
      '^\\s*(?:inline\\s+)?namespace(?:\\s+[\\w:]+)?\\s*\\{',
      '^\\s*using\\s+namespace\\s',
      // `class X {`, `class X;`, `class X : Base`, and `struct X : Base` (a C struct has no base).
      '^\\s*class\\s+\\w+(?:\\s+final)?\\s*[:;{]',
      '^\\s*struct\\s+\\w+(?:\\s+final)?\\s*:[^:]',
      '^\\s*(?:public|private|protected)\\s*:',
      // C++-only words and forms: `virtual`, operator overloads, the named casts, `nullptr`, a const
      // reference parameter, and a class keyword given to a macro (`ATTRIBUTE_ALIGNED16(class) Name`)
      '^\\s*virtual\\s',
      '\\boperator\\s*(?:[-+*/%^&|~!=<>]=?|\\[\\]|\\(\\)|<<|>>)\\s*\\(',
      '\\b(?:static_cast|dynamic_cast|reinterpret_cast|const_cast)\\s*<',
      '\\bnullptr\\b',
      '[(,]\\s*const\\s+[\\w:]+(?:<[^<>;]*>)?\\s*&\\s*\\w+\\s*[,)=]',
      '^\\s*[A-Z_][A-Z0-9_]*\\s*\\(\\s*(?:class|struct)\\s*\\)',
      // a parameter with a default value (`int* err = 0)`), not a C99 loop's declaration
      '(?:\\((?<!\\bfor\\s*\\()|,)[ \\t]*(?:const[ \\t]+)?[A-Za-z_][\\w:]*(?:[ \\t]*[*&]+[ \\t]*|[ \\t]+)[A-Za-z_]\\w*[ \\t]*=[ \\t]*[^,;()=\\n]+[,)]',
      '\\w::~?\\w',
      '^\\s*#\\s*include\\s*<(?:iostream|string|vector|map|memory|algorithm|utility|functional|cstdio|cstdlib|cstring|cstdint)>',
    ],
    precedence: 1,
  },
  lineComment: '//',
  blockComment: ['/*', '*/'],
  commentTypes: ['comment'],
  identifierTypes: ['identifier', 'field_identifier', 'type_identifier', 'namespace_identifier', 'statement_identifier'],
  stringTypes: ['string_literal', 'char_literal', 'raw_string_literal', 'system_lib_string'],
  definitions: [
    {
      type: 'function_definition',
      kind: 'function',
      bodyField: 'body',
      nameFields: functionName,
      methodInClass: true,
      parameters: { path: ['declarator>function_declarator', 'parameters'], emptyTexts: ['()', '(void)'] },
      // `static` at namespace scope is internal linkage; inside a class it is a class member.
      fileLocal: { modifierTypes: ['storage_class_specifier'], tokens: ['static'], outsideClassOnly: true },
      initializerTypes: ['field_initializer_list'],
    },
  ],
  calls: [
    { type: 'call_expression', calleeFields: [['function']], memberNameFields: ['field', 'name'], argumentsField: 'arguments' },
    { type: 'new_expression', calleeFields: [['type']], memberNameFields: ['name'], argumentsField: 'arguments' },
    // overloaded operators, where the operand's type is stated
    { type: 'binary_expression', calleeFields: [], operator: { operandField: 'left', operatorField: 'operator', operands: 1, argumentField: 'right' } },
    { type: 'assignment_expression', calleeFields: [], operator: { operandField: 'left', operatorField: 'operator', operands: 1, argumentField: 'right' } },
    { type: 'unary_expression', calleeFields: [], operator: { operandField: 'argument', operatorField: 'operator', operands: 0 } },
    { type: 'subscript_expression', calleeFields: [], operator: { operandField: 'argument', token: '[]', operands: 1, argumentsField: 'indices' } },
  ],
  imports: [{ type: 'preproc_include', pathFields: [['path']], resolve: 'include', systemTypes: ['system_lib_string'], defaultBinding: 'none' }],
  scopes: [
    { type: 'class_specifier', nameFields: [['name']], bases: cppBases },
    { type: 'struct_specifier', nameFields: [['name']], bases: cppBases },
    { type: 'union_specifier', nameFields: [['name']] },
    { type: 'namespace_definition', nameFields: [['name']], kind: 'namespace', anonymousIsFileLocal: true },
  ],
  // the stated types of parameters and locals (`const Vec3& v`, `Body* body`, `Shape s(1)`): a member call on
  // one is narrowed to that class's methods (auto and other deduced types are not stated)
  localTypes: [
    // (a range-for's variable too: `for (const Vec& v : list)`; `auto&` hides a field of its name)
    ...['parameter_declaration', 'optional_parameter_declaration', 'declaration', 'for_range_loop'].map((type) => ({
      type,
      names: declaredNames,
      typePath: [['type']],
      skipTypes: ['primitive_type', 'sized_type_specifier'],
      deducedTypes: ['auto', 'decltype(auto)'],
      constQualifier: 'type_qualifier',
    })),
    // a class's fields (`btVector3 m_origin;`, `Body* m_body;`): a method's member call on one is narrowed the same way
    { type: 'field_declaration', names: fieldNames, typePath: [['type']], skipTypes: ['primitive_type', 'sized_type_specifier'], field: true },
  ],
  constructions: {
    declaration: {
      type: 'declaration', typePath: ['type'], namedTypes: ['type_identifier', 'qualified_identifier', 'template_type'],
      declaratorField: 'declarator', plain: ['identifier'], initialized: 'init_declarator', argumentsField: 'value', argumentTypes: ['argument_list', 'initializer_list'],
    },
    initializer: { type: 'field_initializer', nameTypes: ['field_identifier', 'qualified_identifier', 'template_method', 'type_identifier', 'template_type'], argumentTypes: ['argument_list', 'initializer_list'] },
  },
  castTypes: [
    { type: 'cast_expression', typePath: ['type'] },
    ...['static_cast', 'const_cast', 'reinterpret_cast', 'dynamic_cast'].map((cast) => ({ type: 'call_expression', typePath: ['function', '?template_function', 'name', `=${cast}`, '..', 'arguments', '@type_descriptor'] })),
  ],
  libraryClasses: {
    string: [], wstring: [], string_view: [], vector: [], map: [], set: [], pair: [], list: [], deque: [],
    iostream: ['istream', 'ostream'], stringstream: ['iostream'], fstream: ['iostream'],
    istringstream: ['istream'], ifstream: ['istream'], ostringstream: ['ostream'], ofstream: ['ostream'],
    istream: ['ios'], ostream: ['ios'], ios: ['ios_base'],
    runtime_error: ['exception'], logic_error: ['exception'], invalid_argument: ['logic_error'], out_of_range: ['logic_error'],
  },
  // gtest, Google Benchmark, doctest
  fixtureMacros: ['TEST_F', 'TEST_P', 'TYPED_TEST', 'TYPED_TEST_P', 'BENCHMARK_F', 'BENCHMARK_DEFINE_F', 'TEST_CASE_FIXTURE'],
  enumConstants: { type: 'enum_specifier', namePath: ['name'], constantPath: ['body', '@enumerator', 'name'], scopedTokens: ['class', 'struct'] },
  typeAliases: [
    { type: 'alias_declaration', namePath: ['name'], targetPath: ['type'] },
    { type: 'type_definition', namePath: ['declarator'], targetPath: ['type'] },
  ],
  smartPointers: ['std::shared_ptr', 'std::unique_ptr', 'std::weak_ptr', 'boost::shared_ptr', 'shared_ptr', 'unique_ptr'],
  literalTypes: {
    number_literal: 'number', true: 'bool', false: 'bool', char_literal: 'char', null: 'pointer', nullptr: 'pointer',
    string_literal: 'string', raw_string_literal: 'string', concatenated_string: 'string',
  },
  scopeSeparator: '::',
  definitionWrappers: ['template_declaration'],
  templateDeclarations: ['template_declaration'],
  receiverExpressions: ['field_expression', 'subscript_expression', 'pointer_expression', 'parenthesized_expression', 'this'],
  constructors: { sameNameAsClass: true },
  declarations: [
    { type: 'declaration', nameFields: prototypeNames },
    { type: 'field_declaration', nameFields: prototypeNames },
  ],
  // `bool`, `true`, `false` and `wchar_t` are C++ keywords, not names a header defines.
  compilerHeaderNames: cCompilerHeaderNames.filter((name) => !['wchar_t', 'bool', 'true', 'false'].includes(name)),
  compilerHeaderTypes: cCompilerHeaderTypes,
  ...cFamilyMacroRules,
  platformMacros: [...cFamilyMacroRules.platformMacros!, '__cplusplus'],
  declarationMacros: [
    // `ATTRIBUTE_ALIGNED16(class) Name`: an attribute macro taking the class keyword
    '\\b([A-Z_][A-Z0-9_]*\\s*\\()\\s*(?:class|struct|union)\\s*(\\))',
    // `class LIB_API Name : Base {`, `struct EXPORT Name {`: an export or alignment macro before the name
    '\\b(?:class|struct|union)\\s+([A-Z_][A-Z0-9_]*(?:\\s*\\([^()]*\\))?)\\s+(?=[A-Za-z_]\\w*(?:\\s+final)?\\s*(?::[^:]|\\{))',
  ],
  macros: { type: 'preproc_function_def', nameField: 'name', parametersField: 'parameters', valueField: 'value', aliasType: 'preproc_def' },
  docstring: 'comment-before',
  // clang's, which YABLoCo's docstrings come from (redis: 118 of its functions' comments are a blank line or more above them)
  docCommentBarriers: ';{}#@',
  statementTypes: [
    'expression_statement', 'declaration', 'type_definition', 'alias_declaration', 'using_declaration', 'static_assert_declaration',
    'field_declaration', 'return_statement', 'if_statement', 'for_statement', 'for_range_loop', 'while_statement', 'do_statement',
    'switch_statement', 'case_statement', 'break_statement', 'continue_statement', 'goto_statement', 'labeled_statement',
    'compound_statement', 'attributed_statement', 'throw_statement', 'try_statement', 'co_return_statement', 'co_yield_statement',
    'seh_try_statement', 'seh_leave_statement',
  ],
  keywords: [
    'alignas', 'alignof', 'and', 'and_eq', 'asm', 'auto', 'bitand', 'bitor', 'bool', 'break', 'case', 'catch',
    'char', 'char8_t', 'char16_t', 'char32_t', 'class', 'compl', 'concept', 'const', 'consteval', 'constexpr',
    'constinit', 'const_cast', 'continue', 'co_await', 'co_return', 'co_yield', 'decltype', 'default',
    'delete', 'do', 'double', 'dynamic_cast', 'else', 'enum', 'explicit', 'export', 'extern', 'false', 'float',
    'for', 'friend', 'goto', 'if', 'inline', 'int', 'long', 'mutable', 'namespace', 'new', 'noexcept', 'not',
    'not_eq', 'nullptr', 'operator', 'or', 'or_eq', 'private', 'protected', 'public', 'register',
    'reinterpret_cast', 'requires', 'return', 'short', 'signed', 'sizeof', 'static', 'static_assert',
    'static_cast', 'struct', 'switch', 'template', 'this', 'thread_local', 'throw', 'true', 'try', 'typedef',
    'typeid', 'typename', 'union', 'unsigned', 'using', 'virtual', 'void', 'volatile', 'wchar_t', 'while',
    'xor', 'xor_eq',
  ],
  /** The C library (C++ includes it) and the free functions of the C++ standard library. */
  // (C++ reads <ctype.h> and <cmath> as functions: only `assert` stays a macro)
  systemLibrary: { headers: [...cLibraryHeaders, ...cppStandardHeaders], names: cLibraryNames, macroCalls: cLibraryMacroCalls, macros: ['assert'] , definedMacros: cLibraryDefinedMacros },
  stdlib: [
    ...cStandardLibrary,
    'move', 'forward', 'swap', 'exchange', 'make_pair', 'make_tuple', 'tie', 'get', 'make_shared',
    'make_unique', 'allocate_shared', 'static_pointer_cast', 'dynamic_pointer_cast', 'const_pointer_cast',
    'reinterpret_pointer_cast', 'addressof', 'as_const', 'declval', 'move_if_noexcept', 'invoke', 'bind',
    'ref', 'cref', 'mem_fn', 'visit', 'holds_alternative', 'get_if', 'make_optional', 'make_any', 'any_cast',
    'launder', 'terminate', 'sort', 'stable_sort', 'partial_sort', 'nth_element', 'is_sorted', 'find',
    'find_if', 'find_if_not', 'find_first_of', 'adjacent_find', 'count', 'count_if', 'copy', 'copy_if',
    'copy_n', 'copy_backward', 'move_backward', 'fill', 'fill_n', 'transform', 'for_each', 'for_each_n',
    'generate', 'generate_n', 'min', 'max', 'minmax', 'min_element', 'max_element', 'minmax_element', 'clamp',
    'equal', 'lexicographical_compare', 'remove_if', 'remove_copy', 'unique', 'unique_copy', 'reverse',
    'reverse_copy', 'rotate', 'lower_bound', 'upper_bound', 'binary_search', 'equal_range', 'merge',
    'inplace_merge', 'includes', 'set_union', 'set_intersection', 'set_difference', 'set_symmetric_difference',
    'next_permutation', 'prev_permutation', 'shuffle', 'sample', 'all_of', 'any_of', 'none_of', 'mismatch',
    'search', 'search_n', 'replace', 'replace_if', 'partition', 'stable_partition', 'is_partitioned',
    'make_heap', 'push_heap', 'pop_heap', 'sort_heap', 'accumulate', 'reduce', 'inner_product',
    'transform_reduce', 'partial_sum', 'adjacent_difference', 'exclusive_scan', 'inclusive_scan', 'iota',
    'gcd', 'lcm', 'midpoint', 'distance', 'advance', 'next', 'prev', 'begin', 'end', 'cbegin', 'cend',
    'rbegin', 'rend', 'size', 'ssize', 'empty', 'data', 'back_inserter', 'front_inserter', 'inserter',
    'make_move_iterator', 'make_reverse_iterator', 'to_string', 'to_wstring', 'stoi', 'stol', 'stoll', 'stoul',
    'stoull', 'stof', 'stod', 'stold', 'getline', 'from_chars', 'to_chars', 'uninitialized_copy',
    'uninitialized_fill', 'destroy', 'destroy_at', 'construct_at', 'sleep_for', 'sleep_until', 'yield',
    'get_id', 'async', 'call_once', 'lock', 'try_lock', 'make_error_code', 'system_category',
    'generic_category', 'current_exception', 'rethrow_exception', 'make_exception_ptr', 'throw_with_nested',
    'numeric_limits',
  ],
  /** The `std` namespace. */
  implicitThis: true,
  selfReceivers: ['this'],
  selfIsPointer: true,
  memberNamesHide: true,
  stdlibModules: [
    'std',
  ],
  semantic: {
    ...cFamilySemantic,
    namespace_alias_definition: L.namespace, namespace_definition: L.namespace,
    using_declaration: L.import,
    alias_declaration: L.class, base_class_clause: L.class, class_specifier: L.class,
    concept_definition: L.class, friend_declaration: L.class,
    operator_cast: L.function, template_declaration: L.function, trailing_return_type: L.function,
    optional_parameter_declaration: L.variable, pointer_type_declarator: L.variable,
    reference_declarator: L.variable, variadic_declarator: L.variable,
    variadic_parameter_declaration: L.variable,
    condition_clause: L.conditional,
    for_range_loop: L.loop,
    seh_leave_statement: L.jump,
    catch_clause: L.exception, noexcept: L.exception, seh_except_clause: L.exception,
    seh_finally_clause: L.exception, seh_try_statement: L.exception, static_assert_declaration: L.otherStatement,
    throw_specifier: L.exception, throw_statement: L.exception, try_statement: L.exception,
    delete_expression: L.operation, fold_expression: L.operation,
    field_initializer: L.call, field_initializer_list: L.call,
    new_declarator: L.objectCreation, new_expression: L.objectCreation,
    parameter_pack_expansion: L.otherExpression, subscript_argument_list: L.otherExpression,
    auto: L.primitive, decltype: L.primitive, placeholder_type_specifier: L.primitive,
    abstract_reference_declarator: L.composite,
    compound_requirement: L.generic, constraint_conjunction: L.generic, constraint_disjunction: L.generic,
    optional_type_parameter_declaration: L.generic, requirement_seq: L.generic, requires_clause: L.generic,
    requires_expression: L.generic, simple_requirement: L.generic, template_argument_list: L.generic,
    template_function: L.generic, template_instantiation: L.generic, template_method: L.generic,
    template_parameter_list: L.generic, template_template_parameter_declaration: L.generic,
    template_type: L.generic, type_parameter_declaration: L.generic, type_requirement: L.generic,
    variadic_type_parameter_declaration: L.generic,
    literal_suffix: L.numeric, user_defined_literal: L.numeric,
    raw_string_content: L.string, raw_string_delimiter: L.string, raw_string_literal: L.string,
    init_statement: L.otherStatement,
    access_specifier: L.access,
    default_method_clause: L.otherModifier, delete_method_clause: L.otherModifier,
    explicit_function_specifier: L.otherModifier, pure_virtual_clause: L.otherModifier,
    ref_qualifier: L.otherModifier, virtual_specifier: L.otherModifier,
    destructor_name: L.identifier, namespace_identifier: L.identifier, operator_name: L.identifier,
    this: L.identifier,
    dependent_name: L.qualifiedName, dependent_type: L.qualifiedName,
    nested_namespace_specifier: L.qualifiedName, qualified_identifier: L.qualifiedName,
    lambda_capture_initializer: L.lambda, lambda_capture_specifier: L.lambda, lambda_default_capture: L.lambda,
    lambda_expression: L.lambda,
    structured_binding_declarator: L.patternMatching,
    co_await_expression: L.coroutine, co_return_statement: L.coroutine, co_yield_statement: L.coroutine,
  },
  semanticFallback: L.otherExpression,
  semanticRules: [
    SLASH_STAR_COMMENTS,
    C_PROTOTYPES,
    // a class (struct, union) template is a class; function templates keep the map's `function`
    { types: ['template_declaration'], pattern: '^template\\s*<.*?>\\s*(?:class|struct|union)\\b', label: L.class },
  ],
};
