// Group commit for a generation run: the writes queued during one turn of the event loop are
// committed together, the response cache first and then the run store, one transaction each.
// SQLite's cost is per commit, so at hundreds of calls per second this keeps the write path small.
// Callers await their write: a worker takes its next call only once its candidate is committed,
// so a kill loses at most the calls in flight (never more than the concurrency).
import type { ResponseCache, RunStore } from '../runstore/index.ts';

interface Pending {
  cacheWrites: (() => void)[];
  storeWrites: (() => void)[];
  settle: { resolve: () => void; reject: (error: unknown) => void }[];
}

export class WriteQueue {
  private pending: Pending | null = null;
  /** time spent committing, in milliseconds. */
  writeMs = 0;

  constructor(
    private readonly store: RunStore,
    private readonly cache: ResponseCache | null,
  ) {}

  /** Queues a store write (and optionally a cache write, committed before it); resolves once committed. */
  write(storeWrite: () => void, cacheWrite?: () => void): Promise<void> {
    if (!this.pending) {
      this.pending = { cacheWrites: [], storeWrites: [], settle: [] };
      setImmediate(() => this.flush());
    }
    const pending = this.pending;
    if (cacheWrite) pending.cacheWrites.push(cacheWrite);
    pending.storeWrites.push(storeWrite);
    return new Promise((resolve, reject) => pending.settle.push({ resolve, reject }));
  }

  private flush(): void {
    const pending = this.pending!;
    this.pending = null;
    const started = performance.now();
    try {
      if (this.cache && pending.cacheWrites.length > 0)
        this.cache.batch(() => pending.cacheWrites.forEach((write) => write()));
      this.store.batch(() => pending.storeWrites.forEach((write) => write()));
      this.writeMs += performance.now() - started;
      for (const { resolve } of pending.settle) resolve();
    } catch (error) {
      for (const { reject } of pending.settle) reject(error);
    }
  }
}
