// Call resolution over a whole repository: each call site goes to its definition, tried in order:
// the same file, then included/imported files, then the same directory, then project-wide by name
// (unique, or every candidate kept and flagged ambiguous), else the standard library, else an
// external (system or third-party) declaration, else unresolved. A language with a module system
// (./modules: Rust, Go) binds its imports and decides its calls by its own rules first.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import {
  getLanguage,
  moduleExtensions,
  selfReceivers,
  type LanguageId,
  type LanguageSpec,
} from '../languages/index.ts';
import { createModuleSystems, type ImportBinding, type ModuleSystem } from './modules/index.ts';
import { lastSegment } from './modules/types.ts';
import {
  ARITHMETIC,
  CALL_ARGUMENT,
  EXPRESSION_ARGUMENT,
  NAMED_ARGUMENT,
  type CallLevel,
  type CallSite,
  type CompilerTypeUses,
  type ContextLevel,
  type Definition,
  type FileFacts,
  type FunctionRecord,
  type ImportRef,
  type FunctionCall,
  type LevelMode,
  type MacroDefinition,
  type MacroUse,
  type RecordDefinition,
  type ResolvedCall,
} from './types.ts';

/** Functions by number (Definition.number), `from` included, `to` not. */
export interface DefinitionRange {
  from: number;
  to: number;
}

/** A name's definitions, grouped by what narrows a call's candidates (Resolver.applicable). */
interface NameGroups {
  all: Definition[];
  /** free functions (no owner, or kind `function`). */
  free: Definition[];
  /** methods and constructors (an owner, kind not `function`). */
  methods: Definition[];
  byOwner: Map<string, Definition[]>;
  byOwnerTail: Map<string, Definition[]>;
}

/**
 * Where a file's calls find a group of same-named candidates: the first tier (the file; what it includes or reaches;
 * what its includer includes) seeing some, else those visible from other files, and of them those in the file's folder.
 */
interface CandidateChoice {
  tier: Definition[] | null;
  visible: Definition[];
  sameDir: Definition[];
}

const NO_CALLS: readonly CallSite[] = [];
const NO_DEFINITIONS: readonly Definition[] = [];

/** Words before a function's name that are not its return type. */
const SIGNATURE_WORDS = new Set([
  'static',
  'inline',
  'virtual',
  'const',
  'constexpr',
  'consteval',
  'explicit',
  'extern',
  'friend',
  'public',
  'private',
  'protected',
  'internal',
  'final',
  'synchronized',
  'abstract',
  'native',
  'default',
  'async',
  'override',
  'export',
  'unsafe',
  'volatile',
  'mutable',
  'register',
  'thread_local',
  'struct',
  'class',
  'enum',
  'union',
  'typename',
  'template',
  'function',
  'def',
  'fun',
  'func',
  'fn',
  'pub',
  'sealed',
  'open',
  'suspend',
  'operator',
  'static_cast',
  'new',
]);

/**
 * The type a signature states for the function's result, without qualifiers, pointers, references or template
 * arguments: after the parameters (`-> T`, `): T`), else before the name (`const T& name(`); null when none is read.
 */
export function statedReturnType(signature: string, name: string): string | null {
  const at = new RegExp(`(?:^|[^\\w$])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*(?:<[^()]*>\\s*)?\\(`).exec(
    signature,
  );
  if (!at) return null;
  const open = signature.indexOf('(', at.index + name.length);
  let depth = 0;
  let close = -1;
  for (let index = open; index < signature.length && close < 0; index++) {
    if (signature[index] === '(') depth++;
    else if (signature[index] === ')' && --depth === 0) close = index;
  }
  const after =
    close < 0
      ? null
      : /^\s*(?:->|:)\s*[&*]?\s*(?:mut\s+|const\s+|readonly\s+)?([A-Za-z_$][\w$]*(?:(?:::|\.)[A-Za-z_$][\w$]*)*)/.exec(
          signature.slice(close + 1),
        );
  if (after) return after[1]!;
  let before = signature
    .slice(0, at.index + 1)
    .replace(/@[\w.]+(?:\([^)]*\))?/g, ' ')
    .replace(/(?:[A-Za-z_$][\w$]*(?:<[^<>]*>)?\s*::\s*)+~?$/, '');
  // template arguments and parenthesised parts (a Go method's receiver) are not the type's name
  for (let previous = ''; previous !== before; )
    [previous, before] = [before, before.replace(/<[^<>]*>|\([^()]*\)/g, ' ')];
  const words = before.match(/[A-Za-z_$][\w$]*(?:\s*(?:::|\.)\s*[A-Za-z_$][\w$]*)*/g) ?? [];
  const type = [...words].reverse().find((word) => !SIGNATURE_WORDS.has(word) && !/^[A-Z][A-Z0-9_]{3,}$/.test(word));
  return type?.replace(/\s+/g, '') ?? null;
}

/**
 * A C++ method declared `const` (`float x() const`, `operator const float*() const override`): what follows its
 * parameter list says so.
 */
export function constMethod(signature: string): boolean {
  const close = signature.lastIndexOf(')');
  return close >= 0 && /^[\s\w&]*\bconst\b/.test(signature.slice(close + 1));
}

/** An overloadable operator's use (CallRule.operator): a call of `operator...` on an operand of a stated type. */
function isOperatorSite(site: CallSite): boolean {
  return site.receiverType !== undefined && site.name.startsWith('operator');
}

/** Records a type by name project-wide: null once two declarations of the name disagree. */
function setAgreeing(types: Map<string, string | null>, name: string, type: string): void {
  const known = types.get(name);
  types.set(name, known === undefined || known === type ? type : null);
}

/**
 * A free operator takes the operand as its first parameter (`operator<<(Emitter&, const char*)`), a member one as
 * `this`.
 */
function freeOperator(definition: Definition, site: CallSite): boolean {
  return isOperatorUse(site) && site.argumentCount !== null && definition.fn.parameterCount === site.argumentCount + 1;
}

/** A definition that takes as many arguments as the site passes (a free operator one more: its operand). */
function takesArguments(definition: Definition, site: CallSite): boolean {
  return definition.fn.parameterCount === site.argumentCount || freeOperator(definition, site);
}

/** Whether one of a class's same-named methods takes a site's argument count (or the count is unknown). */
function takeArguments(methods: readonly Definition[], site: CallSite): boolean {
  return site.argumentCount === null || methods.some((d) => takesArguments(d, site));
}

/**
 * An operator applied to an operand (CallRule.operator), its type stated or not: an `operator...` call with a receiver.
 */
function isOperatorUse(site: CallSite): boolean {
  return site.receiver !== null && site.name.startsWith('operator');
}

const BOOLEAN = /^(?:bool|boolean)$/;

/**
 * How well known argument types fit a function's parameter types: -1 when one argument is of another
 * kind than its parameter (a class where a number is expected, another class), else the number that
 * agree. A literal `number`, `string` or `pointer` fits the parameters of that kind; a built-in type (a literal
 * `bool` or `char`, a local's `bool`, `int`) fits any built-in parameter and agrees twice with its own.
 */
export function argumentFit(
  argumentTypes: readonly (string | null)[],
  parameterTypes: readonly string[],
  classes: {
    derivesFrom(cls: string, base: string): boolean;
    convertsFromOneValue(cls: string): boolean | undefined;
  } = { derivesFrom: () => false, convertsFromOneValue: () => undefined },
): number {
  let agree = 0;
  for (const [index, argument] of argumentTypes.entries()) {
    const parameter = parameterTypes[index];
    if (argument === null || parameter === undefined || parameter === '') continue;
    const pointer = parameter.endsWith('*');
    const base = lastSegment(parameter.replace(/\*+$/, ''));
    let fits: boolean;
    if (argument === 'number') fits = !pointer && (ARITHMETIC.test(base) || BOOLEAN.test(base));
    else if (argument === 'string') {
      // a literal is a `const char*` exactly, a string class by conversion: the exact match wins (as overload
      // resolution has it)
      const exact = pointer && base === 'char';
      if (exact) agree++;
      fits = exact || /string(?:_view)?$/i.test(base);
    } else if (argument === 'pointer') fits = pointer;
    else if (ARITHMETIC.test(argument) || BOOLEAN.test(argument)) {
      // its own parameter type agrees twice, another built-in once, a class's only through a constructor taking one
      // value
      if (pointer) return -1;
      if (base === argument || lastSegment(base.split(/\s+/).pop()!) === argument) agree++;
      else if (!ARITHMETIC.test(base) && !BOOLEAN.test(base)) {
        if (classes.convertsFromOneValue(base) === false) return -1;
        continue;
      }
      fits = true;
    } else {
      const argumentPointer = argument.endsWith('*');
      const argumentBase = lastSegment(argument.replace(/\*+$/, ''));
      // a class argument fits a parameter of its class (by value, reference or, for a pointer, a pointer) twice, one of
      // a base once (as overload resolution ranks them); a parameter of a type known to be another (a built-in) does
      // not; other names (typedefs, classes it may convert to) are unknown
      if (argumentBase === base && argumentPointer === pointer) {
        agree++;
        fits = true;
      } else if (ARITHMETIC.test(base) || BOOLEAN.test(base) || argumentPointer !== pointer) fits = false;
      else if (classes.derivesFrom(argumentBase, base)) fits = true;
      else continue;
    }
    if (!fits) return -1;
    agree++;
  }
  return agree;
}

/**
 * A function's parameter types from its signature (`const ns::Vec3& v, float s` -> `Vec3`, `float`; a pointer keeps
 * `*`).
 */
export function parameterTypes(signature: string, name: string): string[] {
  return parameterTexts(signature, name).map(parameterType);
}

/** The text of each parameter a signature declares (none for `()` and `(void)`). */
function parameterTexts(signature: string, name: string): string[] {
  const open = signature.indexOf('(', Math.max(0, signature.lastIndexOf(name)));
  if (open < 0) return [];
  const texts: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let at = open + 1; at < signature.length; at++) {
    const ch = signature[at];
    if (ch === '(' || ch === '<' || ch === '[') depth++;
    else if ((ch === ')' || ch === '>' || ch === ']') && depth > 0) depth--;
    else if ((ch === ',' || ch === ')') && depth === 0) {
      texts.push(signature.slice(start, at));
      start = at + 1;
      if (ch === ')') break;
    }
  }
  return texts.length === 1 && /^\s*(?:void)?\s*$/.test(texts[0]!) ? [] : texts;
}

/** The type parameters a signature's template headers declare (`Key` of `template <typename Key>`). */
function templateTypeParameters(signature: string): Set<string> {
  const names = new Set<string>();
  for (const header of signature.matchAll(/\btemplate\s*<([^<>]*(?:<[^<>]*>[^<>]*)*)>/g)) {
    for (const parameter of header[1]!.matchAll(/\b(?:typename|class)\s*(?:\.\.\.\s*)?([A-Za-z_]\w*)/g))
      names.add(parameter[1]!);
  }
  return names;
}

/**
 * A parameter's type from its declaration (`const ns::Vec3& v` -> `ns::Vec3`, `final byte[] data` -> `byte*`: an array
 * or pointer keeps `*`).
 */
function parameterType(text: string): string {
  // a comment naming an unnamed parameter (`const Null& /*null*/`) is no pointer
  const declared = text
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ')
    .replace(/=.*$/s, '')
    .replace(/@[\w.]+(?:\([^)]*\))?\s*/g, '')
    .replace(/<[^<>]*>/g, '')
    .trim();
  const match = /^(?:(?:const|volatile|struct|class|enum|typename|unsigned|signed|final)\s+)*([A-Za-z_][\w:.]*)/.exec(
    declared,
  );
  if (!match) return '';
  const unsigned = /^(?:const\s+)?unsigned\b/.test(declared) ? 'unsigned' : match[1]!;
  return `${unsigned}${/\*|\[\s*\]|\.\.\./.test(declared) ? '*' : ''}`;
}

/** What a name bound by an import refers to. */
interface Binding {
  files: string[];
  /** the import is outside the repository: `stdlib` or `external`. */
  outside: 'stdlib' | 'external' | null;
  /** the name the import brings in, where it binds it under another (`import {levenshtein as distance}`). */
  imported?: string;
}

/**
 * A file where macros are looked up: its number (position in the resolver's files) and the macros found visible there
 * by name.
 */
interface FilePlace {
  facts: FileFacts;
  dir: string;
  index: number;
  /** visibleMacro's answers here, by name and whether only included files count. */
  visibleMacros: Map<string, MacroDefinition | undefined>;
}

/** A set of the resolver's files: 1 at the number of each file in it. */
type FileMarks = Uint8Array;

interface FileContext extends FilePlace {
  /** repository files reached through imports/includes (and the sources of included headers). */
  reached: FileMarks;
  /**
   * files textually included (C/C++ `#include`, transitively): their file-local (`static`) functions are visible too.
   */
  included: FileMarks;
  bindings: Map<string, Binding>;
  /**
   * the names declared by each system header this file reaches (sets shared, not copied), and whether that header is
   * the C library's.
   */
  systemNames: Map<Set<string>, boolean>;
  /** the C library's names (the language table's `systemLibrary`), when the file includes one of its headers. */
  libraryNames: Set<string> | null;
  /** files whose every name a glob import brings in (module systems only). */
  globFiles: string[];
  stdlib: Set<string>;
  stdlibModules: Set<string>;
  implicitThis: boolean;
  /** the language has classes (a `class` scope rule): a member call never reaches a free function. */
  methodsOnReceivers: boolean;
  /** calls decided in this file, by what decides them (callerCallKey): a file calls the same names again and again. */
  decided: Map<string, FunctionCall>;
  /** candidateChoice's answers, by `applicable` group. */
  choices: Map<readonly Definition[], CandidateChoice>;
  /** the file's translation unit as a compiler without its own headers reads it (worked out when first needed). */
  compilerTypes?: CompilerTypeUnit;
  /**
   * for a header, the context of the source file it is read in (`firstIncluder`; null when none), worked out when first
   * needed.
   */
  includer?: FileContext | null;
}

/**
 * A C translation unit (a file, its includes read in place, each once) in the order it declares the
 * compiler's own headers' type names (`typedef size_t (*f)(...)`) and the functions using them in their
 * signatures: each such declaration has a position (`at`), in reading order.
 */
interface CompilerTypeUnit {
  /** the position of each type name's first `typedef`. */
  typedefs: Map<string, number>;
  /**
   * each function's first declaration: its position, whether it is a definition in an included file, and the type names
   * in its return type and parameters.
   */
  functions: Map<string, { at: number; includedDefinition: boolean; returns: string[]; parameters: string[] }>;
}

/** A system include: whether it names the C library, and its headers' declared names (each with that flag). */
interface SystemInclude {
  library: boolean;
  sets: { names: Set<string>; library: boolean }[];
}

/** What a file's includes and imports bring it, transitively (the file itself left out): files by number. */
interface FileClosure {
  included: Int32Array;
  reached: Int32Array;
  bindings: Map<string, Binding>;
  globFiles: string[];
  /** the system includes reached, in order. */
  systemTargets: SystemInclude[];
}

/** What one import of a file brings to the files that reach it. */
type ImportStep =
  | { kind: 'module'; bindings: ImportBinding[] }
  | { kind: 'outside'; names: string[]; outside: 'stdlib' | 'external'; system: SystemInclude | null }
  | {
      kind: 'files';
      names: string[];
      renamed: Record<string, string> | undefined;
      files: string[];
      numbers: number[];
      include: boolean;
    };

const SYSTEM_INCLUDE_DIRS = ['/usr/include', '/usr/local/include', '/usr/include/x86_64-linux-gnu'];
/** The levels of calls reaching a function of the repository (defined, or generated by a macro). */
const REPOSITORY_LEVELS = new Set<CallLevel>(['file', 'package', 'project']);
const LEVEL_RANK: Record<ContextLevel, number> = { none: 0, stdlib: 1, file: 2, package: 3, project: 4 };

/** A call's callee name in a mode. */
export function callNameIn(call: Pick<ResolvedCall, 'name' | 'yablocoName'>, mode: LevelMode): string {
  return mode === 'yabloco' ? (call.yablocoName ?? call.name) : call.name;
}

/** A call's level in a mode; null when the mode does not count the call (YABLoCo: calls inside a macro's expansion). */
export function callLevelIn(
  call: Pick<ResolvedCall, 'level' | 'yablocoLevel' | 'viaMacro' | 'needsCompilerHeaders'>,
  mode: LevelMode,
): CallLevel | null {
  if (mode === 'default') return call.level;
  return call.viaMacro || call.needsCompilerHeaders ? null : (call.yablocoLevel ?? call.level);
}

/** A function's context level: the highest of project > package > file > stdlib among its counted calls. */
export function contextLevel(
  calls: Iterable<Pick<ResolvedCall, 'level' | 'yablocoLevel' | 'viaMacro' | 'needsCompilerHeaders'>>,
  mode: LevelMode,
): ContextLevel {
  let level: ContextLevel = 'none';
  for (const call of calls) {
    const callLevel = callLevelIn(call, mode);
    if (callLevel === null || callLevel === 'external' || callLevel === 'unresolved') continue;
    if (LEVEL_RANK[callLevel] > LEVEL_RANK[level]) level = callLevel;
  }
  return level;
}

/** Stable function id: path, qualified name and signature (whitespace-normalised), 16 hex chars. */
export function functionId(path: string, qualifiedName: string, signature: string, occurrence = 0): string {
  const shape = signature.replace(/\s+/g, ' ').trim();
  const key = `${path}\0${qualifiedName}\0${shape}${occurrence ? `\0${occurrence}` : ''}`;
  return createHash('sha1').update(key).digest('hex').slice(0, 16);
}

function ownerOf(qualifiedName: string): string {
  const cut = Math.max(
    qualifiedName.lastIndexOf('::') >= 0 ? qualifiedName.lastIndexOf('::') : -1,
    qualifiedName.lastIndexOf('.'),
  );
  return cut > 0 ? qualifiedName.slice(0, cut) : '';
}

/** Whether an ascending list of file numbers holds `file`. */
function hasFile(files: Int32Array | undefined, file: number): boolean {
  if (!files) return false;
  let low = 0;
  let high = files.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (files[middle] === file) return true;
    if (files[middle]! < file) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/** A word character as a RegExp's `\w` (no `u` flag) means it. */
function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/**
 * Whether a parameter list declares a parameter named `word` (`(*cmp)(...)`, `void *data,`), not a
 * type of that name (`const Vec3& v`): the whole word, then `,`, `)`, `[` or `=` (no RegExp built per call).
 */
function namesParameter(parameters: string, word: string): boolean {
  for (let at = parameters.indexOf(word); at >= 0; at = parameters.indexOf(word, at + 1)) {
    if (at > 0 && isWordCode(parameters.charCodeAt(at - 1))) continue;
    let next = at + word.length;
    if (next < parameters.length && isWordCode(parameters.charCodeAt(next))) continue;
    while (parameters[next] === ' ' || parameters[next] === '\t' || parameters[next] === '\n') next++;
    if (',)[='.includes(parameters[next] ?? '')) return true;
  }
  return false;
}

/**
 * Whether two qualified names can name one class: equal, or one a qualified suffix of the other (`Slider`,
 * `Gwen::Controls::Slider`).
 */
function sameClass(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return long.endsWith(short) && /(?:::|\.)$/.test(long.slice(0, long.length - short.length));
}

function stem(path: string): string {
  const base = posix.basename(path);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

export class Resolver {
  private readonly paths: Set<string>;
  private readonly pathsBySuffix = new Map<string, string[]>();
  private readonly filesByDir = new Map<string, string[]>();
  private readonly definitionsByName = new Map<string, Definition[]>();
  /** the classes (owners' last segments) that define a method: a receiver of another type has no project methods. */
  private readonly ownerTails = new Set<string>();
  /** return types read from signatures, by definition number (returnTypeOf). */
  private readonly returnTypes = new Map<number, string | null>();
  /** how deep receiverCallType is in a chain of calls on calls' results. */
  private receiverCallDepth = 0;
  /** how often resultType stopped at that depth: a call decided meanwhile may have been decided short. */
  private receiverCallStops = 0;
  /** resolveCall's answers for the function being resolved, by call site (decided in full: no stop at the depth). */
  private readonly decidedSites = new Map<CallSite, FunctionCall>();
  private readonly groupsByName = new Map<string, NameGroups>();
  /** type aliases (`using X = T`), by name: the target's type name (`T*` for a smart pointer). */
  private readonly typeAliases = new Map<string, string>();
  /**
   * an enumeration's constants, by name (`scope::name` where code names them with their scope,
   * FileFacts.enumConstants): their enumeration's name, null where enumerations share the key.
   */
  private readonly constantTypes = new Map<string, string | null>();
  /**
   * the stated types of variables declared outside classes and functions (FileFacts.fieldTypes with owner ''), by name;
   * null where they differ.
   */
  private readonly globalTypes = new Map<string, string | null>();
  /** the standard library's classes its languages' tables name (`libraryClasses`). */
  private readonly libraryClassNames = new Set<string>();
  /**
   * the classes the files declare (FileFacts.classBases), by name (its last segment): the last segments of the bases
   * they name.
   */
  private readonly basesByClass = new Map<string, string[]>();
  /** IndexOptions.yablocoIndexedFiles, null when not given (every file counts as indexed). */
  private readonly yablocoIndexed: ReadonlySet<string> | null;
  /**
   * the files declaring a name without a body (FileFacts.declarations), in a language with a preprocessor: file
   * numbers, ascending (made when first needed).
   */
  private declaringFiles: Map<string, number[]> | undefined;
  /**
   * the position in the function being resolved of its first call YABLoCo's clang stopped at (resolveEach), -1 before
   * one.
   */
  private clangStop = -1;
  /** ownersOf's answers, by owner. */
  private readonly ownersByName = new Map<string, string[]>();
  /** the bases each class names, by the class's qualified name (last segments). */
  private readonly basesByOwner = new Map<string, string[]>();
  /** fittestOverloads' answers by candidate list, then by operator use, argument count and typed arguments. */
  private readonly fittestByCandidates = new WeakMap<
    readonly Definition[],
    Map<string, { score: number; found: Definition[] }>
  >();
  /** basesByOwner's classes by their last segment (ownersOf's candidates). */
  private readonly ownersByTail = new Map<string, string[]>();
  /** the call sites of the function being resolved by line and name (callsAt), made when first needed. */
  private callsAtIndex: Map<string, CallSite[]> | null = null;
  /** innerCall's answers for the function being resolved. */
  private readonly innerCalls = new Map<CallSite, CallSite | null>();
  /** atDeclaredMethod's answers by class (last segment) and method name: the declaring class and its file, or null. */
  private readonly declaredMethods = new Map<string, { file: number; cls: string } | null>();
  private readonly declaredNamesByFile = new Map<number, Set<string>>();
  /** fullyQualified's answers by file and owner as written. */
  private readonly qualifiedOwners = new Map<string, string | null>();
  /** classDeclarations' classes by last segment, with the file declaring each (made when first asked). */
  private classesByTail: Map<string, { file: number; cls: string }[]> | null = null;
  /**
   * a base's name as written where it names a module or namespace (`express.Express`), by its last segment: what its
   * library is bound by.
   */
  private readonly qualifiedBases = new Map<string, string>();
  /**
   * the same by file and qualified name: where classes of modules share a name (two `TimeoutError`s), the caller's
   * file's.
   */
  private readonly basesByFileOwner = new Map<string, string[]>();
  /** lineage's answers, by class name. */
  private readonly lineages = new Map<string, readonly string[]>();
  /** callerLineage's answers, by file and qualified class name. */
  private readonly callerLineages = new Map<string, string[]>();
  /** the stated types of classes' fields, by class name (its last segment) and field. */
  private readonly fieldTypesByOwner = new Map<string, Map<string, string>>();
  /**
   * the same by the class's qualified name: where classes share a last name (`btSoftBody::Face`, a hull's `Face`), the
   * one meant.
   */
  private readonly fieldTypesByQualifiedOwner = new Map<string, Map<string, string>>();
  private readonly parameterTypesOf = new Map<Definition, string[]>();
  /** the conversion operators to a pointer, by class (made when first needed). */
  private conversionsByOwner: Map<string, Definition[]> | undefined;
  /** namedConstructors' answers, by language and class. */
  private readonly constructorChoices = new Map<string, readonly Definition[]>();
  /** operatorCandidates' answers, by operator, type and operand count. */
  private readonly operatorChoices = new Map<string, readonly Definition[]>();
  /**
   * the callees' numbers (Definition.number) of each call decided in the file being resolved, by its `calleeIds`
   * (shared by the calls reusing the decision).
   */
  private readonly calleeNumbers = new Map<string[], number[]>();
  private readonly definitions: Definition[] = [];
  private readonly systemHeaderNames = new Map<string, { header: string; names: Set<string> }[]>();
  private readonly libraryNameSets = new Map<LanguageId, Set<string>>();
  private readonly systemHeaders = new Map<string, { names: Set<string>; includes: string[] } | null>();
  /**
   * the system headers' name sets (systemHeaders) declaring each name: a call tries these, not every set its file
   * reaches.
   */
  private readonly systemSetsByName = new Map<string, Set<string>[]>();
  private readonly factsByPath = new Map<string, FileFacts>();
  private readonly pathsByStem = new Map<string, string[]>();
  private readonly importCache = new Map<string, string[]>();
  private readonly macrosByName = new Map<string, (MacroDefinition & { path: string })[]>();
  private readonly moduleSystems: Map<LanguageId, ModuleSystem>;
  private readonly languageSetCache = new Map<
    LanguageId,
    { stdlib: Set<string>; stdlibModules: Set<string>; libraryMacros: Set<string> }
  >();
  private readonly importStepCache = new Map<LanguageId, Map<string, ImportStep[]>>();
  private readonly systemIncludeCache = new Map<string, SystemInclude>();
  private readonly headerSourceCache = new Map<string, string[]>();
  /**
   * functions that macro invocations generate (`atomic_load_p` from `JEMALLOC_GENERATE_ATOMICS(void *, p)`), where
   * invoked.
   */
  private readonly generatedByName = new Map<string, { path: string; dir: string; line: number }[]>();
  /**
   * functions that macro invocations generate with compiler-header types in their signatures, by the file invoking the
   * macro.
   */
  private readonly generatedTypeUses = new Map<string, CompilerTypeUses['functions']>();
  /** file-scope function-pointer variables, by name. */
  private readonly pointerVariablesByName = new Map<string, { path: string; dir: string; defined: boolean }[]>();
  /** the records declaring a function-pointer field, by field name. */
  private readonly recordsByField = new Map<string, { record: RecordDefinition; path: string; dir: string }[]>();
  /** the docstrings of bodyless declarations (`declarationDocstrings`), by name, each file's in its order. */
  private readonly declarationDocsByName = new Map<string, { file: number; line: number; docstring: string }[]>();
  /** the files in order (a file's number is its position). */
  private readonly filePaths: string[];
  /** each included file's includers (transitively), each macro-defining file's reachers: file numbers, ascending. */
  private readonly fileIndex = new Map<string, number>();
  private readonly includersOf = new Map<string, Int32Array>();
  private readonly reachersOf = new Map<string, Int32Array>();
  /** each file's closure (indexIncluders' pass), for its context in resolution's pass. */
  private readonly closures = new Map<string, FileClosure>();
  /** visitClosure's marks: a file is in the closure being visited when its mark is that visit's number. */
  private readonly includedMarks: Int32Array;
  private readonly reachedMarks: Int32Array;
  private closureVisits = 0;

  /**
   * `root`: the checkout, where module systems read manifests (go.mod); null when there is none. `yablocoIndexedFiles`:
   * IndexOptions.yablocoIndexedFiles.
   */
  constructor(files: FileFacts[], root: string | null = null, yablocoIndexedFiles?: readonly string[]) {
    this.yablocoIndexed = yablocoIndexedFiles ? new Set(yablocoIndexedFiles) : null;
    this.moduleSystems = createModuleSystems(files, root);
    this.paths = new Set(files.map((f) => f.path));
    this.filePaths = files.map((f) => f.path);
    this.filePaths.forEach((path, index) => this.fileIndex.set(path, index));
    this.includedMarks = new Int32Array(files.length);
    this.reachedMarks = new Int32Array(files.length);
    for (const file of files) {
      this.factsByPath.set(file.path, file);
      const byStem = this.pathsByStem.get(stem(file.path)) ?? [];
      byStem.push(file.path);
      this.pathsByStem.set(stem(file.path), byStem);
      const dir = posix.dirname(file.path);
      const inDir = this.filesByDir.get(dir) ?? [];
      inDir.push(file.path);
      this.filesByDir.set(dir, inDir);
      // Index every path suffix (`a/b/c.h`, `b/c.h`, `c.h`) for include and module lookups.
      const parts = file.path.split('/');
      for (let i = 0; i < parts.length; i++) {
        const suffix = parts.slice(i).join('/');
        const list = this.pathsBySuffix.get(suffix) ?? [];
        list.push(file.path);
        this.pathsBySuffix.set(suffix, list);
      }
      for (const { name, line, docstring } of file.declarationDocs ?? []) {
        const list = this.declarationDocsByName.get(name) ?? [];
        list.push({ file: this.fileIndex.get(file.path)!, line, docstring });
        this.declarationDocsByName.set(name, list);
      }
      for (const variable of file.pointerVariables ?? []) {
        const list = this.pointerVariablesByName.get(variable.name) ?? [];
        list.push({ path: file.path, dir, defined: variable.defined });
        this.pointerVariablesByName.set(variable.name, list);
      }
      for (const alias of file.typeAliases ?? []) this.typeAliases.set(alias.name, alias.type);
      for (const constant of file.enumConstants ?? [])
        setAgreeing(
          this.constantTypes,
          constant.scope === undefined ? constant.name : `${constant.scope}::${constant.name}`,
          constant.type,
        );
      for (const { owner, bases } of file.classBases ?? []) {
        const tail = lastSegment(owner);
        const tails = bases.map(lastSegment).filter((base) => base !== tail);
        this.basesByClass.set(tail, [...(this.basesByClass.get(tail) ?? []), ...tails]);
        const known = this.basesByOwner.get(owner);
        if (known === undefined) this.ownersByTail.set(tail, [...(this.ownersByTail.get(tail) ?? []), owner]);
        this.basesByOwner.set(owner, [...(known ?? []), ...tails]);
        this.basesByFileOwner.set(`${file.path}\0${owner}`, tails);
        for (const base of bases) if (lastSegment(base) !== base) this.qualifiedBases.set(lastSegment(base), base);
      }
      for (const field of file.fieldTypes ?? []) {
        if (field.owner === '') {
          setAgreeing(this.globalTypes, field.name, field.type);
          continue;
        }
        for (const [byOwner, owner] of [
          [this.fieldTypesByOwner, lastSegment(field.owner)],
          [this.fieldTypesByQualifiedOwner, field.owner],
        ] as const) {
          let fields = byOwner.get(owner);
          if (!fields) byOwner.set(owner, (fields = new Map()));
          fields.set(field.name, field.type);
        }
      }
      for (const record of file.records ?? []) {
        for (const field of record.fields) {
          const list = this.recordsByField.get(field) ?? [];
          list.push({ record, path: file.path, dir });
          this.recordsByField.set(field, list);
        }
      }
      for (const macro of file.macros ?? []) {
        const list = this.macrosByName.get(macro.name) ?? [];
        list.push({ ...macro, path: file.path });
        this.macrosByName.set(macro.name, list);
      }
      const seen = new Map<string, number>();
      for (const fn of file.functions) {
        const baseId = functionId(file.path, fn.qualifiedName, fn.signature);
        const occurrence = seen.get(baseId) ?? 0;
        seen.set(baseId, occurrence + 1);
        const owner = ownerOf(fn.qualifiedName);
        const definition: Definition = {
          id: occurrence ? functionId(file.path, fn.qualifiedName, fn.signature, occurrence) : baseId,
          fn,
          path: file.path,
          file: this.fileIndex.get(file.path)!,
          dir,
          owner,
          ownerTail: lastSegment(owner),
          number: this.definitions.length,
          isConst: owner !== '' && constMethod(fn.signature),
        };
        this.definitions.push(definition);
        if (definition.ownerTail !== '') this.ownerTails.add(definition.ownerTail);
        const list = this.definitionsByName.get(fn.name) ?? [];
        list.push(definition);
        this.definitionsByName.set(fn.name, list);
      }
    }
    // the standard library's classes derive from each other as its language's table says (`stringstream` is an
    // `istream`)
    for (const language of new Set(files.map((file) => file.language))) {
      for (const [cls, bases] of Object.entries(getLanguage(language).libraryClasses ?? {})) {
        // a class of the project by the same name is the project's
        if (this.basesByClass.has(cls) || this.ownerTails.has(cls)) continue;
        this.libraryClassNames.add(cls);
        this.basesByClass.set(cls, bases);
      }
    }
    // a fixture's test (`TEST_F(Fixture, Name)`) is a method of a class derived from the fixture: its members are the
    // body's own; the fixture is often named through an alias (`typedef HandlerTest GenEmitterTest;`), known once all
    // files are read
    for (const definition of this.definitions) {
      if (definition.fn.fixture === undefined) continue;
      definition.owner = this.dealiased(definition.fn.fixture);
      definition.ownerTail = lastSegment(definition.owner);
    }
  }

  /**
   * Resolves the functions one at a time, in order, handing each one's number, calls and context
   * level to `emit` (functionRecord makes its record); returns each called function's number of
   * distinct callers (known only at the end), by function number.
   * A file's context lives only while its functions are resolved: nothing grows with the repository
   * but the callers counts (and the include relation and each file's closure, as file numbers, when
   * macros or includes need them).
   */
  resolveEach(
    emit: (number: number, calls: FunctionCall[], level: ContextLevel) => void,
    part: DefinitionRange = { from: 0, to: this.definitions.length },
  ): Map<number, number> {
    this.indexIncluders();
    this.filePaths.forEach((path, index) => {
      const facts = this.factsByPath.get(path)!;
      if (!facts.macroUses) return;
      const place: FilePlace = { facts, dir: posix.dirname(path), index, visibleMacros: new Map() };
      for (const use of facts.macroUses) this.generate(use, place, 0);
    });
    // Callers counted by function number: each callee's count, the last caller counted (a caller counts once), and the
    // order callees were first called in.
    const counts = new Int32Array(this.definitions.length);
    const lastCaller = new Int32Array(this.definitions.length).fill(-1);
    const called: number[] = [];
    let context: FileContext | null = null;
    for (let caller = part.from, to = Math.min(part.to, this.definitions.length); caller < to; caller++) {
      const definition = this.definitions[caller]!;
      if (context?.facts.path !== definition.path) {
        context = this.fileContext(this.factsByPath.get(definition.path)!);
        // the calls of the file before are no longer reused
        this.calleeNumbers.clear();
      }
      const own: FunctionCall[] = [];
      this.beginFunction();
      for (const site of definition.fn.calls) this.resolveThroughMacros(definition, site, context, 0, own);
      // YABLoCo's clang read a function's calls up to the first one naming a function it does not hold: none after it
      // counts
      if (this.clangStop >= 0) for (const call of own.slice(this.clangStop)) call.yablocoLevel = 'unresolved';
      for (const resolved of own) {
        for (const callee of this.calleeNumbers.get(resolved.calleeIds) ?? []) {
          if (lastCaller[callee] === caller) continue;
          lastCaller[callee] = caller;
          if (counts[callee]++ === 0) called.push(callee);
        }
      }
      emit(caller, own, contextLevel(own, 'default'));
    }
    return new Map(called.map((callee) => [callee, counts[callee]!]));
  }

  /**
   * Function `number`'s record (without its callers), at `level` (what resolveEach gave it); its code is cut from its
   * file's text, `textOf`.
   */
  functionRecord(
    number: number,
    level: ContextLevel,
    textOf: (path: string) => string,
  ): Omit<FunctionRecord, 'callers'> {
    const definition = this.definitions[number]!;
    const { id, fn, path } = definition;
    return {
      id,
      name: fn.name,
      qualifiedName: this.fullyQualified(definition),
      kind: fn.kind,
      path,
      language: this.factsByPath.get(path)!.language,
      signature: fn.signature,
      code: textOf(path).slice(fn.codeStart, fn.codeEnd),
      span: fn.span,
      bodySpan: fn.bodySpan,
      docstring: fn.docstring ?? this.declaredDocstring(this.definitions[number]!),
      linesOfCode: fn.span.endLine - fn.span.startLine + 1,
      level,
      lastCommit: null,
    };
  }

  /**
   * A method's qualified name with its class's own (`Gwen::Controls::Slider::SetValue` for `Slider::SetValue` defined
   * out of line under `using namespace Gwen::Controls;`), as its compiler names it: when the owner written is no
   * class its file sees under that name but the last segments of exactly one class it sees (declared in the file or
   * a header it includes; a test's own global `Slider` elsewhere does not count).
   */
  private fullyQualified({ fn, owner, path, file }: Definition): string {
    if (owner === '' || !fn.qualifiedName.startsWith(owner)) return fn.qualifiedName;
    const key = `${file}\0${owner}`;
    let cls = this.qualifiedOwners.get(key);
    if (cls === undefined) {
      cls = null;
      const declared = this.classDeclarations(owner);
      if (declared.length > 0 && !declared.every((declaration) => declaration.cls === owner)) {
        const included = new Set(this.closureOf(this.factsByPath.get(path)!).included);
        const seen = new Set(
          declared
            .filter((declaration) => declaration.file === file || included.has(declaration.file))
            .map((declaration) => declaration.cls),
        );
        if (seen.size === 1) cls = [...seen][0]!;
      }
      this.qualifiedOwners.set(key, cls);
    }
    return cls === null ? fn.qualifiedName : cls + fn.qualifiedName.slice(owner.length);
  }

  /**
   * The classes an owner as written may name (itself, or a class whose qualified name ends with it), with the file
   * declaring each.
   */
  private classDeclarations(owner: string): { file: number; cls: string }[] {
    if (!this.classesByTail) {
      this.classesByTail = new Map();
      for (const key of this.basesByFileOwner.keys()) {
        const [file, cls] = key.split('\0') as [string, string];
        const list = this.classesByTail.get(lastSegment(cls)) ?? [];
        list.push({ file: this.fileIndex.get(file)!, cls });
        this.classesByTail.set(lastSegment(cls), list);
      }
    }
    return (this.classesByTail.get(lastSegment(owner)) ?? []).filter(({ cls }) => sameClass(cls, owner));
  }

  /** Forgets what held for the function resolved before (every cache of the function being resolved is here). */
  private beginFunction(): void {
    this.clangStop = -1;
    this.decidedSites.clear();
    this.callsAtIndex = null;
    this.innerCalls.clear();
  }

  /** The number of the first function of a file at or after `path` in path order (the function count when none). */
  firstFunctionFrom(path: string): number {
    const number = this.definitions.findIndex((definition) => definition.path >= path);
    return number < 0 ? this.definitions.length : number;
  }

  /**
   * A call to a function-like macro (visible from the caller's file) stands for the calls in the
   * macro's replacement text, resolved from the caller; everything else is an ordinary call. The
   * resolved calls are added to `into`.
   */
  private resolveThroughMacros(
    caller: Definition,
    site: CallSite,
    context: FileContext,
    depth: number,
    into: FunctionCall[],
  ): void {
    // A macro defined in the file or a header it includes hides a function of the same name; one only
    // reachable otherwise (a header's twin source) stands in for calls that reach no function.
    const macro =
      depth >= 4 || !this.macrosByName.has(site.name)
        ? undefined
        : this.visibleMacro(site.name, context, this.definitionsByName.has(site.name));
    if (!macro) {
      const resolved = this.resolveCall(caller, site, context);
      // (a library name its headers define as a macro, `assert`, is a macro's expansion too)
      if (
        depth > 0 ||
        (resolved.level === 'stdlib' &&
          this.languageSets(getLanguage(context.facts.language)).libraryMacros.has(site.name))
      )
        resolved.viaMacro = true;
      // YABLoCo's clang reads a C++ function's calls in order and stops at the first naming what its table lacks (in a
      // template it leaves the calls on its parameters' types unresolved: skipped, the reading goes on)
      const stoppable =
        getLanguage(context.facts.language).templateDeclarations !== undefined && caller.fn.template === undefined;
      // an operator that reaches no function of the project is the language's own: no call (a class's implicit `=`
      // stops clang's reading)
      if (resolved.level === 'unresolved' && isOperatorUse(site)) {
        if (stoppable && this.clangStop < 0 && site.name === 'operator=' && this.implicitAssignment(caller, site))
          this.clangStop = into.length;
        return;
      }
      // a construction (a library class's too: `m_name(name)` of a `std::string`) is no call clang's table holds
      // (a call through a record's field, named `Record::field`, before a declared method's name is given)
      const throughField = resolved.yablocoName?.includes('::') === true;
      const uncounted = site.constructs === true || this.uncountedByClang(resolved, caller);
      if (uncounted) resolved.yablocoLevel = 'unresolved';
      else {
        this.atDeclaredMethod(caller, site, resolved);
        if (this.yablocoIndexed && resolved.yablocoName === undefined)
          this.placeAtDeclaration(caller, resolved, context);
      }
      // a call of an instantiation (a template's, the standard library's classes' members) is one clang's table does
      // not hold
      if (
        stoppable &&
        this.clangStop < 0 &&
        ((uncounted && site.constructs !== true && !this.onlyConstructors(resolved)) ||
          (resolved.level === 'stdlib' && this.onLibraryClass(caller, site, context)))
      )
        this.clangStop = into.length;
      if (
        site.needsCompilerHeaders ||
        (REPOSITORY_LEVELS.has(resolved.level) && this.invalidWithoutCompilerHeaders(site.name, context))
      )
        resolved.needsCompilerHeaders = true;
      into.push(resolved);
      // a call through a record's field is also a use of the variable it starts from (`conn` in
      // `conn->type->close(conn)`)
      const variable = throughField ? this.pointerVariable(caller, site) : undefined;
      if (variable) into.push({ ...resolved, yablocoName: variable, yablocoLevel: 'file' });
    } else if (macro.alias) {
      this.resolveThroughMacros(caller, { ...site, name: macro.calls[0]!.name }, context, depth + 1, into);
    } else {
      for (const inner of macro.calls)
        this.resolveThroughMacros(caller, { ...inner, line: site.line, column: site.column }, context, depth + 1, into);
    }
  }

  /**
   * YABLoCo's clang places a callee it has no definition of (one in a file its pipeline did not index:
   * IndexOptions.yablocoIndexedFiles) where the caller's translation unit declares it: at its prototype, or a
   * method at its declaration in its class, in the caller's file or a header the file includes; the call's
   * level is that file's. Of several declaring headers, the definition's own (same stem), else one in its
   * folder, else the first.
   */
  private placeAtDeclaration(caller: Definition, call: FunctionCall, context: FileContext): void {
    if (
      !REPOSITORY_LEVELS.has(call.level) ||
      call.calleeIds.length === 0 ||
      !getLanguage(context.facts.language).macros
    )
      return;
    const callee = this.definitions[this.calleeNumbers.get(call.calleeIds)![0]!]!;
    if (this.yablocoIndexed!.has(callee.path) || callee.file === caller.file || context.included[callee.file] === 1)
      return;
    if (!this.declaringFiles) {
      const declaring = new Map<string, number[]>();
      this.filePaths.forEach((path, file) => {
        const facts = this.factsByPath.get(path)!;
        if (!getLanguage(facts.language).macros) return;
        for (const name of new Set(facts.declarations)) {
          const list = declaring.get(name);
          if (list) list.push(file);
          else declaring.set(name, [file]);
        }
      });
      this.declaringFiles = declaring;
    }
    // a method is declared in its class, wherever another class declares one of the same name
    const declaring =
      callee.owner !== '' && this.basesByOwner.size > 0
        ? this.classDeclarations(callee.owner).map(({ file }) => file)
        : (this.declaringFiles.get(callee.fn.name) ?? []);
    if (declaring.includes(caller.file)) {
      call.yablocoLevel = 'file';
      return;
    }
    const inUnit = declaring.filter((file) => context.included[file] === 1);
    if (inUnit.length === 0) return;
    const pathOf = (file: number) => this.filePaths[file]!;
    const header =
      inUnit.find((file) => stem(pathOf(file)) === stem(callee.path)) ??
      inUnit.find((file) => posix.dirname(pathOf(file)) === callee.dir) ??
      inUnit[0]!;
    call.yablocoLevel = posix.dirname(pathOf(header)) === caller.dir ? 'package' : 'project';
  }

  /**
   * clang names a member call by the method the receiver's class declares
   * (`ci.m_dispatcher1->allocateCollisionAlgorithm()` on a `btDispatcher*` calls
   * `btDispatcher::allocateCollisionAlgorithm`, pure virtual there), where the index reaches only definitions in other
   * classes (overrides in derived ones) or none: in `yabloco` mode the call is that declaration (`yablocoName`, no
   * function record), at the level of the file declaring the class. The nearest class of the receiver's lineage whose
   * file declares a method of the name without a body is the one.
   */
  private atDeclaredMethod(caller: Definition, site: CallSite, call: FunctionCall): void {
    if (
      site.receiver === null ||
      site.receiverIsPath ||
      call.yablocoName !== undefined ||
      (call.level !== 'unresolved' && !REPOSITORY_LEVELS.has(call.level)) ||
      this.basesByOwner.size === 0
    )
      return;
    const type = site.receiverType ?? this.expressionType(caller, site.receiver, site.receiverRootType);
    if (type === undefined) return;
    const tail = lastSegment(this.dealiased(type).replace(/\*$/, ''));
    const callees = call.calleeIds.length > 0 ? (this.calleeNumbers.get(call.calleeIds) ?? []) : [];
    if (callees.some((number) => this.definitions[number]!.ownerTail === tail)) return;
    const key = `${tail}\0${site.name}`;
    let declared = this.declaredMethods.get(key);
    if (declared === undefined) {
      declared = null;
      for (const cls of this.lineage(tail)) {
        declared = this.classDeclarations(cls).find(({ file }) => this.declaredNames(file).has(site.name)) ?? null;
        if (declared) break;
      }
      this.declaredMethods.set(key, declared);
    }
    if (!declared) return;
    const path = this.filePaths[declared.file]!;
    call.yablocoName = `${declared.cls}::${site.name}`;
    call.yablocoLevel =
      declared.file === caller.file ? 'file' : posix.dirname(path) === caller.dir ? 'package' : 'project';
  }

  /** A file's bodyless declarations' names (FileFacts.declarations), as a set made when first asked. */
  private declaredNames(file: number): Set<string> {
    let names = this.declaredNamesByFile.get(file);
    if (!names) {
      names = new Set(this.factsByPath.get(this.filePaths[file]!)!.declarations);
      this.declaredNamesByFile.set(file, names);
    }
    return names;
  }

  /**
   * A member call on a value whose type is a standard library class (`std::vector<T> v; v.size()`, a field of that
   * type).
   */
  private onLibraryClass(caller: Definition, site: CallSite, context: FileContext): boolean {
    if (site.receiver === null || site.receiverIsPath) return false;
    const type = site.receiverType ?? this.expressionType(caller, site.receiver, site.receiverRootType);
    return type !== undefined && context.stdlibModules.has(this.dealiased(type).split(/::|\./)[0]!);
  }

  /** Whether every callee of a call is a constructor. */
  private onlyConstructors(call: FunctionCall): boolean {
    const numbers = call.calleeIds.length > 0 ? this.calleeNumbers.get(call.calleeIds) : undefined;
    return numbers !== undefined && numbers.every((number) => this.definitions[number]!.fn.kind === 'constructor');
  }

  /** An assignment to a value of a class of the project that declares no `operator=`: the compiler's implicit one. */
  private implicitAssignment(caller: Definition, site: CallSite): boolean {
    const type =
      site.receiverType ??
      (site.receiver !== null ? this.expressionType(caller, site.receiver, site.receiverRootType) : undefined);
    if (type === undefined || type.endsWith('*')) return false;
    return this.basesByClass.has(lastSegment(this.dealiased(type)));
  }

  /**
   * Calls YABLoCo's call graph never holds (from clang's references, bullet3's graph: no constructor in
   * 3,368 callees, no function template, no member of a class template called from outside the template:
   * clang names the instantiation, which its table does not hold): a call whose every callee is one of those.
   */
  private uncountedByClang(call: FunctionCall, caller: Definition): boolean {
    const numbers = call.calleeIds.length > 0 ? this.calleeNumbers.get(call.calleeIds) : undefined;
    return (
      numbers !== undefined &&
      numbers.every((number) => {
        const callee = this.definitions[number]!;
        const { fn } = callee;
        if (fn.kind === 'constructor' || fn.template === 'function') return true;
        return fn.template === 'class-member' && !(caller.fn.template !== undefined && caller.owner === callee.owner);
      })
    );
  }

  /**
   * Whether the function a call names is invalid to a compiler without its own headers (YABLoCo's
   * clang; docs/index.md, "Levels"), read from the caller's translation unit: a type name of those
   * headers in its signature is undeclared, unless a `typedef size_t (*f)(...)` declared the name
   * before; that makes the name work as a parameter type, not as a return type (a function returning
   * a function type). A function defined in an included file before such a `typedef` stays valid.
   */
  private invalidWithoutCompilerHeaders(name: string, context: FileContext): boolean {
    if (!context.facts.compilerTypeUses) return false;
    const unit = (context.compilerTypes ??= this.compilerTypeUnit(context));
    const declared = unit.functions.get(name);
    if (!declared) return false;
    const typedefAt = (type: string) => unit.typedefs.get(type) ?? Infinity;
    const definedBefore = (type: string) =>
      declared.includedDefinition && declared.at < typedefAt(type) && typedefAt(type) < Infinity;
    return (
      declared.returns.some((type) => !definedBefore(type)) ||
      declared.parameters.some((type) => !definedBefore(type) && !(typedefAt(type) < declared.at))
    );
  }

  /** The first source file (in file order, included by none) that includes a header: where the header is read. */
  private firstIncluder(path: string): string | undefined {
    return [...(this.includersOf.get(path) ?? [])]
      .map((file) => this.filePaths[file]!)
      .find((includer) => !this.includersOf.has(includer));
  }

  /**
   * The context of the file a header is read in (`firstIncluder`), worked out once per header context; null for other
   * files.
   */
  private includerContext(context: FileContext): FileContext | null {
    if (context.includer === undefined) {
      const includer = this.firstIncluder(context.facts.path);
      context.includer = includer ? this.fileContext(this.factsByPath.get(includer)!) : null;
    }
    return context.includer;
  }

  /** A file's translation unit as `CompilerTypeUnit` describes it. */
  private compilerTypeUnit(context: FileContext): CompilerTypeUnit {
    // a header's functions are read in a source file including it (the first, in file order)
    const includer = this.firstIncluder(context.facts.path);
    const root = (includer && this.factsByPath.get(includer)) || context.facts;
    const spec = getLanguage(context.facts.language);
    const { stdlibModules } = this.languageSets(spec);
    const unit: CompilerTypeUnit = { typedefs: new Map(), functions: new Map() };
    const read = new Set<string>();
    let at = 0;
    const readFile = (facts: FileFacts, depth: number) => {
      read.add(facts.path);
      const steps = this.importSteps(facts, spec, stdlibModules);
      const events: { line: number; apply: () => void }[] = [];
      facts.imports.forEach((ref, i) => {
        const step = steps[i]!;
        if (step.kind !== 'files' || !step.include || depth >= 8) return;
        events.push({
          line: ref.line,
          apply: () => {
            for (const path of step.files) {
              const header = this.factsByPath.get(path);
              if (header && !read.has(path)) readFile(header, depth + 1);
            }
          },
        });
      });
      for (const { name, line } of facts.compilerTypeUses?.typedefs ?? [])
        events.push({ line, apply: () => void (unit.typedefs.has(name) || unit.typedefs.set(name, at)) });
      for (const { name, line, defined, returns, parameters } of [
        ...(facts.compilerTypeUses?.functions ?? []),
        ...(this.generatedTypeUses.get(facts.path) ?? []),
      ]) {
        events.push({
          line,
          apply: () =>
            void (
              unit.functions.has(name) ||
              unit.functions.set(name, { at, includedDefinition: defined && facts !== root, returns, parameters })
            ),
        });
      }
      events.sort((a, b) => a.line - b.line);
      for (const event of events) {
        at++;
        event.apply();
      }
    };
    readFile(root, 0);
    return unit;
  }

  /** Records the functions a macro invocation generates, through the macros it expands in turn. */
  private generate(use: MacroUse, place: FilePlace, depth: number): void {
    const macro = depth < 6 ? this.macroAt(use.name, place, use.line) : undefined;
    if (!macro || (!macro.generates && !macro.expands)) return;
    const parameters = macro.parameters ?? [];
    // Arguments replace parameters; `##` pastes the tokens around it.
    const substitute = (text: string) =>
      text
        .replace(/[A-Za-z_]\w*/g, (word) =>
          parameters.includes(word) ? (use.args[parameters.indexOf(word)] ?? '') : word,
        )
        .replace(/\s*##\s*/g, '');
    // a compiler-header type among the arguments (`JEMALLOC_GENERATE_ATOMICS(size_t, zu, ...)`) is in the generated
    // signatures
    const typedefNames = getLanguage(place.facts.language).compilerHeaderTypedefs?.names ?? [];
    const types = typedefNames.filter((type) => use.args.some((arg) => new RegExp(`\\b${type}\\b`).test(arg)));
    for (const template of macro.generates ?? []) {
      const name = substitute(template);
      if (!/^[A-Za-z_]\w*$/.test(name)) continue;
      const list = this.generatedByName.get(name) ?? [];
      list.push({ path: place.facts.path, dir: place.dir, line: use.line });
      this.generatedByName.set(name, list);
      if (types.length > 0) {
        const uses = this.generatedTypeUses.get(place.facts.path) ?? [];
        // as a return type or a parameter's: the generated text decides, not known here
        uses.push({ name, line: use.line, defined: true, returns: types, parameters: types });
        this.generatedTypeUses.set(place.facts.path, uses);
      }
    }
    for (const inner of macro.expands ?? [])
      this.generate({ name: inner.name, args: inner.args.map(substitute), line: use.line }, place, depth + 1);
  }

  /**
   * The macro a name means at a line of a file: the last one defined above it there, else one visible from the file.
   */
  private macroAt(name: string, place: FilePlace, line: number): MacroDefinition | undefined {
    const here = (this.macrosByName.get(name) ?? []).filter(
      (m) => m.path === place.facts.path && m.span.startLine < line,
    );
    if (here.length > 0) return here.reduce((last, m) => (m.span.startLine > last.span.startLine ? m : last));
    return this.visibleMacro(name, place);
  }

  /**
   * The macro of that name visible from a file: defined there, in a file it includes or includes it
   * (the first includer, in file order, that sees one), or (unless `includedOnly`) in a file it reaches otherwise.
   */
  private visibleMacro(name: string, place: FilePlace, includedOnly = false): MacroDefinition | undefined {
    const macros = this.macrosByName.get(name);
    if (!macros) return undefined;
    const key = includedOnly ? `${name}\0` : name;
    if (place.visibleMacros.has(key)) return place.visibleMacros.get(key);
    const seeing = includedOnly ? this.includersOf : this.reachersOf;
    // a macro of one dialect only (`#ifndef __cplusplus`) is seen from files of a language that defines it accordingly
    const defines = getLanguage(place.facts.language).platformMacros ?? [];
    const readable = macros.filter(
      (m) => m.dialect === undefined || defines.includes(m.dialect.macro) === m.dialect.defined,
    );
    const visibleFrom = (file: number) =>
      readable.find((m) => m.path === this.filePaths[file]) ?? readable.find((m) => hasFile(seeing.get(m.path), file));
    let macro = visibleFrom(place.index);
    for (const includer of macro ? [] : (this.includersOf.get(place.facts.path) ?? [])) {
      macro = visibleFrom(includer);
      if (macro) break;
    }
    place.visibleMacros.set(key, macro);
    return macro;
  }

  /**
   * Which files include each file, and which reach each file defining a macro (a header sees the
   * macros of the files that include it: they are defined before its text is read there). Each
   * file's closure is worked out once for this and kept (as file numbers) for its context; nothing
   * is needed without macros or includes (a header is read in a source file including it).
   */
  private indexIncluders(): void {
    const needed =
      this.macrosByName.size > 0 ||
      [...this.factsByPath.values()].some((facts) => facts.imports.some((ref) => ref.resolve === 'include'));
    if (!needed || this.includersOf.size > 0) return;
    const macroFiles = new Uint8Array(this.filePaths.length);
    for (const list of this.macrosByName.values())
      for (const macro of list) macroFiles[this.fileIndex.get(macro.path)!] = 1;
    const includers = new Map<string, number[]>();
    const reachers = new Map<string, number[]>();
    const add = (lists: Map<string, number[]>, path: string, file: number) => {
      const list = lists.get(path);
      if (list) list.push(file);
      else lists.set(path, [file]);
    };
    this.filePaths.forEach((path, file) => {
      const facts = this.factsByPath.get(path)!;
      const spec = getLanguage(facts.language);
      const closure = this.visitClosure(facts, spec, this.languageSets(spec).stdlibModules);
      for (const header of closure.included) add(includers, this.filePaths[header]!, file);
      for (const reached of closure.reached)
        if (macroFiles[reached] === 1) add(reachers, this.filePaths[reached]!, file);
      this.closures.set(path, closure);
    });
    for (const [path, list] of includers) this.includersOf.set(path, Int32Array.from(list));
    for (const [path, list] of reachers) this.reachersOf.set(path, Int32Array.from(list));
  }

  /**
   * A call's resolution, reused for the file's later calls that differ only in line: the generic order
   * depends on the caller's file and class, the called name, receiver and argument count (its
   * `unresolved` fallback also on the caller's parameters, so those are not reused; module systems
   * weigh more, so their calls are not either).
   */
  private resolveCall(caller: Definition, site: CallSite, context: FileContext): FunctionCall {
    const reusable = !this.moduleSystems.has(context.facts.language);
    const key = reusable
      ? `${caller.owner}\0${site.name}\0${site.receiver === null ? '\u0001' : site.receiver}\0` +
        `${site.receiverIsPath === true}\0${site.argumentCount}\0${site.receiverType ?? ''}\0` +
        `${site.receiverRootType ?? '\u0001'}\0${site.argumentTypes?.join(',') ?? ''}\0` +
        `${site.receiverConst === true}\0${caller.isConst}`
      : '';
    const known = reusable ? context.decided.get(key) : undefined;
    if (known) return { ...known, line: site.line };
    // a call whose result is another's receiver is decided again as that receiver's (`a.b().c()`: b() twice, a chain of
    // n calls n times)
    const decided = this.decidedSites.get(site);
    if (decided) return { ...decided };
    const stops = this.receiverCallStops;
    const resolved = this.decideCall(caller, site, context);
    // a copy: the caller marks the call it gets (viaMacro, needsCompilerHeaders)
    if (reusable && resolved.level !== 'unresolved') context.decided.set(key, { ...resolved });
    if (stops === this.receiverCallStops) this.decidedSites.set(site, { ...resolved });
    return resolved;
  }

  private decideCall(caller: Definition, given: CallSite, context: FileContext): FunctionCall {
    // a member call or an operator on a field of the caller's class (`m_body.advance()`, `this->m_body->advance()`), on
    // `*this`, or on an element or field of one of them or of a typed local (`m_el[0].x()`, `box.mi.setMin(v)`) has its
    // stated type
    const fieldType =
      given.receiverType === undefined && given.receiver !== null && !given.receiverIsPath
        ? this.expressionType(caller, given.receiver, given.receiverRootType)
        : undefined;
    // a member call on a call's result (`t.getOrigin().x()`) has the type that call's callee returns
    const returned =
      fieldType === undefined && given.receiverType === undefined && given.receiverCall !== undefined
        ? this.receiverCallType(caller, given, context)
        : undefined;
    const stated = fieldType ?? returned ?? given.receiverType;
    const aliased = stated !== undefined ? this.dealiased(stated) : undefined;
    // a const object calls the const overload of a method or operator (`operator const btScalar*() const`): a local
    // declared const, or `this` (implicit too) and its fields in a const method; unknown for a call's result or an
    // untyped value
    const constReceiver =
      given.receiver === null
        ? caller.ownerTail !== ''
          ? caller.isConst
          : undefined
        : stated === undefined || returned !== undefined
          ? undefined
          : given.receiverConst === true ||
            (fieldType !== undefined && given.receiverRootType === undefined && caller.isConst);
    // an operator on a pointer (an alias of a smart pointer) or a number (a field `float m_scale`) is the language's,
    // but for a free operator taking the number and a class the other operand is of (`0.5f * v`)
    const numberOperand =
      aliased !== undefined && (aliased === 'number' || ARITHMETIC.test(lastSegment(aliased))) && isOperatorUse(given);
    const pointerOperator =
      aliased !== undefined &&
      (aliased.endsWith('*') || ARITHMETIC.test(lastSegment(aliased)) || BOOLEAN.test(aliased)) &&
      isOperatorUse(given);
    const site = aliased !== given.receiverType ? { ...given, receiverType: aliased?.replace(/\*$/, '') } : given;
    let typedArguments: (string | null)[] | undefined;
    const argumentTypes = () => (typedArguments ??= this.typedArguments(caller, site, context));
    const result = (level: CallLevel, found: Definition[], ambiguous = found.length > 1): FunctionCall => {
      const calleeIds = found.map((d) => d.id);
      if (found.length > 0)
        this.calleeNumbers.set(
          calleeIds,
          found.map((d) => d.number),
        );
      return { name: site.name, line: site.line, level, calleeIds, ambiguous };
    };
    const levelOf = (found: Pick<Definition, 'path' | 'dir'>[]): CallLevel => {
      if (found.every((d) => d.path === caller.path)) return 'file';
      if (found.every((d) => d.dir === caller.dir)) return 'package';
      return 'project';
    };
    if (numberOperand) {
      const found = this.numberOperators(site, argumentTypes);
      return found.length > 0 ? result(levelOf(found), found) : result('unresolved', []);
    }
    // an operator on what has no known class is the language's (and no call)
    if (pointerOperator || (isOperatorUse(given) && site.receiverType === undefined)) return result('unresolved', []);
    if (site.constructs) {
      // an initializer may name a member of the constructor's class: its stated type is constructed (a pointer is not)
      const member = site.receiver === null ? this.fieldType(caller.owner, site.name) : undefined;
      if (member?.endsWith('*')) return result('unresolved', []);
      const constructed = this.dealiased(
        member ?? (site.receiver !== null && site.receiverIsPath ? `${site.receiver}::${site.name}` : site.name),
      );
      // a class without a constructor taking these arguments has the compiler's, or is the library's (`m_data{}` of a
      // `std::vector`), or no class of the project
      const constructors = this.constructorsOf(lastSegment(constructed), context.facts.language).filter((d) =>
        takesArguments(d, site),
      );
      // (in a template, a library class's construction is most often of a type depending on its parameters: no call
      // until instantiated)
      if (constructors.length === 0)
        return result(
          (caller.fn.template === undefined ? this.libraryLevel(constructed, context) : undefined) ?? 'unresolved',
          [],
        );
      return result(levelOf(constructors), this.pickOverload(constructors, site, undefined, argumentTypes));
    }
    const decided = this.moduleSystems.get(context.facts.language)?.resolveCall(caller, site, {
      definitions: (name) => this.definitionsByName.get(name) ?? [],
      bindings: context.bindings,
      globFiles: context.globFiles,
      stdlib: context.stdlib,
      stdlibModules: context.stdlibModules,
    });
    if (decided) {
      const level = decided.level ?? (decided.found.length > 0 ? levelOf(decided.found) : 'unresolved');
      return result(level, decided.found, decided.ambiguous ?? decided.found.length > 1);
    }
    const binding = site.receiver ? context.bindings.get(site.receiver) : context.bindings.get(site.name);
    if (binding?.outside) return result(binding.outside, []);
    // a library module or global object named alone (`Reflect.has(x)`, `Math.max(a, b)`) where the extractor knows the
    // function's locals (receiverExpressions): no local, field, import or class of the project by that name
    const receiverHead = site.receiver?.split(/::|\.|->/)[0];
    if (
      receiverHead !== undefined &&
      !site.receiverIsPath &&
      stated === undefined &&
      given.receiverRootType === undefined &&
      binding === undefined &&
      context.stdlibModules.has(receiverHead) &&
      !this.knownClass(receiverHead) &&
      getLanguage(context.facts.language).receiverExpressions !== undefined
    )
      return result('stdlib', []);

    if (binding && binding.files.length > 0) {
      const inBound = (
        this.definitionsByName.get((site.receiver === null ? binding.imported : undefined) ?? site.name) ?? []
      ).filter((d) => binding.files.includes(d.path));
      if (inBound.length > 0)
        return result(levelOf(inBound), this.pickOverload(inBound, site, constReceiver, argumentTypes));
    }
    let applicable = this.applicable(caller, site, context);
    // `new Timeout()`, `Point(1, 2)`: a class's name called reaches its constructor where the language names it
    // (`constructor`, `__init__`)
    if (applicable === NO_DEFINITIONS && site.receiver === null)
      applicable = this.namedConstructors(site.name, context.facts.language);
    if (
      applicable === NO_DEFINITIONS ||
      (site.receiverType !== undefined && context.stdlibModules.has(site.receiverType.split(/::|\./)[0]!))
    ) {
      // a member call or an operator on a value of a library type (`std::vector<T> v; v.size()`, `out << x` on a
      // `std::ostream`, even where the project declares operators on one; `InputStream in; in.read()`), a library
      // class's constructor (`new StringBuilder()`), `super(message)` in a class derived from one (`extends
      // IOException`) a member of a class of the project that it and its bases do not declare is its library base's
      // (`this.once()` in a `Duplex`)
      const constructorCalls = getLanguage(context.facts.language).constructorCalls;
      const ownMember =
        site.receiver !== null &&
        (selfReceivers().has(site.receiver) || site.receiver === constructorCalls?.base) &&
        caller.ownerTail !== '';
      const memberOf = site.receiverType ?? (ownMember ? caller.ownerTail : undefined);
      const projectClass =
        memberOf !== undefined &&
        !context.stdlibModules.has(memberOf.split(/::|\./)[0]!) &&
        this.knownClass(lastSegment(memberOf)) &&
        !this.libraryClassNames.has(lastSegment(memberOf));
      const libraryType =
        memberOf !== undefined
          ? projectClass
            ? this.libraryBase(
                memberOf === site.receiverType ? this.lineage(lastSegment(memberOf)) : this.callerLineage(caller),
              )
            : memberOf
          : site.receiver !== null
            ? undefined
            : site.name === constructorCalls?.base
              ? this.callerLineage(caller)[1]
              : this.libraryClassNames.has(site.name)
                ? site.name
                : undefined;
      // (in a template, an operator on a library class is most often on a type depending on its parameters: none until
      // instantiated)
      const library =
        libraryType !== undefined && !(isOperatorSite(site) && caller.fn.template !== undefined)
          ? this.libraryLevel(libraryType, context)
          : undefined;
      if (library) return result(library, []);
    }
    // an operator on a value whose type has none of the project's operators (a number, an unknown type) is built in
    if (applicable === NO_DEFINITIONS && isOperatorSite(site)) return result('unresolved', []);
    const { tier, sameDir, visible } = this.candidateChoice(applicable, context);
    if (tier) {
      const found = this.betterOverloads(tier, applicable, site, argumentTypes) ?? tier;
      return result(levelOf(found), this.pickOverload(found, site, constReceiver, argumentTypes));
    }
    if (!site.receiver && context.stdlib.has(site.name)) return result('stdlib', []);
    // `items.push(x)`, `name.toUpperCase()` where no class of the project has the method: the built-in type's
    if (
      site.receiver &&
      !site.receiverIsPath &&
      context.methodsOnReceivers &&
      context.stdlib.has(site.name) &&
      sameDir.length + visible.length === 0
    )
      return result('stdlib', []);
    if (sameDir.length > 0) return result('package', this.pickOverload(sameDir, site, constReceiver, argumentTypes));
    if (visible.length > 0)
      return result(levelOf(visible), this.pickOverload(visible, site, constReceiver, argumentTypes));
    const generated = site.receiver ? undefined : this.generatedByName.get(site.name);
    if (generated) {
      const own = generated.filter((g) => g.path === caller.path || this.includes(context, g.path));
      return result(levelOf(own.length > 0 ? own : generated), []);
    }
    if (receiverHead !== undefined && context.stdlibModules.has(receiverHead)) return result('stdlib', []);
    let declared: CallLevel | null = null;
    // a member call naming a record's function-pointer field (`conn->type->close(conn)`) is no library function
    const throughField = site.receiver !== null && !site.receiverIsPath && this.recordsByField.has(site.name);
    // the system headers' name sets declaring the name, of those the file reaches: any of the C library's makes it
    // `stdlib`
    for (const names of throughField ? [] : (this.systemSetsByName.get(site.name) ?? [])) {
      const library = context.systemNames.get(names);
      if (library === undefined) continue;
      declared = library ? 'stdlib' : 'external';
      if (library) break;
    }
    if (declared) return result(declared, []);
    if (!site.receiver && context.libraryNames?.has(site.name)) return result('stdlib', []);
    const unresolved = result('unresolved', []);
    // YABLoCo (clang) names a call through a record's function-pointer field `Record::field`, defined where
    // the record is; a record that is invalid to its clang (a field of a compiler-header type) leaves the
    // call named by the variable it starts from (below).
    const holders = site.receiver ? this.recordsByField.get(site.name) : undefined;
    if (holders) {
      const visibleHolders = holders.filter((h) => h.path === caller.path || this.includes(context, h.path));
      const holder = (visibleHolders.length > 0 ? visibleHolders : holders)[0]!;
      if (!holder.record.needsCompilerHeaders)
        return Object.assign(unresolved, {
          yablocoLevel: levelOf([holder]),
          yablocoName: `${holder.record.name}::${site.name}`,
        });
    }
    // a member call through a pointer is a record's function-pointer field's (C); another is a method no class here has
    const pointer =
      site.receiver === null || this.recordsByField.has(site.name) ? this.pointerVariable(caller, site) : undefined;
    if (pointer) return Object.assign(unresolved, { yablocoLevel: 'file', yablocoName: pointer });
    // a call through a file-scope function-pointer variable names the variable, where it is defined
    const variables = site.receiver ? undefined : this.pointerVariablesByName.get(site.name);
    if (variables) {
      const defined = variables.filter((v) => v.defined);
      const candidates = defined.length > 0 ? defined : variables;
      const near = candidates.filter(
        (v) => v.path === caller.path || this.includes(context, v.path) || v.dir === caller.dir,
      );
      Object.assign(unresolved, {
        yablocoLevel: levelOf([(near.length > 0 ? near : candidates)[0]!]),
        yablocoName: site.name,
      });
    }
    return unresolved;
  }

  /** YABLoCo (clang) names a call through a function pointer by the variable it starts from: declared in
   *  the caller (a local, or a parameter like `cmp` in `cmp(a, b)`), a `file`-level callee. */
  private pointerVariable(caller: Definition, site: CallSite): string | undefined {
    const parameters = caller.fn.signature.slice(Math.max(0, caller.fn.signature.indexOf('(')));
    const pointer = site.receiver
      ? /^[\s(*&]*([A-Za-z_]\w*)/.exec(site.receiver)?.[1]
      : /^[A-Za-z_]\w*$/.test(site.name) && namesParameter(parameters, site.name)
        ? site.name
        : undefined;
    return pointer === 'this' ? undefined : pointer;
  }

  /** Narrows a name's definitions by the receiver: `self`/`this` and class-qualified calls prefer that class. */
  private applicable(caller: Definition, site: CallSite, context: FileContext): readonly Definition[] {
    const { implicitThis } = context;
    if (isOperatorSite(site))
      return this.operatorCandidates(site.name, lastSegment(this.dealiased(site.receiverType!)), site.argumentCount);
    const receiver = site.receiver;
    const constructorCalls = getLanguage(context.facts.language).constructorCalls;
    // `super(x)`: a constructor of the nearest base that has one; Java's `this(x)`: one of the class's own
    if (
      receiver === null &&
      constructorCalls &&
      caller.ownerTail !== '' &&
      (site.name === constructorCalls.base || site.name === constructorCalls.own)
    ) {
      const classes = site.name === constructorCalls.own ? [caller.ownerTail] : this.callerLineage(caller).slice(1);
      for (const cls of classes) {
        const found = this.constructorsOf(cls, context.facts.language);
        if (found.length > 0) return found;
      }
      return NO_DEFINITIONS;
    }
    const groups = this.nameGroups(site.name);
    if (!groups) return NO_DEFINITIONS;
    // `super.m(x)`: the nearest base's method
    if (receiver !== null && receiver === constructorCalls?.base)
      return this.inherited(groups, this.callerLineage(caller)) ?? NO_DEFINITIONS;
    const hides = getLanguage(context.facts.language).memberNamesHide === true;
    if (receiver === null) {
      // A plain call reaches free functions, and (where the language has an implicit `this`) methods of the caller's
      // own class.
      const own = implicitThis && caller.owner !== '' ? this.ownMethods(groups, caller, site, hides) : undefined;
      // `Vec()`, `Vec v = Vec(1)`: a class's name called is its constructor
      return own ?? (groups.free.length > 0 ? groups.free : (groups.byOwnerTail.get(site.name) ?? groups.free));
    }
    if (selfReceivers().has(receiver))
      return (
        this.ownMethods(groups, caller, site, hides) ??
        (this.libraryBase(this.callerLineage(caller)) !== undefined ? NO_DEFINITIONS : groups.all)
      );
    if (site.receiverType) {
      // the receiver's stated type: that class's methods, else its nearest base's; a type that is no project class has
      // none
      const typed = this.classMethods(groups, lastSegment(site.receiverType), site, hides);
      if (typed) return typed;
      const tail = lastSegment(site.receiverType);
      if (!this.ownerTails.has(tail) || this.libraryBase(this.lineage(tail)) !== undefined) return NO_DEFINITIONS;
    }
    // a member call on a value of no known class: a method of any class, never a free function (where the language has
    // classes)
    return groups.byOwnerTail.get(lastSegment(receiver)) ?? (context.methodsOnReceivers ? groups.methods : groups.all);
  }

  /**
   * A name's methods in the caller's class: by its qualified name, else by its last segment (a method defined out of
   * line under `using namespace` is qualified without the namespace: `Slider::GetValue` of `Gwen::Controls::Slider`),
   * else in its nearest base that has one.
   */
  private ownMethods(groups: NameGroups, caller: Definition, site: CallSite, hides: boolean): Definition[] | undefined {
    return this.nearestMethods(this.ownAndBaseMethods(groups, caller), site, hides);
  }

  /**
   * The caller's class's methods of a name, then each base's its class names (not those of another class of the same
   * last name), nearest first.
   */
  private *ownAndBaseMethods(groups: NameGroups, caller: Definition): Generator<Definition[] | undefined> {
    yield groups.byOwner.get(caller.owner) ??
      groups.byOwnerTail.get(caller.ownerTail)?.filter((d) => sameClass(d.owner, caller.owner));
    const owners = this.basesByOwner.size === 0 ? [] : this.ownersOf(caller.owner);
    for (const owner of owners) {
      for (const base of this.basesByOwner.get(owner) ?? []) {
        for (const cls of this.lineage(base)) yield groups.byOwnerTail.get(cls);
      }
    }
  }

  /** A name's methods in class `tail`, else in its nearest base that has one (as `nearestMethods` chooses). */
  private classMethods(groups: NameGroups, tail: string, site: CallSite, hides: boolean): Definition[] | undefined {
    return this.nearestMethods(
      this.lineage(tail).map((cls) => groups.byOwnerTail.get(cls)),
      site,
      hides,
    );
  }

  /**
   * Of classes' same-named methods, nearest class first: the first class's that has any where member names hide a
   * base's (C++); otherwise (Java: `doc.text()` on a `Document` declaring only `text(String)` calls `Element.text()`)
   * the nearest class's that take the call's argument count, else the nearest that has any.
   */
  private nearestMethods(
    classes: Iterable<Definition[] | undefined>,
    site: CallSite,
    hides: boolean,
  ): Definition[] | undefined {
    let nearest: Definition[] | undefined;
    for (const found of classes) {
      if (!found || found.length === 0) continue;
      if (hides || takeArguments(found, site)) return found;
      nearest ??= found;
    }
    return nearest;
  }

  /**
   * The classes a qualified owner names: itself, else the one class whose qualified name ends with it (`Slider` defined
   * out of line under `using namespace Gwen::Controls`).
   */
  private ownersOf(owner: string): string[] {
    if (this.basesByOwner.has(owner)) return [owner];
    let found = this.ownersByName.get(owner);
    if (!found) {
      const tail = lastSegment(owner);
      const same = (this.ownersByTail.get(tail) ?? []).filter((candidate) => sameClass(candidate, owner));
      found = same.length === 1 ? same : [];
      this.ownersByName.set(owner, found);
    }
    return found;
  }

  /**
   * A name's methods in the nearest base that has one, of a class's lineage (breadth first through
   * FileFacts.classBases).
   */
  private inherited(groups: NameGroups, lineage: readonly string[]): Definition[] | undefined {
    for (const base of lineage.slice(1)) {
      const found = groups.byOwnerTail.get(base);
      if (found) return found;
    }
    return undefined;
  }

  /** Class `tail` and its bases, nearest first (breadth first; a cycle or a deep hierarchy stops at 32 classes). */
  private lineage(tail: string): readonly string[] {
    let found = this.lineages.get(tail);
    if (found) return found;
    const order = [tail];
    for (let i = 0; i < order.length && order.length < 32; i++) {
      for (const base of this.basesByClass.get(order[i]!) ?? []) if (!order.includes(base)) order.push(base);
    }
    found = order;
    this.lineages.set(tail, found);
    return found;
  }

  /**
   * The caller's class and its bases, nearest first: its own bases as its file declares them (a module's `class
   * TimeoutError extends Error`, not another module's `TimeoutError extends RequestError`), then theirs.
   */
  private callerLineage(caller: Definition): readonly string[] {
    const key = `${caller.path}\0${caller.owner}`;
    const own = this.basesByFileOwner.get(key);
    if (own === undefined) return this.lineage(caller.ownerTail);
    let order = this.callerLineages.get(key);
    if (!order) {
      order = [caller.ownerTail];
      for (const base of own) for (const cls of this.lineage(base)) if (!order.includes(cls)) order.push(cls);
      this.callerLineages.set(key, order);
    }
    return order;
  }

  /** The nearest library class a class of the project derives from (`class Request extends Duplex`, `interface Server
   *  extends express.Express`): a member the project's classes in between do not declare is that class's. */
  private libraryBase(lineage: readonly string[]): string | undefined {
    const base = lineage.slice(1).find((cls) => !this.knownClass(cls) || this.libraryClassNames.has(cls));
    return base === undefined ? undefined : (this.qualifiedBases.get(base) ?? base);
  }

  /**
   * The constructors of class `cls`: named so where the language names them (`constructor`), else named like the class.
   */
  private constructorsOf(cls: string, language: LanguageId): readonly Definition[] {
    const named = this.namedConstructors(cls, language);
    if (named !== NO_DEFINITIONS) return named;
    return (this.nameGroups(cls)?.byOwnerTail.get(cls) ?? []).filter((d) => d.fn.kind === 'constructor');
  }

  /** The constructors of class `name` in a language that names them (`constructors.names`), one array per question. */
  private namedConstructors(name: string, language: LanguageId): readonly Definition[] {
    const key = `${language}\0${name}`;
    let found = this.constructorChoices.get(key);
    if (found) return found;
    const list = (getLanguage(language).constructors?.names ?? []).flatMap(
      (constructor) => this.nameGroups(constructor)?.byOwnerTail.get(name) ?? [],
    );
    found = list.length > 0 ? list : NO_DEFINITIONS;
    this.constructorChoices.set(key, found);
    return found;
  }

  /**
   * An operator used on a value of type `type` with `operands` other operands: the type's own operator
   * methods taking `operands` parameters and the free operators taking one more whose first parameter
   * is of that type (`operator+(const Vec3&, const Vec3&)`). One array per question, so a file's
   * candidate choices are worked out once for it.
   */
  private operatorCandidates(name: string, type: string, operands: number | null): readonly Definition[] {
    const key = `${name}\0${type}\0${operands}`;
    let found = this.operatorChoices.get(key);
    if (found) return found;
    const groups = this.nameGroups(name);
    const fits = (d: Definition, parameters: number) =>
      operands === null || d.fn.parameterCount === null || d.fn.parameterCount === parameters;
    // a base's operators apply, but for `=`: each class has its own (the compiler's implicit one where it declares
    // none)
    const members = (
      (groups
        ? (groups.byOwnerTail.get(type) ??
          (name === 'operator=' ? undefined : this.inherited(groups, this.lineage(type))))
        : undefined) ?? []
    ).filter((d) => fits(d, operands ?? 0));
    const free = (groups?.free ?? []).filter(
      (d) => fits(d, (operands ?? 0) + 1) && lastSegment(this.parameterTypes(d)[0] ?? '') === type,
    );
    // `v[i]` on a class without `operator[]` indexes what it converts to (`operator float*()`)
    const conversions =
      name === 'operator[]' && members.length + free.length === 0
        ? (this.lineage(type)
            .map((cls) => this.pointerConversions(cls))
            .find((list) => list.length > 0) ?? [])
        : [];
    found =
      members.length + free.length + conversions.length > 0 ? [...members, ...free, ...conversions] : NO_DEFINITIONS;
    this.operatorChoices.set(key, found);
    return found;
  }

  /**
   * The free operators a number and one other operand call (`0.5f * v`: `operator*(float, const Vec2&)`): those taking
   * a number first that the other operand's known class fits best; none where it is no class (the language's own).
   */
  private numberOperators(site: CallSite, argumentTypes: () => (string | null)[]): Definition[] {
    if (site.argumentCount !== 1 || !site.argumentTypes) return [];
    const candidates = (this.nameGroups(site.name)?.free ?? []).filter((d) => {
      const first = this.parameterTypes(d)[0];
      return (
        d.fn.parameterCount === 2 &&
        first !== undefined &&
        !first.endsWith('*') &&
        ARITHMETIC.test(lastSegment(this.dealiased(first)))
      );
    });
    const [type] = argumentTypes();
    if (
      candidates.length === 0 ||
      type === null ||
      type === undefined ||
      type === 'number' ||
      ARITHMETIC.test(lastSegment(this.dealiased(type)))
    )
      return [];
    const scores = candidates.map((d) => argumentFit([type], this.parameterTypes(d).slice(1), this.classFacts));
    const best = Math.max(...scores);
    return best <= 0 ? [] : this.mostSpecific(candidates.filter((_, i) => scores[i] === best));
  }

  /** A type name with its aliases followed (`shared_data` -> `node_data*`; a few steps at most). */
  private dealiased(type: string): string {
    let current = type;
    for (let step = 0; step < 4; step++) {
      const pointer = current.endsWith('*');
      const name = lastSegment(current.replace(/\*$/, ''));
      // aliases are known by name, wherever declared: one a class declares for itself (`typedef typename Impl::Node
      // Node;`) does not turn the project's class of that name into something else, nor does a typedef read as
      // naming a built-in type (Eigen's `typedef __vector float Packet4f;`) turn a number into something else
      const next =
        this.basesByClass.has(name) || ARITHMETIC.test(name) || BOOLEAN.test(name)
          ? undefined
          : this.typeAliases.get(name);
      if (next === undefined) break;
      current = pointer && !next.endsWith('*') ? `${next}*` : next;
    }
    return current;
  }

  /** A function's call sites of a name on a line (receiverCallType's candidates), indexed once per function: a long
   *  function's calls on calls' results were each compared with all its calls (on LLVM, 16 s of a part's 47). */
  private callsAt(caller: Definition, line: number, name: string): readonly CallSite[] {
    if (this.callsAtIndex === null) {
      this.callsAtIndex = new Map();
      for (const call of caller.fn.calls) {
        const key = `${call.line}\0${call.name}`;
        const list = this.callsAtIndex.get(key);
        if (list) list.push(call);
        else this.callsAtIndex.set(key, [call]);
      }
    }
    return this.callsAtIndex.get(`${line}\0${name}`) ?? NO_CALLS;
  }

  /**
   * The call whose result a site's receiver is (CallSite.receiverCall), chosen once per site: a chain of n operators
   * on one line (`s << a << b ...`, LLVM's 323 on an 18 KB line) asked it n times a use, each a scan of n receivers.
   */
  private innerCall(caller: Definition, site: CallSite): CallSite | undefined {
    const candidates = this.callsAt(caller, site.line, site.receiverCall!);
    const known = this.innerCalls.get(site);
    if (known !== undefined) return known ?? undefined;
    // a call chain's calls start where it starts; an operator's operand (`(a - b) * s`) may start inside its
    // parentheses
    const within = (other: CallSite) =>
      other.column === site.column ||
      (isOperatorUse(site) && other.column > site.column && other.column < site.column + site.receiver!.length);
    let inner: CallSite | undefined;
    for (const other of candidates) {
      if (other === site || other.receiver === site.receiver || !within(other)) continue;
      // in a chain of operators (`e << a << b`) every use starts where the chain does: the operand is the longest use
      // it starts with
      if (!isOperatorUse(site) || !isOperatorUse(other) || other.column !== site.column) {
        inner ??= other;
        continue;
      }
      const longer =
        inner === undefined || inner.column !== site.column || other.receiver!.length > inner.receiver!.length;
      if (longer && other.receiver!.length < site.receiver!.length && site.receiver!.startsWith(other.receiver!))
        inner = other;
    }
    this.innerCalls.set(site, inner ?? null);
    return inner;
  }

  /**
   * The type a member call's receiver call returns (CallSite.receiverCall; an operator's operand that is another
   * operator's use too): that call resolved first, and the return type its callees agree on, when it is a project
   * class or the standard library's.
   */
  private receiverCallType(caller: Definition, site: CallSite, context: FileContext): string | undefined {
    const inner = this.innerCall(caller, site);
    const type = inner ? this.resultType(caller, inner, context) : undefined;
    if (type === undefined) return undefined;
    // a project class (with methods, or only fields and free operators: `struct Vec { float x, y; }`) or the standard
    // library's
    const tail = lastSegment(type);
    return this.knownClass(tail) || context.stdlibModules.has(type.split(/::|\./)[0]!) ? type : undefined;
  }

  /**
   * The level of a value's type that is no class of the project: the standard library's by its first segment
   * (`std::vector`, `java.util.List`), else what the import binding its name says (`import java.io.Reader;`), else
   * `stdlib` where the language's unbound types are its library's (implicitLibraryTypes: `String`); undefined
   * otherwise.
   */
  private libraryLevel(type: string, context: FileContext): 'stdlib' | 'external' | undefined {
    // a library's number (`std::size_t`) is no class
    if (ARITHMETIC.test(lastSegment(type))) return undefined;
    const head = type.split(/::|\./)[0]!;
    if (context.stdlibModules.has(head)) return 'stdlib';
    if (this.knownClass(lastSegment(type)) && !this.libraryClassNames.has(lastSegment(type))) return undefined;
    return (
      context.bindings.get(head)?.outside ??
      (getLanguage(context.facts.language).implicitLibraryTypes ? 'stdlib' : undefined)
    );
  }

  /**
   * A class the project declares (with methods, or only fields: `struct Vec { float x, y; }`), or one of its languages'
   * `libraryClasses`.
   */
  private knownClass(name: string): boolean {
    return this.ownerTails.has(name) || this.basesByClass.has(name);
  }

  /**
   * The type a call returns: the call resolved, and the return type its callees agree on (undefined when they do not,
   * or it reaches none).
   */
  private resultType(caller: Definition, call: CallSite, context: FileContext): string | undefined {
    if (this.receiverCallDepth >= 8) {
      this.receiverCallStops++;
      return undefined;
    }
    this.receiverCallDepth++;
    let resolved: FunctionCall;
    try {
      resolved = this.resolveCall(caller, call, context);
    } finally {
      this.receiverCallDepth--;
    }
    if (resolved.calleeIds.length === 0) return undefined;
    const types = new Set(
      this.calleeNumbers.get(resolved.calleeIds)!.map((number) => this.returnTypeOf(this.definitions[number]!)),
    );
    const [type] = types;
    return types.size === 1 && type !== null ? type : undefined;
  }

  /**
   * A site's argument types with those the extractor left to the resolver filled in: a name by namedArgumentType, a
   * field or element by expressionType, a call's result by the type its callees return (the first call of that name
   * after the site's start on its line; a class's name called makes that class); null where none is known.
   */
  private typedArguments(caller: Definition, site: CallSite, context: FileContext): (string | null)[] {
    return site.argumentTypes!.map((type) => {
      if (type === null) return null;
      if (type.startsWith(NAMED_ARGUMENT)) {
        return this.namedArgumentType(caller, type.slice(NAMED_ARGUMENT.length));
      }
      if (type.startsWith(EXPRESSION_ARGUMENT)) {
        const bar = type.indexOf('|');
        const root = type.slice(EXPRESSION_ARGUMENT.length, bar);
        return this.expressionType(caller, type.slice(bar + 1), root === '?' ? undefined : root) ?? null;
      }
      if (!type.startsWith(CALL_ARGUMENT)) return type;
      const name = type.slice(CALL_ARGUMENT.length);
      const call = caller.fn.calls.find(
        (other) => other !== site && other.line === site.line && other.column > site.column && other.name === name,
      );
      const result = call && this.resultType(caller, call, context);
      if (result) return result;
      // a class without a constructor of the project (`Null()`, `std::string(text)`) makes a value of that class
      if (!this.knownClass(name)) return null;
      return call?.receiverIsPath && call.receiver !== null ? `${call.receiver}::${name}` : name;
    });
  }

  /**
   * The class a function returns as its signature states it (`btVector3` of `SIMD_FORCE_INLINE const btVector3&
   * getOrigin() const`), a constructor its own; null when none is read.
   */
  private returnTypeOf(definition: Definition): string | null {
    let type = this.returnTypes.get(definition.number);
    if (type === undefined) {
      type =
        definition.fn.kind === 'constructor'
          ? definition.owner || null
          : statedReturnType(definition.fn.signature, definition.fn.name);
      // Rust's `-> Self`: the impl's type
      if (type === 'Self') type = definition.owner || null;
      this.returnTypes.set(definition.number, type);
    }
    return type;
  }

  /**
   * The type of a receiver expression (CallSite.receiverRootType): it starts from a typed local, a field of the
   * caller's class (its bases' too) or `this`, then takes elements (`[i]`: a pointer's pointee, else what the class's
   * `operator[]` returns) and fields (`.f`, `->f`: the field's stated type in that class or its bases). A pointer
   * keeps its `*`; undefined where a step is not one of these (a call, an arithmetic expression).
   */
  private expressionType(caller: Definition, expression: string, rootType: string | undefined): string | undefined {
    // a local whose type the code does not state hides the field of its name
    if (rootType === '') return undefined;
    const text = expression.replace(/\s+/g, '');
    const root = /^(\(*)(\*?)(this|[A-Za-z_]\w*)/.exec(text);
    if (!root) return undefined;
    const [, opening, deref, name] = root;
    const self = () =>
      `${caller.ownerTail}${getLanguage(this.factsByPath.get(caller.path)!.language).selfIsPointer ? '*' : ''}`;
    // a local's type as written names the class its method's scope sees (`Face* f` in a method of `Body`: `Body::Face`)
    let type: string | undefined =
      name === 'this'
        ? caller.ownerTail !== ''
          ? self()
          : undefined
        : rootType !== undefined
          ? this.scopedType(rootType, caller.owner)
          : this.namedValueType(caller, name!);
    if (deref) type = type?.endsWith('*') ? type.slice(0, -1) : undefined;
    let rest = text.slice(root[0].length);
    // `(*this)`, `(a)`: as many closing parentheses as opened, before any step
    for (let open = opening!.length; open > 0 && type !== undefined; open--) {
      if (!rest.startsWith(')')) return undefined;
      rest = rest.slice(1);
    }
    while (rest !== '' && type !== undefined) {
      if (rest.startsWith('[')) {
        let depth = 0;
        let end = 0;
        for (; end < rest.length; end++) {
          if (rest[end] === '[') depth++;
          else if (rest[end] === ']' && --depth === 0) break;
        }
        if (end === rest.length) return undefined;
        rest = rest.slice(end + 1);
        type = type.endsWith('*') ? type.slice(0, -1) : this.elementType(type);
        continue;
      }
      const step = /^(?:\.|->)([A-Za-z_]\w*)/.exec(rest);
      if (!step || rest[step[0].length] === '(') return undefined;
      rest = rest.slice(step[0].length);
      type = this.fieldType(this.dealiased(type.replace(/\*$/, '')), step[1]!);
    }
    return type;
  }

  /**
   * What `value[i]` is on a value of class `type`: the return type of the class's `operator[]` (one agreed on), else
   * undefined.
   */
  private elementType(type: string): string | undefined {
    const operators = this.operatorCandidates('operator[]', lastSegment(this.dealiased(type)), 1).filter(
      (d) => d.fn.name === 'operator[]',
    );
    const returned = new Set(operators.map((d) => this.returnTypeOf(d)));
    const [only] = returned;
    return returned.size === 1 && only !== null && only !== undefined ? only : undefined;
  }

  /**
   * The stated type of a value the caller names alone that is no local: a field of its class where the language has an
   * implicit `this`, else a variable declared outside classes and functions (`const withoutBody: ReadonlySet<string>`),
   * one type agreed on.
   */
  private namedValueType(caller: Definition, name: string): string | undefined {
    const field = getLanguage(this.factsByPath.get(caller.path)!.language).implicitThis
      ? this.visibleFieldType(caller, name)
      : undefined;
    return field ?? this.globalTypes.get(name) ?? undefined;
  }

  /**
   * The stated type of a field the caller names unqualified: its class's (or a base's), else an enclosing class's (an
   * inner class sees its outer instance's fields).
   */
  private visibleFieldType(caller: Definition, name: string): string | undefined {
    const own = this.fieldType(caller.owner, name);
    if (own !== undefined || caller.owner === '') return own;
    const enclosing = caller.owner.split(/::|\./).slice(0, -1);
    for (let i = enclosing.length - 1; i >= 0; i--) {
      // a class, not a namespace
      if (!this.basesByClass.has(enclosing[i]!)) continue;
      const found = this.fieldType(enclosing[i]!, name);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /**
   * A type named inside class `scope` as the compiler finds it: the class of that name in the innermost enclosing scope
   * declaring one (`Node` inside `btSoftBody::Face` is `btSoftBody::Node`, not another library's `Node`), else as
   * written.
   */
  private scopedType(type: string, scope: string): string {
    if (scope === '') return type;
    const pointer = /\**$/.exec(type)![0];
    const name = type.slice(0, type.length - pointer.length);
    const separator = scope.includes('.') && !scope.includes('::') ? '.' : '::';
    const parts = scope.split(separator);
    for (let i = parts.length; i > 0; i--) {
      const candidate = `${parts.slice(0, i).join(separator)}${separator}${name}`;
      if (this.basesByOwner.has(candidate)) return `${candidate}${pointer}`;
    }
    return type;
  }

  /**
   * The stated type of field `name` of class `owner` (by its qualified name where it has one, else by its last segment)
   * or of its nearest base declaring it.
   */
  private fieldType(owner: string, name: string): string | undefined {
    if (owner === '') return undefined;
    const qualified = this.fieldTypesByQualifiedOwner.get(owner)?.get(name);
    if (qualified !== undefined) return this.scopedType(qualified, owner);
    for (const cls of this.lineage(lastSegment(owner))) {
      const type = this.fieldTypesByOwner.get(cls)?.get(name);
      if (type !== undefined) return type;
    }
    return undefined;
  }

  /** A class's conversion operators to a pointer (`operator btScalar*`, `operator const btScalar*`). */
  private pointerConversions(type: string): Definition[] {
    if (!this.conversionsByOwner) {
      this.conversionsByOwner = new Map();
      for (const [name, definitions] of this.definitionsByName) {
        if (!name.startsWith('operator ') || !name.endsWith('*')) continue;
        for (const d of definitions)
          this.conversionsByOwner.set(d.ownerTail, [...(this.conversionsByOwner.get(d.ownerTail) ?? []), d]);
      }
    }
    return this.conversionsByOwner.get(type) ?? [];
  }

  /** Where a file's calls find one `applicable` group's candidates (worked out once per group and file). */
  private candidateChoice(candidates: readonly Definition[], context: FileContext): CandidateChoice {
    let choice = context.choices.get(candidates);
    if (choice) return choice;
    const tiers: ((d: Definition) => boolean)[] = [
      (d) => d.path === context.facts.path,
      (d) => context.included[d.file] === 1 || (context.reached[d.file] === 1 && !d.fn.fileLocal),
      // a header is read inside a source file: it sees the (static) functions of what that file includes
      (d) => d.fn.fileLocal && this.includerContext(context)?.included[d.file] === 1,
    ];
    let tier: Definition[] | null = null;
    for (const seeing of tiers) {
      const found = candidates.filter(seeing);
      if (found.length > 0) {
        tier = found;
        break;
      }
    }
    const visible = tier ? [] : candidates.filter((d) => !d.fn.fileLocal);
    choice = { tier, visible, sameDir: visible.filter((d) => d.dir === context.dir) };
    context.choices.set(candidates, choice);
    return choice;
  }

  /**
   * A name's definitions grouped as `applicable` narrows them (each group in definition order), made when the name is
   * first called.
   */
  private nameGroups(name: string): NameGroups | undefined {
    let groups = this.groupsByName.get(name);
    if (groups) return groups;
    const all = this.definitionsByName.get(name);
    if (!all) return undefined;
    groups = {
      all,
      free: all.filter((d) => d.fn.kind === 'function' || d.owner === ''),
      methods: all.filter((d) => d.fn.kind !== 'function' && d.owner !== ''),
      byOwner: new Map(),
      byOwnerTail: new Map(),
    };
    for (const definition of all) {
      for (const [byKey, key] of [
        [groups.byOwner, definition.owner],
        [groups.byOwnerTail, definition.ownerTail],
      ] as const) {
        const list = byKey.get(key);
        if (list) list.push(definition);
        else byKey.set(key, [definition]);
      }
    }
    this.groupsByName.set(name, groups);
    return groups;
  }

  /** Among same-named candidates, prefer those whose parameter count fits the call. */
  private pickOverload(
    found: Definition[],
    site: CallSite,
    constReceiver: boolean | undefined,
    argumentTypes: () => (string | null)[],
  ): Definition[] {
    const picked = this.pickByArguments(found, site, argumentTypes);
    if (constReceiver === undefined || picked.length < 2) return picked;
    // overloads that differ in `const` (`operator[](int)` and `operator[](int) const`): the receiver's constness picks
    if (picked.every((d) => d.isConst === picked[0]!.isConst)) return picked;
    return picked.filter((d) => d.isConst === constReceiver);
  }

  /**
   * `argumentTypes`: the site's, typed by the resolver where the extractor could not (asked only when overloads
   * remain).
   */
  private pickByArguments(found: Definition[], site: CallSite, argumentTypes: () => (string | null)[]): Definition[] {
    if (found.length < 2 || site.argumentCount === null) return found;
    const fitting = found.filter((d) => takesArguments(d, site));
    if (fitting.length < 2 || !site.argumentTypes) return fitting.length > 0 ? fitting : found;
    // arguments none of which is typed: every overload scores 0
    if (site.argumentTypes.length > 0 && site.argumentTypes.every((type) => type === null)) return fitting;
    // by the arguments whose types are known: no parameter of another kind, then the most that agree
    const types = argumentTypes();
    const scores = fitting.map((d) => this.argumentScore(d, site, types));
    const best = Math.max(...scores);
    if (best < 0) return fitting;
    const fittest = fitting.filter((_, index) => scores[index] === best);
    return types.every((type) => type !== null) ? this.mostSpecific(fittest) : fittest;
  }

  /**
   * Of overloads that typed arguments fit equally, those no other is more specific than (every parameter of the same
   * class or of one derived from it), as Java and C++ rank a nearer base higher: `closeQuietly(Reader)`, not
   * `closeQuietly(Closeable)`, for a `BufferedReader`.
   */
  private mostSpecific(found: Definition[]): Definition[] {
    if (found.length < 2) return found;
    const types = found.map((d) => this.parameterTypes(d));
    const asSpecific = (a: string[], b: string[]) =>
      a.length === b.length &&
      a.every(
        (type, i) =>
          type === b[i] ||
          (type !== '' &&
            b[i] !== '' &&
            type.endsWith('*') === b[i]!.endsWith('*') &&
            this.classFacts.derivesFrom(lastSegment(type.replace(/\*$/, '')), lastSegment(b[i]!.replace(/\*$/, '')))),
      );
    const kept = found.filter(
      (_, i) => !types.some((other, j) => j !== i && asSpecific(other, types[i]!) && !asSpecific(types[i]!, other)),
    );
    return kept.length > 0 ? kept : found;
  }

  /**
   * The type of a name passed as an argument: an enumeration's constant (`Flow`; `EmitterStyle::Flow` by its scope; in
   * a method, its class's own first), a field of the caller's class or a variable of a namespace; null when it is none.
   */
  private namedArgumentType(caller: Definition, name: string): string | null {
    const parts = name.split('::');
    const last = parts.at(-1)!;
    if (parts.length > 1)
      return (
        this.constantTypes.get(`${parts.at(-2)}::${last}`) ??
        (this.basesByClass.has(parts.at(-2)!) ? null : (this.constantTypes.get(last) ?? null))
      );
    return (
      (caller.ownerTail !== '' ? this.constantTypes.get(`${caller.ownerTail}::${name}`) : undefined) ??
      this.constantTypes.get(name) ??
      this.visibleFieldType(caller, name) ??
      this.globalTypes.get(name) ??
      null
    );
  }

  /**
   * How many of a site's typed arguments a definition's parameters agree with (argumentFit; -1: one cannot be passed).
   */
  private argumentScore(definition: Definition, site: CallSite, types: readonly (string | null)[]): number {
    return argumentFit(
      types,
      this.parameterTypes(definition).slice(freeOperator(definition, site) ? 1 : 0),
      this.classFacts,
    );
  }

  /** What argumentFit asks about classes: bases (the project's, the library's of its table) and conversions. */
  private readonly classFacts = {
    derivesFrom: (cls: string, base: string) => this.lineage(cls).includes(base),
    convertsFromOneValue: (cls: string) => this.convertsFromOneValue(cls),
  };

  /**
   * Whether a class of the project has a constructor that one value can call (`ImVec2(float x, float y)` has none:
   * a number is no `ImVec2`); undefined for a name that is no such class (an alias, a library class).
   */
  private convertsFromOneValue(cls: string): boolean | undefined {
    if (!this.ownerTails.has(cls) || this.libraryClassNames.has(cls)) return undefined;
    const constructors = (this.nameGroups(cls)?.byOwnerTail.get(cls) ?? []).filter((d) => d.fn.kind === 'constructor');
    return constructors.some((d) => {
      const texts = parameterTexts(d.fn.signature, d.fn.name);
      return texts.length >= 1 && texts.filter((text) => !text.includes('=')).length <= 1;
    });
  }

  /**
   * Overloads declared beyond the first tier a call sees (in a header, defined in another file) that its typed
   * arguments fit better than every one of that tier, as overload resolution weighs them all: `out << node` in a
   * file with its own `operator<<(Emitter&, const Foo&)` calls the library's `operator<<(Emitter&, const Node&)`.
   */
  private betterOverloads(
    tier: Definition[],
    candidates: readonly Definition[],
    site: CallSite,
    argumentTypes: () => (string | null)[],
  ): Definition[] | null {
    // no typed argument: every overload scores 0 and none fits better
    if (
      !site.argumentTypes ||
      site.argumentCount === null ||
      candidates.length === tier.length ||
      !site.argumentTypes.some((type) => type !== null)
    )
      return null;
    const types = argumentTypes();
    const fittest = this.fittestOverloads(candidates, site, types);
    // the fittest of all that the tier lacks, when they beat the tier's own (all of them the tier's: none beats it)
    const inTier = new Set(tier);
    const outside = fittest.found.filter((d) => !inTier.has(d));
    if (outside.length === 0) return null;
    const tierBest = Math.max(
      -1,
      ...tier.filter((d) => takesArguments(d, site)).map((d) => this.argumentScore(d, site, types)),
    );
    return fittest.score > Math.max(0, tierBest) ? outside : null;
  }

  /**
   * The candidates (not file-local, taking the site's arguments) its typed arguments fit best, with their score (-1
   * and none when no candidate takes them); kept per candidate list and typed arguments: a common name's thousands of
   * overloads were scored again at each of its calls.
   */
  private fittestOverloads(
    candidates: readonly Definition[],
    site: CallSite,
    types: readonly (string | null)[],
  ): { score: number; found: Definition[] } {
    let byArguments = this.fittestByCandidates.get(candidates);
    if (!byArguments) {
      byArguments = new Map();
      this.fittestByCandidates.set(candidates, byArguments);
    }
    const typeList = types.map((type) => type ?? '\u0001').join('\0');
    const key = `${isOperatorUse(site) ? 'o' : ''}${site.argumentCount}\0${typeList}`;
    let fittest = byArguments.get(key);
    if (!fittest) {
      fittest = { score: -1, found: [] };
      for (const d of candidates) {
        if (d.fn.fileLocal || !takesArguments(d, site)) continue;
        const score = this.argumentScore(d, site, types);
        if (score > fittest.score) fittest = { score, found: [d] };
        else if (score === fittest.score && score >= 0) fittest.found.push(d);
      }
      byArguments.set(key, fittest);
    }
    return fittest;
  }

  /** A definition's parameter types, read from its signature once. */
  private parameterTypes(definition: Definition): string[] {
    let types = this.parameterTypesOf.get(definition);
    if (!types) {
      // a template's type parameter (`template <typename Key> Node operator[](const Key& key)`) takes any type: unknown
      const typeParameters = templateTypeParameters(definition.fn.signature);
      types = parameterTypes(definition.fn.signature, definition.fn.name).map((type) =>
        typeParameters.has(type.replace(/\*$/, '')) ? '' : type,
      );
      this.parameterTypesOf.set(definition, types);
    }
    return types;
  }

  /**
   * A definition's docstring from another declaration of it in its translation unit (`declarationDocs`):
   * the nearest prototype before it in its file, else one in a header its file includes (in the order
   * they are included), else the first after it. Free functions only: a declaration's name has no qualifiers.
   */
  private declaredDocstring(definition: Definition): string | null {
    const declared = this.declarationDocsByName.get(definition.fn.name);
    if (!declared || definition.owner !== '') return null;
    const line = definition.fn.span.startLine;
    const own = declared.filter((declaration) => declaration.file === definition.file);
    const before = own.filter((declaration) => declaration.line < line).at(-1);
    if (before) return before.docstring;
    const facts = this.factsByPath.get(definition.path)!;
    for (const header of this.closureOf(facts).included) {
      const found = declared.find((declaration) => declaration.file === header);
      if (found) return found.docstring;
    }
    return own.find((declaration) => declaration.line > line)?.docstring ?? null;
  }

  /**
   * What a file's includes and imports bring it (indexIncluders worked it out for every file when the repository has
   * includes).
   */
  private closureOf(facts: FileFacts): FileClosure {
    const spec = getLanguage(facts.language);
    return this.closures.get(facts.path) ?? this.visitClosure(facts, spec, this.languageSets(spec).stdlibModules);
  }

  private fileContext(facts: FileFacts): FileContext {
    const spec = getLanguage(facts.language);
    const { stdlib, stdlibModules } = this.languageSets(spec);
    const { included, reached, bindings, globFiles, systemTargets } = this.closureOf(facts);
    const systemNames = new Map<Set<string>, boolean>();
    for (const target of systemTargets) for (const { names, library } of target.sets) systemNames.set(names, library);
    const libraryNames = systemTargets.some((target) => target.library) ? this.libraryNames(spec) : null;
    const index = this.fileIndex.get(facts.path)!;
    return {
      facts,
      dir: posix.dirname(facts.path),
      index,
      visibleMacros: new Map(),
      reached: this.marks(reached),
      included: this.marks(included),
      bindings,
      globFiles,
      systemNames,
      libraryNames,
      stdlib,
      stdlibModules,
      implicitThis: spec.implicitThis === true,
      methodsOnReceivers: spec.scopes.some((scope) => (scope.kind ?? 'class') === 'class'),
      decided: new Map(),
      choices: new Map(),
    };
  }

  /** What a file's includes and imports bring it, transitively (the file itself left out). */
  private visitClosure(facts: FileFacts, spec: LanguageSpec, stdlibModules: Set<string>): FileClosure {
    const visit = ++this.closureVisits;
    const { includedMarks, reachedMarks } = this;
    const reached: number[] = [];
    const included: number[] = [];
    const reach = (file: number) => {
      if (reachedMarks[file] === visit) return;
      reachedMarks[file] = visit;
      reached.push(file);
    };
    const bindings = new Map<string, Binding>();
    const systemTargets = new Set<SystemInclude>();
    const globFiles: string[] = [];
    // Every file of an include closure is visited from each file that reaches it: its imports are
    // resolved once (importSteps) and each system include is taken once per file.
    const visitIncludes = (from: FileFacts, depth: number) => {
      for (const step of this.importSteps(from, spec, stdlibModules)) {
        if (step.kind === 'module') {
          for (const binding of step.bindings) {
            if (binding.name === null) globFiles.push(...binding.files);
            else bindings.set(binding.name, { files: binding.files, outside: binding.outside });
            for (const path of binding.files) {
              const file = this.fileIndex.get(path);
              if (file !== undefined) reach(file);
            }
          }
        } else if (step.kind === 'outside') {
          for (const name of step.names) bindings.set(name, { files: [], outside: step.outside });
          if (step.system) systemTargets.add(step.system);
        } else {
          for (const name of step.names) {
            const imported = step.renamed?.[name];
            bindings.set(
              name,
              imported === undefined
                ? { files: step.files, outside: null }
                : { files: step.files, outside: null, imported },
            );
          }
          for (const file of step.numbers) {
            if (step.include ? includedMarks[file] === visit : reachedMarks[file] === visit) continue;
            reach(file);
            if (step.include) {
              includedMarks[file] = visit;
              included.push(file);
              const path = this.filePaths[file]!;
              for (const twin of this.headerSources(path)) reach(this.fileIndex.get(twin)!);
              if (depth < 8) visitIncludes(this.factsByPath.get(path)!, depth + 1);
            }
          }
        }
      }
    };
    visitIncludes(facts, 0);
    const self = this.fileIndex.get(facts.path);
    const others = (files: number[]) => Int32Array.from(files.filter((file) => file !== self));
    return {
      included: others(included),
      reached: others(reached),
      bindings,
      globFiles,
      systemTargets: [...systemTargets],
    };
  }

  /** A set of files as marks (FileMarks). */
  private marks(files: Int32Array): FileMarks {
    const marks = new Uint8Array(this.filePaths.length);
    for (const file of files) marks[file] = 1;
    return marks;
  }

  /** Whether a file includes the file at `path` (in its closure of `#include`s). */
  private includes(context: FileContext, path: string): boolean {
    return context.included[this.fileIndex.get(path)!] === 1;
  }

  /** A language's standard-library names and modules (shared by every file of the language). */
  private languageSets(spec: LanguageSpec): {
    stdlib: Set<string>;
    stdlibModules: Set<string>;
    libraryMacros: Set<string>;
  } {
    let sets = this.languageSetCache.get(spec.id);
    if (!sets) {
      sets = {
        stdlib: new Set(spec.stdlib),
        stdlibModules: new Set(spec.stdlibModules),
        libraryMacros: new Set(spec.systemLibrary?.macros),
      };
      this.languageSetCache.set(spec.id, sets);
    }
    return sets;
  }

  /**
   * What each import of `from` brings to a file of `spec`'s language that reaches it (worked out once per file and
   * language).
   */
  private importSteps(from: FileFacts, spec: LanguageSpec, stdlibModules: Set<string>): ImportStep[] {
    let byPath = this.importStepCache.get(spec.id);
    if (!byPath) this.importStepCache.set(spec.id, (byPath = new Map()));
    let steps = byPath.get(from.path);
    if (steps) return steps;
    steps = from.imports.map((ref): ImportStep => {
      const system = this.moduleSystems.get(from.language)?.bindings(from.path, ref);
      if (system) return { kind: 'module', bindings: system };
      const files = this.resolveImport(from.path, ref, from.language);
      if (files.length > 0)
        return {
          kind: 'files',
          names: ref.bindings,
          renamed: ref.renamed,
          files,
          numbers: files.map((path) => this.fileIndex.get(path)!),
          include: ref.resolve === 'include',
        };
      return {
        kind: 'outside',
        names: ref.bindings,
        outside: this.outsideKind(ref, stdlibModules),
        system: ref.resolve === 'include' ? this.systemInclude(ref.target, spec) : null,
      };
    });
    byPath.set(from.path, steps);
    return steps;
  }

  /** A system include: whether it is the C library's, and the name sets of its headers (each with that flag). */
  private systemInclude(target: string, spec: LanguageSpec): SystemInclude {
    const key = `${spec.id}\0${target}`;
    let include = this.systemIncludeCache.get(key);
    if (!include) {
      const headers = spec.systemLibrary?.headers;
      const sets = this.systemHeaderDeclarations(target).map(({ header, names }) => ({
        names,
        library: isLibraryHeader(header, headers),
      }));
      include = { library: isLibraryHeader(target, headers), sets };
      this.systemIncludeCache.set(key, include);
    }
    return include;
  }

  private outsideKind(ref: ImportRef, stdlibModules: Set<string>): 'stdlib' | 'external' {
    // Go's standard packages are the import paths whose first element has no dot.
    if (ref.resolve === 'go-package') return ref.target.split('/')[0]!.includes('.') ? 'external' : 'stdlib';
    const root = ref.target.split(/[./:\\]/).filter(Boolean)[0] ?? ref.target;
    return stdlibModules.has(ref.target) || stdlibModules.has(root) ? 'stdlib' : 'external';
  }

  /**
   * The names an import binds in `from`, each with the repository files defining it (a null name:
   * every name of the files, for globs and includes). A language's module system decides where it has one.
   */
  importBindings(from: FileFacts, ref: ImportRef): ImportBinding[] {
    const system = this.moduleSystems.get(from.language)?.bindings(from.path, ref);
    if (system) return system;
    const files = this.resolveImport(from.path, ref, from.language);
    const outside =
      files.length === 0 ? this.outsideKind(ref, new Set(getLanguage(from.language).stdlibModules)) : null;
    const bindings: ImportBinding[] = ref.bindings.map((name) => ({ name, files, outside }));
    if (ref.wildcard || ref.resolve === 'include') bindings.push({ name: null, files, outside });
    return bindings;
  }

  /** Repository files an import/include refers to (empty when it is outside the repository). */
  resolveImport(fromPath: string, ref: ImportRef, language: LanguageId): string[] {
    // a bare specifier naming a module of the runtime (`'http'`, `'node:fs'`) is that module, never a file that shares
    // its name (`test/http.ts`)
    if (
      ref.resolve === 'relative-path' &&
      !/^[./]/.test(ref.target) &&
      getLanguage(language).stdlibModules?.includes(ref.target.split(/[/:]/)[0]!)
    )
      return [];
    const fromDir = posix.dirname(fromPath);
    // Many files import the same module from the same folder: resolve each pair once.
    const key = `${fromDir}\0${language}\0${ref.resolve}\0${ref.target}`;
    let files = this.importCache.get(key);
    if (!files) {
      files = this.resolveImportUncached(fromDir, ref, moduleExtensions(language));
      this.importCache.set(key, files);
    }
    return files;
  }

  /** `extensions`: what the importer's module names may leave out (its language's first). */
  private resolveImportUncached(fromDir: string, ref: ImportRef, extensions: readonly string[]): string[] {
    const existing = (candidates: string[]) =>
      candidates.map((c) => posix.normalize(c)).filter((c) => this.paths.has(c));
    switch (ref.resolve) {
      case 'include': {
        const local = existing([posix.join(fromDir, ref.target)]);
        if (local.length > 0) return local;
        return this.nearest(fromDir, this.pathsBySuffix.get(posix.normalize(ref.target)) ?? []);
      }
      case 'relative-path': {
        if (!ref.target.startsWith('.') && !ref.target.startsWith('/'))
          return this.bySuffixWithExtensions(fromDir, ref.target, extensions);
        const base = posix.join(fromDir, ref.target);
        // TypeScript's ESM imports name the compiled file: `./queue.js` is `./queue.ts` in the source.
        const compiled = /\.(m|c)?jsx?$/.exec(base);
        const sources = compiled
          ? ['ts', 'tsx', 'mts', 'cts'].map((ext) => `${base.slice(0, compiled.index)}.${ext}`)
          : [];
        return existing([
          ...sources,
          ...['', ...extensions].flatMap((ext) => [`${base}${ext}`, ext ? `${base}/index${ext}` : '']).filter(Boolean),
        ]).slice(0, 1);
      }
      case 'dotted-module': {
        const leadingDots = /^\.+/.exec(ref.target)?.[0].length ?? 0;
        // `a.b.c` (Python, Java...) and `A\B\C` (PHP namespaces, PSR-4: one folder per segment).
        const modulePath = ref.target.slice(leadingDots).replace(/^\\/, '').replace(/[.\\]/g, '/');
        if (leadingDots > 0) {
          let dir = fromDir;
          for (let i = 1; i < leadingDots; i++) dir = posix.dirname(dir);
          return existing([posix.join(dir, `${modulePath}.py`), posix.join(dir, modulePath, '__init__.py')]);
        }
        const asFile = this.bySuffixWithExtensions(fromDir, modulePath, extensions);
        if (asFile.length > 0) return asFile;
        // PSR-4 (composer) maps a namespace prefix to a folder (`App\` → `src/`): the path without its first
        // segments.
        if (ref.target.includes('\\')) {
          const segments = modulePath.split('/');
          for (let drop = 1; drop <= segments.length - 2; drop++) {
            const found = this.bySuffixWithExtensions(fromDir, segments.slice(drop).join('/'), extensions);
            if (found.length > 0) return found;
          }
        }
        // `import a.b.Name` binds a class or function of module a.b; `using A.B` names a folder.
        const parent = posix.dirname(modulePath);
        const asParent = parent !== '.' ? this.bySuffixWithExtensions(fromDir, parent, extensions) : [];
        if (asParent.length > 0) return asParent;
        const asFolder = this.directoryFiles(fromDir, modulePath);
        // `import pkg.name` of a top-level function (Kotlin, Scala): the folder of pkg, matched on its whole path.
        return asFolder.length > 0 || parent === '.' ? asFolder : this.directoryFiles(fromDir, parent, true);
      }
      case 'go-package':
        return this.directoryFiles(fromDir, ref.target);
      case 'none':
        return [];
    }
  }

  private bySuffixWithExtensions(fromDir: string, modulePath: string, extensions: readonly string[]): string[] {
    for (const ext of extensions) {
      const found = this.pathsBySuffix.get(`${modulePath}${ext}`);
      if (found) return this.nearest(fromDir, found);
    }
    const init = this.pathsBySuffix.get(`${modulePath}/__init__.py`) ?? this.pathsBySuffix.get(`${modulePath}/mod.rs`);
    return init ? this.nearest(fromDir, init) : [];
  }

  /**
   * All files of the directory whose path ends with `dirPath`, or with a shorter tail of it (nearest such directory).
   */
  private directoryFiles(fromDir: string, dirPath: string, wholePathOnly = false): string[] {
    const segments = dirPath.split('/').filter(Boolean);
    for (let i = 0; i < (wholePathOnly ? Math.min(1, segments.length) : segments.length); i++) {
      const suffix = segments.slice(i).join('/');
      const dirs = [...this.filesByDir.keys()].filter((d) => d === suffix || d.endsWith(`/${suffix}`));
      if (dirs.length > 0) {
        const dir = this.nearest(fromDir, dirs)[0]!;
        return this.filesByDir.get(dir)!;
      }
    }
    return [];
  }

  /** The candidates closest to `fromDir` by path distance (all ties kept). */
  private nearest(fromDir: string, candidates: string[]): string[] {
    if (candidates.length <= 1) return candidates;
    const distance = (path: string) => posix.relative(fromDir, posix.dirname(path)).split('/').filter(Boolean).length;
    const best = Math.min(...candidates.map(distance));
    return candidates.filter((c) => distance(c) === best);
  }

  /** The source files that implement a header: same stem, another extension, nearest first. */
  private headerSources(header: string): string[] {
    let sources = this.headerSourceCache.get(header);
    if (!sources) {
      const candidates = (this.pathsByStem.get(stem(header)) ?? []).filter(
        (path) => path !== header && this.factsByPath.get(path)!.functions.length > 0,
      );
      sources = this.nearest(posix.dirname(header), candidates);
      this.headerSourceCache.set(header, sources);
    }
    return sources;
  }

  private libraryNames(spec: LanguageSpec): Set<string> {
    let names = this.libraryNameSets.get(spec.id);
    if (!names) {
      names = new Set(spec.systemLibrary?.names);
      this.libraryNameSets.set(spec.id, names);
    }
    return names;
  }

  /** The name sets of a system header and of every header it includes (each header read once per index). */
  private systemHeaderDeclarations(target: string): { header: string; names: Set<string> }[] {
    const cached = this.systemHeaderNames.get(target);
    if (cached) return cached;
    const sets: { header: string; names: Set<string> }[] = [];
    this.systemHeaderNames.set(target, sets);
    const seen = new Set<string>();
    const queue = [target];
    while (queue.length > 0 && seen.size < 200) {
      const header = queue.shift()!;
      if (seen.has(header)) continue;
      seen.add(header);
      const parsed = this.systemHeader(header);
      if (!parsed) continue;
      sets.push({ header, names: parsed.names });
      queue.push(...parsed.includes);
    }
    return sets;
  }

  /** One system header's declared names (identifiers followed by `(`) and its `#include <...>`s. */
  private systemHeader(header: string): { names: Set<string>; includes: string[] } | null {
    if (this.systemHeaders.has(header)) return this.systemHeaders.get(header)!;
    const file = findSystemHeader(header);
    const parsed = file ? scanHeader(readFileSync(file, 'latin1')) : null;
    this.systemHeaders.set(header, parsed);
    for (const name of parsed?.names ?? []) {
      const sets = this.systemSetsByName.get(name);
      if (sets) sets.push(parsed!.names);
      else this.systemSetsByName.set(name, [parsed!.names]);
    }
    return parsed;
  }
}

/** Whether an include path names one of the C library's headers (a listed file, or a file under a listed folder). */
function isLibraryHeader(header: string, headers: readonly string[] | undefined): boolean {
  return headers?.some((entry) => (entry.endsWith('/') ? header.startsWith(entry) : header === entry)) ?? false;
}

function scanHeader(text: string): { names: Set<string>; includes: string[] } {
  const names = new Set<string>();
  for (const match of text.matchAll(/\b([A-Za-z_]\w*)\s*\(/g)) names.add(match[1]!);
  return { names, includes: [...text.matchAll(/#\s*include\s*<([^>]+)>/g)].map((match) => match[1]!) };
}

let cppIncludeDirs: string[] | null = null;
/** A system header's file: in the folders of `CPATH` first (as the compiler searches them: a sysroot's, or a test's
 *  own headers), then the system's. */
function findSystemHeader(header: string): string | null {
  cppIncludeDirs ??= existsSync('/usr/include/c++')
    ? readdirSync('/usr/include/c++').map((v) => join('/usr/include/c++', v))
    : [];
  const given = (process.env.CPATH ?? '').split(':').filter((dir) => dir !== '');
  for (const dir of [...given, ...SYSTEM_INCLUDE_DIRS, ...cppIncludeDirs]) {
    const file = join(dir, header);
    if (statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
  }
  return null;
}
