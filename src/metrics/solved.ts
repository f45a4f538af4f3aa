// `--drop-solved-by MODEL`, the papers' last filter: ask a model for each task with the in-file
// context only (no cross-file context), greedy, and drop the task when the post-processed answer
// matches the reference exactly (CrossCodeEval's EM; YABLoCo's whitespace-free EM for functions).
// It lives in the metrics stage because it needs the context, models and metrics stages; the
// build (tasks stage) only sees the SolvedCheck it returns. Calls go through the models stage's
// single caller: the run's response cache, retries and endpoint options.
import { createPromptBuilder, type PromptBuilder } from '../context/index.ts';
import type { TaskRecord } from '../datasets/index.ts';
import { createBackend, createSingleCaller, type BackendOptions } from '../models/index.ts';
import { taskFamily, type SolvedCheck } from '../tasks/index.ts';
import { InputError } from '../util/errors.ts';
import { exactMatch, exactMatchNoWhitespace } from './exact-match.ts';

export interface SolvedCheckOptions extends BackendOptions {
  template?: string;
  /** the shared response cache file, null to bypass it. */
  cacheFile?: string | null;
}

export async function createSolvedCheck(model: string, options: SolvedCheckOptions = {}): Promise<SolvedCheck> {
  const backend = await createBackend(model, options);
  const caller = createSingleCaller(backend, { cacheFile: options.cacheFile ?? null });
  const builders = new Map<string, Promise<PromptBuilder>>();
  // the paper's template, token budget and exact match are the task family's (`template` overrides the template,
  // e.g. a chat template for a chat model)
  const templateFor = (task: TaskRecord) => options.template ?? taskFamily(task.kind).solvedCheck.template;
  const builderFor = (task: TaskRecord) => {
    const template = templateFor(task);
    let builder = builders.get(template);
    if (!builder) {
      builder = createPromptBuilder({ strategy: 'infile', template });
      builders.set(template, builder);
    }
    return builder;
  };
  return {
    model,
    async solved(task: TaskRecord) {
      const { maxTokens, ignoreWhitespace } = taskFamily(task.kind).solvedCheck;
      const prompt = await (await builderFor(task)).build(task);
      const shape = prompt.messages ? 'chat' : 'completion';
      if (backend.accepts !== 'any' && backend.accepts !== shape) {
        throw new InputError(
          `${model} takes ${backend.accepts} prompts but the '${templateFor(task)}' ` +
            `template builds ${shape} prompts: choose another template`,
          { field: 'drop-solved-template' },
        );
      }
      const sampling = { temperature: 0, topP: 1, maxTokens, stop: [], seed: null };
      const { output, error } = await caller.complete(task, prompt, sampling);
      if (output === null)
        throw new InputError(`${model} failed on task '${task.id}' after retries: ${error}`, {
          field: 'drop-solved-by',
        });
      return (
        (ignoreWhitespace ? exactMatchNoWhitespace(output, task.reference) : exactMatch(output, task.reference)) === 1
      );
    },
    async close() {
      caller.close();
      await backend.close();
    },
  };
}
