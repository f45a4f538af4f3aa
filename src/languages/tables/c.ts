// C: grammar, syntax and semantic knowledge, as data.
import { cLibraryDefinedMacros, cLibraryHeaders, cLibraryMacroCalls, cLibraryMacros, cLibraryNames } from './c-library.ts';
import { C_PROTOTYPES, LABELS as L, type LanguageSpec, type SemanticLabel, SLASH_STAR_COMMENTS } from '../types.ts';

/** Semantic labels of the node types that C, C++ and Objective-C grammars share. */
export const cFamilySemantic: Record<string, SemanticLabel> = {
  translation_unit: L.entry,
  linkage_specification: L.namespace,
  preproc_include: L.import, system_lib_string: L.import,
  enum_specifier: L.class, enumerator_list: L.class, field_declaration_list: L.class,
  struct_specifier: L.class, type_definition: L.class, union_specifier: L.class,
  abstract_function_declarator: L.function, function_declarator: L.function, function_definition: L.function,
  parameter_list: L.function,
  array_declarator: L.variable, attributed_declarator: L.variable, bitfield_clause: L.variable,
  declaration: L.variable, enumerator: L.variable, field_declaration: L.variable,
  init_declarator: L.variable, parameter_declaration: L.variable, parenthesized_declarator: L.variable,
  pointer_declarator: L.variable,
  case_statement: L.conditional, else_clause: L.conditional, if_statement: L.conditional,
  switch_statement: L.conditional,
  do_statement: L.loop, for_statement: L.loop, while_statement: L.loop,
  break_statement: L.jump, continue_statement: L.jump, goto_statement: L.jump, labeled_statement: L.jump,
  return_statement: L.jump,
  alignof_expression: L.operation, assignment_expression: L.operation, binary_expression: L.operation,
  comma_expression: L.operation, conditional_expression: L.operation, offsetof_expression: L.operation,
  pointer_expression: L.operation, sizeof_expression: L.operation, unary_expression: L.operation,
  update_expression: L.operation,
  argument_list: L.call, call_expression: L.call,
  compound_literal_expression: L.objectCreation, field_designator: L.objectCreation,
  initializer_list: L.objectCreation, initializer_pair: L.objectCreation,
  subscript_designator: L.objectCreation, subscript_range_designator: L.objectCreation,
  cast_expression: L.cast,
  extension_expression: L.otherExpression, generic_expression: L.otherExpression,
  parenthesized_expression: L.otherExpression, subscript_expression: L.otherExpression,
  primitive_type: L.primitive, sized_type_specifier: L.primitive,
  abstract_array_declarator: L.composite, abstract_parenthesized_declarator: L.composite,
  abstract_pointer_declarator: L.composite, type_descriptor: L.composite,
  number_literal: L.numeric,
  char_literal: L.string, character: L.string, concatenated_string: L.string, escape_sequence: L.string,
  string_content: L.string, string_literal: L.string,
  false: L.boolean, true: L.boolean,
  null: L.specialValue,
  expression_statement: L.expressionStatement,
  compound_statement: L.compoundStatement, declaration_list: L.compoundStatement,
  attributed_statement: L.otherStatement, gnu_asm_clobber_list: L.otherStatement,
  gnu_asm_expression: L.otherStatement, gnu_asm_goto_list: L.otherStatement,
  gnu_asm_input_operand: L.otherStatement, gnu_asm_input_operand_list: L.otherStatement,
  gnu_asm_output_operand: L.otherStatement, gnu_asm_output_operand_list: L.otherStatement,
  alignas_qualifier: L.otherModifier, gnu_asm_qualifier: L.otherModifier, ms_based_modifier: L.otherModifier,
  ms_call_modifier: L.otherModifier, ms_declspec_modifier: L.otherModifier,
  ms_pointer_modifier: L.otherModifier, ms_restrict_modifier: L.otherModifier,
  ms_signed_ptr_modifier: L.otherModifier, ms_unaligned_ptr_modifier: L.otherModifier,
  ms_unsigned_ptr_modifier: L.otherModifier, storage_class_specifier: L.otherModifier,
  type_qualifier: L.otherModifier,
  attribute: L.annotation, attribute_declaration: L.annotation, attribute_specifier: L.annotation,
  comment: L.singleLineComment,
  preproc_defined: L.conditionalCompilation, preproc_elif: L.conditionalCompilation,
  preproc_elifdef: L.conditionalCompilation, preproc_else: L.conditionalCompilation,
  preproc_if: L.conditionalCompilation, preproc_ifdef: L.conditionalCompilation,
  preproc_arg: L.macro, preproc_call: L.macro, preproc_def: L.macro, preproc_directive: L.macro,
  preproc_function_def: L.macro, preproc_params: L.macro,
  field_identifier: L.identifier, identifier: L.identifier, statement_identifier: L.identifier,
  type_identifier: L.identifier,
  field_expression: L.qualifiedName,
};

/** ISO C standard library functions (C17, plus `strdup`/`strndup`/`memccpy` from C23). */
export const cStandardLibrary = [
  'assert', 'isalnum', 'isalpha', 'isblank', 'iscntrl', 'isdigit', 'isgraph', 'islower', 'isprint',
  'ispunct', 'isspace', 'isupper', 'isxdigit', 'tolower', 'toupper', 'setlocale', 'localeconv', 'acos',
  'asin', 'atan', 'atan2', 'cos', 'sin', 'tan', 'acosh', 'asinh', 'atanh', 'cosh', 'sinh', 'tanh', 'exp',
  'exp2', 'expm1', 'frexp', 'ldexp', 'log', 'log10', 'log1p', 'log2', 'logb', 'ilogb', 'modf', 'scalbn',
  'scalbln', 'cbrt', 'fabs', 'hypot', 'pow', 'sqrt', 'erf', 'erfc', 'lgamma', 'tgamma', 'ceil', 'floor',
  'nearbyint', 'rint', 'lrint', 'llrint', 'round', 'lround', 'llround', 'trunc', 'fmod', 'remainder',
  'remquo', 'copysign', 'nan', 'nextafter', 'nexttoward', 'fdim', 'fmax', 'fmin', 'fma', 'isnan', 'isinf',
  'isfinite', 'isnormal', 'fpclassify', 'signbit', 'sqrtf', 'fabsf', 'floorf', 'ceilf', 'powf', 'expf',
  'logf', 'sinf', 'cosf', 'tanf', 'atan2f', 'fmodf', 'roundf', 'sqrtl', 'fabsl', 'powl', 'setjmp',
  'longjmp', 'signal', 'raise', 'va_start', 'va_end', 'va_arg', 'va_copy', 'fopen', 'freopen', 'fclose',
  'fflush', 'setbuf', 'setvbuf', 'fprintf', 'fscanf', 'printf', 'scanf', 'sprintf', 'snprintf', 'sscanf',
  'vfprintf', 'vprintf', 'vsprintf', 'vsnprintf', 'vfscanf', 'vscanf', 'vsscanf', 'fgetc', 'fgets',
  'fputc', 'fputs', 'getc', 'getchar', 'gets', 'putc', 'putchar', 'puts', 'ungetc', 'fread', 'fwrite',
  'fgetpos', 'fseek', 'fsetpos', 'ftell', 'rewind', 'clearerr', 'feof', 'ferror', 'perror', 'remove',
  'rename', 'tmpfile', 'tmpnam', 'atof', 'atoi', 'atol', 'atoll', 'strtod', 'strtof', 'strtold', 'strtol',
  'strtoll', 'strtoul', 'strtoull', 'rand', 'srand', 'calloc', 'free', 'malloc', 'realloc',
  'aligned_alloc', 'abort', 'atexit', 'at_quick_exit', 'exit', '_Exit', 'quick_exit', 'getenv', 'system',
  'bsearch', 'qsort', 'abs', 'labs', 'llabs', 'div', 'ldiv', 'lldiv', 'mblen', 'mbtowc', 'wctomb',
  'mbstowcs', 'wcstombs', 'mbrtowc', 'wcrtomb', 'btowc', 'wctob', 'memcpy', 'memmove', 'memccpy', 'strcpy',
  'strncpy', 'strcat', 'strncat', 'memcmp', 'strcmp', 'strcoll', 'strncmp', 'strxfrm', 'memchr', 'strchr',
  'strcspn', 'strpbrk', 'strrchr', 'strspn', 'strstr', 'strtok', 'memset', 'strerror', 'strlen', 'strdup',
  'strndup', 'clock', 'difftime', 'mktime', 'time', 'asctime', 'ctime', 'gmtime', 'localtime', 'strftime',
  'timespec_get', 'wcslen', 'wcscpy', 'wcsncpy', 'wcscat', 'wcscmp', 'wcsncmp', 'wcschr', 'wcsstr',
  'wprintf', 'fwprintf', 'swprintf',
];

/** Paths to a C declarator's function name, through pointer/array/attribute declarators. */
const functionName = [['declarator>function_declarator', 'declarator']];
const parameterList = { path: ['declarator>function_declarator', 'parameters'], emptyTexts: ['()', '(void)'] };

/** Names the compiler's own headers define: YABLoCo's clang ran without them (docs/index.md, "Levels"). */
export const cCompilerHeaderNames = [
    'NULL', 'size_t', 'ptrdiff_t', 'max_align_t', 'offsetof', 'wchar_t', 'bool', 'true', 'false',
    'va_list', 'va_start', 'va_end', 'va_arg', 'va_copy', 'CHAR_BIT', 'SCHAR_MIN', 'SCHAR_MAX', 'UCHAR_MAX',
    'CHAR_MIN', 'CHAR_MAX', 'SHRT_MIN', 'SHRT_MAX', 'USHRT_MAX', 'INT_MIN', 'INT_MAX', 'UINT_MAX', 'LONG_MIN',
    'LONG_MAX', 'ULONG_MAX', 'LLONG_MIN', 'LLONG_MAX', 'ULLONG_MAX', 'FLT_MAX', 'FLT_MIN', 'FLT_EPSILON',
    'DBL_MAX', 'DBL_MIN', 'DBL_EPSILON', 'LDBL_MAX', 'LDBL_MIN',
];

/** The compiler headers' types that clang cannot replace by a declared look-alike (see `compilerHeaderTypes`). */
export const cCompilerHeaderTypes = ['va_list'];

/** The type names among `cCompilerHeaderNames` (see `compilerHeaderTypedefs`). */
export const cCompilerHeaderTypedefs = { names: ['size_t', 'ptrdiff_t', 'max_align_t', 'wchar_t', 'bool', 'va_list'], typedefType: 'type_definition' };

/** Macro rules of the C family: which invocations are macros, and the platform indexed for (Linux on x86-64 with a
 *  GCC-like compiler, as YABLoCo built): branches of `#if`/`#ifdef` taken only elsewhere are not read. */
export const cFamilyMacroRules: Pick<LanguageSpec, 'macroInvocations' | 'platformMacros' | 'foreignPlatformMacros'> = {
  macroInvocations: { namePattern: '^[A-Z_][A-Z0-9_]*$' },
  platformMacros: ['__linux__', '__linux', 'linux', '__unix__', '__unix', 'unix', '__gnu_linux__', '__GNUC__', '__x86_64__', '__x86_64', '__amd64__', '__LP64__', '_LP64', '__ELF__', '__STDC__', '__SSE__', '__SSE2__'],
  foreignPlatformMacros: [
    '_WIN32', '_WIN64', '_MSC_VER', '__MINGW32__', '__MINGW64__', '__CYGWIN__', '__APPLE__', '__MACH__', '__sun', '_AIX', '__HAIKU__',
    '__ANDROID__', '__EMSCRIPTEN__', '__FreeBSD__', '__NetBSD__', '__OpenBSD__', '_XBOX', '__CELLOS_LV2__', '__SPU__', '__PPU__', '__ARM_NEON__', '__ARM_NEON', '__aarch64__', '__arm__', '__i386__', '_M_IX86', '_M_X64', '_M_ARM', '__OPENCL_VERSION__',
  ],
};

export const c: LanguageSpec = {
  id: 'c',
  displayName: 'C',
  grammar: { package: 'tree-sitter-c', wasm: 'tree-sitter-c.wasm' },
  // `.inc`: a fragment a C or C++ file includes, unless it is PHP's (`<?php`; see php's headerMarkers)
  extensions: ['.c', '.h', '.inc'],
  bracketStatements: true,
  lineComment: '//',
  blockComment: ['/*', '*/'],
  commentTypes: ['comment'],
  identifierTypes: ['identifier', 'field_identifier', 'type_identifier', 'statement_identifier'],
  stringTypes: ['string_literal', 'char_literal', 'system_lib_string'],
  definitions: [
    {
      type: 'function_definition',
      kind: 'function',
      bodyField: 'body',
      nameFields: functionName,
      parameters: parameterList,
      fileLocal: { modifierTypes: ['storage_class_specifier'], tokens: ['static'] },
    },
  ],
  calls: [{ type: 'call_expression', calleeFields: [['function']], memberNameFields: ['field'], argumentsField: 'arguments' }],
  imports: [{ type: 'preproc_include', pathFields: [['path']], resolve: 'include', systemTypes: ['system_lib_string'], defaultBinding: 'none' }],
  scopes: [],
  declarations: [{ type: 'declaration', nameFields: [['declarator>function_declarator', 'declarator', '?identifier']] }],
  compilerHeaderNames: cCompilerHeaderNames,
  compilerHeaderTypes: cCompilerHeaderTypes,
  compilerHeaderTypedefs: cCompilerHeaderTypedefs,
  ...cFamilyMacroRules,
  dialectMacros: ['__cplusplus'],
  records: { type: 'struct_specifier', nameField: 'name', bodyField: 'body', typedefType: 'type_definition', typedefField: 'declarator', variableType: 'declaration' },
  macros: { type: 'preproc_function_def', nameField: 'name', parametersField: 'parameters', valueField: 'value', aliasType: 'preproc_def' },
  docstring: 'comment-before',
  // clang's, which YABLoCo's docstrings come from (redis: 118 of its functions' comments are a blank line or more above them)
  docCommentBarriers: ';{}#@',
  // redis: 102 of its functions have their only comment on a prototype (server.h's, mostly)
  declarationDocstrings: true,
  statementTypes: [
    'expression_statement', 'declaration', 'type_definition', 'return_statement', 'if_statement', 'for_statement', 'while_statement',
    'do_statement', 'switch_statement', 'case_statement', 'break_statement', 'continue_statement', 'goto_statement',
    'labeled_statement', 'compound_statement', 'attributed_statement', 'seh_try_statement', 'seh_leave_statement',
  ],
  keywords: [
    'auto', 'break', 'case', 'char', 'const', 'continue', 'default', 'do', 'double', 'else', 'enum',
    'extern', 'float', 'for', 'goto', 'if', 'inline', 'int', 'long', 'register', 'restrict', 'return',
    'short', 'signed', 'sizeof', 'static', 'struct', 'switch', 'typedef', 'union', 'unsigned', 'void',
    'volatile', 'while', '_Alignas', '_Alignof', '_Atomic', '_Bool', '_Complex', '_Generic', '_Imaginary',
    '_Noreturn', '_Static_assert', '_Thread_local',
  ],
  systemLibrary: { headers: cLibraryHeaders, names: cLibraryNames, macroCalls: cLibraryMacroCalls, macros: cLibraryMacros , definedMacros: cLibraryDefinedMacros },
  stdlib: cStandardLibrary,
  semantic: {
    ...cFamilySemantic,
    variadic_parameter: L.variable,
    seh_leave_statement: L.jump,
    seh_except_clause: L.exception, seh_finally_clause: L.exception, seh_try_statement: L.exception,
    macro_type_specifier: L.macro,
  },
  semanticFallback: L.otherExpression,
  semanticRules: [SLASH_STAR_COMMENTS, C_PROTOTYPES],
};
