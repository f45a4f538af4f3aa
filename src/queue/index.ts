// Execution and generation spread over many machines through BullMQ on Redis: the coordinator
// (`exec --queue`) enqueues one job per candidate and stores results as they arrive; workers
// (`ctxbench worker`) prepare their allowed environments once and run jobs in their local sandbox,
// and answer `eval --queue` calls with the model backends they hold. See docs/queue.md.
export { parseQueueUrl, describeQueue, checkQueueServer, type QueueConnection } from './connection.ts';
export { execJobSchema, execJobResultSchema, execQueueName, execJobId, generateJobSchema, generateJobResultSchema, generateQueueName, type ExecJob, type ExecJobResult, type GenerateJob, type GenerateJobResult } from './records.ts';
export { executeQueued, runIdentity, JOB_ATTEMPTS, type QueuedItem, type QueuedOutput, type QueuedExecOptions } from './coordinator.ts';
export { startWorker, type WorkerOptions, type RunningWorker } from './worker.ts';
export { createQueueBackend } from './generate.ts';
export { putBlobs, BlobReader, blobHash } from './blobs.ts';
