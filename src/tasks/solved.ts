// `--drop-solved-by MODEL`, the papers' last filter: ask a model for each task with the in-file
// context only (no cross-file context), greedy, and drop the task when the post-processed answer
// matches the reference exactly (CrossCodeEval's EM; YABLoCo's whitespace-free EM for functions).
import { createPromptBuilder } from '../context/index.ts';
import type { PromptBuilder } from '../context/types.ts';
import type { TaskKind, TaskRecord } from '../datasets/types.ts';
import { exactMatch, exactMatchNoWhitespace } from '../metrics/exact-match.ts';
import { createBackend } from '../models/provider.ts';
import { candidateOf } from '../models/postprocess.ts';
import { InputError } from '../util/errors.ts';
import type { SolvedCheck } from './build.ts';

/** The paper's prompt template per family (override with `template`, e.g. a chat template for a chat model). */
export const SOLVED_TEMPLATES: Record<TaskKind, string> = { function: 'yabloco', crossfile: 'cceval', node: 'm2rc' };
const MAX_TOKENS: Record<TaskKind, number> = { function: 512, crossfile: 128, node: 128 };

export async function createSolvedCheck(model: string, options: { template?: string } = {}): Promise<SolvedCheck> {
  const backend = await createBackend(model);
  const builders = new Map<string, Promise<PromptBuilder>>();
  const builderFor = (kind: TaskKind) => {
    const template = options.template ?? SOLVED_TEMPLATES[kind];
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
      const prompt = await (await builderFor(task.kind)).build(task);
      const shape = prompt.messages ? 'chat' : 'completion';
      if (backend.accepts !== 'any' && backend.accepts !== shape) {
        throw new InputError(`${model} takes ${backend.accepts} prompts but the '${options.template ?? SOLVED_TEMPLATES[task.kind]}' template builds ${shape} prompts: choose another template`, { field: 'drop-solved-template' });
      }
      const generation = await backend.generate({
        task,
        prompt,
        retrieved: [],
        sample: 0,
        sampling: { temperature: 0, topP: 1, maxTokens: MAX_TOKENS[task.kind], stop: [], seed: null },
      });
      const { output } = await candidateOf(task, generation);
      return (task.kind === 'function' ? exactMatchNoWhitespace(output, task.reference) : exactMatch(output, task.reference)) === 1;
    },
    close: () => backend.close(),
  };
}
