// Writes an index replacement on a thread of its own: the files' facts while files are parsed, then
// the functions' rows. The writer also resolves the last part of the repository's functions itself
// (from the facts it was sent to store), while the main thread resolves the first part and sends
// only each function's number, level and calls: the writer makes every row from the facts and texts
// it keeps. The two cores share the resolution.
import { createWorkerQueue, type WorkerSettings, type WorkerPool } from '../util/workers.ts';
import type { StoredFile } from './store.ts';
import type { ContextLevel, FunctionCall } from './types.ts';

/** A parsed file to store: its record, its facts as JSON and its text (the functions' code is cut from it). */
export type WrittenFile = [file: StoredFile, factsJson: string, text: string];

/** What the writer thread is asked to do (store-writer-worker.ts), one message at a time, in order. */
export type WriterMessage =
  | { kind: 'begin'; file: string; removed: string[]; split: string | null }
  /** files to store, and functions the calling thread resolved (`resolvedRow` lines: the writer makes their rows). */
  | { kind: 'rows'; files: WrittenFile[]; resolved: string }
  | { kind: 'resolve'; root: string; kept: [path: string, text: string][]; yablocoIndexedFiles?: string[] }
  | { kind: 'finish'; callers: ReadonlyMap<number, number> }
  | { kind: 'abort' };

/**
 * The writer keeps every file's facts and text: 3 x 64 MiB semi-spaces (measured on LLVM: a third fewer scavenging
 * seconds than V8's default).
 */
const WRITER_HEAP: WorkerSettings = { youngGenerationMb: 192 };

/**
 * One resolved function as the calling thread sends it: its number, level and calls (a JSON text holds no raw newline
 * or tab).
 */
function resolvedRow(number: number, level: ContextLevel, calls: readonly FunctionCall[]): string {
  return `${number}\t${level}\t${JSON.stringify(calls)}\n`;
}

/** Each function of `resolvedRow` lines: its number, level and calls as JSON. */
export function forEachResolvedRow(
  rows: string,
  each: (number: number, level: ContextLevel, callsJson: string) => void,
): void {
  for (let start = 0, end = rows.indexOf('\n'); end >= 0; start = end + 1, end = rows.indexOf('\n', start)) {
    const first = rows.indexOf('\t', start);
    const second = rows.indexOf('\t', first + 1);
    each(Number(rows.slice(start, first)), rows.slice(first + 1, second) as ContextLevel, rows.slice(second + 1, end));
  }
}

/** Characters buffered before a batch is sent: big enough that messages are few, small enough to stream, and
 *  to die young (a batch's pieces live until it is sent: at 4M characters the calling thread's scavenges of
 *  LLVM's resolution took 1.18-1.25 s, at 1M 1.02 s). */
const BATCH_CHARS = 1_000_000;

/** An index replacement (IndexStore.beginReplace) written by a writer thread. */
export class IndexWriter {
  private readonly queue: WorkerPool<WriterMessage, void>;
  private files: WrittenFile[] = [];
  private resolved = '';
  private chars = 0;
  private failure: Error | null = null;
  private closed = false;

  /**
   * Starts the writer thread and its replacement of the index in `file`, dropping `removed` paths; the writer resolves
   * the functions of the files from `split` on (ResolutionPlan).
   */
  constructor(file: string, removed: string[], split: string | null) {
    this.queue = createWorkerQueue<WriterMessage, void>(
      new URL('./store-writer-worker.ts', import.meta.url),
      WRITER_HEAP,
    );
    this.send({ kind: 'begin', file, removed, split });
  }

  putFile(file: StoredFile, factsJson: string, text: string): void {
    this.files.push([file, factsJson, text]);
    this.add(factsJson.length);
  }

  /**
   * The writer resolves the functions of the files from the split on (the plan's writer range), with the files'
   * facts it stored and the `kept` files' (unchanged,
   * already in the index) texts. Sent before the calling thread builds its own resolver: the writer
   * builds its own meanwhile.
   */
  resolveRest(root: string, kept: [path: string, text: string][], yablocoIndexedFiles?: string[]): void {
    this.flush();
    this.send({ kind: 'resolve', root, kept, yablocoIndexedFiles });
  }

  /**
   * A function this thread resolved: the writer makes its row from the facts and text it keeps (only the calls cross
   * threads).
   */
  putResolved(number: number, calls: readonly FunctionCall[], level: ContextLevel): void {
    const row = resolvedRow(number, level, calls);
    this.resolved += row;
    this.add(row.length);
  }

  /**
   * Adds the callers counts of the functions resolved here to the writer's own, writes them and commits; resolves once
   * the index is committed.
   */
  async finish(callers: ReadonlyMap<number, number>): Promise<void> {
    this.flush();
    await this.end({ kind: 'finish', callers });
  }

  /** Drops everything written: the old index stays as it was. */
  async abort(): Promise<void> {
    if (this.closed) return;
    this.files = [];
    this.resolved = '';
    this.failure = null;
    await this.end({ kind: 'abort' });
  }

  private add(chars: number): void {
    // a failed write stops the work that would be written next
    if (this.failure) throw this.failure;
    this.chars += chars;
    if (this.chars >= BATCH_CHARS) this.flush();
  }

  private flush(): void {
    if (this.files.length === 0 && this.resolved === '') return;
    this.send({ kind: 'rows', files: this.files, resolved: this.resolved });
    this.files = [];
    this.resolved = '';
    this.chars = 0;
  }

  private send(message: WriterMessage): Promise<void> {
    return this.queue.run(message).catch((error: Error) => {
      this.failure ??= error;
    });
  }

  private async end(message: WriterMessage): Promise<void> {
    try {
      // the queue answers in order: the last answer comes after every other
      await this.send(message);
    } finally {
      this.closed = true;
      await this.queue.close();
    }
    if (this.failure) throw this.failure;
  }
}
