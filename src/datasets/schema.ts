// The task record's schema, checked on every read and write: each violation names the field
// (`span.startLine`, `oracle[2].path`) so that a bad line of a 10,000-line file is easy to find.
import { posix } from 'node:path';
import { LANGUAGE_IDS } from '../languages/types.ts';
import { InputError } from '../util/errors.ts';
import type { ContextSnippet, TaskKind, TaskLabels, TaskRecord } from './types.ts';

export const TASK_KINDS: readonly TaskKind[] = ['function', 'crossfile', 'node'];

/** Where a record came from, for error messages. */
export interface RecordLocation {
  file?: string;
  line?: number;
}

type Json = unknown;

class Checker {
  constructor(private readonly where: RecordLocation) {}

  fail(field: string, message: string): never {
    throw new InputError(message, { ...this.where, field });
  }

  object(value: Json, field: string): Record<string, Json> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) this.fail(field, `expected an object, got ${describe(value)}`);
    return value as Record<string, Json>;
  }

  required(record: Record<string, Json>, key: string, field: string): Json {
    if (!(key in record) || record[key] === undefined) this.fail(field, 'missing field');
    return record[key];
  }

  string(value: Json, field: string, options: { nonEmpty?: boolean } = {}): string {
    if (typeof value !== 'string') this.fail(field, `expected a string, got ${describe(value)}`);
    if (options.nonEmpty && value === '') this.fail(field, 'must not be empty');
    return value;
  }

  nullableString(value: Json, field: string): string | null {
    return value === null ? null : this.string(value, field);
  }

  integer(value: Json, field: string, minimum: number): number {
    if (typeof value !== 'number' || !Number.isInteger(value)) this.fail(field, `expected an integer, got ${describe(value)}`);
    if (value < minimum) this.fail(field, `must be at least ${minimum}, got ${value}`);
    return value;
  }

  /** A repository-relative path with `/` separators that stays inside the repository. */
  relativePath(value: Json, field: string): string {
    const path = this.string(value, field, { nonEmpty: true });
    const problem = pathProblem(path);
    if (problem) this.fail(field, `path '${path}' ${problem}`);
    return path;
  }
}

/** Why a path is not a repository-relative path, or null when it is one. */
export function pathProblem(path: string): string | null {
  if (path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\')) return 'is absolute: it must be relative to the repository';
  if (path.includes('\\')) return 'uses \\ separators: use /';
  if (path.split('/').includes('..') || posix.normalize(path).startsWith('..')) return 'escapes the repository (..)';
  if (path.includes('\0')) return 'contains a NUL character';
  return null;
}

function describe(value: Json): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `a string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value === 'object' ? 'an object' : `a ${typeof value}`}${typeof value === 'number' || typeof value === 'boolean' ? ` ${String(value)}` : ''}`;
}

function checkSnippet(check: Checker, value: Json, field: string): ContextSnippet {
  const record = check.object(value, field);
  const snippet: ContextSnippet = {
    path: check.relativePath(check.required(record, 'path', `${field}.path`), `${field}.path`),
    // 0 = the source did not record lines (CrossCodeEval's retrieved chunks).
    startLine: check.integer(check.required(record, 'startLine', `${field}.startLine`), `${field}.startLine`, 0),
    endLine: check.integer(check.required(record, 'endLine', `${field}.endLine`), `${field}.endLine`, 0),
    text: check.string(check.required(record, 'text', `${field}.text`), `${field}.text`),
    score: null,
  };
  const score = check.required(record, 'score', `${field}.score`);
  if (score !== null && (typeof score !== 'number' || !Number.isFinite(score))) check.fail(`${field}.score`, `expected a number or null, got ${describe(score)}`);
  snippet.score = score as number | null;
  if (snippet.endLine < snippet.startLine) check.fail(`${field}.endLine`, `ends (${snippet.endLine}) before it starts (${snippet.startLine})`);
  if (record.name !== undefined) snippet.name = check.string(record.name, `${field}.name`);
  if (record.docstring !== undefined) snippet.docstring = check.nullableString(record.docstring, `${field}.docstring`);
  return { ...record, ...snippet } as ContextSnippet;
}

function checkLabels(check: Checker, value: Json): TaskLabels {
  const record = check.object(value, 'labels');
  const labels: TaskLabels = { lines: check.integer(check.required(record, 'lines', 'labels.lines'), 'labels.lines', 0) };
  for (const [key, label] of Object.entries(record)) {
    if (key === 'lines' || label === undefined) continue;
    if (key === 'bucket') {
      labels.bucket = check.integer(label, 'labels.bucket', 1);
      if (labels.bucket > 10) check.fail('labels.bucket', `must be 1..10, got ${labels.bucket}`);
    } else if (typeof label === 'string' || (typeof label === 'number' && Number.isFinite(label))) {
      labels[key] = label;
    } else {
      check.fail(`labels.${key}`, `expected a string or a number, got ${describe(label)}`);
    }
  }
  if (labels.semantic !== undefined && !/^[^/]+\/[^/]+$/.test(String(labels.semantic))) check.fail('labels.semantic', `expected 'Class/subclass', got ${describe(labels.semantic)}`);
  return labels;
}

/**
 * Checks one parsed JSON value against the task schema and returns it typed. Fields the schema
 * does not know are kept as they are (later stages may add optional fields).
 */
export function validateTask(value: Json, where: RecordLocation = {}): TaskRecord {
  const check = new Checker(where);
  const record = check.object(value, '(record)');
  const field = (key: string) => check.required(record, key, key);
  const kind = check.string(field('kind'), 'kind');
  if (!TASK_KINDS.includes(kind as TaskKind)) check.fail('kind', `expected one of ${TASK_KINDS.join(', ')}, got '${kind}'`);
  const language = check.string(field('language'), 'language');
  if (!(LANGUAGE_IDS as readonly string[]).includes(language)) check.fail('language', `unknown language '${language}'`);
  const repoRecord = check.object(field('repo'), 'repo');
  const repo: TaskRecord['repo'] = {
    name: check.string(check.required(repoRecord, 'name', 'repo.name'), 'repo.name', { nonEmpty: true }),
    commit: check.nullableString(check.required(repoRecord, 'commit', 'repo.commit'), 'repo.commit'),
  };
  if (repoRecord.root !== undefined) repo.root = check.nullableString(repoRecord.root, 'repo.root');
  const spanRecord = check.object(field('span'), 'span');
  const span = {
    startLine: check.integer(check.required(spanRecord, 'startLine', 'span.startLine'), 'span.startLine', 1),
    startColumn: check.integer(check.required(spanRecord, 'startColumn', 'span.startColumn'), 'span.startColumn', 1),
    endLine: check.integer(check.required(spanRecord, 'endLine', 'span.endLine'), 'span.endLine', 1),
    endColumn: check.integer(check.required(spanRecord, 'endColumn', 'span.endColumn'), 'span.endColumn', 1),
  };
  if (span.endLine < span.startLine || (span.endLine === span.startLine && span.endColumn < span.startColumn)) {
    check.fail('span', `ends (${span.endLine}:${span.endColumn}) before it starts (${span.startLine}:${span.startColumn})`);
  }
  const task: TaskRecord = {
    ...record,
    id: check.string(field('id'), 'id', { nonEmpty: true }),
    kind: kind as TaskKind,
    language: language as TaskRecord['language'],
    repo,
    path: check.relativePath(field('path'), 'path'),
    prefix: check.string(field('prefix'), 'prefix'),
    suffix: check.string(field('suffix'), 'suffix'),
    reference: check.string(field('reference'), 'reference'),
    span,
    labels: checkLabels(check, field('labels')),
  };
  for (const key of ['name', 'signature'] as const) if (record[key] !== undefined) task[key] = check.string(record[key], key);
  if (record.docstring !== undefined) task.docstring = check.nullableString(record.docstring, 'docstring');
  for (const key of ['oracle', 'retrieved'] as const) {
    if (record[key] === undefined) continue;
    if (!Array.isArray(record[key])) check.fail(key, `expected an array, got ${describe(record[key])}`);
    task[key] = (record[key] as Json[]).map((snippet, index) => checkSnippet(check, snippet, `${key}[${index}]`));
  }
  if (record.meta !== undefined) task.meta = check.object(record.meta, 'meta');
  return task;
}
