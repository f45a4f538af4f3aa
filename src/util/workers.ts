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

/** Starts `size` workers (default: one per core) for a module exporting `handle(input)`. */
export function createWorkerPool<TInput, TOutput>(module: URL, size = availableParallelism()): WorkerPool<TInput, TOutput> {
  const bootstrap = new URL('./worker-bootstrap.mjs', import.meta.url);
  const pending = new Map<number, Pending<TOutput>>();
  const idle: Worker[] = [];
  const queue: { id: number; input: TInput }[] = [];
  let nextId = 0;
  let failure: Error | null = null;

  const dispatch = () => {
    while (idle.length > 0 && queue.length > 0) idle.pop()!.postMessage(queue.shift()!);
  };
  const workers = Array.from({ length: Math.max(1, size) }, () => {
    const worker = new Worker(bootstrap, { workerData: { module: workerModule(module), setups } });
    worker.on('message', ({ id, output, error }: { id: number; output?: TOutput; error?: string }) => {
      const job = pending.get(id)!;
      pending.delete(id);
      if (error !== undefined) job.reject(new Error(error));
      else job.resolve(output as TOutput);
      idle.push(worker);
      dispatch();
    });
    worker.on('error', (error) => {
      failure = error;
      for (const job of pending.values()) job.reject(error);
      pending.clear();
    });
    idle.push(worker);
    return worker;
  });

  return {
    run(input) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise<TOutput>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        queue.push({ id, input });
        dispatch();
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
