// A generation run: tasks -> prompts (context stage) -> model calls -> post-processing -> run store.
// Resumable at any point: each finished candidate is committed whole (group commit, see
// write-queue.ts) and a rerun only makes the calls whose candidates are missing. Answers reach the
// shared response cache before the store, so a call finished just before a kill is not paid twice.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { AGENT_STRATEGY, type BuiltPrompt, type PromptBuilder, type PromptParts } from '../context/index.ts';
import { readTasks, taskSourceHash, liveSource, type TaskRecord } from '../datasets/index.ts';
import {
  openResponseCache,
  openRunStore,
  type CandidateWrite,
  type RunStore,
  type AgentTrace,
  type RunConfig,
} from '../runstore/index.ts';
import { InputError } from '../util/errors.ts';
import { runAgent, type AgentSettings } from './agent.ts';
import type { Postprocessed } from '../tasks/index.ts';
import { candidateOf } from './postprocess.ts';
import { intervalTicker, Progress, type ProgressStream } from './progress.ts';
import { AdaptiveLimiter, Caller, DEFAULT_RETRY, type RetryPolicy } from './scheduler.ts';
import { WriteQueue } from './write-queue.ts';
import type { Backend, Generation, SamplingParams } from './types.ts';

export interface GenerationOptions {
  tasksPath: string;
  runDir: string;
  /** the backend's provider string is the run's `model`. */
  backend: Backend;
  promptBuilder: PromptBuilder;
  samples: number;
  /** null: 0 (greedy) for one sample, 0.8 for several. */
  temperature: number | null;
  /** null: 1 when greedy, 0.95 otherwise. */
  topP: number | null;
  maxTokens: number;
  stop: string[];
  seed: number | null;
  concurrency: number;
  /** the shared response cache file, null to bypass it (`--no-cache`). */
  cacheFile: string | null;
  /** also redo candidates that failed in an earlier session. */
  retryErrors: boolean;
  toolVersion: string;
  /** recorded in the config. */
  baseUrl: string | null;
  budget: number | null;
  retry?: RetryPolicy;
  progress?: ProgressStream | null;
  /** milliseconds between progress lines when the stream is not a terminal (default 5000). */
  progressIntervalMs?: number;
  /** turns an answer into the stored output (default: the code post-processing of the task's kind). */
  postprocess?: (task: TaskRecord, answer: Generation) => Promise<Postprocessed>;
  /** agent mode: each candidate is a conversation with tools (agent.ts), its trace stored with it; never cached. */
  agent?: AgentSettings;
  /** the plugin files in use, with their SHA-256 (recorded: a run resumes only with the same ones). */
  plugins?: { file: string; sha256: string }[];
  /** the invocation as a run spec (RunConfig.spec). */
  spec?: Record<string, unknown>;
}

export interface GenerationSummary {
  tasks: number;
  candidates: number;
  /** calls made in this session (cache hits and baselines excluded). */
  calls: number;
  cacheHits: number;
  /** candidates written in this session. */
  written: number;
  /** time spent writing the run store and the response cache in this session. */
  writeMs: number;
  /** failed candidates in the whole run, grouped by reason. */
  failed: number;
  failures: { reason: string; count: number }[];
  /** true when the run has candidates and every one of them failed. */
  allFailed: boolean;
  elapsedMs: number;
}

export function resolveSampling(
  options: Pick<GenerationOptions, 'samples' | 'temperature' | 'topP' | 'maxTokens' | 'stop' | 'seed'>,
): SamplingParams {
  const temperature = options.temperature ?? (options.samples === 1 ? 0 : 0.8);
  return {
    temperature,
    topP: options.topP ?? (temperature === 0 ? 1 : 0.95),
    maxTokens: options.maxTokens,
    stop: options.stop,
    seed: options.seed,
  };
}

/** Reads and validates a tasks file (the datasets schema) and hashes its bytes for the run config. */
export function readTasksFile(file: string): { tasks: TaskRecord[]; hash: string } {
  const tasks = readTasks(file);
  // A build whose filters removed everything writes an empty set: say so rather than run nothing.
  const manifest = `${file}.manifest.json`;
  if (tasks.length === 0)
    throw new InputError(
      `no tasks in this file${existsSync(manifest) ? ` (${manifest} shows what each filter removed)` : ''}`,
      { file },
    );
  return { tasks, hash: taskSourceHash(file) };
}

/** The response-cache key of one call: model and endpoint, prompt, sampling parameters, sample index. */
export function responseKey(identity: string, prompt: PromptParts, sampling: SamplingParams, sample: number): string {
  const payload = JSON.stringify([
    identity,
    prompt.messages ?? prompt.prompt,
    sampling.temperature,
    sampling.topP,
    sampling.maxTokens,
    sampling.stop,
    sampling.seed,
    sample,
  ]);
  return createHash('sha256').update(payload).digest('hex');
}

export interface SingleCaller {
  /** One call (cache first), retried like a run's calls, post-processed: the candidate's output, or the failure. */
  complete(
    task: TaskRecord,
    prompt: BuiltPrompt,
    sampling: SamplingParams,
  ): Promise<{ output: string | null; error: string | null }>;
  close(): void;
}

/**
 * Calls outside a run (the build's `--drop-solved-by`): the same response cache, retry policy,
 * pacing and post-processing as a run's, one call at a time.
 */
export function createSingleCaller(
  backend: Backend,
  options: { cacheFile: string | null; retry?: RetryPolicy; concurrency?: number },
): SingleCaller {
  const cache = options.cacheFile && backend.cacheIdentity ? openResponseCache(options.cacheFile) : null;
  const caller = new Caller(new AdaptiveLimiter(options.concurrency ?? 1), options.retry ?? DEFAULT_RETRY);
  return {
    async complete(task, prompt, sampling) {
      const key = cache ? responseKey(backend.cacheIdentity!, prompt, sampling, 0) : null;
      let answer: Generation | null = key ? cache!.get(key) : null;
      if (!answer) {
        try {
          const outcome = await caller.run(() =>
            backend.generate({ task, prompt, retrieved: prompt.retrieved ?? [], sample: 0, sampling }),
          );
          answer = outcome.value;
          if (key) cache!.put(key, { ...answer, latencyMs: outcome.latencyMs });
        } catch (failure) {
          return { output: null, error: (failure as Error).message };
        }
      }
      return { output: (await candidateOf(task, answer)).output, error: null };
    },
    close: () => cache?.close(),
  };
}

interface PendingCall {
  task: TaskRecord;
  prompt: BuiltPrompt;
  /** the samples this call produces: all missing samples of the task when the backend takes `n`, else one. */
  samples: number[];
  /**
   * shared by the calls of one task: calls left (0 = the task is complete), and whether its prompt still has to be
   * stored.
   */
  taskState: { remaining: number; storePrompt: boolean };
}

export async function runGeneration(options: GenerationOptions): Promise<GenerationSummary> {
  const started = performance.now();
  const { backend, promptBuilder } = options;
  const { tasks, hash } = readTasksFile(options.tasksPath);
  const sampling = resolveSampling(options);
  const config: RunConfig = {
    model: backend.provider,
    // agent mode: the opening strategy and `+agent` (`bm25+agent`, `none+agent`)
    context: options.agent ? `${promptBuilder.strategy}+${AGENT_STRATEGY}` : promptBuilder.strategy,
    template: promptBuilder.template,
    tokenizer: promptBuilder.tokenizerName,
    samples: options.samples,
    temperature: sampling.temperature,
    topP: sampling.topP,
    maxTokens: sampling.maxTokens,
    seed: sampling.seed,
    stop: sampling.stop,
    isBaseline: backend.isBaseline,
    baseUrl: options.baseUrl,
    budget: options.budget,
    ...(options.agent ? { agent: { tools: options.agent.tools, budget: options.agent.budget } } : {}),
    tasksPath: options.tasksPath,
    tasksHash: hash,
    toolVersion: options.toolVersion,
    createdAt: new Date().toISOString(),
    ...(options.plugins && options.plugins.length > 0 ? { plugins: options.plugins } : {}),
    ...(options.spec ? { spec: options.spec } : {}),
  };
  // a live benchmark's run takes the tasks of the windows added since it was made
  const store = openRunStore(options.runDir, { create: config, tasks, grow: liveSource(options.tasksPath) !== null });
  // an agent's answer depends on what its tools returned, not on the prompt alone: no response cache
  const cache =
    options.cacheFile && backend.cacheIdentity && !options.agent ? openResponseCache(options.cacheFile) : null;
  try {
    const states = store.candidateStates();
    const pending = tasks
      .map((task) => {
        const done = states.get(task.id);
        const samples: number[] = [];
        for (let sample = 0; sample < options.samples; sample++) {
          const failed = done?.get(sample);
          if (failed === undefined || (failed && options.retryErrors)) samples.push(sample);
        }
        return { task, samples };
      })
      .filter((entry) => entry.samples.length > 0);
    const totalCalls = pending.reduce((sum, entry) => sum + entry.samples.length, 0);
    const progress = new Progress(
      options.progress ?? null,
      { tasks: tasks.length, calls: totalCalls },
      tasks.length - pending.length,
      options.progressIntervalMs === undefined ? undefined : intervalTicker(options.progressIntervalMs),
    );
    const session = { calls: 0, cacheHits: 0, written: 0 };
    const writes = new WriteQueue(store, cache);
    const caller = new Caller(new AdaptiveLimiter(options.concurrency), options.retry ?? DEFAULT_RETRY);
    // Whether the server honours `n`: assumed until it answers a request with fewer choices.
    let severalPerCall = backend.generateSamples !== undefined && !options.agent;

    async function* calls(): AsyncGenerator<PendingCall> {
      for (const { task, samples } of pending) {
        const { prompt, stored } = await promptOf(store, promptBuilder, backend, task);
        const taskState = { remaining: samples.length, storePrompt: !stored };
        if (severalPerCall) yield { task, prompt, samples, taskState };
        else for (const sample of samples) yield { task, prompt, samples: [sample], taskState };
      }
    }

    type Answer = Generation & { latencyMs: number | null; trace?: AgentTrace };
    const request = (call: PendingCall, sample: number) => ({
      task: call.task,
      prompt: call.prompt,
      retrieved: call.prompt.retrieved ?? [],
      sample,
      sampling,
    });
    const store1 = (call: PendingCall, sample: number, key: string | null, result: Answer | Error, cached = false) =>
      storeCandidate(
        call,
        sample,
        key,
        result instanceof Error ? null : result,
        result instanceof Error ? result.message : null,
        cached,
      );

    /**
     * The samples of a call: cache hits, then one request with `n` for the rest when the backend
     * takes it, then one request per sample still missing (a server that ignores `n`). Each
     * candidate is stored as soon as its answer is there.
     */
    async function complete(call: PendingCall): Promise<void> {
      const keys = new Map(
        call.samples.map((sample) => [
          sample,
          cache ? responseKey(backend.cacheIdentity!, call.prompt, sampling, sample) : null,
        ]),
      );
      // Each answer is committed before the next request goes out: a kill loses at most the calls in flight.
      const hits: Promise<void>[] = [];
      let missing: number[] = [];
      for (const [sample, key] of keys) {
        const hit = key ? cache!.get(key) : null;
        if (hit) {
          session.cacheHits++;
          hits.push(store1(call, sample, key, hit, true));
        } else missing.push(sample);
      }
      await Promise.all(hits);
      if (missing.length > 1 && severalPerCall) {
        if (!backend.isBaseline) session.calls++;
        try {
          const outcome = await caller.run(() => backend.generateSamples!(request(call, missing[0]!), missing.length));
          await Promise.all(
            outcome.value.map((answer, index) =>
              store1(call, missing[index]!, keys.get(missing[index]!)!, { ...answer, latencyMs: outcome.latencyMs }),
            ),
          );
          if (outcome.value.length < missing.length) severalPerCall = false;
          missing = missing.slice(outcome.value.length);
        } catch (failure) {
          await Promise.all(missing.map((sample) => store1(call, sample, keys.get(sample)!, failure as Error)));
          missing = [];
        }
      }
      for (const sample of missing) {
        if (!backend.isBaseline) session.calls++;
        let result: Answer | Error;
        try {
          if (options.agent) {
            const started = performance.now();
            const { generation, trace } = await runAgent({
              backend,
              task: call.task,
              prompt: call.prompt,
              sample,
              sampling,
              settings: options.agent,
              call: async (turn) => (await caller.run(turn)).value,
            });
            result = { ...generation, latencyMs: performance.now() - started, trace };
          } else {
            const outcome = await caller.run(() => backend.generate(request(call, sample)));
            result = { ...outcome.value, latencyMs: outcome.latencyMs };
          }
        } catch (failure) {
          result = failure as Error;
        }
        await store1(call, sample, keys.get(sample)!, result);
      }
    }

    async function storeCandidate(
      call: PendingCall,
      sample: number,
      key: string | null,
      answer: Answer | null,
      failure: string | null,
      cached: boolean,
    ): Promise<void> {
      const { task, prompt, taskState } = call;
      let error = failure;
      let output: string | null = null;
      let rule: string | null = null;
      if (answer) {
        try {
          ({ output, rule } = await (options.postprocess ?? candidateOf)(task, answer));
        } catch (failure) {
          error = `post-processing failed: ${(failure as Error).message}`;
        }
      }
      const candidate: CandidateWrite = {
        taskId: task.id,
        sample,
        raw: answer?.text ?? null,
        output,
        postprocess: rule,
        error,
        promptTokens: answer?.promptTokens ?? null,
        completionTokens: answer?.completionTokens ?? null,
        latencyMs: answer?.latencyMs ?? null,
        finishReason: answer?.finishReason ?? null,
        cached,
        ...(answer?.trace ? { trace: answer.trace } : {}),
      };
      const storePrompt = taskState.storePrompt;
      taskState.storePrompt = false;
      const fresh = !cached && key !== null && answer !== null ? { key, answer } : null;
      // One commit group: the answer reaches the cache before its candidate (and the task's prompt) reach the store.
      await writes.write(
        () => {
          if (storePrompt) store.putPrompt(task.id, prompt);
          store.putCandidate(candidate);
        },
        fresh ? () => cache!.put(fresh.key, fresh.answer) : undefined,
      );
      session.written++;
      progress.callFinished(error !== null, --taskState.remaining === 0);
    }

    // Workers pull from one queue; the first fatal error (e.g. a prompt that cannot be built) stops
    // the queue, and the calls already in flight are still written before the store closes.
    const queue = calls();
    const fatal: { errors: unknown[] } = { errors: [] };
    const workers = Array.from({ length: Math.max(1, options.concurrency) }, async () => {
      try {
        for await (const call of queue) {
          await complete(call);
          if (fatal.errors.length > 0) break;
        }
      } catch (error) {
        fatal.errors.push(error);
      }
    });
    await Promise.all(workers);
    progress.finish();
    if (fatal.errors.length > 0) throw fatal.errors[0];
    return summarise(store, tasks.length, { ...session, writeMs: writes.writeMs }, performance.now() - started);
  } finally {
    cache?.close();
    store.close();
  }
}

/** The stored prompt of a task, or a freshly built one (stored with the task's first candidate). */
async function promptOf(
  store: RunStore,
  builder: PromptBuilder,
  backend: Backend,
  task: TaskRecord,
): Promise<{ prompt: BuiltPrompt; stored: boolean }> {
  const stored = store.prompt(task.id);
  const prompt: BuiltPrompt = stored ? { ...stored, retrieved: stored.retrieved ?? [] } : await builder.build(task);
  const shape = prompt.messages ? 'chat' : 'completion';
  if (backend.accepts !== 'any' && backend.accepts !== shape) {
    throw new InputError(
      `template '${builder.template}' builds ${shape} prompts but ${backend.provider} takes ${backend.accepts} ` +
        `prompts; choose a ${backend.accepts} template (--template) or the other openai mode`,
      { field: 'template' },
    );
  }
  return { prompt, stored: stored !== null };
}

interface Session {
  calls: number;
  cacheHits: number;
  written: number;
  writeMs: number;
}

function summarise(store: RunStore, tasks: number, session: Session, elapsedMs: number): GenerationSummary {
  const reasons = new Map<string, number>();
  let candidates = 0;
  for (const candidate of store.candidates()) {
    candidates++;
    if (candidate.error === null) continue;
    // "HTTP 404 model or endpoint not found: <server text>" -> the part before the details.
    const reason = candidate.error.split(':')[0]!;
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  const failed = [...reasons.values()].reduce((sum, count) => sum + count, 0);
  return {
    tasks,
    candidates,
    ...session,
    failed,
    failures: [...reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0)),
    allFailed: candidates > 0 && failed === candidates,
    elapsedMs,
  };
}
