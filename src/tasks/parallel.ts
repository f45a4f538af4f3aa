// Per-file work of the families on all cores: batches of files go to worker threads running a
// module's `handle(batch)`; small builds run it on this thread (worker start-up would cost more).
import { availableParallelism } from 'node:os';
import { createWorkerPool } from '../util/workers.ts';

/** Below this many files the workers' start-up costs more than it saves. */
export const MIN_FILES_FOR_WORKERS = 64;

/**
 * `handle` of every batch, in order; `module` must export that same `handle`. Batches are taken
 * from `batches` only as workers become free, so a generator that prepares each batch (and what
 * its result needs) holds no more than the batches in flight; `onResult` sees each result as it
 * arrives (with the batch's index), to let go of that.
 */
export async function mapBatches<B, R>(
  module: URL,
  handle: (batch: B) => Promise<R>,
  batches: Iterable<B>,
  files: number,
  onResult?: (result: R, index: number) => void,
): Promise<R[]> {
  const results: R[] = [];
  const source = batches[Symbol.iterator]();
  let next = 0;
  /** One lane: the next batch, until none is left. */
  const lane = async (run: (batch: B) => Promise<R>) => {
    for (let item = source.next(); !item.done; item = source.next()) {
      const index = next++;
      results[index] = await run(item.value);
      onResult?.(results[index]!, index);
    }
  };
  if (files < MIN_FILES_FOR_WORKERS) {
    await lane(handle);
    return results;
  }
  const size = availableParallelism();
  const pool = createWorkerPool<B, R>(module, size);
  try {
    // Two lanes per worker: one batch queued behind each running one keeps every worker busy.
    await Promise.all(Array.from({ length: 2 * size }, () => lane((batch) => pool.run(batch))));
    return results;
  } finally {
    await pool.close();
  }
}
