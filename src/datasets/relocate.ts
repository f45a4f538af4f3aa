// Relocating published function rows onto another version of their repository (YABLoCo's rows on
// Debian's openssl or LLVM): the published code where it was recorded, elsewhere in the same file,
// or in another file (renamed); else the function of the same name whose signature and body come
// closest, kept with its changed body and flagged; else the row is not found. Each file is read
// once and parsed only when a row needs it; other files are searched for the names in one pass.
import { readFileSync } from 'node:fs';
import { extractFile, listSources, type SourceEntry, type ExtractedFunction } from '../index/index.ts';
import type { LanguageId } from '../languages/index.ts';

/**
 * How a row was found: `recorded` (its lines), `moved` (other lines of its file), `renamed` (another file), `changed`
 * (by name, with another body), `missing`.
 */
export type RelocationKind = 'recorded' | 'moved' | 'renamed' | 'changed' | 'missing';

export type Relocated =
  | { kind: Exclude<RelocationKind, 'missing'>; path: string; startLine: number; endLine: number; similarity: number }
  | { kind: 'missing' };

/** Similarity under which a function of the same name is another function, not a changed version of the row. */
export const MIN_SIMILARITY = 0.5;

const DIRECTIVE = /^\s*#\s*(\w+)/;

/**
 * Where the file's lines from `start` hold the code (trailing whitespace ignored), as its last line;
 * null when they do not. Published code may be the preprocessed text of a function (YABLoCo's bullet3
 * rows keep only the branch their build compiled): lines of the file inside `#if` groups, and the
 * directives themselves, may be left out of it.
 */
function matchAt(fileLines: string[], wanted: string[], start: number): number | null {
  let depth = 0;
  let next = 0;
  for (let index = start - 1; index < fileLines.length; index++) {
    const line = fileLines[index]!.trimEnd();
    if (line === wanted[next]!.trimEnd()) {
      if (++next === wanted.length) return index + 1;
      continue;
    }
    const directive = DIRECTIVE.exec(line)?.[1];
    if (directive === undefined && depth === 0) return null;
    if (directive?.startsWith('if')) depth++;
    else if (directive === 'endif') depth = Math.max(0, depth - 1);
    if (next === 0) return null;
  }
  return null;
}

export function codeLines(code: string): string[] {
  return code.replace(/\n$/, '').split('\n');
}

/** Where the file holds the code (matchAt), trying line `preferred` first; null if nowhere. */
export function findCode(
  fileLines: string[],
  code: string,
  preferred?: number,
): { startLine: number; endLine: number } | null {
  const wanted = codeLines(code);
  const at = (start: number) => {
    const end = matchAt(fileLines, wanted, start);
    return end === null ? null : { startLine: start, endLine: end };
  };
  const first = wanted[0]!.trimEnd();
  if (preferred !== undefined) {
    const found = at(preferred);
    if (found) return found;
  }
  for (let start = 1; start <= fileLines.length; start++) {
    if (fileLines[start - 1]!.trimEnd() !== first) continue;
    const found = at(start);
    if (found) return found;
  }
  return null;
}

const TOKEN = /[A-Za-z_][A-Za-z0-9_]*|\d[\w.]*|\S/g;

function tokenCounts(code: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of code.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, ' ').match(TOKEN) ?? [])
    counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

/** Dice coefficient of the two codes' token multisets (comments left out): 1 for the same tokens, 0 for none shared. */
export function tokenSimilarity(a: string, b: string): number {
  const [left, right] = [tokenCounts(a), tokenCounts(b)];
  let shared = 0;
  let total = 0;
  for (const [token, count] of left) {
    shared += Math.min(count, right.get(token) ?? 0);
    total += count;
  }
  for (const count of right.values()) total += count;
  return total === 0 ? 1 : (2 * shared) / total;
}

/** The text before the body, whitespace collapsed. */
function normalSignature(signature: string): string {
  return signature
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),*&<>:])\s*/g, '$1')
    .trim();
}

/** The last component of a qualified name (`llvm::APInt::trunc` -> `trunc`; `operator*=` stays whole). */
export function bareName(name: string): string {
  const operator = name.indexOf('operator');
  const head = operator >= 0 ? name.slice(0, operator) : name;
  const cut = head.lastIndexOf('::');
  return cut >= 0 ? name.slice(cut + 2) : name;
}

/** How many trailing `::` components two qualified names share (`llvm::orc::A::f` and `A::f`: 2). */
function sharedQualifiers(a: string, b: string): number {
  const [left, right] = [a.split('::').reverse(), b.split('::').reverse()];
  let shared = 0;
  while (shared < left.length && shared < right.length && left[shared] === right[shared]) shared++;
  return shared;
}

export interface RelocationRow {
  /** the published (qualified) name. */
  name: string;
  /** path in the repository. */
  path: string;
  /** published first line (1-based). */
  pos: number;
  /** the published code, signature included. */
  code: string;
}

/** One repository checkout: its files read and parsed on demand. */
export class CheckoutFiles {
  private readonly texts = new Map<string, string | null>();
  private readonly parsed = new Map<string, Promise<ExtractedFunction[]>>();
  private listing: SourceEntry[] | null = null;

  constructor(readonly root: string) {}

  /** The file's text, null when it is not a regular file of the checkout. */
  text(path: string): string | null {
    if (!this.texts.has(path)) {
      let text: string | null = null;
      try {
        text = readFileSync(`${this.root}/${path}`, 'utf8');
      } catch {
        text = null;
      }
      this.texts.set(path, text);
    }
    return this.texts.get(path)!;
  }

  private functions(path: string, language: LanguageId): Promise<ExtractedFunction[]> {
    let parsed = this.parsed.get(path);
    if (!parsed) {
      const text = this.text(path);
      parsed = text === null ? Promise.resolve([]) : extractFile(path, language, text).then((facts) => facts.functions);
      this.parsed.set(path, parsed);
    }
    return parsed;
  }

  /**
   * The source files of the checkout that mention each name as a word, in one pass (texts are not
   * kept): where a function that left its file may have gone.
   */
  filesMentioning(names: Iterable<string>): Map<string, { path: string; language: LanguageId }[]> {
    const wanted = [...new Set(names)];
    const found = new Map<string, { path: string; language: LanguageId }[]>(wanted.map((name) => [name, []]));
    if (wanted.length === 0) return found;
    this.listing ??= listSources(this.root).entries;
    const word = (name: string) => new RegExp(`(?<![\\w])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`);
    const patterns = wanted.map((name) => [name, word(name)] as const);
    for (const entry of this.listing) {
      let text: string;
      try {
        text = readFileSync(entry.full, 'utf8');
      } catch {
        continue;
      }
      for (const [name, pattern] of patterns)
        if (text.includes(name) && pattern.test(text))
          found.get(name)!.push({ path: entry.path, language: entry.language });
    }
    return found;
  }

  /**
   * The row in this checkout. `elsewhere`: the other files that mention its name (filesMentioning),
   * searched when its own file no longer holds it.
   */
  async relocate(
    row: RelocationRow,
    language: LanguageId,
    elsewhere: { path: string; language: LanguageId }[] = [],
  ): Promise<Relocated> {
    const own = this.text(row.path);
    if (own !== null) {
      const found = findCode(own.split('\n'), row.code, row.pos);
      if (found !== null)
        return { kind: found.startLine === row.pos ? 'recorded' : 'moved', path: row.path, ...found, similarity: 1 };
    }
    const files = [
      ...(own !== null ? [{ path: row.path, language }] : []),
      ...elsewhere.filter((file) => file.path !== row.path),
    ];
    for (const file of files.slice(own !== null ? 1 : 0)) {
      const text = this.text(file.path);
      const found = text === null ? null : findCode(text.split('\n'), row.code);
      if (found !== null) return { kind: 'renamed', path: file.path, ...found, similarity: 1 };
    }
    // By name: the same bare name, then the most shared qualifiers, the same signature, the closest body, its own file.
    const bare = bareName(row.name);
    const braceAt = row.code.indexOf('{');
    const signature = normalSignature(braceAt >= 0 ? row.code.slice(0, braceAt) : codeLines(row.code)[0]!);
    let best: { score: number[]; path: string; fn: ExtractedFunction; similarity: number } | null = null;
    for (const file of files) {
      const text = this.text(file.path)!;
      for (const fn of await this.functions(file.path, file.language)) {
        if (fn.name !== bare && bareName(fn.qualifiedName) !== bare) continue;
        const similarity = tokenSimilarity(row.code, text.slice(fn.codeStart, fn.codeEnd));
        const sameSignature = normalSignature(fn.signature) === signature;
        if (!sameSignature && similarity < MIN_SIMILARITY) continue;
        const score = [
          sharedQualifiers(row.name, fn.qualifiedName),
          sameSignature ? 1 : 0,
          similarity,
          file.path === row.path ? 1 : 0,
        ];
        if (!best || compareScores(score, best.score) > 0) best = { score, path: file.path, fn, similarity };
      }
    }
    if (!best) return { kind: 'missing' };
    return {
      kind: best.similarity === 1 && best.path === row.path ? 'moved' : best.similarity === 1 ? 'renamed' : 'changed',
      path: best.path,
      startLine: best.fn.span.startLine,
      endLine: best.fn.span.endLine,
      similarity: best.similarity,
    };
  }
}

function compareScores(a: number[], b: number[]): number {
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return a[index]! - b[index]!;
  return 0;
}
