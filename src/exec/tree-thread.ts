// Host-side tree work in worker threads: copying a worker, resetting and verifying it walk every
// entry of the tree synchronously, for seconds on a large repository. On the event loop that would
// stall the other workers' commands (their exit seen late, their clocks running on: a no-op `make`
// judged a timeout), so the pool hands it to threads and only waits (#32.4).
import { createWorkerPool, type WorkerPool } from '../util/workers.ts';
import { manifestOf, rebuildWorker, ResetError, restoreWorker, type TreeManifest, type TreeSnapshot } from './tree.ts';

type Identity = { uid: number; gid: number } | null;

type TreeJob =
  | { op: 'manifest'; base: string }
  | { op: 'rebuild'; worker: string; base: string; manifest: TreeManifest; identity: Identity }
  | { op: 'restore'; worker: string; base: string; clean: TreeSnapshot; manifest: TreeManifest; identity: Identity };

/** Runs in a thread: one tree operation. */
export function handle(job: TreeJob): unknown {
  switch (job.op) {
    case 'manifest':
      return manifestOf(job.base);
    case 'rebuild':
      return rebuildWorker(job.worker, job.base, job.manifest, job.identity);
    case 'restore':
      return restoreWorker(job.worker, job.base, job.clean, job.manifest, job.identity);
  }
}

/**
 * The tree operations of one candidate pool, each in a thread (started on first use; idle threads do not keep the
 * process alive).
 */
export class TreeThreads {
  private pool: WorkerPool<TreeJob, unknown> | null = null;

  constructor(private readonly size: number) {}

  private async run<T>(job: TreeJob): Promise<T> {
    this.pool ??= createWorkerPool<TreeJob, unknown>(new URL('./tree-thread.ts', import.meta.url), this.size, {
      unrefWhenIdle: true,
    });
    try {
      return (await this.pool.run(job)) as T;
    } catch (error) {
      // a reset failure stays one (the run stops with its message); anything else is the thread's
      throw (error as { code?: string }).code === 'ERESET' ? new ResetError((error as Error).message) : error;
    }
  }

  manifest(base: string): Promise<TreeManifest> {
    return this.run({ op: 'manifest', base });
  }

  rebuild(worker: string, base: string, manifest: TreeManifest, identity: Identity): Promise<TreeSnapshot> {
    return this.run({ op: 'rebuild', worker, base, manifest, identity });
  }

  restore(
    worker: string,
    base: string,
    clean: TreeSnapshot,
    manifest: TreeManifest,
    identity: Identity,
  ): Promise<ReturnType<typeof restoreWorker>> {
    return this.run({ op: 'restore', worker, base, clean, manifest, identity });
  }
}
