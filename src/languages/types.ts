// The shape of one language's knowledge. Every language is one `LanguageSpec` value in
// `src/languages/tables/<id>.ts`: plain data that the index, tasks, context, metrics and
// post-processing stages read. Adding a language = adding one table and registering it
// (`registerLanguage`, src/languages/registry.ts; a plugin's `languages` are registered the same way).

/** The id of a registered language (`c`, `python`, ...; `LANGUAGES.names()` lists them). */
export type LanguageId = string;

/**
 * A path from one node to others, one step per string (used by every rule below):
 *  - `field`        the children in that field
 *  - `@type`        the named children of that node type
 *  - `field>type`   follow `field` (or, where a node lacks it, its first named child) down to the
 *                   first node of `type`: C declarators nest (`pointer_declarator` → `function_declarator`)
 *  - `?type`        keep only the nodes of that type
 *  - `!field`       drop the nodes that sit in that field of their parent (C#'s `using A = B.C;` alias)
 *  - `=text`        keep only the nodes whose text is `text` (HTML: the `src` attribute among a tag's attributes)
 *  - `..`           the parent
 * An empty path is the node itself. `string[][]` lists alternatives: the first path that yields a node wins.
 */
export type NodePath = string[];

/** How a definition node type yields a function record. */
export interface DefinitionRule {
  /** tree-sitter node type, e.g. `function_definition`. */
  type: string;
  /** what kind of callable it is (used in reports and qualified names). */
  kind: 'function' | 'method' | 'constructor';
  /**
   * one path step (a field, or `@type`) to the body; a definition without it (a declaration) is recorded in
   * `declarations`.
   */
  bodyField: string;
  /**
   * paths to the name node, first match wins. A qualified name (`Foo::bar`) adds its qualifiers. No name = anonymous,
   * not a function.
   */
  nameFields: NodePath[];
  /**
   * Objective-C selectors: the name is these nodes' texts, each followed by `:` when the source has one (`foo:bar:`).
   */
  selectorPath?: NodePath;
  /** the parameter list. Its named children are the parameters (all but `skipTypes`, or only `countTypes`);
   *  a child with several `name` fields (Go's `a, b int`) counts each, and so do `name` fields of the list
   *  itself (C#'s `params T[] rest`). A list whose text is one of `emptyTexts` (`(void)`) has none. */
  parameters?: { path: NodePath; skipTypes?: string[]; countTypes?: string[]; emptyTexts?: string[] };
  /** file-local linkage: a direct child of one of `modifierTypes` holds one of `tokens` (`static`, `private`). */
  fileLocal?: { modifierTypes: string[]; tokens: string[]; outsideClassOnly?: boolean };
  /** the kind becomes `method` inside a class scope or with a qualified declarator (`Foo::bar`). */
  methodInClass?: boolean;
  /** Go methods: path to the receiver's type; its first identifier qualifies the name (`Server.Handle`). */
  receiverTypePath?: NodePath;
  /** children before the body whose calls are the function's too (C++ `: a(f())`, C# `: this(f())`). */
  initializerTypes?: string[];
  /**
   * only when the definition's parent is one of these types (Haskell: module, class and instance bindings, not
   * `let`/`where` ones).
   */
  parentTypes?: string[];
  /**
   * a directly preceding sibling of one of these types belongs to the definition (Haskell type signature): span, code
   * and doc comment start there.
   */
  leadingSiblings?: string[];
  /**
   * consecutive sibling definitions of this rule with the same name are one function (Haskell equations `f [] = ..; f
   * (x:xs) = ..`).
   */
  mergeEquations?: boolean;
  /**
   * the body runs from the body node to the end of the definition (Haskell guards and `where` bindings after the first
   * `match`).
   */
  bodyToEnd?: boolean;
}

/** How a call node type yields a callee name. */
export interface CallRule {
  type: string;
  /**
   * paths to the callee expression, e.g. [['function']]; `[[]]` = the call node itself (Java's `method_invocation`).
   */
  calleeFields: NodePath[];
  /** when the callee expression is a member access, the field(s) of its final name (followed repeatedly: `a::b::c`). */
  memberNameFields?: string[];
  /**
   * field of the receiver of a member call; when absent the receiver is the callee text before the name (`self`,
   * `a::b`, `obj`).
   */
  receiverFields?: string[];
  /** one path step (a field, or `@type`) to the argument list (its named children are counted). */
  argumentsField?: string;
  /** argument nodes that are one argument on their own (Python's `f(x for x in y)`, a JS tagged template). */
  singleArgumentTypes?: string[];
  /** Objective-C messages: the selector parts (`[obj foo:1 bar:2]` → `foo:bar:`). */
  selectorPath?: NodePath;
  /** node types that name the callee besides identifiers: `super` in `super(x)` (see `constructorCalls`). */
  nameTypes?: string[];
  /** a use of an overloadable operator (`a + b`, `a += b`, `-a`, `a[i]`): a call named `operator` and the
   *  token in `operatorField` (or `token`), whose receiver is the operand in `operandField` and whose
   *  argument count is `operands` (the other operands). A call site only when the operand's type is
   *  stated (a parameter or local, `localTypes`): arithmetic on other values is not taken for a call.
   *  `argumentField`: the other operand (`b` of `a + b`), or `argumentsField`: the node holding the other operands
   *  (`[i]` of `a[i]`), whose stated types choose among overloads. */
  operator?: {
    operandField: string;
    operatorField?: string;
    token?: string;
    operands: number;
    argumentField?: string;
    argumentsField?: string;
  };
}

/** How an import/include node names a file or module and which local names it binds. */
export interface ImportRule {
  type: string;
  /**
   * paths to the node(s) naming the imported path/module; several nodes (Python `import a, b`) make several imports.
   */
  pathFields: NodePath[];
  /** how the text maps to repository files. */
  resolve: 'include' | 'dotted-module' | 'relative-path' | 'go-package' | 'none';
  /** not an import when the node has one of these fields (Rust `mod x { ... }` is inline, `mod x;` loads a file). */
  unless?: string[];
  /** only when the text at this path is one of `texts` (a `call_expression` whose function is `require`). */
  onlyWhen?: { path: NodePath; texts: string[] };
  /**
   * the path nodes are the segments of one target, which spans them all (Scala `import a.b.c` puts each segment in
   * `path`).
   */
  joinPath?: boolean;
  /** path node types that mark a system import (`system_lib_string` for `#include <x.h>`). */
  systemTypes?: string[];
  /** regular expression (source) on the target that marks a system import (bare JS specifiers). */
  systemPattern?: string;
  /** a path node of one of these types is an alias construct: `nameField` is the target, `aliasField` the binding. */
  aliases?: { type: string; nameField: string; aliasField: string }[];
  /** paths to nodes whose texts are the bound names (import specifiers, `as` aliases). */
  bindingFields?: NodePath[];
  /**
   * when no binding node is present: bind the first or last component of the target, none, or everything (wildcard).
   */
  defaultBinding?: 'first' | 'last' | 'none' | 'wildcard';
  /** node types inside the import that make it a wildcard (`*`, Go's `.`). */
  wildcardTypes?: string[];
  /** binding node types that bind nothing (Go's `_`). */
  noBindingTypes?: string[];
  /** `const x = require('m')`: the enclosing node type, its field holding the pattern, and the pattern's name types. */
  parentBinding?: { type: string; field: string; nameTypes: string[] };
}

/**
 * A node inside a function that states the type of local names (a typed parameter, `let x: Foo`,
 * `var x Foo`, `x := &Foo{}`): method calls on those names are resolved by that type.
 */
export interface LocalTypeRule {
  type: string;
  /** paths to the name nodes (identifiers; other patterns are skipped). */
  names: NodePath[];
  /** paths to the type node; its text, without references, pointers and type arguments, is the type. */
  typePath?: NodePath[];
  /** paths to the initial values, paired with the names in order (`a, b := A{}, B{}`). */
  valuePath?: NodePath[];
  /** value nodes of these types stand for their named children (Go's `expression_list`). */
  listTypes?: string[];
  /** per value node type, the path to the node that names the value's type (`Foo { .. }`, `&Foo{}`, `Foo::new()`). */
  valueTypes?: Record<string, NodePath>;
  /**
   * type nodes of these types state no type worth keeping (C++ `int`, `unsigned long`: no methods, no overloaded
   * operators).
   */
  skipTypes?: string[];
  /**
   * a class member's declaration: outside any function, its names are fields of the class around it
   * (FileFacts.fieldTypes).
   */
  field?: boolean;
  /** type words that leave the type to the value (Java's `var`): the value's type is read by `valueTypes` instead. */
  deducedTypes?: string[];
  /**
   * a child of the declaration of this type whose text is `const` makes the declared local const (C++ `const Vec& v`):
   * a member call or an operator on it takes a class's `const` overload (`operator const float*() const`). [none]
   */
  constQualifier?: string;
}

/** A node type that introduces a scope qualifying the names inside it. */
export interface ScopeRule {
  type: string;
  nameFields: NodePath[];
  /** `class` scopes make functions methods; `namespace` scopes only qualify. Default `class`. */
  kind?: 'class' | 'namespace';
  /**
   * the scope covers the rest of the file rather than its own node (Java `package`, Go `package`, C# `namespace X;`).
   */
  fileWide?: boolean;
  /** an unnamed scope of this type gives its functions file-local linkage (C++ `namespace { }`). */
  anonymousIsFileLocal?: boolean;
  /** where a class names the classes it derives from: the nodes these paths reach hold one base type per named
   *  child (C++ `base_class_clause`, Java `superclass`); children of `skipTypes` are no base (`access_specifier`).
   *  Members are then looked up through the bases too (FileFacts.classBases). [none] */
  bases?: { paths: NodePath[]; skipTypes?: string[] };
}

/** Function-like macros (C preprocessor): their replacement text is scanned for calls. */
export interface MacroRule {
  type: string;
  nameField: string;
  parametersField: string;
  valueField: string;
  /**
   * object-like definitions: one whose value is a single identifier (`#define sdslen hi_sdslen`) renames a function.
   */
  aliasType?: string;
}

/** The 11 semantic classes of M2RC-Eval. */
export const SEMANTIC_CLASSES = [
  'Program Structure',
  'Declaration and Definition',
  'Control Flow Structure',
  'Expression',
  'Data Type',
  'Statement',
  'Modifier and Attribute',
  'Comments and Documentation',
  'Preprocessing Directive',
  'Identifier and Scope',
  'Special Language Structure',
] as const;
export type SemanticClass = (typeof SEMANTIC_CLASSES)[number];

/** Subclasses per class (M2RC-Eval's Java breakdown, used for every language). */
export const SEMANTIC_SUBCLASSES: Record<SemanticClass, readonly string[]> = {
  'Program Structure': ['entry', 'namespace', 'import'],
  'Declaration and Definition': ['class', 'function', 'variable'],
  'Control Flow Structure': ['conditional', 'loop', 'jump', 'exception'],
  Expression: ['operation', 'call', 'object creation', 'cast', 'other'],
  'Data Type': ['primitive', 'composite', 'generic', 'numeric', 'string', 'boolean', 'special value'],
  Statement: ['expression', 'compound', 'other'],
  'Modifier and Attribute': ['access', 'other', 'annotation'],
  'Comments and Documentation': ['single-line', 'multi-line'],
  'Preprocessing Directive': ['conditional compilation', 'macro'],
  'Identifier and Scope': ['identifier', 'qualified name'],
  'Special Language Structure': ['lambda', 'pattern matching', 'coroutine'],
};

export interface SemanticLabel {
  class: SemanticClass;
  subclass: string;
}

/** A label by class and subclass (tables use it for their own subclasses, see `semanticSubclasses`). */
export const label = (cls: SemanticClass, subclass: string): SemanticLabel => ({ class: cls, subclass });

/**
 * A semantic label chosen by the node's text, for node types whose class the type alone does not
 * tell (a `comment` that is `/* … *\/`, a modifier list with or without an access keyword).
 */
export interface SemanticTextRule {
  /** node types the rule applies to: the hole's node or one of the named nodes sharing its span (an
   *  `expression_statement` around a Python docstring's `string`, a `type` around `int`). */
  types: string[];
  /** regular expression source tested on the node's text (flags `su`: `.` spans lines). [any text] */
  pattern?: string;
  /** the rule applies only inside a node of one of these types, the nearest such around the hole (a Haskell
   *  `function` inside a `signature` is a function type, not a definition). [anywhere] */
  within?: string[];
  label: SemanticLabel;
}

/** Block comments (`/* … *\/`, doc comments included) of the C and ECMAScript families, C# and Go. */
export const SLASH_STAR_COMMENTS: SemanticTextRule = {
  types: ['comment'],
  pattern: '^/\\*',
  label: label('Comments and Documentation', 'multi-line'),
};

/** A C-family function prototype (`extern void f(void);`, `int g(int a, char *b);`): a declaration of a function,
 *  not of a variable; one with an initializer (`=`) or a function pointer (`(*fp)`) stays a variable. */
export const C_PROTOTYPES: SemanticTextRule = {
  types: ['declaration'],
  pattern:
    '^(?![^;]*\\(\\s*\\*)[^=;{}]*\\)\\s*' +
    '(?:(?:const|noexcept|override|final|__attribute__\\s*\\(\\(.*\\)\\)|[A-Z_]+)\\s*)*;$',
  label: label('Declaration and Definition', 'function'),
};

/** Every class/subclass pair of SEMANTIC_SUBCLASSES by a short name, for writing `semantic` maps. */
export const LABELS = {
  entry: label('Program Structure', 'entry'),
  namespace: label('Program Structure', 'namespace'),
  import: label('Program Structure', 'import'),
  class: label('Declaration and Definition', 'class'),
  function: label('Declaration and Definition', 'function'),
  variable: label('Declaration and Definition', 'variable'),
  conditional: label('Control Flow Structure', 'conditional'),
  loop: label('Control Flow Structure', 'loop'),
  jump: label('Control Flow Structure', 'jump'),
  exception: label('Control Flow Structure', 'exception'),
  operation: label('Expression', 'operation'),
  call: label('Expression', 'call'),
  objectCreation: label('Expression', 'object creation'),
  cast: label('Expression', 'cast'),
  otherExpression: label('Expression', 'other'),
  primitive: label('Data Type', 'primitive'),
  composite: label('Data Type', 'composite'),
  generic: label('Data Type', 'generic'),
  numeric: label('Data Type', 'numeric'),
  string: label('Data Type', 'string'),
  boolean: label('Data Type', 'boolean'),
  specialValue: label('Data Type', 'special value'),
  expressionStatement: label('Statement', 'expression'),
  compoundStatement: label('Statement', 'compound'),
  otherStatement: label('Statement', 'other'),
  access: label('Modifier and Attribute', 'access'),
  otherModifier: label('Modifier and Attribute', 'other'),
  annotation: label('Modifier and Attribute', 'annotation'),
  singleLineComment: label('Comments and Documentation', 'single-line'),
  multiLineComment: label('Comments and Documentation', 'multi-line'),
  conditionalCompilation: label('Preprocessing Directive', 'conditional compilation'),
  macro: label('Preprocessing Directive', 'macro'),
  identifier: label('Identifier and Scope', 'identifier'),
  qualifiedName: label('Identifier and Scope', 'qualified name'),
  lambda: label('Special Language Structure', 'lambda'),
  patternMatching: label('Special Language Structure', 'pattern matching'),
  coroutine: label('Special Language Structure', 'coroutine'),
} as const satisfies Record<string, SemanticLabel>;

/** The subclasses of `cls` in `spec`'s design. */
export function subclassesOf(spec: Pick<LanguageSpec, 'semanticSubclasses'>, cls: SemanticClass): readonly string[] {
  return spec.semanticSubclasses?.[cls] ?? SEMANTIC_SUBCLASSES[cls];
}

export interface LanguageSpec {
  id: LanguageId;
  displayName: string;
  /** npm package and file of the grammar's .wasm. */
  grammar: { package: string; wasm: string };
  /** file extensions with the dot, lower case. `.h` and `.inc` are listed by C and decided by `headerMarkers`. */
  extensions: string[];
  lineComment: string | null;
  blockComment: [string, string] | null;
  /**
   * how comments start besides `lineComment` and `blockComment` (PHP's `#`): a list of call arguments whose text holds
   * no comment start has no comment among them.
   */
  otherCommentStarts?: string[];
  /** node types that are comments. */
  commentTypes: string[];
  /** node types that are identifiers (names of variables, functions, types, fields). */
  identifierTypes: string[];
  /** node types that are string literals (removed before identifier matching). */
  stringTypes: string[];
  definitions: DefinitionRule[];
  calls: CallRule[];
  imports: ImportRule[];
  /** node types that introduce a scope that qualifies names: class, namespace, impl, module. */
  scopes: ScopeRule[];
  /** where a definition's docstring lives. */
  docstring: 'comment-before' | 'python-body-string' | 'comment-before-or-body-string';
  /** statement node types: boundaries for cross-file references and one-statement cuts. */
  statementTypes: string[];
  keywords: string[];
  /** standard-library function names (calls to these resolve to level `stdlib`). */
  stdlib: string[];
  /** the system's C library (C, C++, Objective-C): its headers (include paths, a trailing `/` names a folder)
   *  and the function names they declare. A call declared by one of these headers (or, where the system
   *  headers are not installed, a call to one of `names` from a file including one of them) is `stdlib`;
   *  a call declared by another system header is `external`. [none] */
  systemLibrary?: {
    headers: string[];
    names: string[];
    /** object-like macros of the library that expand to a call (glibc's `errno` is `(*__errno_location ())`):
     *  each use in a function body is that call. */
    macroCalls?: Record<string, string>;
    /** function-like names the headers define as macros where this language reads them (glibc's `assert`; in C
     *  also `<ctype.h>`'s `isdigit`/`tolower`, `<math.h>`'s `isnan`, `setjmp`): a call to one is a macro's
     *  expansion (`ResolvedCall.viaMacro`), which `yabloco` level mode does not count. [none] */
    macros?: string[];
    /**
     * object-like macros the headers define (`BYTE_ORDER`, `STDERR_FILENO`, `PRIx32`): a repository's own definition of
     * one only for another platform never makes it undefined on this one (src/index/preprocessor.ts). [none]
     */
    definedMacros?: string[];
  };
  /** receivers that name the standard library (`std` in `std::printf`, `Math` in `Math.max`, `os` in `os.getcwd()`). */
  stdlibModules?: string[];
  /**
   * receivers that name the caller's own object or class (`self`, `this`, `$this`): such a call prefers the caller's
   * class. [none]
   */
  selfReceivers?: string[];
  /**
   * a method's name hides the same name in the class's bases (C++): a call on the class never reaches a base's
   * overload, where otherwise (Java) the nearest class with a method taking the call's argument count is the one
   * called. [false]
   */
  memberNamesHide?: boolean;
  /**
   * `this` is a pointer to the object (C++'s `this->f`, `*this`), not the object (Java's): what a receiver or argument
   * `this` is typed as. [false]
   */
  selfIsPointer?: boolean;
  /**
   * the extensions a module name or a relative import of this language may leave out (`./util` -> `util.ts`), in the
   * order tried; the import resolver tries them first, then every other registered language's. [none]
   */
  moduleExtensions?: string[];
  /**
   * a plain call `f()` inside a method may call a method of the same class (C++, Java, C#, Kotlin, Scala, Ruby); false
   * where methods need an explicit receiver (`self.f()`, `this.f()`, `$this->f()`).
   */
  implicitThis?: boolean;
  /**
   * statements end at `;`, `{` or `}` (CrossCodeEval cuts a completion after the first of them); otherwise
   * one-statement cuts use the tree.
   */
  bracketStatements?: boolean;
  /**
   * other languages whose files count as same-language candidates for retrieval (TypeScript sees TSX; C++ sees C
   * headers and sources).
   */
  retrievalPeers?: LanguageId[];
  /** CrossCodeEval globs this language's retrieval candidates under this folder only (TypeScript: `src`). */
  crossCodeEvalFolder?: string;
  /** node type -> M2RC-Eval semantic label. Types not listed fall back to `semanticFallback`. */
  semantic: Record<string, SemanticLabel>;
  semanticFallback: SemanticLabel;
  /** labels that depend on the node's text: the first rule matching the type and text wins over `semantic`. [none] */
  semanticRules?: SemanticTextRule[];
  /**
   * The language's own subclasses where they differ from Java's (the paper designs them per
   * language; "none" where a language has no subclass of a class). [SEMANTIC_SUBCLASSES]
   */
  semanticSubclasses?: Partial<Record<SemanticClass, readonly string[]>>;

  // Optional refinements (absent = the default in brackets).
  /** node types wrapping a definition (decorators, `export`, `template<>`, `const f = () => ...`): the
   *  definition's span, code and doc comment start at the outermost wrapper that ends with it. [none] */
  definitionWrappers?: string[];
  /** node types that give what they wrap type parameters (C++ `template_declaration`): a class inside one is a
   *  class template, a function a function template (ExtractedFunction.template; YABLoCo's clang graph holds no
   *  call into a template's instantiation). [none] */
  templateDeclarations?: string[];
  /** node types of receiver and operand expressions the resolver types by following them from a typed local, a field of
   *  the caller's class or `this` (C++ `field_expression`, `subscript_expression`, `pointer_expression`): member calls
   *  and overloaded operators on them reach their class (CallSite.receiverRootType). [none] */
  receiverExpressions?: string[];
  /** separator of qualified names. ['.'] */
  scopeSeparator?: string;
  /** callee name wrappers without a name field: which named child holds the name (`generic_type` → first). [none] */
  nameWrappers?: Record<string, 'first' | 'last'>;
  /** methods with one of `names`, or (with `sameNameAsClass`) named like their class, are constructors. [none] */
  constructors?: { names?: string[]; sameNameAsClass?: boolean };
  /** calls that run a constructor of the caller's class's base (`super(x)`) or of its own class (Java's `this(x)`), by
   *  the name their call sites get (CallRule.nameTypes). [none] */
  constructorCalls?: { base?: string; own?: string };
  /** nodes that state local names' types, for method calls on them. [none] */
  localTypes?: LocalTypeRule[];
  /** a class's or function's type parameters (`class Box<T extends Node>`, `<V>(v: V)`): the field of the class or
   *  function holding them, the path to each one's name from its node (of type `type`), and the paths to its bound. A
   *  local or field of a type parameter's type has its bound's type (`Node`), or none when unbounded: never a class
   *  of the parameter's name, nor the library's. [none] */
  typeParameters?: { field: string; type: string; names: NodePath; bounds?: NodePath[] };
  /** declarations and initializers that construct an object of a class (C++ `T v;`, `T v(x);`, `T v{x};`, `: Base(x),
   *  m(y)`): call sites of the class's constructor that takes their arguments, named by the class (or, in an
   *  initializer, by a member of the caller's class: its stated type's class). [none] */
  constructions?: {
    /** a declaration inside a function: the path to its type (of one of `namedTypes`), its declarators' field; a
     *  declarator of a `plain` type constructs with no arguments, one of the `initialized` type with those in its
     *  `argumentsField` when that is one of `argumentTypes` (not `T v = x;`: a copy the compiler may elide). */
    declaration: {
      type: string;
      typePath: NodePath;
      namedTypes: string[];
      declaratorField: string;
      plain: string[];
      initialized: string;
      argumentsField: string;
      argumentTypes: string[];
    };
    /** a member or base initializer: the node types naming the member or base, the types of its argument list. */
    initializer: { type: string; nameTypes: string[]; argumentTypes: string[] };
  };
  /** expressions that state the type of their value (`(char)v`, `static_cast<char>(v)`): node type and the path to
   *  the type; an argument of such an expression has that type when overloads are chosen. [none] */
  castTypes?: { type: string; typePath: NodePath }[];
  /** standard-library classes with their bases (`stringstream` is an `iostream`), by name: `std::string(x)` makes a
   *  `std::string`, and an argument of one fits a parameter of its base when overloads are chosen. [none] */
  libraryClasses?: Record<string, string[]>;
  /** a type name no file of the project declares and no import binds is the standard library's (Java's `java.lang`,
   * imported implicitly): a member call on a value of it, or a constructor of a class derived from it, is `stdlib`.
   * [false] */
  implicitLibraryTypes?: boolean;
  /** function-like macros that define a test whose body is a method of a class derived from the class their first
   * argument names (gtest's `TEST_F(Fixture, Name) { ... }`): that class's fields and methods are the body's own.
   * [none] */
  fixtureMacros?: string[];
  /** enumerations (`enum E { A, B }`): node type, the path to the enumeration's name and the paths to its constants'
   * names; an argument naming a constant has the enumeration's type when overloads are chosen. An enumeration with one
   * of `scopedTokens` (C++ `enum class`) or inside a class is named with its scope (`E::A`, `Style::Flow`). [none] */
  enumConstants?: { type: string; namePath: NodePath; constantPath: NodePath; scopedTokens?: string[] };
  /**
   * type aliases (`using X = T;`, `typedef T X;`): node type, the path to the alias's name, the path to its target
   * type. [none]
   */
  typeAliases?: { type: string; namePath: NodePath; targetPath: NodePath }[];
  /** bytecode caches a runtime writes beside a source file (Python's `__pycache__/{stem}.*.pyc`), relative to the
   *  file's folder, `{stem}` = its name without extension, `*` = any text within a name: exec removes them before
   *  a candidate of that file runs, so the reference's compiled form is never readable. [none] */
  bytecodeCaches?: string[];
  /**
   * class templates that hold a pointer to their argument (`std::shared_ptr<T>`): a value of one is taken for a `T*`.
   * [none]
   */
  smartPointers?: string[];
  /** the type an argument of a literal's node type has, to choose among overloads by argument types:
   * `number`, `bool`, `string` (a C string literal: a `const char*`, or a string class by conversion), `pointer` (a
   * null pointer), `char`, or the name of the class a literal is an object of (Java's `"text"` is a `String`). [none]
   * */
  literalTypes?: Record<string, 'number' | 'bool' | 'string' | 'pointer' | 'char' | `class ${string}`>;
  /**
   * bodyless declarations recorded in `declarations` (C prototypes; Rust's types and constants): name paths per node
   * type. [none]
   */
  declarations?: { type: string; nameFields: NodePath[] }[];
  /** statement types whose single string child is a docstring (`python-body-string`). [none] */
  docstringStatementTypes?: string[];
  /**
   * clang's rule for the comment before a definition (`comment-before`): the nearest comment is the
   * docstring across blank lines too, unless the text between holds one of these characters (a
   * declaration or a preprocessor directive between: `;{}#@`). [absent: a blank line ends the docstring]
   */
  docCommentBarriers?: string;
  /**
   * A definition without a docstring takes the one of another declaration of it in its translation
   * unit (clang's comment for any redeclaration, which YABLoCo's docstrings come from): a prototype
   * before it in its file, else one in a header its file includes, else one after it. [false]
   */
  declarationDocstrings?: boolean;
  /** names that the compiler's own headers declare (`stddef.h`, `stdbool.h`, `stdarg.h`, `limits.h`,
   *  `float.h`: `NULL`, `size_t`, `bool`, `va_list`, `INT_MAX`). YABLoCo's clang ran without those
   *  headers, so a full expression (a statement, or the condition of an `if`) that uses one is invalid
   *  to it, calls included: `yabloco` level mode does not count such calls (docs/index.md, "Levels"). [none] */
  compilerHeaderNames?: string[];
  /** the types among `compilerHeaderNames` that a declaration cannot do without: YABLoCo's clang keeps
   *  most `size_t` and `bool` variables (read as declared look-alikes) but not `va_list` ones, so a
   *  parameter or local `va_list ap` is undeclared to it, and so is every full expression using `ap`. [none] */
  compilerHeaderTypes?: string[];
  /** the type names among `compilerHeaderNames` (`size_t`, `bool`): to YABLoCo's clang, a function
   *  declared with one in its signature is invalid, and so is every call of it, unless the name was
   *  declared before in the translation unit, which a file-scope `typedefType` node written
   *  `typedef size_t (*f)(...)` does (clang reads `size_t` as the name it declares); after that, the name
   *  works as a parameter type but not as a return type (docs/index.md, "Levels"). [none] */
  compilerHeaderTypedefs?: { names: string[]; typedefType: string };
  /** top-level invocations of macros that expand to whole definitions (`CTL_GEN(version, int)` on its own
   *  lines, no `;` after): a line at column 0 calling a name that matches `namePattern` (source), whose
   *  closing parenthesis is followed by neither `;` nor `{`. When a file does not parse, it is parsed
   *  again with them blanked (offsets kept), so that the definitions after them are not lost. [none] */
  macroInvocations?: { namePattern: string };
  /** macros written where a declaration's own words are, which the grammar cannot read as such
   *  (`ATTRIBUTE_ALIGNED16(class) Name {`, `class LIB_API Name : public Base {`): regular expressions
   *  (sources) whose capture groups are the macro's text. When a file does not parse, they are blanked
   *  (offsets kept) together with `macroInvocations`, outside comments and literals, and the file is
   *  parsed again. [none] */
  declarationMacros?: string[];
  /** macros the platform indexed for defines (Linux, x86-64, a GCC-like compiler: `__linux__`, `__GNUC__`). With
   *  `foreignPlatformMacros` they tell the C preprocessor's branches dead on that platform (`#ifdef _WIN32`, the
   *  `#else` of `#ifdef __linux__`; docs/index.md, "Platform"): nothing in a dead branch is read. [none] */
  platformMacros?: string[];
  /** macros that name another platform than the one indexed for: `_WIN32`, `__APPLE__`; undefined there. [none] */
  /** macros that tell apart the languages reading this language's files (`__cplusplus`: C++ reads C headers):
   *  a macro defined under one of them only is kept with that condition (MacroDefinition.dialect) and seen only
   *  from files whose language defines it or not accordingly (its `platformMacros`). [none] */
  dialectMacros?: string[];
  foreignPlatformMacros?: string[];
  /** function-like macro definitions. [none] */
  macros?: MacroRule;
  /** record (struct) definitions, for the function pointers they hold: `type` with a `nameField` and a
   *  `bodyField`; an unnamed one takes the name of the `typedef` around it (`typedefType`'s `typedefField`). [none] */
  records?: {
    type: string;
    nameField: string;
    bodyField: string;
    typedefType: string;
    typedefField: string;
    variableType: string;
  };
  /** `.h` dialect detection: regular expressions (source, multiline) that mark a header of this language;
   *  higher `precedence` is tried first; headers matching none stay C. [none] */
  headerMarkers?: { extensions: string[]; patterns: string[]; precedence: number };
  /** regular expression (source) removed from each doc-comment line after the comment marker: Haddock's
   *  `-- |`, roxygen's `#'`, PHP's second line-comment marker `#`. [none] */
  docCommentMarkers?: string;
}
