// The one task record every later stage reads (JSONL, one object per line). Built by `tasks/`,
// imported by `datasets/`, consumed by context, models, metrics, exec and the viewer. The types
// come from the schema (datasets/schema.ts): one definition gives the type, the check and the
// JSON Schema.
import type { z } from 'zod';
import type { Known } from '../util/schema.ts';
import type { ContextSnippetSchema, TaskRecord } from './schema.ts';

export type { TaskRecord } from './schema.ts';
/** A task family's name: `function`, `crossfile`, `node`, or a plugin's (tasks/family.ts). */
export type TaskKind = string;
/** A YABLoCo task: the only kind with a target name, signature and docstring. */
export type FunctionTask = Extract<TaskRecord, { kind: 'function' }>;

/** Whether a task is a function task (the one kind with the target's name, signature and docstring). */
export function isFunctionTask(task: TaskRecord): task is FunctionTask {
  return task.kind === 'function';
}
/** A piece of repository text given to a model: a retrieved chunk or an oracle definition. */
export type ContextSnippet = Known<z.output<typeof ContextSnippetSchema>>;
export type TaskLabels = TaskRecord['labels'];

/** What a list of tasks needs of each: no file text, reference or context (read per task when shown). */
export type TaskHead = Pick<TaskRecord, 'id' | 'kind' | 'language' | 'repo' | 'path' | 'span' | 'labels' | 'name'> & {
  /** a cross-file task's `meta.crossFileName` (the name its hole uses), by which lists name a task without `name`. */
  crossFileName?: string;
};
