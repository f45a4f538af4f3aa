// The C preprocessor's conditional directives read from a file's text: which branches are dead on the platform
// indexed for, and which of a repository's own macros are never defined there (docs/index.md, "Platform").
import { readFileSync } from 'node:fs';
import { getLanguage, type LanguageId } from '../languages/index.ts';

/**
 * The branches of a C-family file's conditional directives (`#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`) that are dead
 * on the platform indexed for (`platformMacros` defined, `foreignPlatformMacros` not): text offsets [start, end), a
 * branch from the end of its directive's line to the next directive of its chain. Read from the text, line by line, as
 * the preprocessor does: tree-sitter's directive nodes go astray where branches hold unbalanced code. A condition
 * naming another macro decides nothing; once a branch's condition holds, the chain's later branches are dead.
 */
export function deadBranches(
  source: string,
  defined: ReadonlySet<string>,
  undefinedMacros: ReadonlySet<string>,
): [number, number][] {
  if (!/^[ \t]*#[ \t]*if/m.test(source)) return [];
  // a directive written inside a comment or a raw string (a shader's `#if`) is none
  return deadBranchesIn(withoutCommentsAndRawStrings(source), defined, undefinedMacros);
}

/** deadBranches of a text whose comments and raw strings are blanked already. */
function deadBranchesIn(
  text: string,
  defined: ReadonlySet<string>,
  undefinedMacros: ReadonlySet<string>,
): [number, number][] {
  const dead: [number, number][] = [];
  /** per open chain: where its dead branch started (or null), and whether a branch's condition has held. */
  const chains: { deadFrom: number | null; held: boolean }[] = [];
  const directive = /^[ \t]*#[ \t]*(ifdef|ifndef|if|elifdef|elifndef|elif|else|endif)\b((?:[^\n\\]|\\\n?)*)$/gm;
  for (const match of text.matchAll(directive)) {
    const [line, kind, rest] = match as unknown as [string, string, string];
    const lineStart = match.index!;
    const lineEnd = lineStart + line.length;
    const condition = (): boolean | undefined => {
      const body = rest
        .replace(/\\\n/g, ' ')
        .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/g, ' ')
        .trim();
      if (kind.endsWith('def')) {
        const name = /^[A-Za-z_]\w*/.exec(body)?.[0];
        const known = name === undefined ? undefined : definedOnPlatform(name, defined, undefinedMacros);
        return known === undefined ? undefined : kind.endsWith('ndef') ? !known : known;
      }
      return evaluateCondition(body, defined, undefinedMacros);
    };
    if (kind.startsWith('if')) {
      const holds = condition();
      chains.push({ deadFrom: holds === false ? lineEnd : null, held: holds === true });
      continue;
    }
    const chain = chains.at(-1);
    if (!chain) continue;
    if (chain.deadFrom !== null) dead.push([chain.deadFrom, lineStart]);
    if (kind === 'endif') {
      chains.pop();
      continue;
    }
    const holds = kind === 'else' ? true : condition();
    chain.deadFrom = chain.held || holds === false ? lineEnd : null;
    if (holds === true) chain.held = true;
  }
  // a file ending inside a dead branch: dead to its end
  for (const chain of chains) if (chain.deadFrom !== null) dead.push([chain.deadFrom, text.length]);
  // one sorted list of disjoint ranges (a chain inside a dead branch adds ranges inside it)
  const merged: [number, number][] = [];
  for (const [start, end] of dead.sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/**
 * The text with its comments and raw strings blanked (newlines kept, so every offset stays); other literals are only
 * stepped over.
 */
function withoutCommentsAndRawStrings(text: string): string {
  if (!text.includes('/*') && !text.includes('R"')) return text;
  return text.replace(
    /\/\*[\s\S]*?\*\/|R"([^()\\\s]{0,16})\([\s\S]*?\)\1"|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\/[^\n]*/g,
    (match) => (match.startsWith('"') || match.startsWith("'") ? match : match.replace(/[^\n]/g, ' ')),
  );
}

/** Whether a macro is defined on the platform indexed for; undefined when it is none of the known ones. */
function definedOnPlatform(
  name: string,
  defined: ReadonlySet<string>,
  undefinedMacros: ReadonlySet<string>,
): boolean | undefined {
  return defined.has(name) ? true : undefinedMacros.has(name) ? false : undefined;
}

/**
 * A `#if` condition in three values (undefined: cannot tell): `defined`, `!`, `&&`, `||`, parentheses, numbers and the
 * platform's macros.
 */
function evaluateCondition(
  text: string,
  defined: ReadonlySet<string>,
  undefinedMacros: ReadonlySet<string>,
): boolean | undefined {
  const tokens = text.match(/[A-Za-z_]\w*|\d+\w*|&&|\|\||==|!=|<=|>=|[()!<>]|\S/g) ?? [];
  let at = 0;
  const macro = (name: string) => definedOnPlatform(name, defined, undefinedMacros);
  // each level returns undefined for what it cannot tell; an unknown operand still lets `&&`/`||` decide on the other
  const primary = (): boolean | undefined => {
    const token = tokens[at++];
    if (token === undefined) return undefined;
    if (token === '!') {
      const inner = primary();
      return inner === undefined ? undefined : !inner;
    }
    if (token === '(') {
      const inner = or();
      if (tokens[at] === ')') at++;
      return inner;
    }
    if (token === 'defined') {
      const parenthesised = tokens[at] === '(';
      if (parenthesised) at++;
      const name = tokens[at++];
      if (parenthesised && tokens[at] === ')') at++;
      return name === undefined ? undefined : macro(name);
    }
    if (/^\d/.test(token))
      return /^0[xX]?0*[uUlL]*$|^0+[uUlL]*$/.test(token) ? false : /^\d+[uUlL]*$/.test(token) ? true : undefined;
    // a macro undefined on the platform is 0 there; a defined one's value is not known
    return /^[A-Za-z_]/.test(token) ? (macro(token) === false ? false : undefined) : undefined;
  };
  const comparison = (): boolean | undefined => {
    const left = primary();
    if (['==', '!=', '<', '>', '<=', '>='].includes(tokens[at] ?? '')) {
      at++;
      primary();
      return undefined;
    }
    return left;
  };
  // `&&` (decided by a false operand) and `||` (by a true one): either operand decides when it is the deciding value
  const connective =
    (operator: string, operand: () => boolean | undefined, decisive: boolean) => (): boolean | undefined => {
      let value = operand();
      while (tokens[at] === operator) {
        at++;
        const right = operand();
        value =
          value === decisive || right === decisive
            ? decisive
            : value === !decisive && right === !decisive
              ? !decisive
              : undefined;
      }
      return value;
    };
  const and = connective('&&', comparison, false);
  const or = connective('||', and, true);
  const value = or();
  return at === tokens.length ? value : undefined;
}

/**
 * The macros a file's directives name: `#define`d in live code, `#define`d only in dead branches, and tested by
 * conditions.
 */
export interface DirectiveNames {
  defined: string[];
  deadDefined: string[];
  tested: string[];
}

const DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)/gm;
const CONDITION = /^[ \t]*#[ \t]*(?:if|ifdef|ifndef|elif|elifdef|elifndef)\b((?:[^\n\\]|\\\n?)*)$/gm;
/** Names the implementation reserves (`__SSE4_1__`, `_OPENMP`): the compiler's, never a project's own. */
const RESERVED = /^(?:__|_[A-Z])/;

/**
 * The platform a language's files are read for: the macros defined there and those undefined there (with
 * `undefinedMacros`).
 */
export function platformOf(
  language: LanguageId,
  undefinedMacros: readonly string[] = [],
): { defined: Set<string>; undefined: Set<string> } | null {
  const spec = getLanguage(language);
  if (!spec.platformMacros && !spec.foreignPlatformMacros) return null;
  return {
    defined: new Set(spec.platformMacros),
    undefined: new Set([...(spec.foreignPlatformMacros ?? []), ...undefinedMacros]),
  };
}

/**
 * The macros a C-family file's directives name (DirectiveNames), on its language's platform with `undefinedMacros`
 * undefined too; null for other languages.
 */
export function directiveNames(
  language: LanguageId,
  source: string,
  undefinedMacros: readonly string[] = [],
): DirectiveNames | null {
  const platform = platformOf(language, undefinedMacros);
  if (!platform || !source.includes('#')) return platform && { defined: [], deadDefined: [], tested: [] };
  const text = withoutCommentsAndRawStrings(source);
  const deadRanges = /^[ \t]*#[ \t]*if/m.test(source) ? deadBranchesIn(text, platform.defined, platform.undefined) : [];
  const defined = new Set<string>();
  const deadDefined = new Set<string>();
  for (const match of text.matchAll(DEFINE)) {
    const at = match.index!;
    const name = match[1]!;
    // a fallback (`#ifndef STDIN_FILENO` / `#define STDIN_FILENO 0`) says the macro may come from elsewhere: as if live
    const dead = deadRanges.some(([start, end]) => start <= at && at < end) && !guardedFallback(text, at, name);
    (dead ? deadDefined : defined).add(name);
  }
  const tested = new Set<string>();
  for (const match of text.matchAll(CONDITION)) {
    for (const name of match[1]!.match(/[A-Za-z_]\w*/g) ?? []) {
      if (
        name !== 'defined' &&
        !RESERVED.test(name) &&
        !platform.defined.has(name) &&
        (!platform.undefined.has(name) || undefinedMacros.includes(name))
      )
        tested.add(name);
    }
  }
  return { defined: [...defined], deadDefined: [...deadDefined], tested: [...tested] };
}

/** Whether the directive just before a `#define NAME` at `at` is `#ifndef NAME` (or `#if !defined(NAME)`). */
function guardedFallback(text: string, at: number, name: string): boolean {
  const before = text.slice(Math.max(0, at - 240), at);
  return new RegExp(
    `#[ \\t]*(?:ifndef[ \\t]+${name}|if[ \\t]+!\\s*defined\\s*\\(?\\s*${name})\\b[^\\n]*\\n[ \\t]*$`,
  ).test(before);
}

/**
 * A cheap reading of a file's directives (no branch decided, comments not blanked): the names it `#define`s and the
 * names its conditions mention. Directive lines are found from each `#` that only blanks precede on its line.
 */
function directiveWords(text: string): { defines: string[]; conditions: Set<string> } {
  const defines: string[] = [];
  const conditions = new Set<string>();
  for (let at = text.indexOf('#'); at >= 0; at = text.indexOf('#', at + 1)) {
    let start = at - 1;
    while (start >= 0 && (text[start] === ' ' || text[start] === '\t')) start--;
    if (start >= 0 && text[start] !== '\n') continue;
    let end = text.indexOf('\n', at);
    // a condition continued on the next lines (`\` at the end)
    while (end > 0 && text[end - 1] === '\\') end = text.indexOf('\n', end + 1);
    const line = text.slice(at + 1, end < 0 ? text.length : end);
    const directive = /^[ \t]*(define|ifdef|ifndef|if|elif|elifdef|elifndef)\b/.exec(line);
    if (!directive) continue;
    if (directive[1] === 'define') {
      const name = /^[ \t]*define[ \t]+([A-Za-z_]\w*)/.exec(line)?.[1];
      if (name) defines.push(name);
    } else {
      for (const word of line.slice(directive[0].length).match(/[A-Za-z_]\w*|\b0\b/g) ?? []) conditions.add(word);
    }
  }
  return { defines, conditions };
}

/**
 * The files that may define macros on the build's command line or in a generated configuration header
 * (`add_definitions(-DFOO)`, `config.h.in`, `config.h.cmake`): a macro their text names is never taken as undefined.
 */
export const BUILD_FILE = new RegExp(
  String.raw`^(?:CMakeLists\.txt|.*\.cmake|.*\.in|configure|configure\.ac|GNUmakefile|[Mm]akefile.*|.*\.mk|.*\.mak|` +
    String.raw`.*\.am|meson\.build|meson_options\.txt|meson\.options|.*\.pro|.*\.pri|premake.*\.lua|SConstruct|` +
    String.raw`SConscript|BUILD|BUILD\.bazel|.*\.bzl|.*\.gypi?|setup\.py|build\.rs|wscript|Jamfile.*|Jamroot)$`,
);

/**
 * A repository's own macros that are never defined on the platform indexed for: a macro the repository `#define`s only
 * in dead branches (bullet3's `BT_USE_SSE`, set for Windows and macOS alone), never in live code nor as a fallback
 * (`#ifndef X` / `#define X`), that no build file names, and that is neither a reserved name nor the system library's
 * (`systemLibrary.names` and `definedMacros`: `snprintf`, `BYTE_ORDER`, `STDERR_FILENO`, `PRIx32`). A branch testing
 * one is then decided as well, and a macro defined only under such a branch is found in a next round (at most
 * `ROUNDS`). A macro the repository never defines stays unknown: the build may pass it. `files`: the C-family files
 * (path, language), `read` gives a file's text (null when it cannot be read); `buildFiles`: the build files' absolute
 * paths. Gives the macros, per file the ones among them its conditions test, and per file every macro its conditions
 * test where it names one of them or of `alsoTested`.
 */
export function repositoryUndefinedMacros(
  files: readonly { path: string; language: LanguageId }[],
  read: (path: string) => string | null,
  buildFiles: readonly string[],
  alsoTested: readonly string[] = [],
): { macros: string[]; byFile: Map<string, string[]>; tested: Map<string, string[]> } {
  // A first, cheap pass: a file none of whose conditions can be decided (no platform macro, no `#if 0`) has
  // every `#define` live; only the others are read whole.
  const names = new Map<string, DirectiveNames>();
  /** per file, the names its conditions mention (a cheap reading). */
  const mentioned = new Map<string, Set<string>>();
  const live = new Set<string>();
  /** names never taken as undefined: the system library's (its functions, the macros its headers define). */
  const system = new Set<string>();
  const platforms = new Map<LanguageId, Set<string>>();
  for (const file of files) {
    const text = read(file.path);
    if (text === null || !text.includes('#')) continue;
    let known = platforms.get(file.language);
    if (!known) {
      const platform = platformOf(file.language)!;
      known = new Set([...platform.defined, ...platform.undefined, '0']);
      platforms.set(file.language, known);
      const library = getLanguage(file.language).systemLibrary;
      for (const name of [...(library?.names ?? []), ...(library?.definedMacros ?? [])]) system.add(name);
    }
    const { defines, conditions } = directiveWords(text);
    if (conditions.size > 0) mentioned.set(file.path, conditions);
    // only a condition on a platform macro (or `#if 0`) can make a branch dead: the other files' definitions are all
    // live
    if ([...conditions].some((word) => known.has(word))) {
      const found = directiveNames(file.language, text);
      if (found) names.set(file.path, found);
    } else {
      for (const name of defines) live.add(name);
    }
  }
  const candidate = (name: string) => !RESERVED.test(name) && !system.has(name);
  let buildTexts: string[] | null = null;
  const namedByBuild = (name: string): boolean => {
    buildTexts ??= buildFiles.flatMap((path) => {
      try {
        return [readFileSync(path, 'latin1')];
      } catch {
        return [];
      }
    });
    const word = new RegExp(`\\b${name}\\b`);
    return buildTexts.some((text) => word.test(text));
  };
  const undefinedMacros = new Set<string>();
  /** macros a build file names: possibly defined by the build. */
  const buildNamed = new Set<string>();
  for (let round = 0; round < ROUNDS; round++) {
    const defined = new Set(live);
    const deadOnly = new Set<string>();
    for (const found of names.values()) for (const name of found.defined) defined.add(name);
    for (const found of names.values())
      for (const name of found.deadDefined)
        if (!defined.has(name) && !undefinedMacros.has(name) && !buildNamed.has(name) && candidate(name))
          deadOnly.add(name);
    if (deadOnly.size === 0) break;
    for (const name of deadOnly) if (namedByBuild(name)) buildNamed.add(name);
    const added = [...deadOnly].filter((name) => !buildNamed.has(name));
    if (added.length === 0) break;
    for (const name of added) undefinedMacros.add(name);
    // the files whose conditions test a newly undefined macro are read again with the ones they test undefined
    for (const file of files) {
      if (!added.some((name) => mentioned.get(file.path)?.has(name))) continue;
      const text = read(file.path);
      if (text === null) continue;
      const tested = (names.get(file.path) ?? directiveNames(file.language, text)!).tested;
      const again = directiveNames(
        file.language,
        text,
        tested.filter((name) => undefinedMacros.has(name)),
      );
      if (again) names.set(file.path, again);
    }
  }
  // what the files test of the undefined macros (and of `alsoTested`: the ones a refresh compares with)
  const byFile = new Map<string, string[]>();
  const tested = new Map<string, string[]>();
  const wanted = [...new Set([...undefinedMacros, ...alsoTested])];
  if (wanted.length > 0) {
    for (const file of files) {
      if (!wanted.some((name) => mentioned.get(file.path)?.has(name))) continue;
      let found = names.get(file.path);
      if (!found) {
        const text = read(file.path);
        if (text === null) continue;
        found = directiveNames(file.language, text)!;
      }
      tested.set(file.path, found.tested);
      const own = found.tested.filter((name) => undefinedMacros.has(name)).sort();
      if (own.length > 0) byFile.set(file.path, own);
    }
  }
  return { macros: [...undefinedMacros].sort(), byFile, tested };
}

/**
 * Rounds of repositoryUndefinedMacros: a macro defined only under a branch on a macro defined only under a branch...
 */
const ROUNDS = 3;
