// The records that travel through the queue, each defined once as a schema (type, validation and
// JSON Schema): what a coordinator asks a worker (`ExecJob`) and what the worker answers
// (`ExecJobResult`). Jobs carry ids, hashes and candidate text, never credentials; the task
// record and the check state travel as content-addressed blobs (blobs.ts), stored once per queue
// server however many candidates share them.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PromptPartsSchema } from '../context/index.ts';
import { ContextSnippetSchema } from '../datasets/index.ts';
import { ExecResultSchema } from '../runstore/index.ts';

const hash = z.string().regex(/^[0-9a-f]{16,64}$/);

export const execJobSchema = z.object({
  /** identifies the run (its creation time, model and tasks), so runs sharing a queue never collide. */
  run: hash,
  taskId: z.string(),
  sample: z.number().int().min(0),
  /** the candidate text's hash (part of the job id). */
  candidateHash: hash,
  /** the environment's hash (settings, sandbox mode, repository content): a worker serves only its own. */
  envHash: hash,
  /** blob of the task record. */
  task: hash,
  /** blob of the `exec check` state. */
  state: hash,
  candidate: z.string(),
  /** `exec --force`: run even when the worker's result cache has this program's verdict. */
  rerun: z.boolean(),
});
export type ExecJob = z.infer<typeof execJobSchema>;

export const execJobResultSchema = z.object({
  result: ExecResultSchema,
  /** the candidate's full log (a `CandidateLog` as JSON), written into the run folder for `exec --regrade`. */
  log: z.string().nullable(),
  /** the worker that ran it (`--name`, default host:pid). */
  worker: z.string(),
});
export type ExecJobResult = z.infer<typeof execJobResultSchema>;

/**
 * The queue of one environment version: workers with another version (settings or repository content) never see its
 * jobs.
 */
export function execQueueName(envName: string, envHash: string): string {
  return `ctxbench-exec-${envName.replace(/[^A-Za-z0-9_.-]/g, '_')}-${envHash.slice(0, 12)}`;
}

/** A job's id: the same candidate of the same run on the same environment is one job however often it is enqueued. */
export function execJobId(job: Pick<ExecJob, 'run' | 'taskId' | 'sample' | 'candidateHash' | 'envHash'>): string {
  return createHash('sha256')
    .update(JSON.stringify([job.run, job.taskId, job.sample, job.candidateHash, job.envHash]))
    .digest('hex')
    .slice(0, 40);
}

export const generateJobSchema = z.object({
  /** the provider string the worker's backend must have (the queue is named by it too). */
  provider: z.string(),
  /** blob of the task record. */
  task: hash,
  sample: z.number().int().min(0),
  prompt: PromptPartsSchema,
  retrieved: z.array(ContextSnippetSchema),
  sampling: z.object({
    temperature: z.number(),
    topP: z.number(),
    maxTokens: z.number().int(),
    stop: z.array(z.string()),
    seed: z.number().int().nullable(),
  }),
});
export type GenerateJob = z.infer<typeof generateJobSchema>;

export const generateJobResultSchema = z.object({
  /** the backend's answer, or the failure the coordinator's runner acts on (retry, back off, record). */
  generation: z
    .object({
      text: z.string(),
      promptTokens: z.number().nullable(),
      completionTokens: z.number().nullable(),
      finishReason: z.string().nullable(),
      verbatim: z.boolean().optional(),
    })
    .nullable(),
  error: z
    .object({
      message: z.string(),
      kind: z.enum(['rate-limit', 'transient', 'permanent']),
      retryAfterMs: z.number().nullable(),
      unreachable: z.boolean(),
    })
    .nullable(),
  worker: z.string(),
});
export type GenerateJobResult = z.infer<typeof generateJobResultSchema>;

/** The queue of one model (provider string): workers holding that backend serve it. */
export function generateQueueName(provider: string): string {
  const readable = provider.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60);
  return `ctxbench-generate-${readable}-${createHash('sha256').update(provider).digest('hex').slice(0, 12)}`;
}

/**
 * Attempts per job: a worker's infrastructure failure (or its death, seen as a stalled job) hands the job to another.
 */
export const JOB_ATTEMPTS = 3;

/** A run's identity on the queue server: its creation time, model and tasks. */
export function runIdentity(config: {
  createdAt: string;
  model: string;
  tasksHash: string;
  context: string;
  template: string;
}): string {
  return createHash('sha256')
    .update(JSON.stringify([config.createdAt, config.model, config.tasksHash, config.context, config.template]))
    .digest('hex')
    .slice(0, 32);
}
