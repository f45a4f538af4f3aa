// A pool of worker threads running one module's `handle(input)` on all cores. Callers name the
// module by its TypeScript source (`new URL('./x.ts', import.meta.url)`); compiled code in dist/
// runs its `.js` twin, and only TypeScript sources (tests, benchmarks) load the tsx loader.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface WorkerPool<TInput, TOutput> {
  run(input: TInput): Promise<TOutput>;
  close(): Promise<void>;
}

interface Pending<TOutput> {
  resolve(output: TOutput): void;
  reject(error: Error): void;
}

const COMPILED = import.meta.url.endsWith('.js');

/** Calls each new worker makes before loading its module (a plugin's entries are registered in every worker too). */
const setups: { module: string; name: string; argument: unknown }[] = [];

/** Each worker started from now on first runs `(await import(module))[name](argument)`. */
export function addWorkerSetup(module: URL, name: string, argument: unknown): void {
  setups.push({ module: workerModule(module), name, argument });
}

/** The module a worker loads: the compiled `.js` twin of a `.ts` source when this code is compiled. */
function workerModule(module: URL): string {
  return COMPILED && module.pathname.endsWith('.ts') ? module.href.replace(/\.ts$/, '.js') : module.href;
}

/** How a worker is run: its heap, and whether an idle one keeps the process alive. */
export interface WorkerSettings {
  /**
   * The young generation's size, MiB (V8's default for a worker: 48). A thread that builds large
   * structures it keeps (an index's facts) or makes much short-lived garbage (extraction) scavenges
   * less often, and each object it keeps is copied fewer times, with a bigger one.
   */
  youngGenerationMb?: number;
  /**
   * an idle worker does not keep the process alive (a pool that is never closed: the process exits when its own work is
   * done).
   */
  unrefWhenIdle?: boolean;
}

/** A worker thread running `module`'s `handle(input)` for each input it is sent, one at a time, in order. */
function startWorker<TOutput>(
  module: URL,
  heap: WorkerSettings,
  onReply: (worker: Worker, reply: WorkerReply<TOutput>) => void,
  onError: (error: Error) => void,
): Worker {
  const bootstrap = new URL('./worker-bootstrap.mjs', import.meta.url);
  const resourceLimits =
    heap.youngGenerationMb === undefined ? undefined : { maxYoungGenerationSizeMb: heap.youngGenerationMb };
  const worker = new Worker(bootstrap, { workerData: { module: workerModule(module), setups }, resourceLimits });
  worker.on('message', (reply: WorkerReply<TOutput>) => onReply(worker, reply));
  worker.on('error', onError);
  return worker;
}

/**
 * Starts `size` workers (default: one per core) for a module exporting `handle(input)`; each input goes to the next
 * idle worker.
 */
export function createWorkerPool<TInput, TOutput>(
  module: URL,
  size = availableParallelism(),
  heap: WorkerSettings = {},
): WorkerPool<TInput, TOutput> {
  const idle: Worker[] = [];
  const queue: Job<TInput>[] = [];
  const dispatch = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!;
      if (heap.unrefWhenIdle) worker.ref();
      worker.postMessage(queue.shift()!);
    }
  };
  const jobs = new Jobs<TInput, TOutput>((job) => {
    queue.push(job);
    dispatch();
  });
  const workers = Array.from({ length: Math.max(1, size) }, () => {
    const worker = startWorker<TOutput>(
      module,
      heap,
      (from, reply) => {
        if (heap.unrefWhenIdle) from.unref();
        jobs.settle(reply);
        idle.push(from);
        dispatch();
      },
      (error) => jobs.fail(error),
    );
    if (heap.unrefWhenIdle) worker.unref();
    idle.push(worker);
    return worker;
  });
  return {
    run: (input) => jobs.run(input),
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/**
 * One worker for a module exporting `handle(input)`, sent each input at once: it works through them
 * in order while this thread goes on (and may be too busy to hear its answers until later).
 */
export function createWorkerQueue<TInput, TOutput>(
  module: URL,
  heap: WorkerSettings = {},
): WorkerPool<TInput, TOutput> {
  const jobs = new Jobs<TInput, TOutput>((job) => worker.postMessage(job));
  const worker = startWorker<TOutput>(
    module,
    heap,
    (_from, reply) => jobs.settle(reply),
    (error) => jobs.fail(error),
  );
  return {
    run: (input) => jobs.run(input),
    async close() {
      await worker.terminate();
    },
  };
}

/** A worker's answer to input `id`: its output, or the error it threw (message, code and stack apart). */
interface WorkerReply<TOutput> {
  id: number;
  output?: TOutput;
  error?: { message: string; code?: string; stack?: string };
}

/** An input as a worker receives it. */
interface Job<TInput> {
  id: number;
  input: TInput;
}

/**
 * The inputs handed to workers and not answered yet: each one's promise, settled by its worker's reply, or failed with
 * every later one when a worker crashes.
 */
class Jobs<TInput, TOutput> {
  private readonly pending = new Map<number, Pending<TOutput>>();
  private nextId = 0;
  private failure: Error | null = null;

  constructor(private readonly send: (job: Job<TInput>) => void) {}

  run(input: TInput): Promise<TOutput> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<TOutput>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ id, input });
    });
  }

  settle({ id, output, error }: WorkerReply<TOutput>): void {
    const job = this.pending.get(id)!;
    this.pending.delete(id);
    if (error === undefined) {
      job.resolve(output as TOutput);
      return;
    }
    const thrown = Object.assign(new Error(error.message), error.code === undefined ? {} : { code: error.code });
    if (error.stack) thrown.stack = error.stack;
    job.reject(thrown);
  }

  fail(error: Error): void {
    this.failure = error;
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
  }
}
