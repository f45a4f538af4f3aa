// How an index resolves a repository's calls, decided in one place. The resolver (resolve.ts) knows nothing of
// threads: it numbers the files in path order and resolves any range of their functions. An index shares that range
// between its calling thread and its writer thread (store-writer.ts, which also makes and writes every row) by the
// files' sizes, known before any file is parsed, so that each thread keeps, as each file's facts arrive, only the
// call sites it resolves (they are most of a file's objects).
import { Resolver } from './resolve.ts';
import type { FileFacts } from './types.ts';

/**
 * The writer thread's share of the bytes (it also makes and writes every row). Measured on LLVM, the time after
 * parsing alone (the same facts): 6.7-7.2 s at 0.35, 6.9-8.5 s at 0.4, 7.4-8.2 s at 0.45 (there the writer ends last).
 */
const WRITER_SHARE = 0.35;

/** The thread that resolves a file's functions: the index's calling thread (the first files) or its writer thread. */
export type ResolvingThread = 'calling' | 'writer';

export class ResolutionPlan {
  /** `split`: the path from which the writer thread resolves (in path order); null: the calling thread resolves all. */
  constructor(readonly split: string | null) {}

  /** The plan for these files: the writer thread resolves the last files (path order) holding `share` of the bytes. */
  static forFiles(files: readonly { path: string; size: number }[], share = WRITER_SHARE): ResolutionPlan {
    const ordered = [...files].sort(byPath);
    const total = ordered.reduce((sum, file) => sum + file.size, 0);
    let before = 0;
    for (const file of ordered) {
      if (total > 0 && before >= (1 - share) * total) return new ResolutionPlan(file.path);
      before += file.size;
    }
    return new ResolutionPlan(null);
  }

  /** Which thread resolves the functions of the file at `path`. */
  threadOf(path: string): ResolvingThread {
    return this.split !== null && path >= this.split ? 'writer' : 'calling';
  }

  /** A file's facts as `thread` keeps them: the functions another thread resolves lose their call sites, in place. */
  keep(facts: FileFacts, thread: ResolvingThread): FileFacts {
    if (this.threadOf(facts.path) !== thread) for (const fn of facts.functions) fn.calls = [];
    return facts;
  }

  /** The resolver over every file, numbered in path order: both threads number alike (a function's number: its row). */
  resolver(files: readonly FileFacts[], root: string, yablocoIndexedFiles?: readonly string[]): Resolver {
    return new Resolver([...files].sort(byPath), root, yablocoIndexedFiles);
  }

  /** The function numbers `thread` resolves: [from, to). */
  range(resolver: Resolver, thread: ResolvingThread): { from: number; to: number } {
    const boundary = this.split === null ? Infinity : resolver.firstFunctionFrom(this.split);
    return thread === 'calling' ? { from: 0, to: boundary } : { from: boundary, to: Infinity };
  }
}

/** Path order (code units, as the resolver numbers files and functions). */
function byPath(a: { path: string }, b: { path: string }): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}
