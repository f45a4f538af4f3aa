// The coordinator side of queued execution: one BullMQ job per candidate, keyed by (run, task,
// sample, candidate hash, environment hash) so enqueuing again (a restarted coordinator) adds
// nothing; results are collected as workers finish them, handed to the caller (which stores the
// verdict) and only then removed from the queue. A coordinator killed at any point loses nothing:
// on restart, finished jobs are still there to collect and running ones keep running.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Job } from 'bullmq';
import {
  environmentHash,
  regradeLog,
  cheatFlags,
  withCheatFlags,
  type ExecEnvironment,
  type ExecItem,
  type ExecOutput,
  type CheckState,
} from '../exec/index.ts';
import { putBlobs } from './blobs.ts';
import { describeQueue, type QueueConnection } from './address.ts';
import { openQueue } from './connection.ts';
import { execJobId, execJobResultSchema, execQueueName, JOB_ATTEMPTS, type ExecJob } from './records.ts';
import { parseRecord } from '../util/schema.ts';
import { printable } from '../util/errors.ts';

export interface QueuedItem extends ExecItem {
  sample: number;
}

export interface QueuedOutput extends ExecOutput {
  /** the worker that ran the candidate. */
  worker: string | null;
}

export interface QueuedExecOptions {
  connection: QueueConnection;
  /** identifies the run among others sharing the queue server. */
  run: string;
  state: CheckState;
  /** a registered sandbox's name (SANDBOXES); must match the coordinator's and the workers'. */
  sandbox: string;
  /** where the candidates' full logs are written (for `exec --regrade`). */
  logDir: string;
  onEvent?: (message: string) => void;
  /** `exec --force`: workers run every candidate even when their result cache has its verdict. */
  rerun?: boolean;
  /**
   * candidates of the run that already have a stored verdict: a job of theirs still on the server (its coordinator was
   * killed between storing and removing it) is removed.
   */
  judged?: QueuedItem[];
  /** how often every outstanding job is looked at besides the completion events (ms; default 30 s). */
  sweepMs?: number;
}

/** Enqueues the candidates of one environment and yields each result once, in completion order. */
export async function* executeQueued(
  env: ExecEnvironment,
  items: QueuedItem[],
  options: QueuedExecOptions,
): AsyncIterable<QueuedOutput> {
  const { connection } = options;
  const emit = options.onEvent ?? (() => {});
  const envHash = environmentHash(env, options.sandbox);
  const name = execQueueName(env.name, envHash);
  const handle = await openQueue(name, connection);
  const { client, queue, events } = handle;
  try {
    const [stateHash] = await putBlobs(client, [options.state]);
    const taskHashes = new Map<string, string>();
    const tasks = [...new Map(items.map((item) => [item.task.id, item.task])).values()];
    (await putBlobs(client, tasks)).forEach((hash, index) => taskHashes.set(tasks[index]!.id, hash));
    const pending = new Map<string, QueuedItem>();
    const keyOf = (item: QueuedItem) => ({
      run: options.run,
      taskId: item.task.id,
      sample: item.sample,
      candidateHash: createHash('sha256').update(item.candidate).digest('hex').slice(0, 32),
      envHash,
    });
    for (const item of options.judged ?? []) await queue.remove(execJobId(keyOf(item)));
    const jobs = items.map((item) => {
      const data: ExecJob = {
        ...keyOf(item),
        task: taskHashes.get(item.task.id)!,
        state: stateHash!,
        candidate: item.candidate,
        rerun: options.rerun === true,
      };
      const jobId = execJobId(data);
      pending.set(jobId, item);
      return {
        name: 'exec',
        data,
        opts: { jobId, attempts: JOB_ATTEMPTS, removeOnComplete: false, removeOnFail: false },
      };
    });
    const enqueue = async (batch: typeof jobs) => {
      for (let start = 0; start < batch.length; start += 500) await queue.addBulk(batch.slice(start, start + 500));
    };
    // Jobs already in the queue (a restarted coordinator) keep their state: BullMQ ignores an existing id.
    await enqueue(jobs);
    emit(
      `queued ${jobs.length} candidates on ${name} at ${describeQueue(connection)}; ${await queue.getWorkersCount()} ` +
        `workers serving it`,
    );

    // Jobs to look at: those the events say have finished, and every outstanding one on each sweep.
    const toCheck = new Set<string>(pending.keys());
    let wake: (() => void) | null = null;
    const notify = (jobId: string) => {
      if (!pending.has(jobId)) return;
      toCheck.add(jobId);
      wake?.();
      wake = null;
    };
    events.on('completed', ({ jobId }) => notify(jobId));
    events.on('failed', ({ jobId }) => notify(jobId));
    let warnedIdle = false;
    const sweep = setInterval(() => {
      for (const jobId of pending.keys()) notify(jobId);
      void queue.getWorkersCount().then(
        (count) => {
          if (count > 0 || warnedIdle) return;
          warnedIdle = true;
          emit(
            `no worker serves ${name}: start \`ctxbench worker --queue <url> --env ${env.file}\` on machines with ` +
              `the same environment file and repository content (environment hash ${envHash.slice(0, 12)})`,
          );
        },
        () => {},
      );
    }, options.sweepMs ?? 30_000);
    const byId = new Map(jobs.map((job) => [job.opts.jobId, job]));
    try {
      while (pending.size > 0) {
        if (toCheck.size === 0) await new Promise<void>((resolve) => (wake = resolve));
        const ids = [...toCheck];
        toCheck.clear();
        for (const jobId of ids) {
          const item = pending.get(jobId);
          if (!item) continue;
          const job = await Job.fromId(queue, jobId);
          if (!job) {
            // Gone from the server (flushed or removed by hand) without a stored verdict: enqueue it again.
            await enqueue([byId.get(jobId)!]);
            continue;
          }
          const state = await job.getState();
          if (state === 'completed') {
            const answer = parseRecord(execJobResultSchema, job.returnvalue, { file: `result of job ${jobId}` });
            let { result } = answer;
            if (answer.log !== null) {
              mkdirSync(options.logDir, { recursive: true });
              const file = join(options.logDir, `${jobId}.json`);
              writeFileSync(file, answer.log);
              // A worker's pass stands only when its own log grades as a pass here too (this coordinator's grading and
              // check state).
              const graded =
                result.verdict === 'pass' ? regradeLog(env, file, result.selectedTests, options.state) : null;
              if (graded && graded.verdict !== 'pass') {
                emit(
                  `${printable(answer.worker)}: ${item.task.id}#${item.sample} came back as pass, but its log grades ` +
                    `as ${graded.verdict} (${graded.reason}): ${graded.verdict} kept`,
                );
                result = { ...graded, cached: result.cached };
              }
              result = { ...result, log: file };
            }
            result = withCheatFlags(result, cheatFlags(item.task.language, item.candidate, item.task.reference));
            pending.delete(jobId);
            yield { key: item.key, result, worker: printable(answer.worker) };
          } else if (state === 'failed') {
            pending.delete(jobId);
            yield {
              key: item.key,
              result: null,
              infraError: job.failedReason || 'the job failed on every attempt',
              worker: null,
            };
          } else {
            continue;
          }
          // Removed only once the caller has stored the result: a coordinator killed before finds it again.
          await job.remove();
        }
      }
    } finally {
      clearInterval(sweep);
    }
  } finally {
    await handle.close();
  }
}
