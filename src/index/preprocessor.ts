// The C preprocessor's conditional directives read from a file's text: which branches are dead on the platform
// indexed for, and which of a repository's own macros are never defined there (docs/index.md, "Platform").
import { readFileSync } from 'node:fs';
import { getLanguage } from '../languages/registry.ts';
import type { LanguageId } from '../languages/types.ts';

/**
 * The branches of a C-family file's conditional directives (`#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`) that are dead on
 * the platform indexed for (`platformMacros` defined, `foreignPlatformMacros` not): text offsets [start, end), a branch
 * from the end of its directive's line to the next directive of its chain. Read from the text, line by line, as the
 * preprocessor does: tree-sitter's directive nodes go astray where branches hold unbalanced code. A condition naming
 * another macro decides nothing; once a branch's condition holds, the chain's later branches are dead.
 */
export function deadBranches(source: string, defined: ReadonlySet<string>, undefinedMacros: ReadonlySet<string>): [number, number][] {
  if (!/^[ \t]*#[ \t]*if/m.test(source)) return [];
  // a directive written inside a comment or a raw string (a shader's `#if`) is none
  const text = withoutCommentsAndRawStrings(source);
  const dead: [number, number][] = [];
  /** per open chain: where its dead branch started (or null), and whether a branch's condition has held. */
  const chains: { deadFrom: number | null; held: boolean }[] = [];
  const directive = /^[ \t]*#[ \t]*(ifdef|ifndef|if|elifdef|elifndef|elif|else|endif)\b((?:[^\n\\]|\\\n?)*)$/gm;
  for (const match of text.matchAll(directive)) {
    const [line, kind, rest] = match as unknown as [string, string, string];
    const lineStart = match.index!;
    const lineEnd = lineStart + line.length;
    const condition = (): boolean | undefined => {
      const body = rest.replace(/\\\n/g, ' ').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/g, ' ').trim();
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

/** The text with its comments and raw strings blanked (newlines kept, so every offset stays); other literals are only stepped over. */
function withoutCommentsAndRawStrings(text: string): string {
  if (!text.includes('/*') && !text.includes('R"')) return text;
  return text.replace(/\/\*[\s\S]*?\*\/|R"([^()\\\s]{0,16})\([\s\S]*?\)\1"|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\/[^\n]*/g, (match) =>
    match.startsWith('"') || match.startsWith("'") ? match : match.replace(/[^\n]/g, ' '));
}

/** Whether a macro is defined on the platform indexed for; undefined when it is none of the known ones. */
function definedOnPlatform(name: string, defined: ReadonlySet<string>, undefinedMacros: ReadonlySet<string>): boolean | undefined {
  return defined.has(name) ? true : undefinedMacros.has(name) ? false : undefined;
}

/** A `#if` condition in three values (undefined: cannot tell): `defined`, `!`, `&&`, `||`, parentheses, numbers and the platform's macros. */
function evaluateCondition(text: string, defined: ReadonlySet<string>, undefinedMacros: ReadonlySet<string>): boolean | undefined {
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
    if (/^\d/.test(token)) return /^0[xX]?0*[uUlL]*$|^0+[uUlL]*$/.test(token) ? false : /^\d+[uUlL]*$/.test(token) ? true : undefined;
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
  const connective = (operator: string, operand: () => boolean | undefined, decisive: boolean) => (): boolean | undefined => {
    let value = operand();
    while (tokens[at] === operator) {
      at++;
      const right = operand();
      value = value === decisive || right === decisive ? decisive : value === !decisive && right === !decisive ? !decisive : undefined;
    }
    return value;
  };
  const and = connective('&&', comparison, false);
  const or = connective('||', and, true);
  const value = or();
  return at === tokens.length ? value : undefined;
}


/** The macros a file's directives name: `#define`d in live code, `#define`d only in dead branches, and tested by conditions. */
export interface DirectiveNames {
  defined: string[];
  deadDefined: string[];
  tested: string[];
}

const DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)/gm;
const CONDITION = /^[ \t]*#[ \t]*(?:if|ifdef|ifndef|elif|elifdef|elifndef)\b((?:[^\n\\]|\\\n?)*)$/gm;
/** Names the implementation reserves (`__SSE4_1__`, `_OPENMP`): the compiler's, never a project's own. */
const RESERVED = /^(?:__|_[A-Z])/;

/** The platform a language's files are read for: the macros defined there and those undefined there (with `undefinedMacros`). */
export function platformOf(language: LanguageId, undefinedMacros: readonly string[] = []): { defined: Set<string>; undefined: Set<string> } | null {
  const spec = getLanguage(language);
  if (!spec.platformMacros && !spec.foreignPlatformMacros) return null;
  return { defined: new Set(spec.platformMacros), undefined: new Set([...(spec.foreignPlatformMacros ?? []), ...undefinedMacros]) };
}

/** The macros a C-family file's directives name (DirectiveNames), on its language's platform with `undefinedMacros` undefined too; null for other languages. */
export function directiveNames(language: LanguageId, source: string, undefinedMacros: readonly string[] = []): DirectiveNames | null {
  const platform = platformOf(language, undefinedMacros);
  if (!platform || !source.includes('#')) return platform && { defined: [], deadDefined: [], tested: [] };
  const text = withoutCommentsAndRawStrings(source);
  const dead = deadBranches(source, platform.defined, platform.undefined);
  const defined = new Set<string>();
  const deadDefined = new Set<string>();
  for (const match of text.matchAll(DEFINE)) {
    const at = match.index!;
    (dead.some(([start, end]) => start <= at && at < end) ? deadDefined : defined).add(match[1]!);
  }
  const tested = new Set<string>();
  for (const match of text.matchAll(CONDITION)) {
    for (const name of match[1]!.match(/[A-Za-z_]\w*/g) ?? []) {
      if (name !== 'defined' && !RESERVED.test(name) && !platform.defined.has(name) && (!platform.undefined.has(name) || undefinedMacros.includes(name))) tested.add(name);
    }
  }
  return { defined: [...defined], deadDefined: [...deadDefined], tested: [...tested] };
}

/**
 * The files that may define macros on the build's command line or in a generated configuration header
 * (`add_definitions(-DFOO)`, `config.h.in`, `config.h.cmake`): a macro their text names is never taken as undefined.
 */
export const BUILD_FILE = /^(?:CMakeLists\.txt|.*\.cmake|.*\.in|configure|configure\.ac|GNUmakefile|[Mm]akefile.*|.*\.mk|.*\.mak|.*\.am|meson\.build|meson_options\.txt|meson\.options|.*\.pro|.*\.pri|premake.*\.lua|SConstruct|SConscript|BUILD|BUILD\.bazel|.*\.bzl|.*\.gypi?|setup\.py|build\.rs|wscript|Jamfile.*|Jamroot)$/;

/**
 * A repository's own macros that are never defined on the platform indexed for: a macro the repository `#define`s
 * only in dead branches (bullet3's `BT_USE_SSE`, set for Windows and macOS alone), never in live code, and no build
 * file names. A branch testing one is then decided as well, and a macro defined only under such a branch is found in
 * a next round (at most `ROUNDS`). A macro the repository never defines stays unknown: the build may pass it.
 * `files`: the C-family files (path, language), `read` gives a file's text (null when it cannot be read);
 * `buildFiles`: the build files' absolute paths. Gives the macros, per file the ones among them its conditions test,
 * and per file every macro its conditions test.
 */
export function repositoryUndefinedMacros(
  files: readonly { path: string; language: LanguageId }[],
  read: (path: string) => string | null,
  buildFiles: readonly string[],
): { macros: string[]; byFile: Map<string, string[]>; tested: Map<string, string[]> } {
  const names = new Map<string, DirectiveNames>();
  for (const file of files) {
    const text = read(file.path);
    const found = text === null ? null : directiveNames(file.language, text);
    if (found) names.set(file.path, found);
  }
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
    const live = new Set<string>();
    const deadOnly = new Set<string>();
    for (const found of names.values()) for (const name of found.defined) live.add(name);
    for (const found of names.values()) for (const name of found.deadDefined) if (!live.has(name) && !undefinedMacros.has(name) && !buildNamed.has(name)) deadOnly.add(name);
    if (deadOnly.size === 0) break;
    for (const name of deadOnly) if (namedByBuild(name)) buildNamed.add(name);
    const added = [...deadOnly].filter((name) => !buildNamed.has(name));
    if (added.length === 0) break;
    for (const name of added) undefinedMacros.add(name);
    // the files whose conditions test a newly undefined macro are read again with it undefined
    for (const file of files) {
      const found = names.get(file.path);
      if (!found || !added.some((name) => found.tested.includes(name))) continue;
      const text = read(file.path);
      const again = text === null ? null : directiveNames(file.language, text, found.tested.filter((name) => undefinedMacros.has(name)));
      if (again) names.set(file.path, again);
    }
  }
  const byFile = new Map<string, string[]>();
  for (const [path, found] of names) {
    const tested = found.tested.filter((name) => undefinedMacros.has(name)).sort();
    if (tested.length > 0) byFile.set(path, tested);
  }
  return { macros: [...undefinedMacros].sort(), byFile, tested: new Map([...names].map(([path, found]) => [path, found.tested])) };
}

/** Rounds of repositoryUndefinedMacros: a macro defined only under a branch on a macro defined only under a branch... */
const ROUNDS = 3;
