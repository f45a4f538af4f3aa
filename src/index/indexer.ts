// Builds or refreshes a repository's index: walk, hash, parse only what changed (on all cores),
// resolve every call, store in SQLite.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { z } from 'zod';
import { InputError } from '../util/errors.ts';
import { createWorkerPool, type WorkerSettings } from '../util/workers.ts';
import type { LanguageId } from '../languages/index.ts';
import { ResolutionPlan } from './resolution-plan.ts';
import { platformOf, repositoryUndefinedMacros } from './preprocessor.ts';
import { IndexStore } from './store.ts';
import { IndexWriter } from './store-writer.ts';
import type { FileFacts } from './types.ts';
import {
  listSources,
  readListed,
  type InputNote,
  type SourceFile,
  type SourceListing,
  type WalkOptions,
} from './walk.ts';

export interface IndexOptions extends WalkOptions {
  /** SQLite file; default `<repo>/.ctxbench/index.db`. */
  db?: string;
  /** worker threads; default one per core. */
  threads?: number;
  /** called with (files parsed, files to parse) while parsing. */
  onProgress?: (done: number, total: number) => void;
  /**
   * For reproducing YABLoCo's published tables: the files its pipeline indexed (its function table's files; bullet3's
   * covers 201 of its files). In `yabloco` level mode a callee defined in another file counts where the caller's
   * translation unit declares it, as YABLoCo's graph places it (docs/index.md, "Levels"). Absent: every file.
   */
  yablocoIndexedFiles?: string[];
}

export interface IndexRun {
  root: string;
  store: IndexStore;
  /** files parsed in this run (0 when the repository was unchanged). */
  parsed: number;
  removed: number;
  unchanged: boolean;
  warnings: string[];
  /** the files of a known language skipped or decoded with a fallback (each also among the warnings). */
  inputs: InputNote[];
  seconds: number;
}

const BATCH_FILES = 16;
/**
 * The extraction workers' young generation: 3 x 64 MiB semi-spaces (measured on LLVM: their scavenging time halves
 * against V8's default).
 */
const EXTRACTION_HEAP: WorkerSettings = { youngGenerationMb: 192 };

export function defaultIndexPath(root: string): string {
  return join(root, '.ctxbench', 'index.db');
}

function hashText(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

function checkRepository(root: string): void {
  if (!existsSync(root)) throw new InputError(`repository path does not exist: ${root}`);
  if (!statSync(root).isDirectory()) throw new InputError(`repository path is not a directory: ${root}`);
}

/** A file to extract: its path and size (the largest go first), read only when its batch is sent. */
export interface PendingSource {
  path: string;
  size: number;
  /** the repository's macros undefined on the platform that the file's conditions test (repositoryUndefinedMacros). */
  undefinedMacros?: string[];
  /** the file, or null when it is skipped (the reader warns). */
  read(): SourceFile | null;
}

/**
 * Parses source files on worker threads (all cores), in batches; `onFacts` gets each file's facts,
 * their JSON and the file as soon as its batch is back (the index writes them while the rest is
 * parsed), and may return the facts to keep in their place. A batch's files are read just before it
 * is sent: reading overlaps parsing, and only the batches in flight hold their text.
 */
export async function extractAll(
  sources: readonly PendingSource[],
  threads?: number,
  onProgress?: (done: number, total: number) => void,
  onFacts?: (facts: FileFacts, json: string, file: SourceFile) => FileFacts | void,
): Promise<FileFacts[]> {
  if (sources.length === 0) return [];
  const batches: PendingSource[][] = [];
  // Largest files first so one big file does not finish last on its own.
  const ordered = [...sources].sort((a, b) => b.size - a.size);
  for (let i = 0; i < ordered.length; i += BATCH_FILES) batches.push(ordered.slice(i, i + BATCH_FILES));
  const size = Math.max(1, Math.min(threads ?? availableParallelism(), batches.length));
  const pool = createWorkerPool<
    { path: string; language: LanguageId; text: string; undefinedMacros?: string[] }[],
    string[]
  >(new URL('./extract-worker.ts', import.meta.url), size, EXTRACTION_HEAP);
  try {
    const results: FileFacts[][] = [];
    let next = 0;
    let done = 0;
    let failed = false;
    const feed = async () => {
      while (next < batches.length && !failed) {
        const index = next++;
        const read = batches[index]!.flatMap((source) => {
          const file = source.read();
          return file ? [{ file, undefinedMacros: source.undefinedMacros }] : [];
        });
        const files = read.map(({ file }) => file);
        try {
          const jsons =
            files.length > 0
              ? await pool.run(
                  read.map(({ file: { path, language, text }, undefinedMacros }) => ({
                    path,
                    language,
                    text,
                    ...(undefinedMacros ? { undefinedMacros } : {}),
                  })),
                )
              : [];
          results[index] = jsons.map((json, i) => {
            const facts = JSON.parse(json) as FileFacts;
            return onFacts?.(facts, json, files[i]!) ?? facts;
          });
        } catch (error) {
          failed = true;
          throw error;
        }
        done += batches[index]!.length;
        onProgress?.(done, sources.length);
      }
    };
    // one feeder per worker and one more: a worker that finishes finds its next batch read and waiting
    await Promise.all(Array.from({ length: size + 1 }, feed));
    return results.flat();
  } finally {
    await pool.close();
  }
}

interface Selection {
  include: string[];
  exclude: string[];
}

const SelectionSchema = z.object({ include: z.array(z.string()), exclude: z.array(z.string()) });

/** The undefined macros an index recorded (none when the text is not a list of names). */
function macroList(text: string): string[] {
  try {
    const parsed = z.array(z.string()).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The file selection an index recorded (null: none recorded, or from before it was). */
function selectionOf(text: string | null): Selection | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = SelectionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

function describeSelection(selection: Selection): string {
  const flags = [
    ...selection.include.map((glob) => `--include ${glob}`),
    ...selection.exclude.map((glob) => `--exclude ${glob}`),
  ];
  return flags.length > 0 ? flags.join(' ') : 'every file';
}

/**
 * The repository's own macros undefined on the platform indexed for (preprocessor.ts repositoryUndefinedMacros), read
 * from the listed C-family files (`files` when already read: a refresh) and the build files the walk found; `before`:
 * the ones the index recorded, whose tests are looked for too.
 */
function undefinedOnPlatform(
  listing: SourceListing,
  files: readonly SourceFile[] | null,
  before: readonly string[],
): ReturnType<typeof repositoryUndefinedMacros> {
  const cFamily = listing.entries.filter((entry) => platformOf(entry.language) !== null);
  if (cFamily.length === 0) return { macros: [], byFile: new Map(), tested: new Map() };
  const texts = files ? new Map(files.map((file) => [file.path, file.text])) : null;
  const full = new Map(cFamily.map((entry) => [entry.path, entry.full]));
  // directives are ASCII: a first index reads the bytes as latin1, without the listing's warnings (its own read warns)
  const read = (path: string) => {
    if (texts) return texts.get(path) ?? null;
    try {
      return readFileSync(full.get(path)!, 'latin1');
    } catch {
      return null;
    }
  };
  return repositoryUndefinedMacros(cFamily, read, listing.buildFiles, before);
}

/**
 * Indexes `repo` (incrementally when an index exists) and returns the open store. Without `include`
 * or `exclude`, the files are the ones the index was made with; other ones re-index it, with a warning.
 */
export async function indexRepository(repo: string, options: IndexOptions = {}): Promise<IndexRun> {
  const started = performance.now();
  const root = resolvePath(repo);
  checkRepository(root);
  const file = options.db ? resolvePath(options.db) : defaultIndexPath(root);
  let store = new IndexStore(file);
  try {
    // An index keeps the files it was made with: a later run that names none reads the same ones.
    const recorded = selectionOf(store.meta('selection'));
    const asked =
      options.include?.length || options.exclude?.length
        ? { include: options.include ?? [], exclude: options.exclude ?? [] }
        : null;
    const selection = asked ?? recorded ?? { include: [], exclude: [] };
    const notes =
      asked && recorded && JSON.stringify(asked) !== JSON.stringify(recorded)
        ? [`${file}: made with ${describeSelection(recorded)}; indexed again with ${describeSelection(asked)}`]
        : [];
    const listing = listSources(root, { ...options, ...selection });
    const known = store.fileHashes();
    // A first index reads each file when its batch is sent; a refresh reads every file first, to find what changed.
    const files = known.size > 0 ? readListed(listing) : null;
    const hashes = new Map((files ?? []).map((file) => [file.path, hashText(file.text)]));
    const recordedMacros = store.meta('undefinedMacros') ?? '[]';
    const undefinedBefore = new Set(macroList(recordedMacros));
    const platform = undefinedOnPlatform(listing, files, [...undefinedBefore]);
    const macrosNow = JSON.stringify(platform.macros);
    // a file whose conditions test a macro that changed side since the index was made is read again
    const flipped = new Set([
      ...platform.macros.filter((name) => !undefinedBefore.has(name)),
      ...[...undefinedBefore].filter((name) => !platform.macros.includes(name)),
    ]);
    const retested = (path: string) =>
      flipped.size > 0 && (platform.tested.get(path) ?? []).some((name) => flipped.has(name));
    const pending = (path: string, size: number, read: () => SourceFile | null): PendingSource => {
      const undefinedMacros = platform.byFile.get(path);
      return { path, size, read, ...(undefinedMacros ? { undefinedMacros } : {}) };
    };
    const changed: PendingSource[] = files
      ? files
          .filter((file) => known.get(file.path) !== hashes.get(file.path) || retested(file.path))
          .map((file) => pending(file.path, file.size, () => file))
      : listing.entries.map((entry) => pending(entry.path, entry.size, () => listing.read(entry)));
    const listed = files ?? listing.entries;
    const present = new Set(listed.map((file) => file.path));
    const removed = [...known.keys()].filter((path) => !present.has(path));
    const yabloco = JSON.stringify(options.yablocoIndexedFiles ?? null);
    const unchanged =
      changed.length === 0 &&
      removed.length === 0 &&
      store.meta('root') === root &&
      (store.meta('yablocoIndexedFiles') ?? 'null') === yabloco &&
      recordedMacros === macrosNow;
    let parsedCount = 0;
    if (!unchanged) {
      const changedPaths = new Set(changed.map((source) => source.path));
      const keptFiles = (files ?? []).filter((source) => !changedPaths.has(source.path));
      // The writer thread resolves the functions of the last files (resolution-plan.ts); each thread keeps only the
      // call sites it resolves.
      const plan = ResolutionPlan.forFiles(listed);
      const ownFacts = (facts: FileFacts) => plan.keep(facts, 'calling');
      const kept = store.facts(keptFiles.map((source) => source.path)).map(ownFacts);
      // While the writer thread writes, its connection is the only one: a first index then goes
      // through a rollback journal (IndexStore.beginReplace), each page written once.
      store.close();
      const replacement = new IndexWriter(file, removed, plan.split);
      try {
        const parsed = await extractAll(changed, options.threads, options.onProgress, (facts, json, source) => {
          replacement.putFile(
            {
              path: source.path,
              language: source.language,
              hash: hashes.get(source.path) ?? hashText(source.text),
              size: source.size,
              lines: facts.lineCount,
              hasErrors: facts.hasErrors,
            },
            json,
            source.text,
          );
          return ownFacts(facts);
        });
        parsedCount = parsed.length;
        replacement.resolveRest(
          root,
          keptFiles.map((source) => [source.path, source.text]),
          options.yablocoIndexedFiles,
        );
        const resolver = plan.resolver([...kept, ...parsed], root, options.yablocoIndexedFiles);
        const callers = resolver.resolveEach(
          (number, calls, level) => replacement.putResolved(number, calls, level),
          plan.range(resolver, 'calling'),
        );
        await replacement.finish(callers);
      } catch (error) {
        await replacement.abort();
        throw error;
      } finally {
        store = new IndexStore(file);
      }
      store.setMeta('root', root);
      store.setMeta('yablocoIndexedFiles', yabloco);
      store.setMeta('undefinedMacros', macrosNow);
    }
    store.setMeta('selection', JSON.stringify(selection));
    return {
      root,
      store,
      parsed: parsedCount,
      removed: removed.length,
      unchanged,
      warnings: [...notes, ...listing.warnings()],
      inputs: listing.inputs(),
      seconds: (performance.now() - started) / 1000,
    };
  } catch (error) {
    store.close();
    throw error;
  }
}
