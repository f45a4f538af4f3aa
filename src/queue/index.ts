// Execution and generation spread over many machines through BullMQ on Redis: the coordinator
// (`exec --queue`) enqueues one job per candidate and stores results as they arrive; workers
// (`ctxbench worker`) prepare their allowed environments once and run jobs in their local sandbox,
// and answer `eval --queue` calls with the model backends they hold. See docs/queue.md.
// bullmq and ioredis are optional packages: what needs them is loaded on first use (libraries.ts).
export { parseQueueUrl, describeQueue, type QueueConnection } from './address.ts';
export {
  execJobSchema,
  execJobResultSchema,
  execQueueName,
  execJobId,
  generateJobSchema,
  generateJobResultSchema,
  generateQueueName,
  runIdentity,
  JOB_ATTEMPTS,
  type ExecJob,
  type ExecJobResult,
  type GenerateJob,
  type GenerateJobResult,
} from './records.ts';
export type { QueuedItem, QueuedOutput, QueuedExecOptions } from './coordinator.ts';
export type { WorkerOptions, RunningWorker } from './worker.ts';
export { checkQueueServer, executeQueued, startWorker, createQueueBackend } from './libraries.ts';
