// A run store read once: the report reads candidates, tasks and prompts from several analyses, and
// each read of the store parses every row again.
import type { RunStoreReader } from '../runstore/index.ts';
import type { PromptParts } from '../context/index.ts';

/** `labels` (task id → extra labels, `report --labels`) are merged into each task's labels. */
export function cachedReader(
  store: RunStoreReader,
  labels?: Map<string, Record<string, string | number>>,
): RunStoreReader {
  let config: ReturnType<RunStoreReader['config']> | undefined;
  let tasks: ReturnType<RunStoreReader['tasks']> | undefined;
  let candidates: ReturnType<RunStoreReader['candidates']> | undefined;
  const prompts = new Map<string, PromptParts | null>();
  return {
    dir: store.dir,
    config: () => (config ??= store.config()),
    tasks: () =>
      (tasks ??= labels
        ? store.tasks().map((task) => ({ ...task, labels: { ...task.labels, ...labels.get(task.id) } }))
        : store.tasks()),
    candidates: () => (candidates ??= store.candidates()),
    trace: (taskId, sample) => store.trace(taskId, sample),
    prompt: (taskId) => {
      if (!prompts.has(taskId)) prompts.set(taskId, store.prompt(taskId));
      return prompts.get(taskId)!;
    },
  };
}
