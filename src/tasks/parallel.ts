// Per-file work of the families on all cores: batches of files go to worker threads running a
// module's `handle(batch)`; small builds run it on this thread (worker start-up would cost more).
import { availableParallelism } from 'node:os';
import { createWorkerPool } from '../util/workers.ts';

/** Below this many files the workers' start-up costs more than it saves. */
export const MIN_FILES_FOR_WORKERS = 64;

/** `handle` of every batch, in order; `module` must export that same `handle`. */
export async function mapBatches<B, R>(module: URL, handle: (batch: B) => Promise<R>, batches: B[], files: number): Promise<R[]> {
  if (files < MIN_FILES_FOR_WORKERS) {
    const results: R[] = [];
    for (const batch of batches) results.push(await handle(batch));
    return results;
  }
  const pool = createWorkerPool<B, R>(module, Math.min(availableParallelism(), batches.length));
  try {
    return await Promise.all(batches.map((batch) => pool.run(batch)));
  } finally {
    await pool.close();
  }
}
