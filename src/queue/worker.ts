// The worker side of queued execution: a process on any machine that serves the environments of its allow-list
// (`--env`, each one BullMQ queue named by the environment's hash, so a worker whose settings or repository content
// differ never sees another version's jobs). Each environment is prepared once, on its first job (the prepared tree is
// cached by environment hash in the work folder, as for a local `exec`); jobs run in the local sandbox through the exec
// stage's candidate pool. With `--model`, it also answers generation jobs (`eval --queue`) with a backend made from its
// own environment (generate.ts). A worker that dies mid-job stops renewing its lock: after `stalledMs` BullMQ hands the
// job to another worker.
import { hostname } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import {
  CandidatePool,
  ensureCheckState,
  checkState,
  createContext,
  environmentHash,
  prepareEnvironment,
  stricterState,
  type CheckState,
  type ExecEnvironment,
  type ExecEvent,
} from '../exec/index.ts';
import { validateTask } from '../datasets/index.ts';
import { lockFolder, type FolderLock } from '../util/lock.ts';
import { printable } from '../util/errors.ts';
import { BlobReader } from './blobs.ts';
import type { QueueConnection } from './address.ts';
import { redisClient } from './connection.ts';
import {
  execJobSchema,
  execQueueName,
  generateJobSchema,
  generateQueueName,
  type ExecJobResult,
  type GenerateJobResult,
} from './records.ts';
import { GenerationError, type Backend } from '../models/index.ts';
import { parseRecord } from '../util/schema.ts';

export interface WorkerOptions {
  connection: QueueConnection;
  /** the allow-list: the only environments this worker runs. */
  envs: ExecEnvironment[];
  /**
   * model backends this worker answers generation jobs with (`eval --queue`); created from its own environment (keys
   * never travel).
   */
  backends?: Backend[];
  /** jobs at once per environment (and worker copies of its prepared tree). */
  concurrency: number;
  /** a registered sandbox's name (SANDBOXES); must match the coordinator's and the workers'. */
  sandbox: string;
  workDir?: string;
  /** reported with each result; default host:pid. */
  name?: string;
  /** how long a job whose worker died keeps its lock before another worker takes it (ms). */
  stalledMs: number;
  onEvent?: (message: string) => void;
}

export interface RunningWorker {
  /** jobs finished so far, by environment name. */
  readonly done: Map<string, number>;
  /** finishes the jobs in hand, then stops. */
  close(): Promise<void>;
}

/** A queue this worker serves and how it answers a job. */
interface Service {
  title: string;
  queue: string;
  process(job: Job): Promise<unknown>;
  /** one word for the log: the verdict, or how the call ended. */
  outcome(answer: unknown): string;
}

interface Served {
  env: ExecEnvironment;
  envHash: string;
  /** prepared on the first job, with the worker's own check state. */
  pool: Promise<{ pool: CandidatePool; own: CheckState }> | null;
  /** the work folder's lock, held while the worker runs. */
  lock: FolderLock;
}

async function unrecoverable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new UnrecoverableError((error as Error).message);
  }
}

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const name = options.name ?? `${hostname()}:${process.pid}`;
  const emit = options.onEvent ?? (() => {});
  const onEvent = (event: ExecEvent) => emit(`${event.kind === 'warning' ? '' : `${event.kind}: `}${event.message}`);
  const client = redisClient(options.connection);
  client.on('error', () => {});
  const blobs = new BlobReader(client);
  const done = new Map<string, number>();
  const execOptions = { sandbox: options.sandbox, workDir: options.workDir, onEvent };
  // The work folders are locked from the start: a second worker on the same folder stops at once, naming the first.
  const served: Served[] = [];
  try {
    for (const env of options.envs)
      served.push({
        env,
        envHash: environmentHash(env, options.sandbox),
        pool: null,
        lock: lockFolder(createContext(env, execOptions).workDir, `worker ${env.file}`),
      });
  } catch (error) {
    for (const entry of served) entry.lock.release();
    client.disconnect();
    throw error;
  }

  const poolOf = (entry: Served): Promise<{ pool: CandidatePool; own: CheckState }> => {
    entry.pool ??= (async () => {
      // The worker's own check state (computed here when it has none): a job's state can only add checks to it.
      const own = await ensureCheckState(entry.env, { ...execOptions, checkFirst: true, lockHeld: true });
      const prepared = await prepareEnvironment(entry.env, execOptions);
      emit(`${entry.env.name}: prepared (${prepared.workDir})`);
      return { pool: new CandidatePool(prepared, options.concurrency), own };
    })();
    // A failed preparation is tried again on the next job (it may have been the disk or a signal).
    entry.pool.catch(() => (entry.pool = null));
    return entry.pool;
  };

  const runJob = async (entry: Served, job: Job): Promise<ExecJobResult> => {
    // A malformed job or a missing blob fails the same way on every worker: not retried.
    const { data, task, state } = await unrecoverable(async () => {
      const data = parseRecord(execJobSchema, job.data, { file: `job ${job.id}` });
      // The queue is named by the environment's hash; a job claiming another one was not made for this worker.
      if (data.envHash !== entry.envHash)
        throw new Error(
          `job ${job.id} is for environment ${data.envHash.slice(0, 12)}, not ${entry.env.name} ` +
            `(${entry.envHash.slice(0, 12)}) that this worker allows`,
        );
      const [task, state] = await Promise.all([blobs.get(data.task), blobs.get(data.state)]);
      const given = checkState(
        state,
        `state blob ${data.state.slice(0, 12)}`,
        'run `ctxbench exec check` and the coordinator again',
      );
      if (given.envHash !== entry.envHash)
        throw new Error(
          `job ${job.id} carries a check state of environment ${given.envHash.slice(0, 12)}, not ${entry.env.name} ` +
            `(${entry.envHash.slice(0, 12)})`,
        );
      return { data, task: validateTask(task, { file: `task blob ${data.task.slice(0, 12)}` }), state: given };
    });
    const { pool, own } = await poolOf(entry);
    const [output] = await pool.runItems(
      [{ task, candidate: data.candidate, key: job.id! }],
      stricterState(state, own),
      data.rerun,
    );
    if (!output?.result) throw new Error(`infrastructure failure on ${name}: ${output?.infraError ?? 'no result'}`);
    const { log: file, ...result } = output.result;
    return { result, log: file && existsSync(file) ? readFileSync(file, 'utf8') : null, worker: name };
  };

  const runGeneration = async (backend: Backend, job: Job): Promise<GenerateJobResult> => {
    const { data, task } = await unrecoverable(async () => {
      const data = parseRecord(generateJobSchema, job.data, { file: `job ${job.id}` });
      if (data.provider !== backend.provider)
        throw new Error(`job ${job.id} is for model ${data.provider}, not ${backend.provider} that this worker holds`);
      return { data, task: validateTask(await blobs.get(data.task), { file: `task blob ${data.task.slice(0, 12)}` }) };
    });
    try {
      const generation = await backend.generate({
        task,
        prompt: data.prompt,
        retrieved: data.retrieved,
        sample: data.sample,
        sampling: data.sampling,
      });
      return { generation, error: null, worker: name };
    } catch (error) {
      // A classified failure goes back to the coordinator's runner (which retries or records it); anything else is
      // retried here.
      if (!(error instanceof GenerationError)) throw error;
      return {
        generation: null,
        error: {
          message: error.message,
          kind: error.kind,
          retryAfterMs: error.retryAfterMs,
          unreachable: error.unreachable,
        },
        worker: name,
      };
    }
  };

  // One BullMQ worker per served queue: each environment of the allow-list, each model held.
  const services: Service[] = [
    ...served.map(
      (entry): Service => ({
        title: entry.env.name,
        queue: execQueueName(entry.env.name, entry.envHash),
        process: (job) => runJob(entry, job),
        outcome: (answer) => (answer as ExecJobResult).result.verdict,
      }),
    ),
    ...(options.backends ?? []).map(
      (backend): Service => ({
        title: backend.provider,
        queue: generateQueueName(backend.provider),
        process: (job) => runGeneration(backend, job),
        outcome: (answer) =>
          (answer as GenerateJobResult).error ? `error (${(answer as GenerateJobResult).error!.kind})` : 'answered',
      }),
    ),
  ];
  const workers = services.map((service) => {
    const worker = new Worker(service.queue, service.process, {
      connection: options.connection,
      concurrency: options.concurrency,
      name,
      lockDuration: options.stalledMs,
      stalledInterval: Math.max(500, Math.floor(options.stalledMs / 2)),
      maxStalledCount: 2,
    });
    worker.on('error', (error) => emit(`queue: ${error.message}`));
    // the job's fields are not validated yet when it starts: escaped for the log
    const label = (job: Job) =>
      `${service.title}: ${printable(job.data?.taskId ?? job.id)}#${printable(job.data?.sample)}`;
    worker.on('active', (job) => emit(`${label(job)} running`));
    worker.on('completed', (job, answer: unknown) => {
      done.set(service.title, (done.get(service.title) ?? 0) + 1);
      emit(`${label(job)} done: ${service.outcome(answer)}`);
    });
    worker.on('failed', (job, error) =>
      emit(`${job ? label(job) : service.title} failed: ${printable(error.message, 2000)}`),
    );
    emit(`serving ${service.title} (${service.queue}) with ${options.concurrency} at once`);
    return worker;
  });
  await Promise.all(workers.map((worker) => worker.waitUntilReady()));

  return {
    done,
    async close() {
      await Promise.allSettled(workers.map((worker) => worker.close()));
      for (const entry of served) entry.lock.release();
      client.disconnect();
    },
  };
}
