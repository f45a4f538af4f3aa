// Generation through the queue (`eval --queue`): a backend whose calls are jobs on the queue of its
// model, answered by `ctxbench worker --model` processes that hold the real backend (for sites where
// each GPU machine serves its own model). The runner on the coordinator keeps its scheduling,
// retries, response cache and run store: a worker returns the backend's answer or its classified
// failure, and the coordinator's runner treats it as if the call were local. API keys stay with the
// workers (their own environment); jobs carry the prompt, the sampling and the task (as a blob).
import { createHash } from 'node:crypto';
import { parseProvider, GenerationError, type Backend, type GenerationRequest } from '../models/index.ts';
import { putBlobs } from './blobs.ts';
import type { QueueConnection } from './address.ts';
import { openQueue } from './connection.ts';
import {
  generateJobResultSchema,
  generateQueueName,
  JOB_ATTEMPTS,
  type GenerateJob,
  type GenerateJobResult,
} from './records.ts';
import { parseRecord } from '../util/schema.ts';

/** A backend for `provider` whose calls are served by queue workers. */
export function createQueueBackend(provider: string, connection: QueueConnection): Backend {
  const spec = parseProvider(provider);
  const name = generateQueueName(provider);
  const opened = openQueue(name, connection);
  // Surfaces in the first call (as a failed call) rather than unhandled.
  opened.catch(() => {});
  const taskBlobs = new Map<string, Promise<string>>();
  return {
    provider,
    isBaseline: spec.baseline,
    accepts: spec.accepts,
    // The endpoint is each worker's own: answers are cached as the model's through the queue.
    cacheIdentity: spec.baseline ? null : `${provider}@queue`,
    async generate(request: GenerationRequest) {
      const { client, queue, events } = await opened.catch((error: Error) => {
        throw new GenerationError(`queue: ${error.message}`, 'transient', null, true);
      });
      let task = taskBlobs.get(request.task.id);
      if (!task) taskBlobs.set(request.task.id, (task = putBlobs(client, [request.task]).then(([hash]) => hash!)));
      const data: GenerateJob = {
        provider,
        task: await task,
        sample: request.sample,
        prompt: request.prompt,
        retrieved: request.retrieved,
        sampling: request.sampling,
      };
      // The same request (a resumed eval) is the same job.
      const jobId = createHash('sha256')
        .update(JSON.stringify([data.provider, request.task.id, data.sample, data.prompt, data.sampling]))
        .digest('hex')
        .slice(0, 40);
      const job = await queue.add('generate', data, {
        jobId,
        attempts: JOB_ATTEMPTS,
        removeOnComplete: false,
        removeOnFail: false,
      });
      let answer: GenerateJobResult;
      try {
        answer = parseRecord(generateJobResultSchema, await job.waitUntilFinished(events), {
          file: `result of job ${jobId}`,
        });
      } catch (error) {
        await queue.remove(jobId);
        throw new GenerationError(`queue: ${(error as Error).message}`, 'transient');
      }
      await queue.remove(jobId);
      if (answer.error)
        throw new GenerationError(
          answer.error.message,
          answer.error.kind,
          answer.error.retryAfterMs,
          answer.error.unreachable,
        );
      return answer.generation!;
    },
    async close() {
      await (await opened.catch(() => null))?.close();
    },
  };
}
