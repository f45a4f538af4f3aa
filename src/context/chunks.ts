// One chunk index per repository checkout, shared by all its tasks: source files are listed once,
// each file is read, cut into CrossCodeEval's chunks and tokenized once (on first use), and the
// candidate set of a target file (nearest files first) is built once and reused by its tasks.
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { decodeSource } from '../util/source-text.ts';
import { allLanguages } from '../languages/index.ts';
import { InputError, errorReason } from '../util/errors.ts';
import { LexicalCorpus } from './rankers.ts';
import type { Chunk, RetrievalCompatibility } from './types.ts';
import { codeTokens } from './nltk.ts';
import { pyStrip } from './text.ts';

/** The chunks a target file's tasks are ranked against. */
export interface CandidateSet {
  /** the first `maxChunks` chunks of the nearest files: what gets ranked. */
  ranked: Chunk[];
  /** the chunk after `chunk` in its file, when there is one (RG1's next-chunk rule). */
  next(chunk: Chunk): Chunk | undefined;
  corpus(): LexicalCorpus;
  /** token → id of the repository's chunks (query tokens are looked up here). */
  vocabulary: ReadonlyMap<string, number>;
}

const SKIPPED_DIRECTORIES = new Set(['node_modules']);
const CANDIDATE_CACHE_SIZE = 256;
/**
 * Chunks the cached candidate sets may hold together (each with its corpus, about half a kilobyte a chunk): on a
 * monorepo every task's candidates are millions of chunks, and 256 of them exhausted 24 GB (LLVM's 65 YABLoCo rows
 * with bm25). The newest set always stays.
 */
const CANDIDATE_CACHE_CHUNKS = 2_000_000;

/** CrossCodeEval's file_distance: directory steps from both files up to their common folder. */
export function pathDistance(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  let common = 0;
  while (common < left.length && common < right.length && left[common] === right[common]) common++;
  return Math.max(left.length - common - 1, 0) + Math.max(right.length - common - 1, 0);
}

/**
 * The extension of a path with its dot: `.R` → `.r` (tables list them in lower case); kept as is where case matters.
 */
function extensionOf(path: string, caseSensitive = false): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  const extension = dot > slash + 1 ? path.slice(dot) : '';
  return caseSensitive ? extension : extension.toLowerCase();
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const UTF8_REPLACING = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * A file's lines as CrossCodeEval's Python reads them: text mode (UTF-8, `\r\n` and `\r` become
 * `\n`); in CrossCodeEval mode a file that is not UTF-8 is decoded with replacement characters
 * and keeps its `\r` (its fallback reads bytes, then `decode(errors='replace')`).
 */
function fileLines(bytes: Uint8Array, compatibility: RetrievalCompatibility): string[] {
  try {
    return UTF8.decode(bytes).split(/\r\n|\r|\n/);
  } catch {
    // CrossCodeEval reads with errors='replace' and keeps \r; ctxbench decodes as the index does (Latin-1).
    if (compatibility === 'crosscodeeval') return UTF8_REPLACING.decode(bytes).split('\n');
    return (decodeSource(bytes)?.text ?? '').split(/\r\n|\r|\n/);
  }
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path; // a missing root is reported by the walk
  }
}

/** Python's string order: by code point (JavaScript's `<` compares UTF-16 units). */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done || y.done) return x.done ? (y.done ? 0 : -1) : 1;
    if (x.value !== y.value) return x.value.codePointAt(0)! - y.value.codePointAt(0)!;
  }
}

export class RepoIndex {
  private static readonly shared = new Map<string, RepoIndex>();

  /** The index of `root` for a chunking (one per process, shared by all builders). */
  static for(
    root: string,
    chunkLines: number,
    stride: number,
    compatibility: RetrievalCompatibility = 'ctxbench',
  ): RepoIndex {
    const key = `${resolve(root)}\0${chunkLines}\0${stride}\0${compatibility}`;
    let index = RepoIndex.shared.get(key);
    if (!index) {
      index = new RepoIndex(resolve(root), chunkLines, stride, compatibility);
      RepoIndex.shared.set(key, index);
    }
    return index;
  }

  /** repository-relative source files (`/` separators), in directory-walk order. */
  readonly files: string[];
  readonly vocabulary = new Map<string, number>();
  private readonly chunksByFile = new Map<string, Chunk[]>();
  private readonly candidateSets = new Map<string, CandidateSet>();
  /** the chunks of the cached candidate sets, together. */
  private cachedChunks = 0;
  private readonly extensionKeys = new WeakMap<ReadonlySet<string>, string>();

  private readonly realRoot: string;

  constructor(
    readonly root: string,
    readonly chunkLines: number,
    readonly stride: number,
    readonly compatibility: RetrievalCompatibility = 'ctxbench',
  ) {
    if (!Number.isInteger(chunkLines) || chunkLines < 1)
      throw new InputError(`must be a positive integer, got ${chunkLines}`, { field: 'chunkLines' });
    if (!Number.isInteger(stride) || stride < 1)
      throw new InputError(`must be a positive integer, got ${stride}`, { field: 'stride' });
    const known = new Set(allLanguages().flatMap((language) => language.extensions));
    this.files = [];
    this.realRoot = realOrSelf(root);
    this.walk('', known, new Set([this.realRoot]));
  }

  /** Where a symbolic link leads, when it stays inside the repository (else undefined). */
  private insideTarget(path: string): { real: string; directory: boolean } | undefined {
    try {
      const real = realpathSync(join(this.root, path));
      if (real !== this.realRoot && !real.startsWith(this.realRoot + sep)) return undefined;
      return { real, directory: statSync(real).isDirectory() };
    } catch {
      return undefined; // dangling link
    }
  }

  /**
   * Like Python's glob `**`: names in code-point order, hidden names and `node_modules` skipped.
   * Symbolic links are skipped, except in CrossCodeEval mode, where links that stay inside the
   * repository are followed like its glob follows them (a folder already on the way down is not
   * entered again).
   */
  private walk(relative: string, known: Set<string>, ancestors: Set<string>): void {
    let entries;
    try {
      entries = readdirSync(join(this.root, relative), { withFileTypes: true });
    } catch (error) {
      throw new InputError(`cannot read repository folder: ${errorReason(error)}`, { file: join(this.root, relative) });
    }
    const followLinks = this.compatibility === 'crosscodeeval';
    for (const entry of entries.sort((a, b) => compareCodePoints(a.name, b.name))) {
      if (entry.name.startsWith('.')) continue;
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      const link = entry.isSymbolicLink() && followLinks ? this.insideTarget(path) : undefined;
      if (entry.isDirectory() || link?.directory) {
        // skipped in both modes: dependencies are not the repository's code (CrossCodeEval's glob would walk them)
        if (SKIPPED_DIRECTORIES.has(entry.name)) continue;
        const real = link?.real ?? join(this.realRoot, path);
        if (link && ancestors.has(real)) continue;
        this.walk(path, known, new Set([...ancestors, real]));
      } else if ((entry.isFile() || (link && !link.directory)) && known.has(extensionOf(path))) {
        this.files.push(path);
      }
    }
  }

  /** The chunks of one file: blank lines removed, windows of `chunkLines` every `stride` lines. */
  chunksOf(path: string): Chunk[] {
    let chunks = this.chunksByFile.get(path);
    if (chunks) return chunks;
    let lines: string[];
    try {
      lines = fileLines(readFileSync(join(this.root, path)), this.compatibility);
    } catch {
      lines = ['']; // unreadable files give no chunks, as in CrossCodeEval
    }
    const kept: { line: string; number: number }[] = [];
    lines.forEach((line, index) => {
      if (pyStrip(line) !== '') kept.push({ line, number: index + 1 });
    });
    chunks = [];
    for (let start = 0; start < kept.length; start += this.stride) {
      const window = kept.slice(start, start + this.chunkLines);
      const chunkText = window.map((entry) => entry.line).join('\n');
      const tokens = codeTokens(chunkText);
      if (tokens.length === 0) continue;
      const counts = new Map<number, number>();
      for (const token of tokens) {
        let id = this.vocabulary.get(token);
        if (id === undefined) {
          id = this.vocabulary.size;
          this.vocabulary.set(token, id);
        }
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      chunks.push({
        id: `${path}|${chunks.length}`,
        path,
        ordinal: chunks.length,
        startLine: window[0]!.number,
        endLine: window[window.length - 1]!.number,
        text: chunkText,
        terms: Int32Array.from(counts.keys()),
        counts: Int32Array.from(counts.values()),
        length: tokens.length,
      });
    }
    this.chunksByFile.set(path, chunks);
    return chunks;
  }

  /** Does `path` have one of `extensions`? CrossCodeEval's glob matches them case-sensitively. */
  private hasExtension(path: string, extensions: ReadonlySet<string>): boolean {
    return extensions.has(extensionOf(path, this.compatibility === 'crosscodeeval'));
  }

  /** Reads and chunks every file with one of `extensions` (all files when omitted). */
  buildAll(extensions?: ReadonlySet<string>): { files: number; chunks: number } {
    let files = 0;
    let chunks = 0;
    for (const path of this.files) {
      if (extensions && !this.hasExtension(path, extensions)) continue;
      files++;
      chunks += this.chunksOf(path).length;
    }
    return { files, chunks };
  }

  /**
   * CrossCodeEval's candidates for a target file: the other files with one of `extensions`, sorted
   * by path distance then path, the first `maxFiles`; their chunks in that order, the first
   * `maxChunks` ranked. The target file itself is never a candidate (leakage rule). With `folder`,
   * only files under it count (CrossCodeEval's TypeScript glob).
   */
  candidates(
    targetPath: string,
    extensions: ReadonlySet<string>,
    maxFiles: number,
    maxChunks: number,
    folder?: string,
  ): CandidateSet {
    let extensionKey = this.extensionKeys.get(extensions);
    if (extensionKey === undefined) {
      extensionKey = [...extensions].sort().join(',');
      this.extensionKeys.set(extensions, extensionKey);
    }
    const key = `${targetPath}\0${extensionKey}\0${maxFiles}\0${maxChunks}\0${folder ?? ''}`;
    const cached = this.candidateSets.get(key);
    if (cached) {
      this.candidateSets.delete(key);
      this.candidateSets.set(key, cached);
      return cached;
    }
    const nearest = this.files
      .filter(
        (path) =>
          path !== targetPath &&
          this.hasExtension(path, extensions) &&
          (folder === undefined || path.startsWith(`${folder}/`)),
      )
      .map((path) => ({ path, distance: pathDistance(path, targetPath) }))
      .sort((a, b) => a.distance - b.distance || compareCodePoints(a.path, b.path))
      .slice(0, maxFiles);
    const ranked: Chunk[] = [];
    for (const { path } of nearest) {
      if (ranked.length >= maxChunks) break;
      for (const chunk of this.chunksOf(path)) {
        if (ranked.length >= maxChunks) break;
        ranked.push(chunk);
      }
    }
    let corpus: LexicalCorpus | undefined;
    const set: CandidateSet = {
      ranked,
      next: (chunk) => this.chunksOf(chunk.path)[chunk.ordinal + 1],
      corpus: () => (corpus ??= new LexicalCorpus(ranked, this.vocabulary.size)),
      vocabulary: this.vocabulary,
    };
    this.candidateSets.set(key, set);
    this.cachedChunks += ranked.length;
    while (
      this.candidateSets.size > 1 &&
      (this.candidateSets.size > CANDIDATE_CACHE_SIZE || this.cachedChunks > CANDIDATE_CACHE_CHUNKS)
    ) {
      const [oldest, evicted] = this.candidateSets.entries().next().value!;
      this.candidateSets.delete(oldest);
      this.cachedChunks -= evicted.ranked.length;
    }
    return set;
  }
}
