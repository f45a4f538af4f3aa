// The queue's entry points, each loading the modules that use bullmq and ioredis on first call: without those
// optional packages, ctxbench runs and only a queue command fails, saying how to install them.
import type { Backend } from '../models/index.ts';
import type { ExecEnvironment } from '../exec/index.ts';
import { loadOptional } from '../util/optional.ts';
import type { QueueConnection } from './address.ts';
import type { QueuedExecOptions, QueuedItem, QueuedOutput } from './coordinator.ts';
import type { RunningWorker, WorkerOptions } from './worker.ts';

const QUEUE_PACKAGES = ['bullmq', 'ioredis'] as const;

/** A module of the queue's that imports bullmq or ioredis. */
const load = <T>(importer: () => Promise<T>) => loadOptional(QUEUE_PACKAGES, 'the queue', importer);

/** Fails fast, naming the address, when the server cannot be reached or refuses the password. */
export async function checkQueueServer(queue: QueueConnection): Promise<void> {
  return (await load(() => import('./connection.ts'))).checkQueueServer(queue);
}

/** Enqueues the candidates of one environment and yields each result once, in completion order. */
export async function* executeQueued(
  env: ExecEnvironment,
  items: QueuedItem[],
  options: QueuedExecOptions,
): AsyncIterable<QueuedOutput> {
  const coordinator = await load(() => import('./coordinator.ts'));
  yield* coordinator.executeQueued(env, items, options);
}

/** A worker serving the queues of its environments and backends until it is closed. */
export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  return (await load(() => import('./worker.ts'))).startWorker(options);
}

/** A backend whose calls are answered by the workers that hold `provider`. */
export async function createQueueBackend(provider: string, queue: QueueConnection): Promise<Backend> {
  return (await load(() => import('./generate.ts'))).createQueueBackend(provider, queue);
}
