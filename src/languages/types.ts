// The shape of one language's knowledge. Every language is one `LanguageSpec` value in
// `src/languages/tables/<id>.ts`: plain data that the index, tasks, context, metrics and
// post-processing stages read. Adding a language = adding one table and registering it.

export const LANGUAGE_IDS = [
  'c', 'cpp', 'csharp', 'go', 'html', 'haskell', 'java', 'javascript', 'kotlin', 'lua',
  'objc', 'php', 'python', 'r', 'ruby', 'rust', 'scala', 'typescript', 'tsx',
] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];

/** How a definition node type yields a function record. */
export interface DefinitionRule {
  /** tree-sitter node type, e.g. `function_definition`. */
  type: string;
  /** what kind of callable it is (used in reports and qualified names). */
  kind: 'function' | 'method' | 'constructor';
  /** field holding the body; a definition without it (a declaration) is skipped. */
  bodyField: string;
  /** field (or nested path of fields, first match wins) holding the name node. */
  nameFields: string[][];
}

/** How a call node type yields a callee name. */
export interface CallRule {
  type: string;
  /** path of fields to the callee expression, e.g. [['function']]. */
  calleeFields: string[][];
  /** when the callee expression is a member access, the field of its final name. */
  memberNameFields?: string[];
  /** field of the receiver of a member call (`self`, `this`, a package or class name). */
  receiverFields?: string[];
}

/** How an import/include node names a file or module. */
export interface ImportRule {
  type: string;
  /** field or child node type holding the imported path/module text. */
  pathFields: string[][];
  /** how the text maps to repository files. */
  resolve: 'include' | 'dotted-module' | 'relative-path' | 'go-package' | 'none';
}

/** The 11 semantic classes of M2RC-Eval. */
export const SEMANTIC_CLASSES = [
  'Program Structure', 'Declaration and Definition', 'Control Flow Structure', 'Expression',
  'Data Type', 'Statement', 'Modifier and Attribute', 'Comments and Documentation',
  'Preprocessing Directive', 'Identifier and Scope', 'Special Language Structure',
] as const;
export type SemanticClass = (typeof SEMANTIC_CLASSES)[number];

export interface SemanticLabel {
  class: SemanticClass;
  subclass: string;
}

export interface LanguageSpec {
  id: LanguageId;
  displayName: string;
  /** npm package and file of the grammar's .wasm. */
  grammar: { package: string; wasm: string };
  /** file extensions with the dot, lower case. `.h` is listed by C and decided by `headerDialect`. */
  extensions: string[];
  lineComment: string | null;
  blockComment: [string, string] | null;
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
  scopes: { type: string; nameFields: string[][] }[];
  /** where a definition's docstring lives. */
  docstring: 'comment-before' | 'python-body-string' | 'comment-before-or-body-string';
  /** statement node types: boundaries for cross-file references and one-statement cuts. */
  statementTypes: string[];
  keywords: string[];
  /** standard-library function names (calls to these resolve to level `stdlib`). */
  stdlib: string[];
  /** node type -> M2RC-Eval semantic label. Types not listed fall back to `semanticFallback`. */
  semantic: Record<string, SemanticLabel>;
  semanticFallback: SemanticLabel;
}
