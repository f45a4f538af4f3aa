// The extraction engine: one pass per file over the nodes that a language table's rules name
// (definitions, calls, imports, scopes, declarations, macros) turns them into FileFacts. Nothing here
// knows a language: every difference between languages is data in src/languages/tables/<id>.ts.
// The nodes come from the parsed tree copied into typed arrays in one walk (languages/flat-tree.ts): every question
// the rules ask of a node is answered there, without a call into the wasm parser.
import {
  flatten,
  type FlatTree,
  type SyntaxNode as Node,
  loadLanguage,
  parse,
  commentStartPattern,
  escapeRegExp,
  getLanguage,
  type CallRule,
  type DefinitionRule,
  type ImportRule,
  type LanguageId,
  type LanguageSpec,
  type LocalTypeRule,
  type NodePath,
  type ScopeRule,
} from '../languages/index.ts';
import { deadBranches } from './preprocessor.ts';
import {
  ARITHMETIC,
  CALL_ARGUMENT,
  EXPRESSION_ARGUMENT,
  NAMED_ARGUMENT,
  type CallSite,
  type CompilerTypeUses,
  type ExtractedFunction,
  type FileFacts,
  type ImportRef,
  type MacroDefinition,
  type MacroUse,
  type RecordDefinition,
  type Span,
} from './types.ts';

const ROLE_DEFINITION = 1;
const ROLE_CALL = 2;
const ROLE_IMPORT = 4;
const ROLE_SCOPE = 8;
const ROLE_DECLARATION = 16;
const ROLE_MACRO = 32;
const ROLE_LOCAL_TYPE = 64;
const ROLE_TYPE_ALIAS = 128;
const ROLE_CONSTRUCTION = 256;

/** A language table prepared for fast lookups: node type name → roles and rules. */
interface CompiledSpec {
  spec: LanguageSpec;
  separator: string;
  /** roles by node type name. */
  roles: Map<string, number>;
  /** the node types that have a role, and those the file-scope facts gather (see gatherersOf): the walk's types. */
  walkTypes: string[];
  /**
   * role types that also name an anonymous token (`descendantsOfType` finds both; only the named node has the role).
   */
  anonymousTwins: Set<string>;
  definitions: Map<string, DefinitionRule[]>;
  calls: Map<string, CallRule[]>;
  imports: Map<string, ImportRule[]>;
  scopes: Map<string, ScopeRule>;
  declarations: Map<string, NodePath[]>;
  localTypes: Map<string, LocalTypeRule>;
  identifierTypes: Set<string>;
  commentTypes: Set<string>;
  /** any start of a comment (`lineComment`, `blockComment`, `otherCommentStarts`); null when the table names none. */
  commentStart: RegExp | null;
  /**
   * any of `docCommentBarriers`, as one character class; null when the table has none (a blank line then ends a
   * docstring).
   */
  docCommentBarrier: RegExp | null;
  stringTypes: Set<string>;
  wrappers: Set<string>;
  /** `templateDeclarations`. */
  templates: Set<string>;
  /** `receiverExpressions`. */
  receiverExpressions: Set<string>;
  keywords: Set<string>;
  systemPatterns: Map<ImportRule, RegExp>;
  /** `compilerHeaderNames`. */
  compilerNames: Set<string>;
  /** `compilerHeaderTypes`. */
  compilerTypes: Set<string>;
  /**
   * any of `compilerHeaderNames` / `compilerHeaderTypes` as a word (global; null when none): a text without one needs
   * no closer look.
   */
  compilerNamePattern: RegExp | null;
  compilerTypePattern: RegExp | null;
  /** `statementTypes`: the nodes that end a full expression. */
  statementTypes: Set<string>;
  /** `foreignPlatformMacros`. */
  foreignPlatforms: Set<string>;
  /** `platformMacros`. */
  platformMacros: Set<string>;
  /** `stdlibModules`: a type in one of them has no project operators. */
  libraryNamespaces: Set<string>;
  /** `smartPointers`: group 1 is the pointee. */
  smartPointer: RegExp | null;
  /** `declarationMacros`, global with match indices. */
  declarationMacros: RegExp[];
  /** `macroInvocations.namePattern`: the names of macros that may stand for definitions (null when none). */
  macroNames: RegExp | null;
  /** `systemLibrary.macroCalls`, as one pattern matching any of the macros (null when none). */
  macroCallPattern: RegExp | null;
}

/** A node of a role, with what the handlers ask of it, each asked once (every Node getter but
 *  startIndex and startPosition is a call into wasm). */
class Visited {
  readonly start: number;
  private endIndex: number | undefined;

  constructor(
    readonly node: Node,
    readonly type: string,
  ) {
    this.start = node.startIndex;
  }

  get end(): number {
    return (this.endIndex ??= this.node.endIndex);
  }

  /**
   * Whether the node lies within [start, end], the range of a node the walk met before it (or of its
   * children). The walk is depth first, so a node starting before that end is inside it: its own end
   * is asked only when it starts right at that end (a zero-width node there).
   */
  within(start: number, end: number): boolean {
    return start <= this.start && (this.start < end || (this.start === end && this.end <= end));
  }
}

/**
 * An enclosing scope or function during the walk (source ranges nest, so a stack suffices). Every
 * context has every field, in one order: the walk's code, optimised for one shape of context, is not
 * thrown away at the first context of another.
 */
class Context {
  /** local names whose type the function states (parameters, typed or constructed locals). */
  localTypes: Map<string, string> | undefined = undefined;
  /** the names of every parameter and local the function declares, typed or not (an operand named so is no field). */
  localNames: Set<string> | undefined = undefined;
  /** the typed locals declared const (`const Vec& v`): their methods' and operators' const overloads apply. */
  constLocals: Set<string> | undefined = undefined;
  /**
   * the built-in types of parameters and locals (`bool b`, `unsigned char c`: its last word): arguments' types only,
   * never receivers.
   */
  builtinTypes: Map<string, string> | undefined = undefined;
  /**
   * whether a full expression (by its source range) uses a name a compiler without its headers lacks: the calls of a
   * statement share it.
   */
  compilerChecks: Map<string, boolean> | undefined = undefined;
  /** a class template, or a class inside one (`templateDeclarations`). */
  templated = false;
  /**
   * the class's or function's type parameters (`typeParameters`): each one's bound's type name, null when unbounded.
   */
  typeParameters: Map<string, string | null> | undefined = undefined;

  constructor(
    readonly start: number,
    readonly end: number,
    readonly name: string | null,
    readonly kind: 'class' | 'namespace' | 'function',
    readonly fileLocal: boolean,
    readonly fn?: ExtractedFunction,
    /** calls between these offsets are the function's: its body, and constructor initializers before it. */
    readonly callsStart?: number,
    readonly callsEnd?: number,
    /** parameters and locals declared with one of `compilerHeaderTypes` (`va_list ap`). */
    readonly compilerTyped?: Set<string>,
    /**
     * the names a compiler without its own headers lacks here: `compilerHeaderNames` and `compilerTyped`, as one
     * pattern.
     */
    readonly compilerWords?: RegExp,
  ) {}
}

const compiled = new Map<LanguageId, Promise<CompiledSpec>>();

function groupBy<T extends { type: string }>(rules: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const rule of rules) map.set(rule.type, [...(map.get(rule.type) ?? []), rule]);
  return map;
}

async function compile(id: LanguageId): Promise<CompiledSpec> {
  const spec = getLanguage(id);
  const language = await loadLanguage(id);
  const roleOf = new Map<string, number>();
  const addRole = (type: string, role: number) => roleOf.set(type, (roleOf.get(type) ?? 0) | role);
  for (const rule of spec.definitions) addRole(rule.type, ROLE_DEFINITION);
  for (const rule of spec.calls) addRole(rule.type, ROLE_CALL);
  for (const rule of spec.imports) addRole(rule.type, ROLE_IMPORT);
  for (const rule of spec.scopes) addRole(rule.type, ROLE_SCOPE);
  for (const rule of spec.declarations ?? []) addRole(rule.type, ROLE_DECLARATION);
  if (spec.macros) addRole(spec.macros.type, ROLE_MACRO);
  if (spec.macros?.aliasType) addRole(spec.macros.aliasType, ROLE_MACRO);
  for (const rule of spec.localTypes ?? []) addRole(rule.type, ROLE_LOCAL_TYPE);
  for (const rule of spec.typeAliases ?? []) addRole(rule.type, ROLE_TYPE_ALIAS);
  if (spec.constructions)
    for (const rule of [spec.constructions.declaration, spec.constructions.initializer])
      addRole(rule.type, ROLE_CONSTRUCTION);
  const roleTypes = [...roleOf.keys()];
  const missing = roleTypes.filter((type) => language.idForNodeType(type, true) === null);
  if (missing.length > 0)
    throw new Error(`the ${id} table names node types that the grammar lacks: ${missing.join(', ')}`);
  const prepared: CompiledSpec = {
    spec,
    separator: spec.scopeSeparator ?? '.',
    roles: roleOf,
    walkTypes: roleTypes,
    anonymousTwins: new Set(roleTypes.filter((type) => language.idForNodeType(type, false) !== null)),
    definitions: groupBy(spec.definitions),
    calls: groupBy(spec.calls),
    imports: groupBy(spec.imports),
    scopes: new Map(spec.scopes.map((rule) => [rule.type, rule])),
    declarations: new Map((spec.declarations ?? []).map((rule) => [rule.type, rule.nameFields])),
    localTypes: new Map((spec.localTypes ?? []).map((rule) => [rule.type, rule])),
    identifierTypes: new Set(spec.identifierTypes),
    commentTypes: new Set(spec.commentTypes),
    commentStart: commentStartPattern(spec),
    docCommentBarrier: spec.docCommentBarriers ? new RegExp(`[${escapeClass(spec.docCommentBarriers)}]`) : null,
    stringTypes: new Set(spec.stringTypes),
    wrappers: new Set(spec.definitionWrappers ?? []),
    templates: new Set(spec.templateDeclarations ?? []),
    receiverExpressions: new Set(spec.receiverExpressions ?? []),
    keywords: new Set(spec.keywords),
    systemPatterns: new Map(
      spec.imports.filter((rule) => rule.systemPattern).map((rule) => [rule, new RegExp(rule.systemPattern!)]),
    ),
    compilerNames: new Set(spec.compilerHeaderNames),
    compilerTypes: new Set(spec.compilerHeaderTypes),
    compilerNamePattern: wordPattern(spec.compilerHeaderNames ?? []),
    compilerTypePattern: wordPattern(spec.compilerHeaderTypes ?? []),
    statementTypes: new Set(spec.statementTypes),
    foreignPlatforms: new Set(spec.foreignPlatformMacros),
    platformMacros: new Set(spec.platformMacros),
    macroNames: spec.macroInvocations ? new RegExp(spec.macroInvocations.namePattern) : null,
    declarationMacros: (spec.declarationMacros ?? []).map((source) => new RegExp(source, 'gd')),
    smartPointer: spec.smartPointers
      ? new RegExp(`^\\s*(?:const\\s+)?(?:${spec.smartPointers.map(escapeRegExp).join('|')})\\s*<\\s*([^<>,]+?)\\s*>`)
      : null,
    libraryNamespaces: new Set(spec.stdlibModules),
    macroCallPattern: spec.systemLibrary?.macroCalls
      ? new RegExp(`\\b(?:${Object.keys(spec.systemLibrary.macroCalls).join('|')})\\b`, 'g')
      : null,
  };
  prepared.walkTypes = [
    ...new Set([...roleTypes, ...Object.values(gatherersOf(prepared)).flatMap((gatherer) => gatherer?.types ?? [])]),
  ];
  return prepared;
}

// ---------------------------------------------------------------------------------------------
// Node paths (see NodePath in src/languages/types.ts)

/** A pattern finding the words in a text (global; null for none). */
function wordPattern(words: readonly string[]): RegExp | null {
  return words.length > 0 ? new RegExp(`\\b(?:${words.join('|')})\\b`, 'g') : null;
}

function applyStep(nodes: Node[], step: string): Node[] {
  const out: Node[] = [];
  for (const node of nodes) {
    if (step === '..') {
      if (node.parent) out.push(node.parent);
    } else if (step.startsWith('@')) {
      const type = step.slice(1);
      for (const child of node.namedChildren) if (child?.type === type) out.push(child);
    } else if (step.startsWith('?')) {
      if (node.type === step.slice(1)) out.push(node);
    } else if (step.startsWith('!')) {
      if (!node.parent?.childrenForFieldName(step.slice(1)).some((sibling) => sibling?.id === node.id)) out.push(node);
    } else if (step.startsWith('=')) {
      if (node.text === step.slice(1)) out.push(node);
    } else if (step.includes('>')) {
      const [field, target] = step.split('>') as [string, string];
      for (const start of node.childrenForFieldName(field)) {
        let current: Node | null = start;
        while (current && current.type !== target) {
          // most descents end at a leaf (a variable's name), which has neither: asking its child count costs one call,
          // not two
          current = current.childCount === 0 ? null : (current.childForFieldName(field) ?? current.firstNamedChild);
        }
        if (current) out.push(current);
      }
    } else {
      for (const child of node.childrenForFieldName(step)) if (child) out.push(child);
    }
  }
  return out;
}

export function resolvePath(node: Node, path: NodePath): Node[] {
  let nodes = [node];
  for (const step of path) {
    nodes = applyStep(nodes, step);
    if (nodes.length === 0) break;
  }
  return nodes;
}

/**
 * The number of a node's children in a field: one call into wasm when it has none, the usual case (listing them costs
 * twice that).
 */
function fieldChildCount(node: Node, field: string): number {
  return node.childForFieldName(field) ? node.childrenForFieldName(field).length : 0;
}

/** A step naming a field (not `..`, `@type`, `?type`, `!field`, `=text` or `field>type`). */
function isFieldStep(step: string): boolean {
  return step !== '..' && !/^[@?!=]/.test(step) && !step.includes('>');
}

/** The first node resolvePath would give, found without listing the others: a last field step asks for one child. */
function firstOnPath(node: Node, path: NodePath, from = 0): Node | undefined {
  if (from === path.length) return node;
  const step = path[from]!;
  if (from === path.length - 1 && isFieldStep(step)) return node.childForFieldName(step) ?? undefined;
  for (const next of applyStep([node], step)) {
    const found = firstOnPath(next, path, from + 1);
    if (found) return found;
  }
  return undefined;
}

/** The first node of the first alternative that yields any (resolveFirst(...)[0]). */
function firstOnPaths(node: Node, paths: readonly NodePath[]): Node | undefined {
  return paths.length === 1 ? firstOnPath(node, paths[0]!) : resolveFirst(node, paths)[0];
}

/** The nodes of the first alternative that yields any; alternatives that begin alike walk their common steps once. */
function resolveFirst(node: Node, paths: readonly NodePath[]): Node[] {
  if (paths.length === 1) return resolvePath(node, paths[0]!);
  const walked = new Map<string, Node[]>();
  for (const path of paths) {
    let nodes = [node];
    let key = '';
    for (const step of path) {
      key += `\0${step}`;
      let next = walked.get(key);
      if (!next) {
        next = applyStep(nodes, step);
        walked.set(key, next);
      }
      nodes = next;
      if (nodes.length === 0) break;
    }
    if (nodes.length > 0) return nodes;
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Text helpers

function spanOf(start: Node, end: Node = start): Span {
  const endPosition = end.endPosition;
  return {
    startLine: start.startPosition.row + 1,
    startColumn: start.startPosition.column + 1,
    endLine: endPosition.row + 1,
    endColumn: endPosition.column + 1,
  };
}

/** Drops type arguments written into a name part (`Foo<T>` → `Foo`), but not from `operator<`. */
function withoutTypeArguments(part: string): string {
  return part.startsWith('operator') ? part : part.replace(/<[\s\S]*>$/, '').trim();
}

/** Splits a possibly qualified name (`Foo::bar`, `ns::Foo<T>::bar`, `Foo::operator<`) into its parts. */
function nameParts(text: string, separator: string): string[] {
  // most names are one plain word, which is its own only part
  if (/^[A-Za-z_]\w*$/.test(text) && !text.startsWith('operator') && !text.includes(separator)) return [text];
  const compact = text
    .replace(/\s+/g, ' ')
    .split(separator)
    .map((part) => part.trim())
    .join(separator);
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < compact.length; i++) {
    if (i === start && compact.startsWith('operator', i)) break; // the rest is an operator name
    const ch = compact[i]!;
    if (ch === '"' || ch === "'" || ch === '`') {
      // a quoted name (R's `"[.uneval" <- function`, `` `$.ggproto` ``) is one part
      const close = compact.indexOf(ch, i + 1);
      if (close > i) i = close;
    } else if (ch === '<' || ch === '(') depth++;
    else if ((ch === '>' || ch === ')') && depth > 0) depth--;
    else if (depth === 0 && compact.startsWith(separator, i)) {
      parts.push(compact.slice(start, i));
      start = i + separator.length;
      i = start - 1;
    }
  }
  if (start < compact.length) parts.push(compact.slice(start));
  return parts.map(declaredName).filter((part) => part !== '');
}

/**
 * The name in one part of a declarator's text. Where a macro precedes the type (`FORCE_INLINE Type
 * name(`), tree-sitter recovers by reading `Type name` as a qualified name with a missing `::`, so a
 * part may start with type and macro words: the name is the operator (from `operator` on) or the
 * last word, without type arguments, pointer or reference marks.
 */
function declaredName(part: string): string {
  const operator = /(?:^|[\s*&])operator\b\s*(\(\s*\)|[^(]*)/.exec(part);
  if (operator) return `operator${/^\w/.test(operator[1]!) ? ' ' : ''}${operator[1]!.trim()}`;
  // `int (name)(int x)`: a parenthesised declarator (used to keep a same-named macro from expanding).
  const parenthesised = /^\(\s*([\p{L}_$][\p{L}\p{N}_$]*)\s*\)$/u.exec(part.trim());
  if (parenthesised) return parenthesised[1]!;
  // A name written as a string literal (R's `"[.uneval" <- function`) is the string's content.
  const quoted = /^(["'])(.*)\1$/.exec(part.trim());
  if (quoted) return quoted[2]!;
  // Operators of other languages (`(<>)`), quoted names (`` `a name` ``) and the like are names as written.
  if (!/^[\p{L}_$~][\p{L}\p{N}_$]*(?:[\s<*&]|$)/u.test(part)) return part.trim();
  let text = part;
  for (let previous = ''; previous !== text; ) [previous, text] = [text, text.replace(/<[^<>]*>/g, '')];
  const words = text.trim().split(/\s+/);
  return withoutTypeArguments(words[words.length - 1]!.replace(/^[*&(]+|\)+$/g, ''));
}

/** Objective-C style selector: each part followed by `:` when the source has one after it. */
function selectorName(parts: Node[], text: string): string {
  return parts
    .map((part) => (/^\s*:/.test(text.slice(part.endIndex, part.endIndex + 64)) ? `${part.text}:` : part.text))
    .join('');
}

/** Removes common leading whitespace and surrounding blank lines. */
function dedent(lines: string[]): string {
  const trimmed = lines.map((line) => line.replace(/\s+$/, ''));
  while (trimmed.length > 0 && trimmed[0] === '') trimmed.shift();
  while (trimmed.length > 0 && trimmed[trimmed.length - 1] === '') trimmed.pop();
  const indents = trimmed.filter((line) => line !== '').map((line) => /^[ \t]*/.exec(line)![0].length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return trimmed.map((line) => line.slice(common)).join('\n');
}

/** The text of a comment without its markers (`//`, `#`, `/* *\/`, `/** *\/` and leading `*`s). */
function commentBody(raw: string, spec: LanguageSpec): string[] {
  const lines = commentLines(raw, spec);
  if (!spec.docCommentMarkers) return lines;
  const marker = new RegExp(spec.docCommentMarkers);
  return lines.map((line) => line.replace(marker, ''));
}

function commentLines(raw: string, spec: LanguageSpec): string[] {
  const block = spec.blockComment;
  if (block && raw.startsWith(block[0])) {
    const open = block[0];
    let inner = raw.slice(open.length, raw.endsWith(block[1]) ? raw.length - block[1].length : raw.length);
    // Doc-comment openers repeat the marker's last character or add `!` (`/**`, `/*!`).
    inner = inner.replace(new RegExp(`^[${escapeClass(open.slice(-1))}!]+`), '');
    const lines = inner.split(/\r?\n/);
    const starred = lines
      .slice(1)
      .filter((line) => line.trim() !== '')
      .every((line) => /^\s*\*/.test(line));
    return starred ? [lines[0]!, ...lines.slice(1).map((line) => line.replace(/^\s*\*(?!\/) ?/, ''))] : lines;
  }
  const line = spec.lineComment;
  if (line && raw.startsWith(line)) {
    return [raw.slice(line.length).replace(new RegExp(`^[${escapeClass(line.slice(-1))}!]*`), '')];
  }
  return raw.split(/\r?\n/);
}

function escapeClass(text: string): string {
  return text.replace(/[\\\]^-]/g, '\\$&');
}

/** Python's str.expandtabs(8). */
function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

/** The content of a string literal as Python's inspect.cleandoc gives it (what `help()` shows). */
function cleanDocString(literal: string): string | null {
  const match = /^[A-Za-z]*("""|'''|"|')([\s\S]*)\1$/.exec(literal);
  if (!match) return null;
  const lines = match[2]!.split('\n').map(expandTabs);
  const indents = lines
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line) => line.length - line.trimStart().length);
  const margin = indents.length > 0 ? Math.min(...indents) : 0;
  const cleaned = [lines[0]!.trimStart(), ...lines.slice(1).map((line) => line.slice(margin))];
  while (cleaned.length > 0 && cleaned[cleaned.length - 1] === '') cleaned.pop();
  while (cleaned.length > 0 && cleaned[0] === '') cleaned.shift();
  return cleaned.length === 0 ? null : cleaned.join('\n');
}

/** The separator of a target's components: `/` (paths), `\\` (PHP namespaces), `::` (Rust paths), else `.`. */
function componentSeparator(target: string): string {
  return ['/', '\\', '::'].find((separator) => target.includes(separator)) ?? '.';
}

function lastComponent(target: string): string {
  const parts = target.split(componentSeparator(target)).filter(Boolean);
  return parts[parts.length - 1] ?? target;
}

function firstComponent(target: string): string {
  return target.split(componentSeparator(target)).filter(Boolean)[0] ?? target;
}

/**
 * A type's name as written, without references, pointers, lifetimes, `mut`/`dyn`/`impl` and type arguments (`&mut
 * Foo<'a>` → `Foo`, `*pkg.T` → `pkg.T`).
 */
/** Declarators that make a declared name a pointer or an array (C, C++). */
const POINTER_DECLARATORS = new Set(['pointer_declarator', 'array_declarator']);

/**
 * A macro's replacement text that is a type: an optionally `const` (qualified) name, a reference or pointers after it.
 */
const TYPE_MACRO = /^(?:const\s+)?([A-Za-z_]\w*(?:::[A-Za-z_]\w*)*)\s*(&{0,2}|\**)\s*$/;

function typeName(text: string): string | null {
  const bare = text.replace(/^(?:[&*\s]|'\w+|(?:mut|const|volatile|dyn|impl|typename|struct|class|union|enum)\b)+/, '');
  const cut = bare.search(/[<[(\s]/);
  const name = cut > 0 ? bare.slice(0, cut) : bare;
  return name === '' ? null : name;
}

function stripQuotes(text: string): string {
  return text.replace(/^[<"'`]+|[>"'`]+$/g, '');
}

/** Line and column (1-based) of an offset inside a node's text. */
function positionIn(node: Node, text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const newlines = before.split('\n').length - 1;
  if (newlines === 0) return { line: node.startPosition.row + 1, column: node.startPosition.column + offset + 1 };
  return { line: node.startPosition.row + newlines + 1, column: offset - before.lastIndexOf('\n') };
}

// ---------------------------------------------------------------------------------------------
// The walk

/**
 * A call site with every field (the compiler checks that none is left out), the optional ones undefined (left out of
 * its JSON): one shape for all of them, as for Context.
 */
function callSiteOf(
  name: string,
  receiver: string | null,
  argumentCount: number | null,
  line: number,
  column: number,
): CallSite {
  return {
    name,
    receiver,
    argumentCount,
    line,
    column,
    receiverIsPath: undefined,
    receiverType: undefined,
    receiverCall: undefined,
    receiverRootType: undefined,
    receiverConst: undefined,
    argumentTypes: undefined,
    constructs: undefined,
    needsCompilerHeaders: undefined,
  } satisfies Record<keyof CallSite, unknown>;
}

/** An operator rule's node as a use of `operator<token>` on its operand; null when either is missing. */
function operatorUse(node: Node, rule: NonNullable<CallRule['operator']>): { name: string; operand: Node } | null {
  const operand = node.childForFieldName(rule.operandField);
  const token = rule.token ?? (rule.operatorField ? node.childForFieldName(rule.operatorField)?.text : undefined);
  return operand && token ? { name: `operator${token}`, operand } : null;
}

/** The name an expression starts from (`box` of `box.mi`, `p` of `(*p)[i]`), or undefined. */
function expressionRoot(expression: string): string | undefined {
  return /^[\s(*&]*([A-Za-z_]\w*)/.exec(expression)?.[1];
}

/**
 * The name of the call a receiver's text ends with (`getOrigin` of `t.getOrigin()`, `at` of `v.at(i)`), or null when it
 * ends otherwise.
 */
export function trailingCallName(receiver: string): string | null {
  if (!receiver.endsWith(')')) return null;
  let depth = 0;
  for (let index = receiver.length - 1; index >= 0; index--) {
    const char = receiver[index];
    if (char === ')') depth++;
    else if (char === '(' && --depth === 0)
      return /([A-Za-z_$][\w$]*)\s*(?:<[^()]*>)?\s*$/.exec(receiver.slice(0, index))?.[1] ?? null;
  }
  return null;
}

class FileExtractor {
  readonly functions: ExtractedFunction[] = [];
  readonly imports: ImportRef[] = [];
  readonly declarations: string[] = [];
  readonly declarationDocs: NonNullable<FileFacts['declarationDocs']> = [];
  readonly macros: MacroDefinition[] = [];
  readonly fieldTypes: NonNullable<FileFacts['fieldTypes']> = [];
  readonly classBases: NonNullable<FileFacts['classBases']> = [];
  readonly typeAliases: NonNullable<FileFacts['typeAliases']> = [];
  private readonly stack: Context[] = [];
  /**
   * the branches of conditional directives dead on the platform indexed for, as text offsets [start, end), those not
   * yet passed.
   */
  private readonly deadBranches: [number, number][];
  /** how many of `deadBranches` the walk has passed. */
  private deadPassed = 0;
  /** per dialect macro (`dialectMacros`), the branches dead where it is defined and where it is not. */
  private readonly dialectBranches: {
    macro: string;
    whenDefined: [number, number][];
    whenUndefined: [number, number][];
  }[];
  private readonly fileScopes: string[] = [];
  /** the last definition of a `mergeEquations` rule, which a following equation may continue. */
  private lastEquation: { rule: DefinitionRule; fn: ExtractedFunction; node: Node } | null = null;

  constructor(
    private readonly c: CompiledSpec,
    private readonly text: string,
    undefinedMacros: readonly string[],
  ) {
    const foreign =
      undefinedMacros.length > 0 ? new Set([...c.foreignPlatforms, ...undefinedMacros]) : c.foreignPlatforms;
    this.deadBranches = c.platformMacros.size + foreign.size > 0 ? deadBranches(text, c.platformMacros, foreign) : [];
    // (a file that never names a dialect macro has no branch on it)
    this.dialectBranches = (c.spec.dialectMacros ?? [])
      .filter((macro) => text.includes(macro))
      .map((macro) => ({
        macro,
        whenDefined: deadBranches(text, new Set([...c.platformMacros, macro]), foreign),
        whenUndefined: deadBranches(text, c.platformMacros, new Set([...foreign, macro])),
      }));
  }

  enter(visit: Visited, role: number): void {
    while (this.stack.length > 0) {
      const top = this.stack[this.stack.length - 1]!;
      if (visit.within(top.start, top.end)) break;
      this.stack.pop();
    }
    if (this.deadBranches.length > this.deadPassed && this.inDeadBranch(visit.start)) return;
    if (role & ROLE_IMPORT) this.importsOf(visit);
    if (role & ROLE_CALL) this.callOf(visit);
    if (role & ROLE_DEFINITION) this.definitionOf(visit);
    if (role & ROLE_SCOPE) this.scopeOf(visit);
    if (role & ROLE_DECLARATION) this.declarationOf(visit);
    if (role & ROLE_MACRO) this.macroOf(visit);
    if (role & ROLE_LOCAL_TYPE) this.localTypesOf(visit);
    if (role & ROLE_TYPE_ALIAS) this.typeAliasOf(visit);
    if (role & ROLE_CONSTRUCTION) this.constructionsOf(visit);
  }

  private insideFunction(): boolean {
    return this.stack.some((context) => context.kind === 'function');
  }

  private qualifierNames(): string[] {
    const names = [...this.fileScopes];
    for (const context of this.stack) if (context.name) names.push(context.name);
    return names;
  }

  // -- definitions ---------------------------------------------------------------------------

  private definitionOf(visit: Visited): void {
    const { node } = visit;
    const rules = this.c.definitions.get(visit.type)!;
    for (const rule of rules) {
      if (rule.parentTypes && !rule.parentTypes.includes(node.parent?.type ?? '')) continue;
      let qualifiers: string[] = [];
      let name: string;
      if (rule.selectorPath) {
        const parts = resolvePath(node, rule.selectorPath);
        if (parts.length === 0) continue;
        name = selectorName(parts, this.text);
      } else {
        const nameNode = firstOnPaths(node, rule.nameFields);
        if (!nameNode) continue;
        const parts = nameParts(nameNode.text, this.c.separator);
        if (parts.length === 0) continue;
        name = parts.pop()!;
        qualifiers = parts;
      }
      const body = firstOnPath(node, [rule.bodyField]);
      if (!body) {
        if (!this.insideFunction()) this.declarations.push(name);
        return;
      }
      if (rule.mergeEquations && this.extendEquation(visit, rule, name, body)) return;
      this.addFunction(visit, rule, name, qualifiers, body);
      return;
    }
  }

  /** A definition right after one of the same rule and name (comments between) continues that function. */
  private extendEquation(visit: Visited, rule: DefinitionRule, name: string, body: Node): boolean {
    const { node } = visit;
    const last = this.lastEquation;
    let previous = node.previousNamedSibling;
    while (previous && this.c.commentTypes.has(previous.type)) previous = previous.previousNamedSibling;
    if (!last || last.rule !== rule || last.fn.name !== name || previous?.id !== last.node.id) return false;
    const bodyEnd = rule.bodyToEnd ? node : body;
    last.fn.codeEnd = visit.end;
    last.fn.span = { ...last.fn.span, endLine: node.endPosition.row + 1, endColumn: node.endPosition.column + 1 };
    last.fn.bodySpan = {
      ...last.fn.bodySpan,
      endLine: bodyEnd.endPosition.row + 1,
      endColumn: bodyEnd.endPosition.column + 1,
    };
    last.node = node;
    this.stack.push(
      new Context(visit.start, visit.end, name, 'function', false, last.fn, body.startIndex, bodyEnd.endIndex),
    );
    return true;
  }

  private addFunction(
    visit: Visited,
    rule: DefinitionRule,
    name: string,
    declaratorQualifiers: string[],
    body: Node,
  ): void {
    const { spec } = this.c;
    const { node } = visit;
    const wrapper = this.outermostWrapper(visit);
    const leading = rule.leadingSiblings ? wrapper.previousNamedSibling : null;
    const anchor = leading && rule.leadingSiblings!.includes(leading.type) ? leading : wrapper;
    const innermost = this.stack[this.stack.length - 1];
    const classContext = [...this.stack].reverse().find((context) => context.kind === 'class');
    const receiverType = rule.receiverTypePath ? this.firstIdentifier(firstOnPath(node, rule.receiverTypePath)) : null;
    const qualifiers = [...this.qualifierNames(), ...(receiverType ? [receiverType] : []), ...declaratorQualifiers];

    let kind = rule.kind;
    const inClass = innermost?.kind === 'class' || declaratorQualifiers.length > 0;
    if (rule.methodInClass && kind === 'function' && inClass) kind = 'method';
    const className =
      declaratorQualifiers[declaratorQualifiers.length - 1] ?? (innermost?.kind === 'class' ? innermost.name : null);
    if (kind === 'method' && spec.constructors) {
      const { names = [], sameNameAsClass = false } = spec.constructors;
      if (names.includes(name) || (sameNameAsClass && className !== null && name === className)) kind = 'constructor';
    }

    // the definition's children, with their types (each asked once): modifiers and initializers are among them
    let children: { child: Node; type: string }[] | undefined;
    const typedChildren = () =>
      (children ??= node.children.flatMap((child) => (child ? [{ child, type: child.type }] : [])));
    let fileLocal = this.stack.some((context) => context.fileLocal);
    if (rule.fileLocal && !(rule.fileLocal.outsideClassOnly && (classContext || declaratorQualifiers.length > 0))) {
      const { modifierTypes, tokens } = rule.fileLocal;
      for (const { child, type } of typedChildren()) {
        if (!modifierTypes.includes(type)) continue;
        if (tokens.includes(type) || child.children.some((token) => token !== null && tokens.includes(token.type)))
          fileLocal = true;
      }
    }

    const fn: ExtractedFunction = {
      name,
      qualifiedName: [...qualifiers, name].join(this.c.separator),
      kind,
      signature: this.signatureText(anchor, body),
      codeStart: anchor.startIndex,
      codeEnd: visit.end,
      span: spanOf(anchor, node),
      bodySpan: spanOf(body, rule.bodyToEnd ? node : body),
      docstring: this.docstringOf(anchor, body),
      parameterCount: this.parameterCount(node, rule),
      fileLocal,
      calls: [],
    };
    const template = this.templateOf(visit, declaratorQualifiers, fn.signature);
    if (template) fn.template = template;
    if (spec.fixtureMacros?.includes(name) && rule.parameters) {
      const fixture = firstOnPath(node, rule.parameters.path)
        ?.namedChildren.find((child) => child !== null && !this.c.commentTypes.has(child.type))
        ?.text.trim();
      if (fixture && /^[A-Za-z_][\w:]*$/.test(fixture)) fn.fixture = fixture;
    }
    this.functions.push(fn);
    this.libraryMacroCalls(fn, body);
    const initializer =
      rule.initializerTypes && typedChildren().find(({ type }) => rule.initializerTypes!.includes(type))?.child;
    const callsStart = initializer ? initializer.startIndex : body.startIndex;
    const callsEnd = rule.bodyToEnd ? visit.end : body.endIndex;
    // a function that names none of the types declares nothing with them
    const { compilerTypePattern, compilerNamePattern } = this.c;
    const code = this.text.slice(fn.codeStart, fn.codeEnd);
    const compilerTyped = compilerTypePattern
      ? code.search(compilerTypePattern) >= 0
        ? undeclaredNames(code, this.c.compilerTypes, this.c.keywords)
        : new Set<string>()
      : undefined;
    const words = compilerTyped?.size ? wordPattern([...this.c.compilerNames, ...compilerTyped])! : compilerNamePattern;
    // a function whose text names none of them has no call that uses one: its calls are not checked one by one
    const compilerWords = words && code.search(words) >= 0 ? words : undefined;
    this.stack.push(
      new Context(
        visit.start,
        visit.end,
        name,
        'function',
        false,
        fn,
        callsStart,
        callsEnd,
        compilerTyped,
        compilerWords,
      ),
    );
    this.readTypeParameters(node, this.stack.at(-1)!);
    if (rule.mergeEquations) this.lastEquation = { rule, fn, node };
  }

  /** The source text from the definition's start up to its body; continuation lines (decorators, a
   *  wrapped parameter list) lose the indentation of the definition's first line, so that a method's
   *  signature reads as it would at top level (Python's `@property` / `def f(self):` stay valid). */
  private signatureText(anchor: Node, body: Node): string {
    const text = this.text.slice(anchor.startIndex, body.startIndex).trimEnd();
    const lineStart = this.text.lastIndexOf('\n', anchor.startIndex - 1) + 1;
    const indent = this.text.slice(lineStart, anchor.startIndex);
    if (indent === '' || !/^[ \t]+$/.test(indent)) return text;
    return text
      .split('\n')
      .map((line, i) => (i > 0 && line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n');
  }

  /** Uses of the C library's call-expanding macros (`errno`) in a body, as the calls they expand to. */
  private libraryMacroCalls(fn: ExtractedFunction, body: Node): void {
    const pattern = this.c.macroCallPattern;
    if (!pattern) return;
    const text = body.text;
    if (text.search(pattern) < 0) return;
    // strings, character literals and comments keep their length but lose their words
    const code = text.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (literal) =>
      literal.replace(/[^\n]/g, ' '),
    );
    for (const match of code.matchAll(pattern)) {
      const name = this.c.spec.systemLibrary!.macroCalls![match[0]]!;
      const { line, column } = positionIn(body, code, match.index!);
      fn.calls.push(callSiteOf(name, null, 0, line, column));
    }
  }

  /** Whether a definition is a template (`templateDeclarations`): type parameters of its own, or only its class's. */
  private templateOf(visit: Visited, declaratorQualifiers: string[], signature: string): ExtractedFunction['template'] {
    const { templates } = this.c;
    if (templates.size === 0) return undefined;
    let parameterLists = 0;
    for (let parent = visit.node.parent; parent && templates.has(parent.type); parent = parent.parent) parameterLists++;
    // an out-of-line member of a class template names its class with the class's parameters (`Array<T>::size`)
    const owner = declaratorQualifiers[declaratorQualifiers.length - 1];
    const outOfLineMember =
      owner !== undefined && new RegExp(`(?:^|[^\\w])${escapeRegExp(owner)}\\s*<[^;{]*>\\s*::`).test(signature);
    if (parameterLists > (outOfLineMember ? 1 : 0)) return 'function';
    return outOfLineMember || this.stack.some((context) => context.kind === 'class' && context.templated)
      ? 'class-member'
      : undefined;
  }

  /** The outermost wrapper (decorators, `export`, `template<>`, `const f =`) that ends with the definition. */
  private outermostWrapper(visit: Visited): Node {
    let anchor = visit.node;
    if (this.c.wrappers.size === 0) return anchor;
    for (let parent = anchor.parent; parent && this.c.wrappers.has(parent.type); parent = parent.parent) {
      if (!/^[\s;,]*$/.test(this.text.slice(visit.end, parent.endIndex))) break;
      anchor = parent;
    }
    return anchor;
  }

  private firstIdentifier(node: Node | undefined): string | null {
    if (!node) return null;
    if (this.c.identifierTypes.has(node.type)) return node.text;
    for (const child of node.namedChildren) {
      const found = this.firstIdentifier(child ?? undefined);
      if (found) return found;
    }
    return null;
  }

  private parameterCount(node: Node, rule: DefinitionRule): number | null {
    if (!rule.parameters) return null;
    const list = firstOnPath(node, rule.parameters.path);
    if (!list) return null;
    if (rule.parameters.emptyTexts?.includes(list.text.replace(/\s+/g, ''))) return 0;
    const { skipTypes = [], countTypes } = rule.parameters;
    let count = fieldChildCount(list, 'name');
    for (const child of list.namedChildren) {
      if (!child) continue;
      const type = child.type;
      if (this.c.commentTypes.has(type) || skipTypes.includes(type) || (countTypes && !countTypes.includes(type)))
        continue;
      count += Math.max(1, fieldChildCount(child, 'name'));
    }
    return count;
  }

  // -- docstrings ------------------------------------------------------------------------------

  private docstringOf(anchor: Node, body: Node): string | null {
    const mode = this.c.spec.docstring;
    if (mode === 'python-body-string' || mode === 'comment-before-or-body-string') {
      const fromBody = this.bodyString(body);
      if (fromBody !== null || mode === 'python-body-string') return fromBody;
    }
    return this.commentBefore(anchor);
  }

  private bodyString(body: Node): string | null {
    const statementTypes = this.c.spec.docstringStatementTypes ?? [];
    const first = body.namedChildren.find((child) => child !== null && !this.c.commentTypes.has(child.type));
    if (!first || !statementTypes.includes(first.type) || first.namedChildCount !== 1) return null;
    const literal = first.namedChild(0)!;
    return this.c.stringTypes.has(literal.type) ? cleanDocString(literal.text) : null;
  }

  /**
   * The comment immediately before a node (or, by `docCommentBarriers`, the nearest one across blank lines), with the
   * comments touching it (no blank line between).
   */
  private commentBefore(anchor: Node): string | null {
    const { commentTypes, docCommentBarrier } = this.c;
    const comments: Node[] = [];
    let nextStartRow = anchor.startPosition.row;
    let candidate = this.previousComment(anchor);
    while (candidate) {
      const end = candidate.endPosition;
      const endRow = end.column === 0 && end.row > candidate.startPosition.row ? end.row - 1 : end.row;
      if (comments.length === 0 && docCommentBarrier !== null) {
        if (docCommentBarrier.test(this.text.slice(candidate.endIndex, anchor.startIndex))) break;
      } else if (endRow < nextStartRow - 1) break;
      const before = candidate.previousSibling;
      const beforeIsComment = before !== null && commentTypes.has(before.type);
      // A comment after code on the same line belongs to that code.
      if (before && !beforeIsComment && before.endPosition.row === candidate.startPosition.row) break;
      comments.unshift(candidate);
      nextStartRow = candidate.startPosition.row;
      candidate = beforeIsComment ? before : null;
    }
    if (comments.length === 0) return null;
    const text = dedent(comments.flatMap((comment) => commentBody(comment.text, this.c.spec)));
    return text === '' ? null : text;
  }

  /** The previous sibling when it is a comment, or a comment the grammar left at the end of the previous sibling.
   *  A node that opens its parent looks before the parent (Haskell puts a haddock before the first
   *  declaration inside the preceding `imports` node). */
  private previousComment(node: Node): Node | null {
    let opener = node;
    let previous = opener.previousSibling;
    while (!previous) {
      const parent = opener.parent;
      if (!parent || parent.startIndex !== opener.startIndex) return null;
      opener = parent;
      previous = opener.previousSibling;
    }
    let last: Node | null = previous;
    while (last && !this.c.commentTypes.has(last.type)) {
      // lastChild, without asking a leaf for child -1
      const count: number = last.childCount;
      last = count > 0 ? last.child(count - 1) : null;
    }
    return last;
  }

  // -- calls -----------------------------------------------------------------------------------

  private callOf(visit: Visited): void {
    const owner = this.owningFunction(visit);
    if (!owner) return;
    for (const rule of this.c.calls.get(visit.type)!) {
      const site = this.callSite(visit, rule);
      if (site) return this.addCall(owner, visit.node, site);
    }
  }

  private addCall(owner: Context, node: Node, site: CallSite): void {
    if (owner.compilerWords && this.usesCompilerNames(this.fullExpression(node, owner), owner.compilerWords, owner))
      site.needsCompilerHeaders = true;
    owner.fn!.calls.push(site);
  }

  /**
   * The constructions a declaration or an initializer writes (`constructions`), as calls named by their class or
   * member.
   */
  private constructionsOf(visit: Visited): void {
    const owner = this.owningFunction(visit);
    if (!owner) return;
    const { node } = visit;
    const { declaration, initializer } = this.c.spec.constructions!;
    const construct = (name: string, scope: string | null, args: Node | null, at: Node) => {
      const site = callSiteOf(
        name,
        scope,
        args ? this.argumentCount(args) : 0,
        at.startPosition.row + 1,
        at.startPosition.column + 1,
      );
      if (scope !== null) site.receiverIsPath = true;
      site.constructs = true;
      if (args) this.typeArguments(visit, site, args.namedChildren);
      this.addCall(owner, at, site);
    };
    if (visit.type === declaration.type) {
      const type = firstOnPath(node, declaration.typePath);
      if (!type || !declaration.namedTypes.includes(type.type) || this.fromLibrary(type.text)) return;
      const parts = nameParts(type.text, this.c.separator).map(withoutTypeArguments);
      const name = parts.pop();
      if (name === undefined) return;
      for (const declarator of node.childrenForFieldName(declaration.declaratorField)) {
        if (!declarator) continue;
        if (declaration.plain.includes(declarator.type))
          construct(name, parts.length > 0 ? parts.join(this.c.separator) : null, null, declarator);
        else if (declarator.type === declaration.initialized) {
          const args = declarator.childForFieldName(declaration.argumentsField);
          if (args && declaration.argumentTypes.includes(args.type))
            construct(name, parts.length > 0 ? parts.join(this.c.separator) : null, args, declarator);
        }
      }
      return;
    }
    const named = node.namedChildren.find((child) => child !== null && initializer.nameTypes.includes(child.type));
    const args =
      node.namedChildren.find((child) => child !== null && initializer.argumentTypes.includes(child.type)) ?? null;
    const name = named ? nameParts(named.text, this.c.separator).map(withoutTypeArguments).pop() : undefined;
    if (name !== undefined && args) construct(name, null, args, node);
  }

  /**
   * Whether a full expression uses a name of the compiler's own headers, or a variable declared with one of their
   * types.
   */
  private usesCompilerNames(statement: Node, words: RegExp, owner: Context): boolean {
    const checks = (owner.compilerChecks ??= new Map());
    const key = `${statement.startIndex}:${statement.endIndex}`;
    let uses = checks.get(key);
    if (uses === undefined) {
      uses = usesAsVariable(statement.text, words);
      checks.set(key, uses);
    }
    return uses;
  }

  /**
   * The full expression around a call: the statement holding it when that statement holds no other
   * statement (an expression statement, a declaration with its type, a `return`), else the statement's
   * part that holds it (the condition of an `if`, one clause of a `for`). A compiler rejects (and
   * YABLoCo's clang dropped) the whole of it when any part is invalid. It ends at the function's own
   * definition (a constructor's member initializer has no statement around it).
   */
  private fullExpression(node: Node, owner: Context): Node {
    let part = node;
    for (let parent = node.parent; parent; part = parent, parent = parent.parent) {
      if (parent.startIndex < owner.start || parent.endIndex > owner.end) return part;
      if (!this.c.statementTypes.has(parent.type)) continue;
      return parent.namedChildren.some((child) => child !== null && this.c.statementTypes.has(child.type))
        ? part
        : parent;
    }
    return part;
  }

  /** The innermost function context whose body (or initializer) contains the node. */
  private owningFunction(visit: Visited): Context | null {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const context = this.stack[i]!;
      if (context.kind === 'function' && visit.within(context.callsStart!, context.callsEnd!)) return context;
    }
    return null;
  }

  private callSite(visit: Visited, rule: CallRule): CallSite | null {
    const { node } = visit;
    const line = node.startPosition.row + 1;
    const column = node.startPosition.column + 1;
    if (rule.operator) return this.operatorSite(visit, rule.operator, line, column);
    if (rule.selectorPath) {
      const parts = resolvePath(node, rule.selectorPath);
      if (parts.length === 0) return null;
      const name = selectorName(parts, this.text);
      const receiver = rule.receiverFields ? this.fieldText(node, rule.receiverFields) : null;
      return callSiteOf(name, receiver, (name.match(/:/g) ?? []).length, line, column);
    }
    const callee = firstOnPaths(node, rule.calleeFields);
    if (!callee) return null;
    const nameNode = rule.nameTypes?.includes(callee.type)
      ? callee
      : this.terminalName(callee, rule.memberNameFields ?? []);
    if (!nameNode) return null;
    let receiver: string | null = null;
    let receiverIsPath = false;
    if (nameNode !== callee) {
      const before = this.text.slice(callee.startIndex, nameNode.startIndex);
      receiverIsPath = /::\s*$/.test(before);
      receiver = rule.receiverFields
        ? this.fieldText(callee, rule.receiverFields)
        : before.replace(/\s*(?:\?\.|::|->|\.)\s*$/, '').trim() || null;
    }
    let argumentCount: number | null = null;
    const args = rule.argumentsField ? (firstOnPath(node, [rule.argumentsField]) ?? null) : null;
    if (args && rule.singleArgumentTypes?.includes(args.type)) argumentCount = 1;
    else if (args) argumentCount = this.argumentCount(args);
    const site = callSiteOf(nameNode.text, receiver, argumentCount, line, column);
    if (receiverIsPath) site.receiverIsPath = true;
    if (args && argumentCount !== null && argumentCount > 0) this.typeArguments(visit, site, args.namedChildren);
    const receiverType = receiver !== null && !receiverIsPath ? this.localType(visit, receiver) : undefined;
    if (receiverType) site.receiverType = receiverType.replace(/\*$/, '');
    else if (receiver !== null && !receiverIsPath) {
      site.receiverCall = trailingCallName(receiver) ?? undefined;
      const rootType =
        this.c.receiverExpressions.size > 0 && site.receiverCall === undefined
          ? this.rootLocalType(visit, receiver)
          : undefined;
      if (rootType !== undefined) site.receiverRootType = rootType;
    }
    if (receiver !== null && site.receiverCall === undefined && this.constRoot(visit, receiver))
      site.receiverConst = true;
    return site;
  }

  /** Sets a site's argument types (CallSite.argumentTypes) in languages that type literals, when one is known. */
  private typeArguments(visit: Visited, site: CallSite, args: readonly (Node | null)[]): void {
    if (!this.c.spec.literalTypes || args.length === 0) return;
    const types = this.argumentTypes(visit, args);
    if (types.some((type) => type !== null)) site.argumentTypes = types;
  }

  /**
   * Each argument's stated type: a typed local's (a pointer keeps its `*`), a literal's kind (`literalTypes`), a cast's
   * type (`castTypes`), else what the resolver can type: a name no local declares (NAMED_ARGUMENT), a field or element
   * of a value (EXPRESSION_ARGUMENT), a call's result (CALL_ARGUMENT); else null.
   */
  private argumentTypes(visit: Visited, args: readonly (Node | null)[]): (string | null)[] {
    const literals = this.c.spec.literalTypes!;
    const fn = this.innermostFunction(visit);
    return args
      .filter((child): child is Node => child !== null && !this.c.commentTypes.has(child.type))
      .map((argument) => {
        const literal = literals[argument.type];
        if (literal !== undefined) return literal.startsWith('class ') ? literal.slice('class '.length) : literal;
        if (this.c.identifierTypes.has(argument.type)) {
          const stated = fn?.localTypes?.get(argument.text) ?? fn?.builtinTypes?.get(argument.text);
          if (stated !== undefined) return stated;
          return fn?.localNames?.has(argument.text) || !/^[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*$/.test(argument.text)
            ? null
            : `${NAMED_ARGUMENT}${argument.text}`;
        }
        const cast = this.castType(argument);
        if (cast !== undefined) return cast;
        if (this.c.receiverExpressions.has(argument.type) && this.innerOperator(argument) === null) {
          const root = this.rootLocalType(visit, argument.text);
          return root !== undefined && this.fromLibrary(root)
            ? null
            : `${EXPRESSION_ARGUMENT}${root ?? '?'}|${argument.text}`;
        }
        // `0.5f * (a + b)`: what the operator inside returns
        const called = this.innerOperator(argument)?.name ?? this.calledName(argument);
        return called === null ? null : `${CALL_ARGUMENT}${called}`;
      });
  }

  /**
   * The type a cast states (`castTypes`: `char` of `static_cast<char>(v)`, a pointer keeps its `*`); undefined for
   * another node.
   */
  private castType(node: Node): string | null | undefined {
    for (const rule of this.c.spec.castTypes ?? []) {
      const stated = rule.type === node.type ? firstOnPath(node, rule.typePath) : undefined;
      if (stated === undefined) continue;
      const name = typeName(stated.text);
      return name === null ? null : `${name}${stated.text.includes('*') ? '*' : ''}`;
    }
    return undefined;
  }

  /** The name a call node calls (`Comment` of `Comment("x")`, `get` of `a.get()`); null for another node. */
  private calledName(node: Node): string | null {
    const rule = this.c.calls
      .get(node.type)
      ?.find((candidate) => !candidate.operator && !candidate.selectorPath && candidate.calleeFields.length > 0);
    const callee = rule ? firstOnPaths(node, rule.calleeFields) : undefined;
    if (!rule || !callee) return null;
    return (
      (rule.nameTypes?.includes(callee.type) ? callee : this.terminalName(callee, rule.memberNameFields ?? []))?.text ??
      null
    );
  }

  /**
   * An overloadable operator's use as a call of `operator<token>` on its operand (CallRule.operator): an operand
   * whose type is stated (a typed local), or one the resolver types (`receiverExpressions`: a field of the
   * caller's class, `*this`, an element or a field of either or of a typed local).
   */
  private operatorSite(
    visit: Visited,
    rule: NonNullable<CallRule['operator']>,
    line: number,
    column: number,
  ): CallSite | null {
    const fn = this.innermostFunction(visit);
    // most expressions are in functions that are no method and state no class-typed local: no node is read for them
    const method = fn?.fn !== undefined && (fn.fn.kind !== 'function' || fn.fn.fixture !== undefined);
    if (!fn || (fn.localTypes === undefined && !method)) return null;
    const use = operatorUse(visit.node, rule);
    const site = use ? this.operandSite(visit, fn, method, use.operand, use.name, rule.operands, line, column) : null;
    if (!site) return null;
    const { argumentField, argumentsField } = rule;
    this.typeArguments(
      visit,
      site,
      argumentField
        ? [visit.node.childForFieldName(argumentField)]
        : argumentsField
          ? (visit.node.childForFieldName(argumentsField)?.namedChildren ?? [])
          : [],
    );
    // a number's operator is a call only with an operand that may be a class (`s * v`, not `i < n` or `total = f()`)
    if (site.receiverType !== undefined && this.numberOperand(fn, use!.operand) !== undefined) {
      const other = site.argumentTypes?.[0] ?? null;
      if (
        other === null ||
        other === 'number' ||
        ARITHMETIC.test(other) ||
        /^operator(?:[^=!<>]|<<|>>)?=$/.test(use!.name)
      )
        return null;
    }
    return site;
  }

  /** The call of operator `name` on `operand`, or null when the operand's type is none a resolver can know. */
  private operandSite(
    visit: Visited,
    fn: Context,
    method: boolean,
    operand: Node,
    name: string,
    operands: number,
    line: number,
    column: number,
  ): CallSite | null {
    // a number with another operand (`0.5f * v`, `s * v` for a `float s`): a free operator may take both (the resolver
    // asks the other's type)
    const number = operands === 1 ? this.numberOperand(fn, operand) : undefined;
    if (number !== undefined) {
      const site = callSiteOf(name, operand.text, operands, line, column);
      site.receiverType = number;
      return site;
    }
    if (this.c.identifierTypes.has(operand.type)) {
      const receiverType = fn.localTypes?.get(operand.text);
      // a name that is no local of a method may be a field of its class
      if (!receiverType)
        return method && !fn.localNames?.has(operand.text)
          ? callSiteOf(name, operand.text, operands, line, column)
          : null;
      // a pointer's operators are the language's; so are a library number's (`std::size_t i; i < n`), not a library
      // class's (`out << x`)
      if (receiverType.endsWith('*') || this.libraryNumber(receiverType)) return null;
      const site = callSiteOf(name, operand.text, operands, line, column);
      site.receiverType = receiverType;
      if (fn.constLocals?.has(operand.text)) site.receiverConst = true;
      return site;
    }
    // `(a - b) * s`, `a * b - c`: an operand that is itself an operator's use (one on a known type) has the type that
    // operator returns
    const inner = this.innerOperator(operand);
    if (inner !== null) {
      if (!this.operandSite(visit, fn, method, inner.operand, inner.name, 0, line, column)) return null;
      const site = callSiteOf(name, operand.text, operands, line, column);
      site.receiverCall = inner.name;
      return site;
    }
    // `getRotation() * q`, `t1.getBasis() == t2.getBasis()`: an operand that is a call has the type its callee returns
    const called = this.calledOperand(operand);
    if (called !== null) {
      const site = callSiteOf(name, operand.text, operands, line, column);
      site.receiverCall = called;
      return site;
    }
    if (!this.c.receiverExpressions.has(operand.type)) return null;
    const rootType = this.rootLocalType(visit, operand.text);
    if (rootType === '' || (rootType !== undefined ? this.libraryNumber(rootType) : !method)) return null;
    const site = callSiteOf(name, operand.text, operands, line, column);
    if (rootType) site.receiverRootType = rootType;
    if (this.constRoot(visit, operand.text)) site.receiverConst = true;
    return site;
  }

  /**
   * A number operand's type: `number` for a literal (`literalTypes`), a local's built-in type (`float`), a cast's;
   * undefined for another operand.
   */
  private numberOperand(fn: Context, operand: Node): string | undefined {
    if (this.c.spec.literalTypes?.[operand.type] === 'number') return 'number';
    const builtin =
      (this.c.identifierTypes.has(operand.type) ? fn.builtinTypes?.get(operand.text) : this.castType(operand)) ??
      undefined;
    return builtin !== undefined && !builtin.endsWith('*') && ARITHMETIC.test(builtin) ? builtin : undefined;
  }

  /** The name an operand that is a call calls, inside any parentheses (`(a.get())`); null for another operand. */
  private calledOperand(operand: Node): string | null {
    let node: Node = operand;
    while (node.namedChildCount === 1 && this.c.receiverExpressions.has(node.type)) node = node.namedChild(0)!;
    return this.calledName(node);
  }

  /**
   * The operator use an operand is, inside any parentheses (single-child receiver expressions); null for another
   * operand.
   */
  private innerOperator(operand: Node): { name: string; operand: Node } | null {
    let node: Node = operand;
    while (node.namedChildCount === 1 && this.c.receiverExpressions.has(node.type)) node = node.namedChild(0)!;
    // an element or a field (`m[0]`, `a.b`) is typed step by step from its root (expressionType)
    if (this.c.receiverExpressions.has(node.type)) return null;
    const rule = this.c.calls.get(node.type)?.find((candidate) => candidate.operator)?.operator;
    return rule ? operatorUse(node, rule) : null;
  }

  /** Whether the local an expression starts from (`v` of `v[0].x`) is declared const. */
  private constRoot(visit: Visited, expression: string): boolean {
    const constLocals = this.innermostFunction(visit)?.constLocals;
    if (constLocals === undefined) return false;
    const root = expressionRoot(expression);
    return root !== undefined && constLocals.has(root);
  }

  /** A standard library's number type (`std::size_t`, `std::uint32_t`): its operators are the language's. */
  private libraryNumber(type: string): boolean {
    return this.fromLibrary(type) && ARITHMETIC.test(type.replace(/\*$/, '').split('::').at(-1)!);
  }

  private fromLibrary(type: string): boolean {
    return this.c.libraryNamespaces.has(type.split('::')[0]!);
  }

  /**
   * The stated type of the local an expression starts from (`box` of `box.mi`, `pts` of `pts[i]`; a pointer keeps its
   * `*`); '' for a local whose type the code does not state (`auto`): it hides a field of its name
   * (CallSite.receiverRootType).
   */
  private rootLocalType(visit: Visited, expression: string): string | undefined {
    const root = expressionRoot(expression);
    if (root === undefined || root === 'this') return undefined;
    const fn = this.innermostFunction(visit);
    return fn?.localTypes?.get(root) ?? (fn?.localNames?.has(root) ? '' : undefined);
  }

  /** The innermost function around a node. */
  private innermostFunction(visit: Visited): Context | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const context = this.stack[i]!;
      if (context.kind === 'function' && visit.within(context.start, context.end)) return context;
    }
    return undefined;
  }

  /** The named children of an argument list that are not comments. Counting the children is one call into
   * wasm; listing them to leave the comments out costs one per child, paid only when the list's text holds a comment's
   * start. */
  private argumentCount(args: Node): number {
    const count = args.namedChildCount;
    const { commentStart } = this.c;
    if (count === 0 || (commentStart !== null && !commentStart.test(this.text.slice(args.startIndex, args.endIndex))))
      return count;
    return args.namedChildren.filter((child) => child !== null && !this.c.commentTypes.has(child.type)).length;
  }

  /** The stated type of a local name, in the innermost function around the node. */
  private localType(visit: Visited, name: string): string | undefined {
    return this.innermostFunction(visit)?.localTypes?.get(name);
  }

  // -- local types -------------------------------------------------------------------------------

  /** Records the names a parameter or local declaration types, in the innermost function around it. */
  private localTypesOf(visit: Visited): void {
    const { node } = visit;
    const fn = [...this.stack]
      .reverse()
      .find((context) => context.kind === 'function' && visit.within(context.start, context.end));
    const rule = this.c.localTypes.get(visit.type)!;
    if (!fn) {
      this.fieldTypesOf(visit, rule);
      return;
    }
    if (rule.field) return;
    const names = resolveFirst(node, rule.names).filter(
      (name) => this.c.identifierTypes.has(name.type) || name.type === 'identifier',
    );
    if (names.length === 0) return;
    if (this.c.receiverExpressions.size > 0) for (const name of names) (fn.localNames ??= new Set()).add(name.text);
    const stated = rule.typePath ? firstOnPaths(node, rule.typePath) : undefined;
    if (stated && rule.skipTypes?.includes(stated.type)) {
      // a built-in type picks among overloads (`Write(bool)`, `Write(char)`; `Load(const char*)`)
      const builtin = /\w+$/.exec(stated.text)?.[0];
      for (const name of names)
        if (builtin)
          (fn.builtinTypes ??= new Map()).set(
            name.text,
            POINTER_DECLARATORS.has(name.parent?.type ?? '') ? `${builtin}*` : builtin,
          );
      return;
    }
    const values = (rule.valuePath ? resolveFirst(node, rule.valuePath) : []).flatMap((value) =>
      rule.listTypes?.includes(value.type)
        ? value.namedChildren.filter((child): child is Node => child !== null)
        : [value],
    );
    const deduced = stated !== undefined && rule.deducedTypes?.includes(stated.text) === true;
    const constant =
      rule.constQualifier !== undefined &&
      node.namedChildren.some(
        (child) => child !== null && child.type === rule.constQualifier && child.text === 'const',
      );
    names.forEach((name, index) => {
      let type = stated && !deduced ? this.statedType(stated.text) : null;
      const value = values.length === names.length ? values[index] : undefined;
      if (!type && value && rule.valueTypes?.[value.type]) {
        const typeNode = firstOnPath(value, rule.valueTypes[value.type]!);
        if (typeNode) type = typeName(typeNode.text);
      }
      if (type && this.c.spec.typeParameters) type = this.unparameterized(visit, type);
      // a pointer or array (C++ `T* p`, `T a[4]`, Java `T[] a`) is kept as `T*`: operators apply to it, not to a `T`
      const pointer =
        POINTER_DECLARATORS.has(name.parent?.type ?? '') ||
        (stated !== undefined && !deduced && /\[\s*\]\s*$/.test(stated.text));
      if (type) (fn.localTypes ??= new Map()).set(name.text, pointer ? `${type}*` : type);
      // `const Vec& v`, `const Vec v`: a const object (`const Vec* p` points to one: its operators are the pointer's)
      if (type && !pointer && constant) (fn.constLocals ??= new Set()).add(name.text);
    });
  }

  /** Records a class's or function's type parameters with their bounds (`typeParameters`) in its context. */
  private readTypeParameters(node: Node, context: Context): void {
    const rule = this.c.spec.typeParameters;
    const list = rule ? node.childForFieldName(rule.field) : null;
    if (!rule || !list) return;
    for (const parameter of list.namedChildren) {
      if (parameter?.type !== rule.type) continue;
      const name = firstOnPath(parameter, rule.names);
      const bound = rule.bounds ? firstOnPaths(parameter, rule.bounds) : undefined;
      if (name) (context.typeParameters ??= new Map()).set(name.text, bound ? typeName(bound.text) : null);
    }
  }

  /**
   * A type as the code around a node means it: a type parameter of an enclosing class or function is its bound, or
   * none.
   */
  private unparameterized(visit: Visited, type: string): string | null {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const context = this.stack[i]!;
      const bound = context.typeParameters?.get(type);
      if (bound !== undefined && visit.within(context.start, context.end)) return bound;
    }
    return type;
  }

  /** A stated type's name: a smart pointer's (`std::shared_ptr<Node>`) is its argument's, as a pointer (`Node*`). */
  private statedType(text: string): string | null {
    const smart = this.c.smartPointer?.exec(text);
    if (smart) {
      const pointee = typeName(smart[1]!);
      return pointee ? `${pointee}*` : null;
    }
    return typeName(text);
  }

  /**
   * A type alias's name and its target's type name (`using shared_data = std::shared_ptr<node_data>` -> `node_data*`).
   */
  private typeAliasOf(visit: Visited): void {
    for (const rule of this.c.spec.typeAliases!) {
      if (rule.type !== visit.type) continue;
      const name = firstOnPath(visit.node, rule.namePath);
      const target = firstOnPath(visit.node, rule.targetPath);
      const type = target ? this.statedType(target.text) : null;
      if (name && type && name.text !== type && /^[A-Za-z_]\w*$/.test(name.text))
        this.typeAliases.push({ name: name.text, type });
    }
  }

  /**
   * A class member declaration's names and stated type, as fields of the innermost class around it; a declaration
   * outside classes and functions (a `field` rule's language only), as variables of the namespace (owner ''). A
   * built-in type is kept (`const char* text` is a `char*`): it picks among overloads.
   */
  private fieldTypesOf(visit: Visited, rule: LocalTypeRule): void {
    if (!this.c.spec.localTypes?.some((candidate) => candidate.field)) return;
    const owner = this.stack.at(-1);
    const inClass = owner?.kind === 'class' && visit.within(owner.start, owner.end);
    if (inClass !== (rule.field === true)) return;
    const stated = rule.typePath ? firstOnPaths(visit.node, rule.typePath) : undefined;
    // a field the code types by its value alone (TypeScript's `map = new Map<K, V>()`): the class the value names
    const value = stated === undefined && rule.valuePath ? firstOnPaths(visit.node, rule.valuePath) : undefined;
    const valueType =
      value !== undefined && rule.valueTypes?.[value.type]
        ? firstOnPath(value, rule.valueTypes[value.type]!)
        : undefined;
    let type =
      stated === undefined
        ? valueType
          ? typeName(valueType.text)
          : null
        : rule.skipTypes?.includes(stated.type)
          ? (/\w+$/.exec(stated.text)?.[0] ?? null)
          : this.statedType(stated.text);
    if (type && this.c.spec.typeParameters) type = this.unparameterized(visit, type);
    if (!type) return;
    const qualified = inClass ? this.qualifierNames().join(this.c.spec.scopeSeparator ?? '.') : '';
    // every declarator of the declaration (`Vec *pa, b;`), each with as many `*` as pointer and array declarators
    // around its name
    const names = [
      ...new Map(
        rule.names.flatMap((path) => resolvePath(visit.node, path)).map((name) => [name.startIndex, name]),
      ).values(),
    ];
    for (const name of names.sort((a, b) => a.startIndex - b.startIndex)) {
      // a function's declaration declares no variable
      if (name.parent?.type === 'function_declarator') continue;
      let levels = 0;
      for (let around = name.parent; around && around.id !== visit.node.id; around = around.parent)
        if (POINTER_DECLARATORS.has(around.type)) levels++;
      this.fieldTypes.push({ owner: qualified, name: name.text, type: `${type}${'*'.repeat(levels)}` });
    }
  }

  private fieldText(node: Node, fields: string[]): string | null {
    for (const field of fields) {
      const child = node.childForFieldName(field);
      if (child) return child.text;
    }
    return null;
  }

  /** Follows member-name fields and name wrappers down to an identifier. */
  private terminalName(start: Node, memberNameFields: string[]): Node | null {
    let node: Node | null = start;
    for (let hops = 0; node && hops < 16; hops++) {
      if (this.c.identifierTypes.has(node.type)) return node;
      let next: Node | null = null;
      for (const field of memberNameFields) {
        next = node.childForFieldName(field);
        if (next) break;
      }
      if (!next) {
        const wrapper = this.c.spec.nameWrappers?.[node.type];
        if (wrapper === 'first') next = node.firstNamedChild;
        else if (wrapper === 'last') next = node.lastNamedChild;
      }
      node = next;
    }
    return null;
  }

  // -- imports ---------------------------------------------------------------------------------

  private importsOf(visit: Visited): void {
    const { node } = visit;
    for (const rule of this.c.imports.get(visit.type)!) {
      if (rule.unless?.some((field) => node.childForFieldName(field) !== null)) continue;
      if (rule.onlyWhen && !resolvePath(node, rule.onlyWhen.path).some((n) => rule.onlyWhen!.texts.includes(n.text)))
        continue;
      const targets = resolveFirst(node, rule.pathFields);
      if (targets.length === 0) continue;
      if (rule.joinPath) {
        this.imports.push(
          this.importRef(
            node,
            rule,
            targets[0]!,
            this.text.slice(targets[0]!.startIndex, targets[targets.length - 1]!.endIndex),
          ),
        );
        return;
      }
      for (const target of targets) this.imports.push(this.importRef(node, rule, target));
      return;
    }
  }

  private importRef(node: Node, rule: ImportRule, pathNode: Node, joinedTarget?: string): ImportRef {
    const alias = rule.aliases?.find((a) => a.type === pathNode.type);
    let targetNode = pathNode;
    const bindings: string[] = [];
    let wildcard = false;
    let bindsNothing = false;
    let renamed: Record<string, string> | undefined;
    if (alias) {
      targetNode = pathNode.childForFieldName(alias.nameField) ?? pathNode;
      const aliasNode = pathNode.childForFieldName(alias.aliasField);
      if (aliasNode) bindings.push(aliasNode.text);
    }
    const target = stripQuotes(joinedTarget ?? targetNode.text);
    for (const bindingNode of rule.bindingFields ? rule.bindingFields.flatMap((path) => resolvePath(node, path)) : []) {
      if (rule.wildcardTypes?.includes(bindingNode.type)) wildcard = true;
      else if (rule.noBindingTypes?.includes(bindingNode.type)) bindsNothing = true;
      else {
        const bindingAlias = rule.aliases?.find((a) => a.type === bindingNode.type);
        const imported = bindingAlias ? bindingNode.childForFieldName(bindingAlias.nameField) : null;
        const bound = bindingAlias ? (bindingNode.childForFieldName(bindingAlias.aliasField) ?? imported) : bindingNode;
        if (bound) bindings.push(bound.text);
        if (bound && imported && imported.text !== bound.text) (renamed ??= {})[bound.text] = imported.text;
      }
    }
    if (rule.wildcardTypes && node.children.some((child) => child !== null && rule.wildcardTypes!.includes(child.type)))
      wildcard = true;
    if (rule.parentBinding) bindings.push(...this.parentBindings(node, rule.parentBinding));
    if (bindings.length === 0 && !wildcard && !bindsNothing) {
      if (rule.defaultBinding === 'first') bindings.push(firstComponent(target));
      else if (rule.defaultBinding === 'last') bindings.push(lastComponent(target));
      else if (rule.defaultBinding === 'wildcard') wildcard = true;
    }
    const system =
      (rule.systemTypes?.includes(pathNode.type) ?? false) || (this.c.systemPatterns.get(rule)?.test(target) ?? false);
    const ref: ImportRef = { target, bindings, system, resolve: rule.resolve, line: node.startPosition.row + 1 };
    if (wildcard) ref.wildcard = true;
    if (renamed) ref.renamed = renamed;
    return ref;
  }

  private parentBindings(node: Node, rule: NonNullable<ImportRule['parentBinding']>): string[] {
    let parent = node.parent;
    for (let hops = 0; parent && parent.type !== rule.type && hops < 4; hops++) parent = parent.parent;
    const pattern = parent?.type === rule.type ? parent.childForFieldName(rule.field) : null;
    if (!pattern) return [];
    if (rule.nameTypes.includes(pattern.type)) return [pattern.text];
    return pattern.descendantsOfType(rule.nameTypes).flatMap((n) => (n ? [n.text] : []));
  }

  // -- scopes, declarations, macros ------------------------------------------------------------

  private scopeOf(visit: Visited): void {
    const { node, start, end } = visit;
    const rule = this.c.scopes.get(visit.type)!;
    const nameNode = firstOnPaths(node, rule.nameFields);
    const parts = nameNode ? nameParts(nameNode.text, this.c.separator) : [];
    if (rule.fileWide) {
      this.fileScopes.push(...parts);
      return;
    }
    const kind = rule.kind ?? 'class';
    const fileLocal = parts.length === 0 && (rule.anonymousIsFileLocal ?? false);
    // `namespace a::b { }` nests two scopes over the same range.
    const first = this.stack.length;
    if (parts.length === 0) this.stack.push(new Context(start, end, null, kind, fileLocal));
    for (const part of parts) this.stack.push(new Context(start, end, part, kind, fileLocal));
    const templated =
      (kind === 'class' && node.parent !== null && this.c.templates.has(node.parent.type)) ||
      this.stack.slice(0, first).some((context) => context.templated);
    for (const context of this.stack.slice(first)) context.templated = templated;
    if (this.c.spec.typeParameters && this.stack.length > first) this.readTypeParameters(node, this.stack.at(-1)!);
    if (rule.bases && parts.length > 0) this.basesOf(node, rule.bases);
  }

  /** The class just entered, with the bases it names (ScopeRule.bases; none for most). */
  private basesOf(node: Node, rule: NonNullable<ScopeRule['bases']>): void {
    const bases: string[] = [];
    for (const path of rule.paths) {
      for (const holder of resolvePath(node, path)) {
        for (const base of holder.namedChildren) {
          if (!base || rule.skipTypes?.includes(base.type)) continue;
          const parts = nameParts(base.text, this.c.separator).map(withoutTypeArguments);
          if (parts.length > 0) bases.push(parts.join(this.c.separator));
        }
      }
    }
    this.classBases.push({ owner: this.qualifierNames().join(this.c.separator), bases });
  }

  private declarationOf(visit: Visited): void {
    if (this.insideFunction()) return;
    let docstring: string | null | undefined;
    for (const nameNode of resolveFirst(visit.node, this.c.declarations.get(visit.type)!)) {
      const name = nameParts(nameNode.text, this.c.separator).pop();
      if (!name) continue;
      this.declarations.push(name);
      if (!this.c.spec.declarationDocstrings) continue;
      docstring ??= this.commentBefore(visit.node);
      if (docstring !== null) this.declarationDocs.push({ name, line: visit.node.startPosition.row + 1, docstring });
    }
  }

  /** Whether an offset is in a dead branch (offsets come in document order: branches passed are let go). */
  private inDeadBranch(offset: number): boolean {
    // the ranges are disjoint and sorted, the offsets come in document order: the ones passed are let go
    while (this.deadBranches.length > this.deadPassed && this.deadBranches[this.deadPassed]![1] <= offset)
      this.deadPassed++;
    const next = this.deadBranches[this.deadPassed];
    return next !== undefined && next[0] <= offset;
  }

  /** A definition's dialect condition (MacroDefinition.dialect) at an offset: where it is dead in one reading only. */
  private dialectOf(offset: number): Pick<MacroDefinition, 'dialect'> {
    const inside = (ranges: [number, number][]) => ranges.some(([start, end]) => start <= offset && offset < end);
    for (const { macro, whenDefined, whenUndefined } of this.dialectBranches) {
      const deadDefined = inside(whenDefined);
      if (deadDefined !== inside(whenUndefined)) return { dialect: { macro, defined: !deadDefined } };
    }
    return {};
  }

  private macroOf(visit: Visited): void {
    const { node } = visit;
    const rule = this.c.spec.macros!;
    // The definition's own text decides its shape: tree-sitter misreads some (a comment among the
    // parameters) and ends some early (at a comment with an apostrophe in the replacement text).
    const text = defineText(this.text, visit.start, visit.end);
    const define = parseDefine(text);
    if (!define) return;
    const span = spanOf(node);
    const dialect = this.dialectOf(visit.start);
    const shape = this.c.macroNames
      ? macroShape(define.body, new Set(define.parameters), this.c.macroNames, span.startLine)
      : { generates: [], expands: [] };
    const generating =
      shape.generates.length > 0 || shape.expands.length > 0
        ? { parameters: define.parameters ?? [], generates: shape.generates, expands: shape.expands }
        : {};
    if (define.parameters === null) {
      const target = define.body.trim();
      // a macro naming a type is an alias of it (bullet3's `#define b3Float4ConstArg const b3Vector3&`)
      const type = this.c.spec.typeAliases ? TYPE_MACRO.exec(target) : null;
      if (type && !this.c.keywords.has(type[1]!))
        this.typeAliases.push({
          name: define.name,
          type: type[2]!.startsWith('*') ? `${type[1]}${type[2]}` : type[1]!,
        });
      if (/^[A-Za-z_]\w*$/.test(target) && !this.c.keywords.has(target)) {
        const call = callSiteOf(target, null, null, span.startLine, span.startColumn);
        this.macros.push({ name: define.name, parameterCount: 0, span, calls: [call], alias: true, ...dialect });
      } else if (shape.expands.length > 0) {
        // an X-macro list (`#define TSD_DATA O(a, int) O(b, bool)`): what its invocations generate
        this.macros.push({ name: define.name, parameterCount: 0, span, calls: [], ...generating, ...dialect });
      }
      return;
    }
    const parameterNames = new Set(define.parameters);
    const value = visit.type === rule.type ? node.childForFieldName(rule.valueField) : null;
    const calls: CallSite[] = [];
    if (value) {
      const body = this.text.slice(value.startIndex, Math.max(value.endIndex, node.startIndex + text.length));
      for (const match of body.matchAll(/(#*)\b([A-Za-z_]\w*)\s*\(/g)) {
        const name = match[2]!;
        if (match[1] || this.c.keywords.has(name) || parameterNames.has(name)) continue;
        const offset = match.index! + match[1]!.length;
        const { line, column } = positionIn(value, body, offset);
        calls.push(callSiteOf(name, null, null, line, column));
      }
    }
    this.macros.push({
      name: define.name,
      parameterCount: parameterNames.size,
      span,
      calls,
      ...generating,
      ...dialect,
    });
  }
}

/** The offsets where a multiline `^` matches: 0, and after each line terminator (`\n`, `\r`, U+2028, U+2029). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  // the rare others (a `\r` also before a `\n`) merged in order
  const others: number[] = [];
  for (const terminator of ['\r', '\u2028', '\u2029']) {
    for (let at = text.indexOf(terminator); at >= 0; at = text.indexOf(terminator, at + 1)) others.push(at + 1);
  }
  return others.length === 0 ? starts : [...starts, ...others].sort((x, y) => x - y);
}

/**
 * The matches text.matchAll(pattern) gives for a global multiline pattern that starts with `^`, found by
 * trying the pattern (sticky, multiline, not zero-length) at the line starts only: a global search
 * tries every offset of the text.
 */
function* lineMatches(text: string, starts: readonly number[], pattern: RegExp): Generator<RegExpExecArray> {
  let from = 0;
  for (const start of starts) {
    if (start < from) continue;
    pattern.lastIndex = start;
    const match = pattern.exec(text);
    if (!match) continue;
    from = pattern.lastIndex;
    yield match;
  }
}

/**
 * A `#define`'s whole text from `start` (at least to `end`): its lines joined by backslashes, and comments spanning
 * lines.
 */
function defineText(text: string, start: number, end: number): string {
  let i = start;
  while (i < text.length) {
    if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
    } else if (text[i] === '\n' && !/\\\r?$/.test(text.slice(Math.max(start, i - 2), i))) break;
    else i++;
  }
  return text.slice(start, Math.max(i, end));
}

/**
 * A `#define`'s name, parameters (null for an object-like macro) and replacement text, comments and line continuations
 * removed.
 */
function parseDefine(text: string): { name: string; parameters: string[] | null; body: string } | null {
  const clean = text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\\\r?\n/g, ' ');
  const match = /^#\s*define\s+([A-Za-z_]\w*)(\(([^)]*)\))?([\s\S]*)$/.exec(clean);
  if (!match) return null;
  const parameters =
    match[2] === undefined
      ? null
      : match[3]!
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
  return { name: match[1]!, parameters, body: match[4]! };
}

/** X-macro lists (`#define TSD_DATA O(a, int) O(b, bool)`) that the tree missed (a definition inside a
 *  region the grammar could not parse), read from the text. */
function missedMacroLists(
  text: string,
  starts: readonly number[],
  found: MacroDefinition[],
  macroNames: RegExp,
): MacroDefinition[] {
  const known = new Set(found.map((macro) => macro.name));
  const lists: MacroDefinition[] = [];
  let line = 1;
  let counted = 0;
  for (const match of lineMatches(
    text,
    starts,
    /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t](?:[^\n]*\\\r?\n)*[^\n]*/my,
  )) {
    if (known.has(match[1]!)) continue;
    for (; counted < match.index!; counted++) if (text.charCodeAt(counted) === 10) line++;
    const define = parseDefine(match[0].trimStart());
    if (!define || define.parameters !== null) continue;
    const { expands } = macroShape(define.body, new Set(), macroNames, line);
    const endLine = line + (match[0].match(/\n/g)?.length ?? 0);
    if (expands.length > 0)
      lists.push({
        name: define.name,
        parameterCount: 0,
        span: { startLine: line, startColumn: 1, endLine, endColumn: 1 },
        calls: [],
        expands,
      });
  }
  return lists;
}

/** Whether the line starting at `offset` continues the previous one (a `#define`'s text, after a backslash). */
function continuesDefine(text: string, offset: number): boolean {
  return /\\\r?\n$/.test(text.slice(Math.max(0, offset - 3), offset));
}

/** A function's name, parameters and body's start (what follows a return-type macro). */
const FUNCTION_HEAD = /^\s*[A-Za-z_]\w*\s*\([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*\)\s*\{/;
/** Text that ends where a declaration may start: the file's start, a `;` or `}`, a directive line or a
 *  top-level macro invocation's line (`CTL_GEN(a, int)`), then blanks. */
const DECLARATION_START = /(?:(?<![\s\S])|[;}]|^#[^\n]*|^[A-Za-z_]\w*[ \t]*\([^\n]*\))\s*(?![\s\S])/m;

/** Code with its comments blanked, offsets kept. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (comment) => ' '.repeat(comment.length));
}

/**
 * Top-level macro invocations that stand for definitions (see `macroInvocations`): their ranges, to be replaced by
 * spaces.
 */
function macroInvocationRanges(text: string, starts: readonly number[], namePattern: RegExp): [number, number][] {
  const ranges: [number, number][] = [];
  let copied = 0;
  for (const match of lineMatches(text, starts, /^([A-Za-z_]\w*)[ \t]*\(/my)) {
    if (!namePattern.test(match[1]!) || continuesDefine(text, match.index!)) continue;
    let depth = 0;
    let end = -1;
    for (let i = match.index! + match[0].length - 1; i < text.length; i++) {
      const ch = text[i];
      if (ch === '(') depth++;
      else if (ch === ')' && --depth === 0) {
        end = i + 1;
        break;
      } else if (ch === ';' || ch === '{' || ch === '}') break;
    }
    if (end < 0) continue;
    const after = withoutComments(text.slice(end, end + 4096));
    const next = /\S/.exec(after);
    if (next && (next[0] === ';' || next[0] === '{' || next[0] === ',' || next[0] === ')')) continue;
    // `YAML_DECLARE(void *)` above `yaml_malloc(size_t size) {`: a macro standing for a definition's whole
    // return type (nothing of the declaration before it; `void *\nATTR(2)\nf(...) {` blanks ATTR(2))
    if (
      FUNCTION_HEAD.test(after) &&
      DECLARATION_START.test(withoutComments(text.slice(Math.max(0, match.index! - 4096), match.index!)))
    )
      continue;
    const start = match.index!;
    if (start < copied) continue;
    ranges.push([start, end]);
    copied = end;
  }
  return ranges;
}

/**
 * The macros to blank in a file that does not parse: declaration macros, then the definition-making invocations that do
 * not overlap them; in order.
 */
function macroRanges(c: CompiledSpec, text: string, starts: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  if (c.declarationMacros.length > 0) {
    const code = text.replace(LITERALS_AND_COMMENTS, (literal) => literal.replace(/[^\n]/g, ' '));
    for (const pattern of c.declarationMacros) {
      for (const match of code.matchAll(pattern))
        for (const group of match.indices!.slice(1)) if (group) ranges.push([group[0], group[1]]);
    }
  }
  if (c.macroNames) {
    const overlaps = (start: number, end: number) => ranges.some(([from, to]) => from < end && start < to);
    ranges.push(...macroInvocationRanges(text, starts, c.macroNames).filter(([start, end]) => !overlaps(start, end)));
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

const LITERALS_AND_COMMENTS = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

/** Code with its string and character literals and comments blanked (each one space). */
function withoutLiterals(text: string): string {
  return text.replace(LITERALS_AND_COMMENTS, ' ');
}

/** The identifiers of a piece of code that name variables, types or functions: string and character
 *  literals, comments and member names (after `.` or `->`, a space allowed between) left out. */
function variablesOf(text: string): string[] {
  return [...withoutLiterals(text).matchAll(/(?<![\w.]|->|\.\s|->\s)\s*\b([A-Za-z_]\w*)/g)].map((match) => match[1]!);
}

/**
 * Whether any of `words` (a global pattern of identifiers) is among variablesOf(text): found where
 * it occurs, not by listing every identifier. variablesOf takes a word whose run of spaces before it
 * has a start not after `.`, `->` or a word character, or a later start not after `. ` or `-> `.
 */
function usesAsVariable(text: string, words: RegExp): boolean {
  const code = withoutLiterals(text);
  const space = (at: number) => at >= 0 && /\s/.test(code[at]!);
  // variablesOf's look-behind, failing at `at`: after a word character or `.`, `->`, `. ` or `-> `
  const afterMember = (at: number) =>
    (at >= 1 && /[\w.]/.test(code[at - 1]!)) ||
    (at >= 2 && code[at - 2] === '-' && code[at - 1] === '>') ||
    (at >= 2 && code[at - 2] === '.' && space(at - 1)) ||
    (at >= 3 && code[at - 3] === '-' && code[at - 2] === '>' && space(at - 1));
  for (const match of code.matchAll(words)) {
    let start = match.index;
    while (space(start - 1)) start--;
    for (let at = start; at <= match.index; at++) if (!afterMember(at)) return true;
  }
  return false;
}

/** A C declaration statement: a type (with qualifiers, pointer marks) then its first declarator. */
const C_DECLARATION = new RegExp(
  String.raw`^\s*(?:(?:static|const|volatile|register|unsigned|signed|struct|enum|union)\s+)*` +
    String.raw`([A-Za-z_]\w*)[\s*]+([A-Za-z_]\w*)\s*(=|\[|,|$)`,
);
/**
 * The names a function's text leaves undeclared to a compiler without its own headers: parameters and
 * locals of a type it cannot replace by a declared look-alike (`va_list ap`: `types`; YABLoCo's redis graph
 * keeps most calls using `size_t` or `bool` variables). An invalid initializer does not matter either:
 * `void *p = NULL;` declares `p`.
 */
function undeclaredNames(code: string, types: Set<string>, keywords: Set<string>): Set<string> {
  const names = new Set<string>();
  const bodyStart = code.indexOf('{');
  const signature = bodyStart < 0 ? code : code.slice(0, bodyStart);
  const open = signature.indexOf('(');
  for (const parameter of open < 0 ? [] : signature.slice(open + 1).split(',')) {
    const words = variablesOf(parameter);
    if (words.length > 1 && types.has(words[0]!) && !keywords.has(words[words.length - 1]!))
      names.add(words[words.length - 1]!);
  }
  if (bodyStart < 0) return names;
  const text = code
    .slice(bodyStart + 1)
    .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ');
  for (const statement of text.split(/[;{}]/)) {
    // a declaration: a type (with qualifiers, pointer marks) then declarators
    const declaration = C_DECLARATION.exec(statement);
    if (!declaration || keywords.has(declaration[1]!) || keywords.has(declaration[2]!)) continue;
    if (!types.has(declaration[1]!)) continue;
    names.add(declaration[2]!);
    const rest = statement
      .slice(declaration.index + declaration[0].length - declaration[3]!.length)
      .replace(/\([^()]*\)|\[[^\]]*\]/g, '')
      .replace(/=[^,]*/g, '');
    for (const more of rest.matchAll(/,\s*\**\s*([A-Za-z_]\w*)/g)) names.add(more[1]!);
  }
  return names;
}

/** The argument texts of an invocation whose `(` is at `open`, and the offset after its `)` (null when unclosed). */
function invocationArgs(text: string, open: number): { args: string[]; end: number } | null {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (--depth === 0) {
        args.push(text.slice(start, i).trim());
        return { args: args.length === 1 && args[0] === '' ? [] : args, end: i + 1 };
      }
    } else if (ch === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return null;
}

/**
 * What a macro's replacement text does outside any braces: the function names it defines by pasting
 * (`atomic_load_##short_type(`), and the macros it invokes (`O(n, t)`, names matching `macroNames`).
 */
function macroShape(
  body: string,
  parameters: Set<string>,
  macroNames: RegExp,
  firstLine: number,
): { generates: string[]; expands: MacroUse[] } {
  const code = body.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (literal) =>
    literal.replace(/[^\n]/g, ' '),
  );
  const generates: string[] = [];
  const expands: MacroUse[] = [];
  let braces = 0;
  let parens = 0;
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    if (ch === '{') braces++;
    else if (ch === '}') braces--;
    else if (ch === '(') parens++;
    else if (ch === ')') parens--;
    else if (/[A-Za-z_]/.test(ch) && (i === 0 || !/[\w#]/.test(code[i - 1]!))) {
      const tokenPattern = /[\w#]+\s*/y;
      tokenPattern.lastIndex = i;
      const spaced = tokenPattern.exec(code)![0];
      const token = spaced.trimEnd();
      const open = i + spaced.length;
      if (braces === 0 && parens === 0 && code[open] === '(') {
        if (token.includes('##')) generates.push(token);
        else if (macroNames.test(token) && !parameters.has(token)) {
          const call = invocationArgs(code, open);
          if (call) {
            expands.push({
              name: token,
              args: call.args,
              line: firstLine + (code.slice(0, i).match(/\n/g)?.length ?? 0),
            });
            i = call.end - 1;
            continue;
          }
        }
      }
      i += token.length - 1;
    }
  }
  return { generates, expands };
}

/**
 * Invocations of macros on lines of their own at column 0 (`JEMALLOC_GENERATE_ATOMICS(void *, p, 3)`, `TSD_DATA_SLOW`).
 */
function topLevelMacroUses(text: string, starts: readonly number[], macroNames: RegExp): MacroUse[] {
  const uses: MacroUse[] = [];
  let line = 1;
  let counted = 0;
  for (const match of lineMatches(text, starts, /^([A-Za-z_]\w*)[ \t]*(\(|\r?$)/my)) {
    if (!macroNames.test(match[1]!) || continuesDefine(text, match.index!)) continue;
    for (; counted < match.index!; counted++) if (text.charCodeAt(counted) === 10) line++;
    const call = match[2] === '(' ? invocationArgs(text, match.index! + match[0].length - 1) : { args: [] };
    if (call) uses.push({ name: match[1]!, args: call.args, line });
  }
  return uses;
}

/** The records (structs) of a tree that declare function-pointer fields (`void (*close)(conn *c);`). */
function recordsOf(
  gathered: NodeGatherer,
  rule: NonNullable<LanguageSpec['records']>,
  compilerNames: RegExp | null,
): RecordDefinition[] {
  const records: RecordDefinition[] = [];
  const functionTypes = functionTypedefsOf(gathered.found.get(rule.typedefType)!);
  for (const node of gathered.found.get(rule.type)!) {
    const body = node.childForFieldName(rule.bodyField);
    if (!body) continue;
    const typedef =
      node.parent?.type === rule.typedefType ? node.parent.childForFieldName(rule.typedefField)?.text : undefined;
    const name = node.childForFieldName(rule.nameField)?.text ?? typedef;
    const fields = [
      ...[...body.text.matchAll(/\(\s*\*\s*([A-Za-z_]\w*)\s*\)\s*\(/g)].map((match) => match[1]!),
      // a field typed by one of the file's function(-pointer) typedefs (`redisPushFn *push_cb;`)
      ...[...body.text.matchAll(/^\s*(?:const\s+)?([A-Za-z_]\w*)\s*\**\s*([A-Za-z_]\w*)\s*;/gm)]
        .filter((match) => functionTypes.has(match[1]!))
        .map((match) => match[2]!),
    ];
    if (!name || fields.length === 0) continue;
    // a name in a function-pointer field's parameter list does not matter: clang keeps the field (`void (*cb)(size_t
    // len)`)
    const fieldTypes = body.text.replace(/(\(\s*\*\s*[A-Za-z_]\w*\s*\))\s*\((?:[^()]|\([^()]*\))*\)/g, '$1');
    records.push({
      name,
      fields,
      needsCompilerHeaders: compilerNames !== null && usesAsVariable(fieldTypes, compilerNames),
    });
  }
  return records;
}

/**
 * The names a file's `typedef`s give to function types and function-pointer types (`typedef void (*freeFn)(void *p);`,
 * `typedef void pushFn(void *);`).
 */
function functionTypedefsOf(typedefs: Node[]): Set<string> {
  const names = new Set<string>();
  for (const node of typedefs) {
    const text = node.text;
    if (text.includes('{')) continue;
    const match =
      /\(\s*\*?\s*([A-Za-z_]\w*)\s*\)\s*\(/.exec(text) ?? /^typedef\s+[^()]*?\b([A-Za-z_]\w*)\s*\(/.exec(text);
    if (match) names.add(match[1]!);
  }
  return names;
}

/**
 * The nodes of some types met in the walk, each kept unless a node of the `enclosing` types holds it;
 * by type, in document order. The walk is depth first, so the enclosing nodes around a node form a
 * stack (asking a node's parents instead costs a descent from the root for each).
 */
class NodeGatherer {
  readonly found = new Map<string, Node[]>();
  private readonly open: Visited[] = [];

  constructor(
    types: readonly string[],
    private readonly enclosing: ReadonlySet<string> = new Set(),
  ) {
    for (const type of types) this.found.set(type, []);
  }

  /** the node types it needs to see. */
  get types(): string[] {
    return [...this.found.keys(), ...this.enclosing];
  }

  see(visit: Visited): void {
    const kept = this.found.get(visit.type);
    const encloses = this.enclosing.has(visit.type);
    if (!kept && !encloses) return;
    const { open } = this;
    while (open.length > 0 && !visit.within(open[open.length - 1]!.start, open[open.length - 1]!.end)) open.pop();
    if (kept && open.length === 0) kept.push(visit.node);
    if (encloses) open.push(visit);
  }
}

/** The definitions and declarations whose names compilerTypeUsesOf reads. */
function compilerUseKinds(c: CompiledSpec): { type: string; paths: NodePath[]; bodyField: string | null }[] {
  return [
    ...[...c.definitions].map(([type, rules]) => ({
      type,
      paths: rules.flatMap((r) => r.nameFields),
      bodyField: rules[0]!.bodyField,
    })),
    ...[...c.declarations].map(([type, paths]) => ({ type, paths, bodyField: null })),
  ];
}

/**
 * The nodes the file-scope facts of a C-like language read (`records`, `compilerHeaderTypedefs`), gathered in the
 * extraction's walk.
 */
function gatherersOf(c: CompiledSpec) {
  const { records, compilerHeaderTypedefs } = c.spec;
  const definitionTypes = new Set(c.definitions.keys());
  return {
    records: records ? new NodeGatherer([records.typedefType, records.type]) : null,
    pointerVariables: records
      ? new NodeGatherer([records.variableType], new Set([...definitionTypes, records.type]))
      : null,
    compilerTypeUses: compilerHeaderTypedefs
      ? new NodeGatherer(
          [compilerHeaderTypedefs.typedefType, ...compilerUseKinds(c).map(({ type }) => type)],
          definitionTypes,
        )
      : null,
    enumConstants: c.spec.enumConstants ? new NodeGatherer([c.spec.enumConstants.type]) : null,
  };
}

/** The constants of the enumerations in a file, each with its enumeration's name (an unnamed one gives none). */
function enumConstantsOf(
  gatherer: NodeGatherer,
  rule: NonNullable<LanguageSpec['enumConstants']>,
  c: CompiledSpec,
): NonNullable<FileFacts['enumConstants']> {
  return gatherer.found.get(rule.type)!.flatMap((node) => {
    const type = firstOnPath(node, rule.namePath)?.text;
    if (type === undefined) return [];
    const scoped = node.children.some((child) => child !== null && rule.scopedTokens?.includes(child.type));
    let scope: string | undefined = scoped ? type : undefined;
    for (let around = node.parent; scope === undefined && around; around = around.parent) {
      const scopeRule = c.scopes.get(around.type);
      if (scopeRule && scopeRule.kind !== 'namespace') scope = firstOnPaths(around, scopeRule.nameFields)?.text;
    }
    return resolvePath(node, rule.constantPath).map((constant) => ({
      name: constant.text,
      type,
      ...(scope !== undefined ? { scope } : {}),
    }));
  });
}

/** File-scope declarations of function-pointer variables (outside functions and records). */
function pointerVariablesOf(
  fileScope: NodeGatherer,
  rule: NonNullable<LanguageSpec['records']>,
): { name: string; defined: boolean }[] {
  const variables: { name: string; defined: boolean }[] = [];
  for (const node of fileScope.found.get(rule.variableType)!) {
    const match = /^[^(]*\(\s*\*\s*([A-Za-z_]\w*)\s*\)\s*\(/.exec(node.text);
    if (match) variables.push({ name: match[1]!, defined: !/^\s*extern\b/.test(node.text) });
  }
  return variables;
}

/** Row and column (0-based) of offsets of a text, asked in ascending order. */
function pointsIn(text: string): (offset: number) => { row: number; column: number } {
  let row = 0;
  let lineStart = 0;
  return (offset) => {
    for (let at = text.indexOf('\n', lineStart); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) {
      row++;
      lineStart = at + 1;
    }
    return { row, column: offset - lineStart };
  };
}

/**
 * Where a file declares names of the compiler's own headers' types (`compilerHeaderTypedefs`): its
 * file-scope `typedef size_t (*f)(...)` lines, and the file-scope function declarations and definitions
 * using such names before their name (the return type) or after it (the parameters).
 */
function compilerTypeUsesOf(
  fileScope: NodeGatherer,
  c: CompiledSpec,
  rule: NonNullable<LanguageSpec['compilerHeaderTypedefs']>,
): CompilerTypeUses {
  const names = new Set(rule.names);
  const namesIn = (text: string) => [...new Set(variablesOf(text).filter((word) => names.has(word)))];
  const uses: CompilerTypeUses = { typedefs: [], functions: [] };
  for (const node of fileScope.found.get(rule.typedefType)!) {
    const match = /^typedef\s+([A-Za-z_]\w*)\s*\(/.exec(node.text);
    if (match && names.has(match[1]!)) uses.typedefs.push({ name: match[1]!, line: node.startPosition.row + 1 });
  }
  for (const { type, paths, bodyField } of compilerUseKinds(c)) {
    for (const node of fileScope.found.get(type)!) {
      const nameNode = firstOnPaths(node, paths);
      if (!nameNode) continue;
      const defined = bodyField !== null;
      const end = (defined ? firstOnPath(node, [bodyField])?.startIndex : undefined) ?? node.endIndex;
      const returns = namesIn(node.text.slice(0, nameNode.startIndex - node.startIndex));
      const parameters = namesIn(node.text.slice(nameNode.endIndex - node.startIndex, end - node.startIndex));
      if (returns.length + parameters.length > 0)
        uses.functions.push({ name: nameNode.text, line: node.startPosition.row + 1, defined, returns, parameters });
    }
  }
  return uses;
}

function countLines(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/**
 * Hands each node of a walk type to the gatherers and, by its role, to the extractor: depth first, in
 * document order, an enclosing node before the nodes it contains. A function of its own, apart from
 * extractFile's once-per-file work: V8 compiles a hot loop while it runs, and the code after the loop,
 * not yet run then, would throw the loop's compiled code away when first reached.
 */
function walk(tree: FlatTree, c: CompiledSpec, extractor: FileExtractor, gathering: readonly NodeGatherer[]): void {
  for (const node of tree.rootNode.descendantsOfType(c.walkTypes)) {
    if (!node) continue;
    const visit = new Visited(node, node.type);
    for (const gatherer of gathering) gatherer.see(visit);
    const role = c.roles.get(visit.type);
    if (!role || (c.anonymousTwins.has(visit.type) && !node.isNamed)) continue;
    extractor.enter(visit, role);
  }
}

/**
 * Extracts the functions (with docstrings and call sites), imports, bodyless declarations and
 * macros of one source file, in one walk over its tree, driven by the language table's rules.
 * Files with syntax errors still yield everything that parses (`hasErrors` tells). `undefinedMacros`: the
 * repository's own macros undefined on the platform (repositoryUndefinedMacros), C family only.
 */
export async function extractFile(
  path: string,
  language: LanguageId,
  text: string,
  undefinedMacros: readonly string[] = [],
): Promise<FileFacts> {
  let prepared = compiled.get(language);
  if (!prepared) {
    prepared = compile(language);
    compiled.set(language, prepared);
  }
  const c = await prepared;
  let tree = await parse(language, text);
  let parsedText = text;
  let starts: number[] | undefined;
  const linesStart = () => (starts ??= lineStarts(text));
  const blanks = tree.rootNode.hasError ? macroRanges(c, text, linesStart()) : [];
  if (blanks.length > 0) {
    // The invocations become spaces (newlines kept: every offset and position stays), and the text is
    // parsed again reusing the first tree outside them.
    let blanked = '';
    let copied = 0;
    const pointAt = pointsIn(text);
    for (const [start, end] of blanks) {
      blanked += text.slice(copied, start) + text.slice(start, end).replace(/[^\n]/g, ' ');
      copied = end;
      const startPosition = pointAt(start);
      const endPosition = pointAt(end);
      tree.edit({
        startIndex: start,
        oldEndIndex: end,
        newEndIndex: end,
        startPosition,
        oldEndPosition: endPosition,
        newEndPosition: endPosition,
      });
    }
    parsedText = blanked + text.slice(copied);
    const reparsed = await parse(language, parsedText, tree);
    tree.delete();
    tree = reparsed;
  }
  try {
    const extractor = new FileExtractor(c, text, undefinedMacros);
    const gatherers = gatherersOf(c);
    walk(
      flatten(tree, parsedText),
      c,
      extractor,
      Object.values(gatherers).filter((gatherer) => gatherer !== null),
    );
    const facts: FileFacts = {
      path,
      language,
      lineCount: countLines(text),
      functions: extractor.functions,
      imports: extractor.imports,
      declarations: extractor.declarations,
      hasErrors: tree.rootNode.hasError,
    };
    if (c.spec.declarationDocstrings) facts.declarationDocs = extractor.declarationDocs;
    if (c.spec.localTypes?.some((rule) => rule.field)) facts.fieldTypes = extractor.fieldTypes;
    if (c.spec.scopes.some((rule) => rule.bases)) facts.classBases = extractor.classBases;
    if (c.spec.typeAliases) facts.typeAliases = extractor.typeAliases;
    if (c.spec.enumConstants) facts.enumConstants = enumConstantsOf(gatherers.enumConstants!, c.spec.enumConstants, c);
    if (c.spec.macros)
      facts.macros = c.macroNames
        ? [...extractor.macros, ...missedMacroLists(text, linesStart(), extractor.macros, c.macroNames)]
        : extractor.macros;
    if (c.spec.macros && c.macroNames) facts.macroUses = topLevelMacroUses(text, linesStart(), c.macroNames);
    if (c.spec.compilerHeaderTypedefs)
      facts.compilerTypeUses = compilerTypeUsesOf(gatherers.compilerTypeUses!, c, c.spec.compilerHeaderTypedefs);
    if (c.spec.records) {
      facts.records = recordsOf(gatherers.records!, c.spec.records, c.compilerNamePattern);
      facts.pointerVariables = pointerVariablesOf(gatherers.pointerVariables!, c.spec.records);
    }
    return facts;
  } finally {
    tree.delete();
  }
}
