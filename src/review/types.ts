// Records of the review stage: one reviewer's mark of one task's docstring (YABLoCo's `-` `?` `+`),
// defined once as a schema that gives the type, the validation of every stored or imported review,
// and the JSON Schema (docs/schema/review.schema.json).
import { z } from 'zod';
import { parseRecord, type RecordLocation } from '../util/schema.ts';

/** `-` unsuitable; `?` suitable, the function depends on outside context; `+` enough to write the body. */
export const MARKS = ['-', '?', '+'] as const;
export type Mark = (typeof MARKS)[number];

/** What was reviewed: the task's own docstring, or one a model wrote (`ctxbench docstrings generate`). */
export const REVIEW_KINDS = ['original', 'synthetic'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const ReviewSchema = z.object({
  taskId: z.string().min(1),
  reviewer: z.string().trim().min(1).max(100),
  kind: z.enum(REVIEW_KINDS),
  mark: z.enum(MARKS),
  note: z.string().max(10_000),
  /** the docstring as the reviewer saw it (null: the task had none). */
  docstring: z.string().nullable(),
  /** ISO time of the last change. */
  at: z.string().min(1),
});
export type ReviewRecord = z.infer<typeof ReviewSchema>;

/** Validates one review; errors name the file, line and field. */
export function validateReview(value: unknown, where: RecordLocation = {}): ReviewRecord {
  return parseRecord(ReviewSchema, value, where);
}

/** The review kind of a task: synthetic when its docstring was written by a model (the original is kept in `meta`). */
export function reviewKindOf(task: { meta?: Record<string, unknown> }): ReviewKind {
  return task.meta && Object.hasOwn(task.meta, 'originalDocstring') ? 'synthetic' : 'original';
}
