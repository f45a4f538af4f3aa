// Import of CrossCodeEval's published JSONL (`line_completion*.jsonl`): one record per task with
// `prompt`, `groundtruth`, `right_context`, `metadata` and, in the retrieval variants,
// `crossfile_context` ({text, list: [{retrieved_chunk, filename, score}]}), kept as `retrieved`.
import { jsonlRecords, writeJsonl } from '../util/jsonl.ts';
import { InputError } from '../util/errors.ts';
import type { LanguageId } from '../languages/index.ts';
import { referenceLines } from './hole.ts';
import { pathProblem, validateTask } from './schema.ts';
import type { ContextSnippet, TaskRecord } from './types.ts';

/** `project_cc_<lang>/N` language names → ctxbench language ids. */
const CCEVAL_LANGUAGES: Record<string, LanguageId> = {
  python: 'python',
  java: 'java',
  typescript: 'typescript',
  csharp: 'csharp',
};

const MAPPED_FIELDS = new Set(['prompt', 'groundtruth', 'right_context', 'metadata', 'crossfile_context']);
const MAPPED_METADATA = new Set(['task_id', 'repository', 'file']);

type Where = { file: string; line: number };

function fail(where: Where, field: string, message: string): never {
  throw new InputError(message, { ...where, field });
}

function objectField(record: Record<string, unknown>, key: string, where: Where, field = key): Record<string, unknown> {
  const value = record[key];
  if (value === undefined) fail(where, field, 'missing field');
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(
      where,
      field,
      `expected an object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    );
  return value as Record<string, unknown>;
}

function stringField(record: Record<string, unknown>, key: string, where: Where, field = key): string {
  const value = record[key];
  if (value === undefined) fail(where, field, 'missing field');
  if (typeof value !== 'string') fail(where, field, `expected a string, got ${value === null ? 'null' : typeof value}`);
  return value;
}

function integerField(record: Record<string, unknown>, key: string, where: Where, field = key): number {
  const value = record[key];
  if (value === undefined) fail(where, field, 'missing field');
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    fail(where, field, `expected a non-negative integer, got ${JSON.stringify(value)}`);
  return value;
}

/** The language of a CrossCodeEval task id (`project_cc_python/62` → python). */
export function ccevalLanguage(taskId: string): LanguageId | null {
  const match = /^project_cc_([a-z_]+)\/\d+$/.exec(taskId);
  return match ? (CCEVAL_LANGUAGES[match[1]!] ?? null) : null;
}

function retrievedSnippets(context: Record<string, unknown>, where: Where): ContextSnippet[] {
  const list = context.list;
  if (list === undefined) return [];
  if (!Array.isArray(list)) fail(where, 'crossfile_context.list', 'expected an array');
  return list.map((entry: unknown, index) => {
    const field = `crossfile_context.list[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) fail(where, field, 'expected an object');
    const chunk = entry as Record<string, unknown>;
    const text = stringField(chunk, 'retrieved_chunk', where, `${field}.retrieved_chunk`);
    const path = stringField(chunk, 'filename', where, `${field}.filename`);
    const problem = pathProblem(path);
    if (problem) fail(where, `${field}.filename`, `path '${path}' ${problem}`);
    const score = chunk.score;
    if (score !== undefined && score !== null && typeof score !== 'number')
      fail(where, `${field}.score`, `expected a number, got ${typeof score}`);
    // CrossCodeEval's chunks carry no line numbers: 0 marks them unknown.
    return { path, startLine: 0, endLine: 0, text, score: typeof score === 'number' ? score : null };
  });
}

/** The hole's end from its start and the ground truth text (1-based, end column exclusive). */
function spanOf(startLine: number, startColumn: number, reference: string) {
  const lines = reference.split('\n');
  const endLine = startLine + lines.length - 1;
  const endColumn = lines.length === 1 ? startColumn + reference.length : lines[lines.length - 1]!.length + 1;
  return { startLine, startColumn, endLine, endColumn };
}

/** Converts one CrossCodeEval record; errors name the file, line and field. */
export function ccevalToTask(value: unknown, where: Where): TaskRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(where, '(record)', 'expected an object');
  const record = value as Record<string, unknown>;
  const prompt = stringField(record, 'prompt', where);
  const groundtruth = stringField(record, 'groundtruth', where);
  const rightContext = stringField(record, 'right_context', where);
  const metadata = objectField(record, 'metadata', where);
  const taskId = stringField(metadata, 'task_id', where, 'metadata.task_id');
  const language = ccevalLanguage(taskId);
  if (!language)
    fail(where, 'metadata.task_id', `expected 'project_cc_<python|java|typescript|csharp>/N', got '${taskId}'`);
  const repository = stringField(metadata, 'repository', where, 'metadata.repository');
  const path = stringField(metadata, 'file', where, 'metadata.file');
  const problem = pathProblem(path);
  if (problem) fail(where, 'metadata.file', `path '${path}' ${problem}`);
  const groundtruthLine = integerField(
    metadata,
    'groundtruth_start_lineno',
    where,
    'metadata.groundtruth_start_lineno',
  );
  const promptLastLine = prompt.slice(prompt.lastIndexOf('\n') + 1);
  const meta: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(metadata)) if (!MAPPED_METADATA.has(key)) meta[key] = field;
  for (const [key, field] of Object.entries(record)) if (!MAPPED_FIELDS.has(key)) meta[key] = field;
  const task: TaskRecord = {
    id: taskId,
    kind: 'crossfile',
    language,
    repo: { name: repository, commit: null },
    path,
    prefix: prompt,
    suffix: rightContext,
    reference: groundtruth,
    // CrossCodeEval's line numbers are 0-based.
    span: spanOf(groundtruthLine + 1, promptLastLine.length + 1, groundtruth),
    labels: { lines: referenceLines(groundtruth) },
  };
  if (record.crossfile_context !== undefined) {
    const context = objectField(record, 'crossfile_context', where);
    task.retrieved = retrievedSnippets(context, where);
    if (context.text !== undefined)
      meta.crossfile_context_text = stringField(context, 'text', where, 'crossfile_context.text');
    for (const [key, field] of Object.entries(context))
      if (key !== 'text' && key !== 'list') meta[`crossfile_context_${key}`] = field;
  }
  if (Object.keys(meta).length > 0) task.meta = meta;
  return validateTask(task, where);
}

/** The tasks of a CrossCodeEval JSONL file, one line at a time. */
export function iterateCceval(file: string): Generator<TaskRecord> {
  return jsonlRecords(file, (value, where) => ccevalToTask(value, where));
}

/** Reads a CrossCodeEval JSONL file into task records. */
export function importCceval(file: string): TaskRecord[] {
  return Array.from(iterateCceval(file));
}

/**
 * A task as a CrossCodeEval record (the inverse of `ccevalToTask`): `meta` fields go back into
 * `metadata`, `crossfile_context_*` ones into `crossfile_context`. A task whose id is not a
 * CrossCodeEval id gets `project_cc_<language>/<index>` and keeps its own as `metadata.ctxbench_id`.
 */
export function toCcevalRecord(task: TaskRecord, index: number): Record<string, unknown> {
  const metadata: Record<string, unknown> = ccevalLanguage(task.id)
    ? { task_id: task.id }
    : { task_id: `project_cc_${task.language}/${index}`, ctxbench_id: task.id };
  Object.assign(metadata, {
    repository: task.repo.name,
    file: task.path,
    groundtruth_start_lineno: task.span.startLine - 1,
  });
  const context: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(task.meta ?? {})) {
    if (key === 'crossfile_context_text') context.text = value;
    else if (key.startsWith('crossfile_context_')) context[key.slice('crossfile_context_'.length)] = value;
    else metadata[key] = value;
  }
  const record: Record<string, unknown> = {
    prompt: task.prefix,
    groundtruth: task.reference,
    right_context: task.suffix,
    metadata,
  };
  if (task.retrieved)
    context.list = task.retrieved.map((snippet) => ({
      retrieved_chunk: snippet.text,
      filename: snippet.path,
      score: snippet.score,
    }));
  if (Object.keys(context).length > 0) record.crossfile_context = context;
  return record;
}

/** Writes tasks as a CrossCodeEval JSONL file, one line at a time, atomically. Returns the count. */
export function exportCceval(tasks: Iterable<TaskRecord>, file: string): number {
  let index = 0;
  return writeJsonl(
    file,
    (function* () {
      for (const task of tasks) yield toCcevalRecord(task, index++);
    })(),
  );
}
