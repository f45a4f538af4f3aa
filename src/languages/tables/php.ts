// PHP: grammar, syntax and semantic knowledge, as data. The grammar is PHP embedded in HTML
// (`tree-sitter-php.wasm`), so text outside `<?php ... ?>` parses as `text` nodes.
import type { LanguageSpec } from '../types.ts';

export const php: LanguageSpec = {
  id: 'php',
  displayName: 'PHP',
  grammar: { package: 'tree-sitter-php', wasm: 'tree-sitter-php.wasm' },
  extensions: ['.php', '.phtml', '.php5', '.php7', '.phps', '.inc'],
  lineComment: '//',
  blockComment: ['/*', '*/'],
  commentTypes: ['comment'],
  identifierTypes: ['name'],
  stringTypes: ['string', 'encapsed_string', 'heredoc', 'nowdoc', 'shell_command_expression'],
  definitions: [
    { type: 'function_definition', kind: 'function', bodyField: 'body', nameFields: [['name']], parameters: { path: ['parameters'] } },
    // Interface and abstract methods have no body: recorded as declarations.
    {
      type: 'method_declaration',
      kind: 'method',
      bodyField: 'body',
      nameFields: [['name']],
      parameters: { path: ['parameters'] },
      fileLocal: { modifierTypes: ['visibility_modifier'], tokens: ['private'] },
    },
  ],
  calls: [
    // `f($x)`, `\ns\f($x)`.
    { type: 'function_call_expression', calleeFields: [['function', '?name'], ['function', '?qualified_name', '@name']], argumentsField: 'arguments' },
    // `$obj->f()`, `$obj?->f()`, `Cls::f()`, `self::f()`, `parent::f()`.
    { type: 'member_call_expression', calleeFields: [[]], memberNameFields: ['name'], receiverFields: ['object'], argumentsField: 'arguments' },
    { type: 'nullsafe_member_call_expression', calleeFields: [[]], memberNameFields: ['name'], receiverFields: ['object'], argumentsField: 'arguments' },
    { type: 'scoped_call_expression', calleeFields: [[]], memberNameFields: ['name'], receiverFields: ['scope'], argumentsField: 'arguments' },
    // `new Cls($x)` calls the class's constructor.
    { type: 'object_creation_expression', calleeFields: [['@name'], ['@qualified_name', '@name']], argumentsField: '@arguments' },
  ],
  imports: [
    // `require 'x.php'`, `include_once __DIR__ . '/x.php'` (the string after the directory constant).
    ...(['require_expression', 'require_once_expression', 'include_expression', 'include_once_expression'] as const).map((type) => ({
      type,
      pathFields: [['@string', '@string_content'], ['@encapsed_string', '@string_content'], ['@binary_expression', 'right', '@string_content']],
      resolve: 'include' as const,
      defaultBinding: 'wildcard' as const,
    })),
    // `use App\Shop\Item;`, `use Psr\Log\LoggerInterface as Logger;`.
    {
      type: 'namespace_use_declaration',
      pathFields: [['@namespace_use_clause', '@qualified_name'], ['@namespace_use_clause', '@name']],
      resolve: 'dotted-module',
      bindingFields: [['@namespace_use_clause', 'alias']],
      defaultBinding: 'last',
    },
  ],
  scopes: [
    // `namespace App\Shop;` covers the rest of the file.
    { type: 'namespace_definition', nameFields: [['name']], kind: 'namespace', fileWide: true },
    { type: 'class_declaration', nameFields: [['name']] },
    { type: 'interface_declaration', nameFields: [['name']] },
    { type: 'trait_declaration', nameFields: [['name']] },
    { type: 'enum_declaration', nameFields: [['name']] },
  ],
  scopeSeparator: '::',
  constructors: { names: ['__construct'] },
  nodeTypesFile: 'php/src/node-types.json',
  // `#` is PHP's second line-comment marker.
  docCommentMarkers: '^#',
  docstring: 'comment-before',
  statementTypes: [
    'expression_statement', 'echo_statement', 'return_statement', 'if_statement', 'switch_statement',
    'while_statement', 'do_statement', 'for_statement', 'foreach_statement', 'try_statement',
    'break_statement', 'continue_statement', 'goto_statement', 'named_label_statement', 'unset_statement',
    'global_declaration', 'function_static_declaration', 'const_declaration', 'declare_statement',
    'namespace_definition', 'namespace_use_declaration', 'function_definition', 'class_declaration',
    'interface_declaration', 'trait_declaration', 'enum_declaration', 'method_declaration',
    'property_declaration', 'use_declaration', 'exit_statement', 'empty_statement', 'compound_statement',
  ],
  keywords: [
    '__halt_compiler', 'abstract', 'and', 'array', 'as', 'break', 'callable', 'case', 'catch', 'class', 'clone',
    'const', 'continue', 'declare', 'default', 'die', 'do', 'echo', 'else', 'elseif', 'empty', 'enddeclare',
    'endfor', 'endforeach', 'endif', 'endswitch', 'endwhile', 'enum', 'eval', 'exit', 'extends', 'final',
    'finally', 'fn', 'for', 'foreach', 'function', 'global', 'goto', 'if', 'implements', 'include',
    'include_once', 'instanceof', 'insteadof', 'interface', 'isset', 'list', 'match', 'namespace', 'new', 'or',
    'print', 'private', 'protected', 'public', 'readonly', 'require', 'require_once', 'return', 'static',
    'switch', 'throw', 'trait', 'try', 'unset', 'use', 'var', 'while', 'xor', 'yield', 'self', 'parent',
    'true', 'false', 'null', '__CLASS__', '__DIR__', '__FILE__', '__FUNCTION__', '__LINE__', '__METHOD__',
    '__NAMESPACE__', '__TRAIT__',
  ],
  stdlib: [
    // strings
    'strlen', 'str_replace', 'str_contains', 'str_starts_with', 'str_ends_with', 'str_pad', 'str_repeat',
    'str_split', 'strpos', 'stripos', 'strrpos', 'strstr', 'strtolower', 'strtoupper', 'ucfirst', 'lcfirst',
    'ucwords', 'substr', 'substr_count', 'trim', 'ltrim', 'rtrim', 'explode', 'implode', 'join', 'sprintf',
    'printf', 'vsprintf', 'number_format', 'nl2br', 'htmlspecialchars', 'html_entity_decode', 'htmlentities',
    'strip_tags', 'addslashes', 'stripslashes', 'strcmp', 'strcasecmp', 'strncmp', 'str_word_count',
    'wordwrap', 'chr', 'ord', 'md5', 'sha1', 'crc32', 'hash', 'base64_encode', 'base64_decode', 'urlencode',
    'urldecode', 'rawurlencode', 'http_build_query', 'parse_str', 'parse_url', 'mb_strlen', 'mb_substr',
    'mb_strtolower', 'mb_strtoupper', 'preg_match', 'preg_match_all', 'preg_replace', 'preg_replace_callback',
    'preg_split', 'preg_quote', 'uniqid',
    // arrays
    'count', 'sizeof', 'array_map', 'array_filter', 'array_reduce', 'array_keys', 'array_values',
    'array_merge', 'array_merge_recursive', 'array_combine', 'array_flip', 'array_slice', 'array_splice',
    'array_search', 'array_key_exists', 'array_key_first', 'array_key_last', 'array_unique', 'array_reverse',
    'array_sum', 'array_product', 'array_push', 'array_pop', 'array_shift', 'array_unshift', 'array_fill',
    'array_fill_keys', 'array_column', 'array_chunk', 'array_diff', 'array_diff_key', 'array_intersect',
    'array_intersect_key', 'array_walk', 'array_pad', 'array_rand', 'array_replace', 'array_is_list',
    'in_array', 'range', 'compact', 'extract', 'sort', 'rsort', 'usort', 'uasort', 'uksort', 'ksort', 'krsort',
    'asort', 'arsort', 'shuffle', 'current', 'key', 'next', 'reset', 'end', 'each', 'iterator_to_array',
    // types and variables
    'isset', 'empty', 'unset', 'is_array', 'is_string', 'is_int', 'is_integer', 'is_float', 'is_numeric',
    'is_bool', 'is_null', 'is_object', 'is_callable', 'is_iterable', 'intval', 'floatval', 'strval', 'boolval',
    'settype', 'gettype', 'get_debug_type', 'var_dump', 'var_export', 'print_r', 'serialize', 'unserialize',
    'json_encode', 'json_decode', 'json_last_error', 'json_last_error_msg',
    // math
    'abs', 'ceil', 'floor', 'round', 'sqrt', 'pow', 'intdiv', 'fmod', 'max', 'min', 'rand', 'mt_rand',
    'random_int', 'random_bytes', 'array_sum', 'pi', 'log', 'exp',
    // functions, classes, errors
    'call_user_func', 'call_user_func_array', 'func_get_args', 'function_exists', 'class_exists',
    'method_exists', 'property_exists', 'interface_exists', 'get_class', 'get_parent_class', 'get_object_vars',
    'spl_autoload_register', 'spl_object_id', 'spl_object_hash', 'trigger_error', 'set_error_handler',
    'set_exception_handler', 'error_reporting', 'ini_set', 'ini_get', 'assert', 'define', 'defined',
    'constant',
    // files, output, time, environment
    'file_get_contents', 'file_put_contents', 'file_exists', 'is_file', 'is_dir', 'mkdir', 'rmdir', 'unlink',
    'fopen', 'fclose', 'fread', 'fwrite', 'fgets', 'feof', 'file', 'basename', 'dirname', 'pathinfo',
    'realpath', 'glob', 'scandir', 'tempnam', 'sys_get_temp_dir', 'echo', 'print', 'header', 'headers_sent',
    'setcookie', 'session_start', 'ob_start', 'ob_get_clean', 'time', 'microtime', 'hrtime', 'date',
    'strtotime', 'mktime', 'checkdate', 'date_default_timezone_set', 'sleep', 'usleep', 'getenv', 'putenv',
    'exec', 'shell_exec', 'system', 'passthru', 'escapeshellarg', 'php_sapi_name', 'phpversion',
    'version_compare', 'exit', 'die', 'array_key_exists', 'mb_str_split', 'filter_var', 'ctype_digit',
    'ctype_alpha', 'ctype_space',
  ],
  semantic: {
    // Program Structure / entry
    program: { class: 'Program Structure', subclass: 'entry' },
    php_tag: { class: 'Program Structure', subclass: 'entry' },
    php_end_tag: { class: 'Program Structure', subclass: 'entry' },
    // Program Structure / namespace
    namespace_definition: { class: 'Program Structure', subclass: 'namespace' },
    namespace_name: { class: 'Program Structure', subclass: 'namespace' },
    // Program Structure / import
    namespace_use_declaration: { class: 'Program Structure', subclass: 'import' },
    namespace_use_clause: { class: 'Program Structure', subclass: 'import' },
    namespace_use_group: { class: 'Program Structure', subclass: 'import' },
    include_expression: { class: 'Program Structure', subclass: 'import' },
    include_once_expression: { class: 'Program Structure', subclass: 'import' },
    require_expression: { class: 'Program Structure', subclass: 'import' },
    require_once_expression: { class: 'Program Structure', subclass: 'import' },
    // Declaration and Definition / class
    class_declaration: { class: 'Declaration and Definition', subclass: 'class' },
    interface_declaration: { class: 'Declaration and Definition', subclass: 'class' },
    trait_declaration: { class: 'Declaration and Definition', subclass: 'class' },
    enum_declaration: { class: 'Declaration and Definition', subclass: 'class' },
    enum_declaration_list: { class: 'Declaration and Definition', subclass: 'class' },
    enum_case: { class: 'Declaration and Definition', subclass: 'class' },
    declaration_list: { class: 'Declaration and Definition', subclass: 'class' },
    base_clause: { class: 'Declaration and Definition', subclass: 'class' },
    class_interface_clause: { class: 'Declaration and Definition', subclass: 'class' },
    use_declaration: { class: 'Declaration and Definition', subclass: 'class' },
    use_list: { class: 'Declaration and Definition', subclass: 'class' },
    use_as_clause: { class: 'Declaration and Definition', subclass: 'class' },
    use_instead_of_clause: { class: 'Declaration and Definition', subclass: 'class' },
    // Declaration and Definition / function
    function_definition: { class: 'Declaration and Definition', subclass: 'function' },
    method_declaration: { class: 'Declaration and Definition', subclass: 'function' },
    // Declaration and Definition / variable
    property_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    property_element: { class: 'Declaration and Definition', subclass: 'variable' },
    const_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    const_element: { class: 'Declaration and Definition', subclass: 'variable' },
    formal_parameters: { class: 'Declaration and Definition', subclass: 'variable' },
    simple_parameter: { class: 'Declaration and Definition', subclass: 'variable' },
    variadic_parameter: { class: 'Declaration and Definition', subclass: 'variable' },
    property_promotion_parameter: { class: 'Declaration and Definition', subclass: 'variable' },
    global_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    static_variable_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    function_static_declaration: { class: 'Declaration and Definition', subclass: 'variable' },
    property_hook: { class: 'Declaration and Definition', subclass: 'variable' },
    property_hook_list: { class: 'Declaration and Definition', subclass: 'variable' },
    // Control Flow Structure / conditional
    if_statement: { class: 'Control Flow Structure', subclass: 'conditional' },
    else_clause: { class: 'Control Flow Structure', subclass: 'conditional' },
    else_if_clause: { class: 'Control Flow Structure', subclass: 'conditional' },
    switch_statement: { class: 'Control Flow Structure', subclass: 'conditional' },
    switch_block: { class: 'Control Flow Structure', subclass: 'conditional' },
    case_statement: { class: 'Control Flow Structure', subclass: 'conditional' },
    default_statement: { class: 'Control Flow Structure', subclass: 'conditional' },
    conditional_expression: { class: 'Control Flow Structure', subclass: 'conditional' },
    // Control Flow Structure / loop
    while_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    do_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    for_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    foreach_statement: { class: 'Control Flow Structure', subclass: 'loop' },
    // Control Flow Structure / jump
    break_statement: { class: 'Control Flow Structure', subclass: 'jump' },
    continue_statement: { class: 'Control Flow Structure', subclass: 'jump' },
    return_statement: { class: 'Control Flow Structure', subclass: 'jump' },
    goto_statement: { class: 'Control Flow Structure', subclass: 'jump' },
    named_label_statement: { class: 'Control Flow Structure', subclass: 'jump' },
    exit_statement: { class: 'Control Flow Structure', subclass: 'jump' },
    // Control Flow Structure / exception
    try_statement: { class: 'Control Flow Structure', subclass: 'exception' },
    catch_clause: { class: 'Control Flow Structure', subclass: 'exception' },
    finally_clause: { class: 'Control Flow Structure', subclass: 'exception' },
    throw_expression: { class: 'Control Flow Structure', subclass: 'exception' },
    // Expression / operation
    binary_expression: { class: 'Expression', subclass: 'operation' },
    unary_op_expression: { class: 'Expression', subclass: 'operation' },
    assignment_expression: { class: 'Expression', subclass: 'operation' },
    augmented_assignment_expression: { class: 'Expression', subclass: 'operation' },
    reference_assignment_expression: { class: 'Expression', subclass: 'operation' },
    update_expression: { class: 'Expression', subclass: 'operation' },
    subscript_expression: { class: 'Expression', subclass: 'operation' },
    error_suppression_expression: { class: 'Expression', subclass: 'operation' },
    sequence_expression: { class: 'Expression', subclass: 'operation' },
    operation: { class: 'Expression', subclass: 'operation' },
    // Expression / call
    function_call_expression: { class: 'Expression', subclass: 'call' },
    member_call_expression: { class: 'Expression', subclass: 'call' },
    nullsafe_member_call_expression: { class: 'Expression', subclass: 'call' },
    scoped_call_expression: { class: 'Expression', subclass: 'call' },
    arguments: { class: 'Expression', subclass: 'call' },
    argument: { class: 'Expression', subclass: 'call' },
    variadic_unpacking: { class: 'Expression', subclass: 'call' },
    variadic_placeholder: { class: 'Expression', subclass: 'call' },
    print_intrinsic: { class: 'Expression', subclass: 'call' },
    // Expression / object creation
    object_creation_expression: { class: 'Expression', subclass: 'object creation' },
    anonymous_class: { class: 'Expression', subclass: 'object creation' },
    clone_expression: { class: 'Expression', subclass: 'object creation' },
    // Expression / cast
    cast_expression: { class: 'Expression', subclass: 'cast' },
    cast_type: { class: 'Expression', subclass: 'cast' },
    // Expression / other
    member_access_expression: { class: 'Expression', subclass: 'other' },
    nullsafe_member_access_expression: { class: 'Expression', subclass: 'other' },
    scoped_property_access_expression: { class: 'Expression', subclass: 'other' },
    class_constant_access_expression: { class: 'Expression', subclass: 'other' },
    parenthesized_expression: { class: 'Expression', subclass: 'other' },
    dynamic_variable_name: { class: 'Expression', subclass: 'other' },
    shell_command_expression: { class: 'Expression', subclass: 'other' },
    // Data Type / primitive
    primitive_type: { class: 'Data Type', subclass: 'primitive' },
    // Data Type / composite
    named_type: { class: 'Data Type', subclass: 'composite' },
    optional_type: { class: 'Data Type', subclass: 'composite' },
    union_type: { class: 'Data Type', subclass: 'composite' },
    intersection_type: { class: 'Data Type', subclass: 'composite' },
    disjunctive_normal_form_type: { class: 'Data Type', subclass: 'composite' },
    type_list: { class: 'Data Type', subclass: 'composite' },
    bottom_type: { class: 'Data Type', subclass: 'composite' },
    array_creation_expression: { class: 'Data Type', subclass: 'composite' },
    array_element_initializer: { class: 'Data Type', subclass: 'composite' },
    pair: { class: 'Data Type', subclass: 'composite' },
    list_literal: { class: 'Data Type', subclass: 'composite' },
    // Data Type / numeric
    integer: { class: 'Data Type', subclass: 'numeric' },
    float: { class: 'Data Type', subclass: 'numeric' },
    // Data Type / string
    string: { class: 'Data Type', subclass: 'string' },
    string_content: { class: 'Data Type', subclass: 'string' },
    encapsed_string: { class: 'Data Type', subclass: 'string' },
    heredoc: { class: 'Data Type', subclass: 'string' },
    heredoc_body: { class: 'Data Type', subclass: 'string' },
    heredoc_start: { class: 'Data Type', subclass: 'string' },
    heredoc_end: { class: 'Data Type', subclass: 'string' },
    nowdoc: { class: 'Data Type', subclass: 'string' },
    nowdoc_body: { class: 'Data Type', subclass: 'string' },
    nowdoc_string: { class: 'Data Type', subclass: 'string' },
    escape_sequence: { class: 'Data Type', subclass: 'string' },
    // Data Type / boolean
    boolean: { class: 'Data Type', subclass: 'boolean' },
    // Data Type / special value
    null: { class: 'Data Type', subclass: 'special value' },
    // Statement / expression
    expression_statement: { class: 'Statement', subclass: 'expression' },
    echo_statement: { class: 'Statement', subclass: 'expression' },
    // Statement / compound
    compound_statement: { class: 'Statement', subclass: 'compound' },
    colon_block: { class: 'Statement', subclass: 'compound' },
    // Statement / other
    empty_statement: { class: 'Statement', subclass: 'other' },
    unset_statement: { class: 'Statement', subclass: 'other' },
    text: { class: 'Statement', subclass: 'other' },
    text_interpolation: { class: 'Statement', subclass: 'other' },
    // Modifier and Attribute / access
    visibility_modifier: { class: 'Modifier and Attribute', subclass: 'access' },
    // Modifier and Attribute / other
    static_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    abstract_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    final_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    readonly_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    reference_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    var_modifier: { class: 'Modifier and Attribute', subclass: 'other' },
    by_ref: { class: 'Modifier and Attribute', subclass: 'other' },
    // Modifier and Attribute / annotation
    attribute: { class: 'Modifier and Attribute', subclass: 'annotation' },
    attribute_group: { class: 'Modifier and Attribute', subclass: 'annotation' },
    attribute_list: { class: 'Modifier and Attribute', subclass: 'annotation' },
    // Comments and Documentation / single-line
    comment: { class: 'Comments and Documentation', subclass: 'single-line' },
    // Preprocessing Directive / macro
    declare_statement: { class: 'Preprocessing Directive', subclass: 'macro' },
    declare_directive: { class: 'Preprocessing Directive', subclass: 'macro' },
    // Identifier and Scope / identifier
    name: { class: 'Identifier and Scope', subclass: 'identifier' },
    variable_name: { class: 'Identifier and Scope', subclass: 'identifier' },
    // Identifier and Scope / qualified name
    qualified_name: { class: 'Identifier and Scope', subclass: 'qualified name' },
    relative_name: { class: 'Identifier and Scope', subclass: 'qualified name' },
    relative_scope: { class: 'Identifier and Scope', subclass: 'qualified name' },
    // Special Language Structure / lambda
    anonymous_function: { class: 'Special Language Structure', subclass: 'lambda' },
    arrow_function: { class: 'Special Language Structure', subclass: 'lambda' },
    anonymous_function_use_clause: { class: 'Special Language Structure', subclass: 'lambda' },
    // Special Language Structure / pattern matching
    match_expression: { class: 'Special Language Structure', subclass: 'pattern matching' },
    match_block: { class: 'Special Language Structure', subclass: 'pattern matching' },
    match_condition_list: { class: 'Special Language Structure', subclass: 'pattern matching' },
    match_conditional_expression: { class: 'Special Language Structure', subclass: 'pattern matching' },
    match_default_expression: { class: 'Special Language Structure', subclass: 'pattern matching' },
    // Special Language Structure / coroutine
    yield_expression: { class: 'Special Language Structure', subclass: 'coroutine' },
  },
  semanticFallback: { class: 'Expression', subclass: 'other' },
};
