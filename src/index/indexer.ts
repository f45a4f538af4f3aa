// Builds or refreshes a repository's index: walk, hash, parse only what changed (on all cores),
// resolve every call, store in SQLite.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { InputError } from '../util/errors.ts';
import { createWorkerPool } from '../util/workers.ts';
import type { LanguageId } from '../languages/types.ts';
import { Resolver } from './resolve.ts';
import { IndexStore } from './store.ts';
import type { FileFacts } from './types.ts';
import { walkRepository, type SourceFile, type WalkOptions } from './walk.ts';

export interface IndexOptions extends WalkOptions {
  /** SQLite file; default `<repo>/.ctxbench/index.db`. */
  db?: string;
  /** worker threads; default one per core. */
  threads?: number;
  /** called with (files parsed, files to parse) while parsing. */
  onProgress?: (done: number, total: number) => void;
}

export interface IndexRun {
  root: string;
  store: IndexStore;
  /** files parsed in this run (0 when the repository was unchanged). */
  parsed: number;
  removed: number;
  unchanged: boolean;
  warnings: string[];
  seconds: number;
}

const BATCH_FILES = 16;

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

/**
 * Parses source files on worker threads (all cores), in batches; `onFacts` gets each file's facts
 * and their JSON as soon as its batch is back (the index writes them while the rest is parsed).
 */
export async function extractAll(
  files: SourceFile[],
  threads?: number,
  onProgress?: (done: number, total: number) => void,
  onFacts?: (facts: FileFacts, json: string) => void,
): Promise<FileFacts[]> {
  if (files.length === 0) return [];
  const batches: SourceFile[][] = [];
  // Largest files first so one big file does not finish last on its own.
  const ordered = [...files].sort((a, b) => b.size - a.size);
  for (let i = 0; i < ordered.length; i += BATCH_FILES) batches.push(ordered.slice(i, i + BATCH_FILES));
  const pool = createWorkerPool<{ path: string; language: LanguageId; text: string }[], string[]>(
    new URL('./extract-worker.ts', import.meta.url),
    Math.max(1, Math.min(threads ?? availableParallelism(), batches.length)),
  );
  try {
    let done = 0;
    const results = await Promise.all(batches.map(async (batch) => {
      const facts = (await pool.run(batch.map(({ path, language, text }) => ({ path, language, text })))).map((json) => {
        const parsed = JSON.parse(json) as FileFacts;
        onFacts?.(parsed, json);
        return parsed;
      });
      done += batch.length;
      onProgress?.(done, files.length);
      return facts;
    }));
    return results.flat();
  } finally {
    await pool.close();
  }
}

/** Indexes `repo` (incrementally when an index exists) and returns the open store. */
export async function indexRepository(repo: string, options: IndexOptions = {}): Promise<IndexRun> {
  const started = performance.now();
  const root = resolvePath(repo);
  checkRepository(root);
  const { files, warnings } = walkRepository(root, options);
  const store = new IndexStore(options.db ? resolvePath(options.db) : defaultIndexPath(root));
  try {
    const known = store.fileHashes();
    const hashes = new Map(files.map((file) => [file.path, hashText(file.text)]));
    const changed = files.filter((file) => known.get(file.path) !== hashes.get(file.path));
    const present = new Set(files.map((file) => file.path));
    const removed = [...known.keys()].filter((path) => !present.has(path));
    const unchanged = changed.length === 0 && removed.length === 0 && store.meta('root') === root;
    if (!unchanged) {
      const replacement = store.beginReplace(removed);
      try {
        const byPath = new Map(changed.map((file) => [file.path, file]));
        const parsed = await extractAll(changed, options.threads, options.onProgress, (facts, json) => {
          const file = byPath.get(facts.path)!;
          replacement.putFile({ path: file.path, language: file.language, hash: hashes.get(file.path)!, size: file.size, lines: facts.lineCount, hasErrors: facts.hasErrors }, json);
        });
        const parsedPaths = new Set(parsed.map((facts) => facts.path));
        const kept = store.facts(files.filter((file) => !parsedPaths.has(file.path)).map((file) => file.path));
        const all = [...kept, ...parsed].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
        const callers = new Resolver(all, root).resolveEach((fn, calls) => replacement.putFunction(fn, calls));
        replacement.finish(callers);
      } catch (error) {
        replacement.abort();
        throw error;
      }
      store.setMeta('root', root);
    }
    return { root, store, parsed: unchanged ? 0 : changed.length, removed: removed.length, unchanged, warnings, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    store.close();
    throw error;
  }
}
