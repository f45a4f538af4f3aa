// The one task record every later stage reads (JSONL, one object per line). Built by `tasks/`,
// imported by `datasets/`, consumed by context, models, metrics, exec and the viewer. The types
// come from the schema (datasets/schema.ts): one definition gives the type, the check and the
// JSON Schema.
import type { z } from 'zod';
import type { Known } from '../util/schema.ts';
import type { ContextSnippetSchema, TaskSchema } from './schema.ts';

export type TaskRecord = Known<z.output<typeof TaskSchema>>;
export type TaskKind = TaskRecord['kind'];
/** A piece of repository text given to a model: a retrieved chunk or an oracle definition. */
export type ContextSnippet = Known<z.output<typeof ContextSnippetSchema>>;
export type TaskLabels = TaskRecord['labels'];
