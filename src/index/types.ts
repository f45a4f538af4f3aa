// Records of the index stage: what one file yields (extraction), and what the repository index
// holds after call resolution (stored in SQLite, read by tasks, context and the CLI).
import type { LanguageId } from '../languages/index.ts';

/** A position span: lines and columns are 1-based; `endColumn` is one past the last character. */
export interface Span {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

/** Built-in arithmetic types (C, C++, Java): a `number` literal fits them. */
export const ARITHMETIC = new RegExp(
  '^(?:(?:un)?signed|int|long|short|char|byte|float|double|size_t|ssize_t|ptrdiff_t|' +
    'u?int(?:8|16|32|64)_t|uint|float[0-9]*|[a-z]+Scalar|real)$',
);
/** CallSite.argumentTypes: an argument that is a name no local declares (`BeginDoc`), typed by the resolver. */
export const NAMED_ARGUMENT = '=';
/**
 * CallSite.argumentTypes: an argument that is a call (`Comment("x")`), typed by the return type of what it resolves to.
 */
export const CALL_ARGUMENT = '()';
/** CallSite.argumentTypes: an argument that is a field or element of a value (`xf.q`, `m_el[0]`), typed by the resolver
 *  from where it starts: `.` + the stated type of the local it starts from (`?` for none: a field of the caller's class
 *  or `this`; empty for a local whose type the code does not state) + `|` + the expression. */
export const EXPRESSION_ARGUMENT = '.';

/** One call site inside a function body, as written. */
export interface CallSite {
  /** the called name (`foo` for `foo()`, `bar` for `obj.bar()`, `Foo::bar` → `bar`). */
  name: string;
  /** receiver text of a member/qualified call (`self`, `this`, `fmt`, `Foo`), null for a plain call. */
  receiver: string | null;
  /** the receiver is a path (`Foo::bar()`, `module::f()`), not a value; absent otherwise. */
  receiverIsPath?: boolean;
  /**
   * the receiver's type where the function states it (`let x: Foo`, a parameter `x: &Foo`, `x := &Foo{}`); absent
   * otherwise.
   */
  receiverType?: string;
  /**
   * the receiver is a call's result (`t.getOrigin().x()`): that call's name; it is the caller's call site at the same
   * line and column with this name, and its callee's return type is the receiver's type. An operator's operand that is
   * another operator's use (`(a - b) * s`) names that operator (`operator-`), its site on the same line within the
   * operand. Absent otherwise.
   */
  receiverCall?: string;
  /** the receiver is an expression (`box.mi`, `pts[i]`, an operator's operand) that starts from a local of this stated
   * type (a pointer keeps its `*`; '' when the local's type is not stated: it hides any field of its name); the
   * resolver follows its element and field steps (LanguageSpec.receiverExpressions). */
  receiverRootType?: string;
  /**
   * the receiver (or the local its expression starts from) is declared const (`LocalTypeRule.constQualifier`): the
   * `const` overload of a method or operator is the one called. Absent otherwise.
   */
  receiverConst?: boolean;
  /** number of arguments at the call (used to pick among overloads), null when unknown. */
  argumentCount: number | null;
  /** each argument's type where the code states it (a typed local or parameter, a literal's kind: `literalTypes`), else
   * what the resolver types (`NAMED_ARGUMENT` + a name no local declares: an enumeration's constant or a field of the
   * caller's class; `CALL_ARGUMENT` + a called name: that call's result; `EXPRESSION_ARGUMENT`: a field or element),
   * else null; absent when none is known. */
  argumentTypes?: (string | null)[];
  /** a construction a declaration or an initializer writes (`constructions`: `T v(x);`, `: m(y)`): only a constructor
   *  taking its arguments is called, of the class it names or, in an initializer, of a member's stated type. */
  constructs?: boolean;
  /** the arguments use a name of the compiler's own headers (`compilerHeaderNames`): invalid to YABLoCo's clang. */
  needsCompilerHeaders?: boolean;
  line: number;
  column: number;
}

/** An import/include as written in a file. */
export interface ImportRef {
  /** the text naming the file or module: `util.h`, `pkg.module`, `./lib`, `fmt`. */
  target: string;
  /** local names it binds (`np` for `import numpy as np`, `Foo` for `import a.b.Foo`), empty when none. */
  bindings: string[];
  /** `#include <x>` / a module from outside the repository as far as the syntax says. */
  system: boolean;
  resolve: 'include' | 'dotted-module' | 'relative-path' | 'go-package' | 'none';
  line: number;
  /** binds every public name of the target (`import a.b.*`, `from m import *`, C# `using A.B;`, Go `import . "x"`). */
  wildcard?: boolean;
  /**
   * the names imported under another name, by the binding (`distance` -> `levenshtein` for `import {levenshtein as
   * distance}`).
   */
  renamed?: Record<string, string>;
}

/** A function, method or constructor definition found in one file. */
export interface ExtractedFunction {
  name: string;
  /** `Class::method` (C++), `pkg.Type.method` (Go/Java/Python...), or the name when top-level. */
  qualifiedName: string;
  kind: 'function' | 'method' | 'constructor';
  /** text from the start of the definition up to (not including) the body. */
  signature: string;
  /** where the full text of the definition (signature included) starts and ends in its file's text
   *  (string offsets): the text is the file's, not repeated in the facts. */
  codeStart: number;
  codeEnd: number;
  span: Span;
  bodySpan: Span;
  docstring: string | null;
  /** number of parameters, null when unknown (used for overload resolution). */
  parameterCount: number | null;
  /** C `static` functions (file-local linkage), Java/C# `private`: resolvable only from their file. */
  fileLocal: boolean;
  calls: CallSite[];
  /** a template (languages with `templateDeclarations`): `function` when it has type parameters of its own (a function
   * template, a member function template), `class-member` when only its class's (a member of a class template); absent
   * otherwise. */
  template?: 'function' | 'class-member';
  /**
   * a test a fixture macro defines (`fixtureMacros`): the class its first argument names, whose members are the body's
   * own.
   */
  fixture?: string;
}

/** A function-like macro (C preprocessor) and the calls written in its replacement text. */
export interface MacroDefinition {
  name: string;
  parameterCount: number;
  span: Span;
  /** calls in the replacement text, by name (receiver and argument count are not known: null). */
  calls: CallSite[];
  /** an object-like macro naming a function (`#define sdslen hi_sdslen`): a call of it is a call of `calls[0]`. */
  alias?: boolean;
  /** parameter names (function-like macros that generate functions or expand other macros). */
  parameters?: string[];
  /** names of the functions the replacement text defines, pasted from parameters (`atomic_load_##short_type`). */
  generates?: string[];
  /** macros the replacement text invokes outside any braces, with their argument texts (`O(tcache, bool, bool)`). */
  expands?: MacroUse[];
  /** defined only where a dialect macro (`dialectMacros`: `__cplusplus`) is defined (true) or is not (false): a C
   * header's `#ifndef __cplusplus` branch is read by C files, not by C++ files including it. Absent: for every reader.
   * */
  dialect?: { macro: string; defined: boolean };
}

/** A record (C struct) and the function-pointer fields it declares. */
export interface RecordDefinition {
  name: string;
  fields: string[];
  /** a field's type uses a name of the compiler's own headers (`size_t len`): the record is invalid to a
   *  compiler without them (YABLoCo's clang), and so is every access to its fields. */
  needsCompilerHeaders: boolean;
}

/** A macro invocation: top-level in a file (a line at column 0), or in a macro's replacement text. */
export interface MacroUse {
  name: string;
  args: string[];
  line: number;
}

/** See `FileFacts.compilerTypeUses`. */
export interface CompilerTypeUses {
  /** `typedef size_t (*f)(...)`: the type name it declares, and where. */
  typedefs: { name: string; line: number }[];
  /** file-scope function declarations and definitions whose signature uses such type names: in the
   *  return type, in the parameters. */
  functions: { name: string; line: number; defined: boolean; returns: string[]; parameters: string[] }[];
}

/** Everything the index needs from one source file. */
export interface FileFacts {
  path: string;
  language: LanguageId;
  lineCount: number;
  functions: ExtractedFunction[];
  imports: ImportRef[];
  /**
   * names declared without a body here (prototypes, abstract/interface methods, extern decls; Rust's types, constants
   * and macros).
   */
  declarations: string[];
  /**
   * the docstrings of the declarations that have one (languages with `declarationDocstrings`), where each is declared.
   */
  declarationDocs?: { name: string; line: number; docstring: string }[];
  /** true when the tree has ERROR or MISSING nodes (the file still yields what parses). */
  hasErrors: boolean;
  /** function-like macros defined here (languages with a preprocessor). */
  macros?: MacroDefinition[];
  /** records (C structs) that hold function pointers (languages with `records` in their table). */
  records?: RecordDefinition[];
  /** file-scope variables holding a function pointer (`monotime (*getMonotonicUs)(void);`); `defined`: not `extern`. */
  pointerVariables?: { name: string; defined: boolean }[];
  /** where the file declares names of the compiler's own headers' types (`compilerHeaderTypedefs`):
   *  `typedef size_t (*f)(...)` lines, and the functions declared or defined with such a type in their
   *  signature (languages with `compilerHeaderTypedefs` in their table). */
  compilerTypeUses?: CompilerTypeUses;
  /** top-level invocations of macros (lines at column 0): where macros generate functions. */
  macroUses?: MacroUse[];
  /**
   * the type aliases declared here (`typeAliases` rules), the target's type name as a local's would be (`T*` for a
   * smart pointer).
   */
  typeAliases?: { name: string; type: string }[];
  /** the classes declared here (languages with ScopeRule.bases): `owner` is the class's qualified name, `bases` the
   *  names of the bases it names as written, without type arguments (`ns::Base` of `ns::Base<T>`), often none. */
  classBases?: { owner: string; bases: string[] }[];
  /**
   * the stated types of the fields classes declare here (`LocalTypeRule.field`): `owner` is the class's qualified name;
   * '' for a variable declared outside classes and functions.
   */
  fieldTypes?: { owner: string; name: string; type: string }[];
  /** the constants of the enumerations declared here (`enumConstants`), with their enumeration's name and, where the
   *  code names them through one, their scope: the enumeration's own (`enum class`) or the class declaring it. */
  enumConstants?: { name: string; type: string; scope?: string }[];
}

/** Call levels of YABLoCo (`external` = its `external_binaries`). */
export type CallLevel = 'stdlib' | 'external' | 'file' | 'package' | 'project' | 'unresolved';
/** A function's context level: the highest of project > package > file > stdlib among its callees. */
export type ContextLevel = 'project' | 'package' | 'file' | 'stdlib' | 'none';

/**
 * How call levels are classified (docs/index.md, "Levels"): `default` is ctxbench's own reading;
 * `yabloco` reproduces YABLoCo's clang-based tables (only the rules that differ are recorded per call).
 */
export const LEVEL_MODES = ['default', 'yabloco'] as const;
export type LevelMode = (typeof LEVEL_MODES)[number];

/** A resolved call site as its caller's record holds it (ResolvedCall without the caller). */
export type FunctionCall = Omit<ResolvedCall, 'callerId'>;

export interface ResolvedCall {
  callerId: string;
  name: string;
  line: number;
  /** the level in the default mode. */
  level: CallLevel;
  /** the level in `yabloco` mode when it differs from `level`. */
  yablocoLevel?: CallLevel;
  /** the call exists only inside a function-like macro's replacement text (YABLoCo does not count it). */
  viaMacro?: boolean;
  /** the call's arguments use a name of the compiler's own headers (YABLoCo's clang ran without them
   *  and does not count it). */
  needsCompilerHeaders?: boolean;
  /** the callee's name in `yabloco` mode when it differs: a call through a function pointer reached
   *  from a variable (`conn->type->close(conn)`) is a call of that variable (`conn`) there. */
  yablocoName?: string;
  /** definition ids; several when ambiguous (all candidates are kept). */
  calleeIds: string[];
  /**
   * several candidates, or (module systems) a method call whose receiver's type the code does not state: level
   * `unresolved`, candidates kept.
   */
  ambiguous: boolean;
}

/** A function as the index stores it (the `ctxbench functions --jsonl` record adds callees). */
export interface FunctionRecord {
  id: string;
  name: string;
  qualifiedName: string;
  kind: 'function' | 'method' | 'constructor';
  path: string;
  language: LanguageId;
  signature: string;
  code: string;
  span: Span;
  bodySpan: Span;
  docstring: string | null;
  linesOfCode: number;
  level: ContextLevel;
  callers: number;
  lastCommit: string | null;
}

/** A function definition as the resolver indexes it (one per extracted function of a file). */
export interface Definition {
  id: string;
  fn: ExtractedFunction;
  path: string;
  /** its file's number (the file's position in the resolver's files). */
  file: number;
  dir: string;
  /** qualified name without its last segment: the class/namespace/receiver type, '' at top level. */
  owner: string;
  /** the owner's last segment (`Foo` of `ns::Foo`): what a receiver is compared with. */
  ownerTail: string;
  /** the definition's position in the repository's definitions (callers are counted by it). */
  number: number;
  /** a method declared `const` (constMethod): a const receiver's overload. */
  isConst: boolean;
}
