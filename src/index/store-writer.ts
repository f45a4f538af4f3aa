// Writes an index replacement on a thread of its own: the main thread resolves calls while the
// rows of the functions already resolved (and the files' facts, while files are parsed) go into
// SQLite beside it. The rows are serialised where they are made and sent in batches, in order.
import { createWorkerQueue, type WorkerPool } from '../util/workers.ts';
import { functionRow, type FunctionRowValues, type StoredFile } from './store.ts';
import type { FunctionCall, FunctionRecord } from './types.ts';

/** What the writer thread is asked to do (store-writer-worker.ts), one message at a time, in order. */
export type WriterMessage =
  | { kind: 'begin'; file: string; removed: string[] }
  | { kind: 'rows'; files: [StoredFile, string][]; functions: FunctionRowValues[] }
  | { kind: 'finish'; callers: ReadonlyMap<string, number> }
  | { kind: 'abort' };

/** Characters buffered before a batch is sent: big enough that messages are few, small enough to stream. */
const BATCH_CHARS = 4_000_000;

/** An index replacement (IndexStore.beginReplace) written by a writer thread. */
export class IndexWriter {
  private readonly pool: WorkerPool<WriterMessage, void>;
  private files: [StoredFile, string][] = [];
  private functions: FunctionRowValues[] = [];
  private chars = 0;
  /** the last message sent: each runs after the one before (one worker, first come first served). */
  private last: Promise<void>;
  private failure: Error | null = null;
  private closed = false;

  /** Starts the writer thread and its replacement of the index in `file`, dropping `removed` paths. */
  constructor(file: string, removed: string[]) {
    this.pool = createWorkerQueue<WriterMessage, void>(new URL('./store-writer-worker.ts', import.meta.url));
    this.last = this.send({ kind: 'begin', file, removed });
  }

  putFile(file: StoredFile, factsJson: string): void {
    this.files.push([file, factsJson]);
    this.add(factsJson.length);
  }

  putFunction(fn: Omit<FunctionRecord, 'callers'>, calls: readonly FunctionCall[]): void {
    const row = functionRow(fn, calls);
    this.functions.push(row);
    this.add(row[7].length + row[13].length);
  }

  /** Writes the callers counts and commits; resolves once the index is committed. */
  async finish(callers: ReadonlyMap<string, number>): Promise<void> {
    this.flush();
    await this.end({ kind: 'finish', callers });
  }

  /** Drops everything written: the old index stays as it was. */
  async abort(): Promise<void> {
    if (this.closed) return;
    this.files = [];
    this.functions = [];
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
    if (this.files.length === 0 && this.functions.length === 0) return;
    this.last = this.send({ kind: 'rows', files: this.files, functions: this.functions });
    this.files = [];
    this.functions = [];
    this.chars = 0;
  }

  private send(message: WriterMessage): Promise<void> {
    return this.pool.run(message).catch((error: Error) => {
      this.failure ??= error;
    });
  }

  private async end(message: WriterMessage): Promise<void> {
    this.last = this.send(message);
    try {
      await this.last;
    } finally {
      this.closed = true;
      await this.pool.close();
    }
    if (this.failure) throw this.failure;
  }
}
