// The task record, defined once: the zod schema below gives its type (`TaskRecord`, below; datasets/types.ts names its
// parts), the check
// on every read and write (each violation names the field, `span.startLine`, `oracle[2].path`, so a
// bad line of a 10,000-line file is easy to find) and the published JSON Schema
// (docs/schema/task.schema.json). A union by kind: only a function task carries its target's name,
// signature and docstring.
import { posix } from 'node:path';
import { z } from 'zod';
import { SpanSchema } from '../index/index.ts';
import { LanguageSchema } from '../languages/index.ts';
import { InputError } from '../util/errors.ts';
import { parseRecord, type Known, type RecordLocation } from '../util/schema.ts';

export type { RecordLocation } from '../util/schema.ts';

/** Why a path is not a repository-relative path, or null when it is one. */
export function pathProblem(path: string): string | null {
  if (path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\'))
    return 'is absolute: it must be relative to the repository';
  if (path.includes('\\')) return 'uses \\ separators: use /';
  if (path.split('/').includes('..') || posix.normalize(path).startsWith('..')) return 'escapes the repository (..)';
  if (path.includes('\0')) return 'contains a NUL character';
  return null;
}

/** Why a task id cannot be used as a key and in file names, or null. */
export function taskIdProblem(id: string): string | null {
  if (id === '') return 'is empty';
  if (/[\x00-\x1f\x7f]/.test(id)) return 'contains a NUL or control character';
  if (id.length > 1000) return 'is longer than 1,000 characters';
  // a URL path segment of the viewer's and the review page's API: browsers drop `.` and `..` segments, even encoded
  if (id === '.' || id === '..') return "is '.' or '..' (a URL path segment browsers drop)";
  return null;
}

/** A string that `problem` accepts (null); its complaint otherwise, after the value as `show` writes it. */
function checkedString(problem: (value: string) => string | null, show: (value: string) => string) {
  return z.string().superRefine((value, context) => {
    const found = problem(value);
    if (found) context.addIssue({ code: 'custom', message: `${show(value)} ${found}` });
  });
}

/** A repository-relative path with `/` separators that stays inside the repository. */
export const RelativePathSchema = checkedString(
  pathProblem,
  (path) => `path '${path.length > 300 ? `${path.slice(0, 300)}…` : path}'`,
).describe('repository-relative path with / separators');

const line = (minimum: number) => z.int().min(minimum);

/** A piece of repository text given to a model: a retrieved chunk or an oracle definition. */
export const ContextSnippetSchema = z
  .looseObject({
    path: RelativePathSchema,
    /** 0 = the source did not record lines (CrossCodeEval's retrieved chunks). */
    startLine: line(0),
    endLine: line(0),
    text: z.string(),
    /** retrieval score, null for oracle snippets. */
    score: z.number().nullable(),
    /** for oracle snippets: the callee's name and docstring. */
    name: z.string().optional(),
    docstring: z.string().nullable().optional(),
  })
  .refine((snippet) => snippet.endLine >= snippet.startLine, {
    path: ['endLine'],
    error: (issue) => {
      const snippet = issue.input as { startLine: number; endLine: number };
      return `ends (${snippet.endLine}) before it starts (${snippet.startLine})`;
    },
  });

const labels = {
  /** number of lines of the reference. */
  lines: line(0),
  /** YABLoCo context level (function tasks) or the level of the cross-file name's definition. */
  level: z.string().optional(),
  /** M2RC-Eval depth bucket 1..10 (node tasks). */
  bucket: z.int().min(1).max(10).optional(),
  /** M2RC-Eval semantic class and subclass, `Class/Subclass` (node tasks). */
  semantic: z
    .string()
    .regex(/^[^/]+\/[^/]+$/, { error: (issue) => `expected 'Class/subclass', got ${JSON.stringify(issue.input)}` })
    .optional(),
};
/** Labels reports group by; other labels are strings or numbers. */
const LabelsSchema = z
  .object(labels)
  .catchall(z.union([z.string(), z.number()], { error: 'expected a string or a number' }));

const common = {
  // JSON-quoted: an id's control characters are shown escaped
  id: checkedString(taskIdProblem, (id) => `task id ${JSON.stringify(id.slice(0, 60))}`),
  language: LanguageSchema,
  /** `root`: where the checkout was when the task was built (retrieval and execution read it; `--repo` overrides). */
  repo: z.looseObject({
    name: z.string().min(1),
    commit: z.string().nullable(),
    root: z.string().nullable().optional(),
  }),
  path: RelativePathSchema,
  /** file text before the hole. */
  prefix: z.string(),
  /** file text after the hole. */
  suffix: z.string(),
  /** the ground truth that fills the hole. */
  reference: z.string(),
  /** the hole in the original file. */
  span: SpanSchema,
  labels: LabelsSchema,
  /** the definitions the reference uses (YABLoCo's oracle context; the `oracle` strategy gives them). */
  oracle: z.array(ContextSnippetSchema).optional(),
  /** retrieval that came with an imported set (CrossCodeEval's crossfile_context). */
  retrieved: z.array(ContextSnippetSchema).optional(),
  /** extra fields of imported sets, kept as they were. */
  meta: z.record(z.string(), z.unknown()).optional(),
};

/** What only a function task has: the target's name, signature and docstring (null: none). */
const target = { name: z.string(), signature: z.string(), docstring: z.string().nullable() };
/** The function-only fields on the other kinds: absent (typed `undefined`, refused when present). */
const absent = () => z.never({ error: 'only function tasks have this field' }).optional();
const noTarget = { name: absent(), signature: absent(), docstring: absent() } satisfies Record<
  keyof typeof target,
  z.ZodType
>;

/** YABLoCo: a whole function body to generate from its signature and docstring. */
const FunctionTaskSchema = z.looseObject({ ...common, ...target, kind: z.literal('function') });

/**
 * The record of a task family other than `function`: the common fields, `kind` fixed, and the family's own `fields`
 * (a plugin's family defines its record with this).
 */
export function taskRecordSchema(kind: string, fields: Record<string, z.ZodType> = {}) {
  return z.looseObject({ ...common, ...noTarget, ...fields, kind: z.literal(kind) });
}

/** CrossCodeEval: the first use of a name imported from another file of the repository. */
const CrossfileTaskSchema = taskRecordSchema('crossfile');

/** M2RC-Eval: one syntax node, labelled with its depth bucket and semantic class. */
const NodeTaskSchema = taskRecordSchema('node');

/**
 * The built-in kinds' records (the published JSON Schema). Fields a task may carry that the schema does not know are
 * kept (later stages may add optional fields).
 */
export const TaskSchema = z.discriminatedUnion('kind', [FunctionTaskSchema, CrossfileTaskSchema, NodeTaskSchema]);

/** A task kind's record schema: an object schema whose `kind` is a literal. */
export type TaskRecordSchema = typeof FunctionTaskSchema | ReturnType<typeof taskRecordSchema>;
/** Each task kind's record schema: the built-ins, then those task families register (tasks/family.ts). */
const RECORD_SCHEMAS = new Map<string, TaskRecordSchema>(
  TaskSchema.options.map((option) => [option.shape.kind.value, option]),
);
let recordUnion: z.ZodType | null = TaskSchema;

/** Adds a task kind's record schema (a task family's); the same schema again is a no-op. */
export function registerTaskRecord(schema: TaskRecordSchema): void {
  const kind = schema.shape.kind.value;
  const known = RECORD_SCHEMAS.get(kind);
  if (known === schema) return;
  if (known) throw new InputError(`a task record of kind '${kind}' is already registered`, { field: 'kind' });
  RECORD_SCHEMAS.set(kind, schema);
  recordUnion = null;
}

/** A registered kind's record schema (a built-in family's record is its kind's). */
export function recordSchemaOf(kind: string): TaskRecordSchema {
  const schema = RECORD_SCHEMAS.get(kind);
  if (!schema) throw new InputError(`no task record of kind '${kind}' (known: ${taskKinds().join(', ')})`);
  return schema;
}

/** The task kinds whose records can be read: the built-ins, then registered families'. */
export function taskKinds(): string[] {
  return [...RECORD_SCHEMAS.keys()];
}

/** A task that is not a function task: its kind's record (a built-in or a task family's), no target fields. */
const OtherTaskSchema = taskRecordSchema('other').extend({ kind: z.string() });

/** The task record's type (datasets/types.ts names its parts): a function task, or a task of another kind. */
export type TaskRecord = Known<z.output<typeof FunctionTaskSchema>> | Known<z.output<typeof OtherTaskSchema>>;

/** Checks one parsed JSON value against its kind's record schema and returns it typed. */
export function validateTask(value: unknown, where: RecordLocation = {}): TaskRecord {
  recordUnion ??= z.discriminatedUnion('kind', [...RECORD_SCHEMAS.values()] as [
    TaskRecordSchema,
    ...TaskRecordSchema[],
  ]);
  return parseRecord(recordUnion, value, where) as TaskRecord;
}
