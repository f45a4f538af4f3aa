// Export to a folder that Hugging Face `datasets` loads as is (`load_dataset("DIR")`): the tasks
// as `data/<split>.jsonl` and a dataset card (README.md) whose YAML front matter names the data
// files and declares the features, so that every row has the same columns and types. Fields whose
// shape varies between tasks (`meta`, extra labels, extra fields) are JSON strings. The import of
// such a folder restores the task records exactly.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { InputError } from '../util/errors.ts';
import { jsonlRecords, writeFileAtomic, writeJsonl } from '../util/jsonl.ts';
import { escapeMarkdown, markdownTable } from '../util/markdown.ts';
import { writeFolderWhole } from '../util/output-folder.ts';
import { validateTask } from './schema.ts';
import type { ContextSnippet, TaskRecord } from './types.ts';

const KNOWN_FIELDS = new Set([
  'id',
  'kind',
  'language',
  'repo',
  'path',
  'prefix',
  'suffix',
  'reference',
  'span',
  'labels',
  'name',
  'signature',
  'docstring',
  'oracle',
  'retrieved',
  'meta',
]);
const FIXED_LABELS = ['level', 'bucket', 'semantic', 'lines'] as const;
const SNIPPET_FIELDS = ['path', 'startLine', 'endLine', 'text', 'score', 'name', 'docstring'] as const;

type Feature = { name: string; dtype?: string; struct?: Feature[]; list?: Feature[] };
const value = (name: string, dtype: string): Feature => ({ name, dtype });
const snippetFeatures: Feature[] = [
  value('path', 'string'),
  value('startLine', 'int64'),
  value('endLine', 'int64'),
  value('text', 'string'),
  value('score', 'float64'),
  value('name', 'string'),
  value('docstring', 'string'),
];

/** The columns of an exported row, in order (`datasets` YAML feature syntax). */
export const HF_FEATURES: Feature[] = [
  value('id', 'string'),
  value('kind', 'string'),
  value('language', 'string'),
  { name: 'repo', struct: [value('name', 'string'), value('commit', 'string'), value('root', 'string')] },
  value('path', 'string'),
  value('prefix', 'string'),
  value('suffix', 'string'),
  value('reference', 'string'),
  {
    name: 'span',
    struct: [
      value('startLine', 'int64'),
      value('startColumn', 'int64'),
      value('endLine', 'int64'),
      value('endColumn', 'int64'),
    ],
  },
  {
    name: 'labels',
    struct: [value('level', 'string'), value('bucket', 'int64'), value('semantic', 'string'), value('lines', 'int64')],
  },
  value('name', 'string'),
  value('signature', 'string'),
  value('docstring', 'string'),
  { name: 'oracle', list: snippetFeatures },
  { name: 'retrieved', list: snippetFeatures },
  value('meta', 'string'),
  value('extra_labels', 'string'),
  value('extra_fields', 'string'),
];

const json = (object: Record<string, unknown>) => (Object.keys(object).length > 0 ? JSON.stringify(object) : null);

function snippetRow(snippet: ContextSnippet): Record<string, unknown> {
  return Object.fromEntries(SNIPPET_FIELDS.map((key) => [key, snippet[key] ?? null]));
}

/** A task as a row with every column present (null when the task has no such field). */
export function toHfRow(task: TaskRecord, options: Pick<HfExportOptions, 'keepRoot'> = {}): Record<string, unknown> {
  const extraLabels = Object.fromEntries(
    Object.entries(task.labels).filter(([key]) => !(FIXED_LABELS as readonly string[]).includes(key)),
  );
  const extraFields = Object.fromEntries(Object.entries(task).filter(([key]) => !KNOWN_FIELDS.has(key)));
  return {
    id: task.id,
    kind: task.kind,
    language: task.language,
    repo: {
      name: task.repo.name,
      commit: task.repo.commit,
      root: (options.keepRoot ? task.repo.root : undefined) ?? null,
    },
    path: task.path,
    prefix: task.prefix,
    suffix: task.suffix,
    reference: task.reference,
    span: {
      startLine: task.span.startLine,
      startColumn: task.span.startColumn,
      endLine: task.span.endLine,
      endColumn: task.span.endColumn,
    },
    labels: Object.fromEntries(FIXED_LABELS.map((key) => [key, task.labels[key] ?? null])),
    name: task.name ?? null,
    signature: task.signature ?? null,
    docstring: task.docstring ?? null,
    oracle: task.oracle ? task.oracle.map(snippetRow) : null,
    retrieved: task.retrieved ? task.retrieved.map(snippetRow) : null,
    meta: task.meta ? JSON.stringify(task.meta) : null,
    extra_labels: json(extraLabels),
    extra_fields: json(extraFields),
  };
}

const hasField = (row: Record<string, unknown>, key: string) => row[key] !== null && row[key] !== undefined;

function parseJsonColumn(
  row: Record<string, unknown>,
  key: string,
  where: { file: string; line: number },
): Record<string, unknown> {
  if (!hasField(row, key)) return {};
  if (typeof row[key] !== 'string') throw new InputError('expected a JSON string', { ...where, field: key });
  try {
    return JSON.parse(row[key] as string) as Record<string, unknown>;
  } catch (error) {
    throw new InputError(`malformed JSON (${(error as Error).message})`, { ...where, field: key });
  }
}

/** The task a row was exported from; errors name the file, line and field. */
export function fromHfRow(value: unknown, where: { file: string; line: number }): TaskRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new InputError('expected an object', { ...where, field: '(record)' });
  const row = value as Record<string, unknown>;
  // Fields in the order the builders and importers write them, then the extra fields.
  const task: Record<string, unknown> = {};
  for (const key of ['id', 'kind', 'language']) task[key] = row[key];
  const repo = row.repo as Record<string, unknown> | null | undefined;
  task.repo =
    repo && typeof repo === 'object'
      ? { name: repo.name, commit: repo.commit ?? null, ...(hasField(repo, 'root') ? { root: repo.root } : {}) }
      : repo;
  for (const key of ['path', 'prefix', 'suffix', 'reference', 'span']) task[key] = row[key];
  const labels = row.labels as Record<string, unknown> | null | undefined;
  task.labels =
    labels && typeof labels === 'object'
      ? {
          ...Object.fromEntries(Object.entries(labels).filter(([, label]) => label !== null)),
          ...parseJsonColumn(row, 'extra_labels', where),
        }
      : labels;
  for (const key of ['name', 'signature']) if (hasField(row, key)) task[key] = row[key];
  // A function task's docstring may be null (none); other kinds have no docstring field.
  if (row.kind === 'function' || hasField(row, 'docstring')) task.docstring = row.docstring ?? null;
  for (const key of ['oracle', 'retrieved']) {
    if (!hasField(row, key)) continue;
    task[key] = Array.isArray(row[key])
      ? (row[key] as Record<string, unknown>[]).map((snippet) =>
          Object.fromEntries(
            Object.entries(snippet ?? {}).filter(([field, item]) => item !== null || field === 'score'),
          ),
        )
      : row[key];
  }
  if (hasField(row, 'meta')) task.meta = parseJsonColumn(row, 'meta', where);
  Object.assign(task, parseJsonColumn(row, 'extra_fields', where));
  return validateTask(task, where);
}

export interface HfExportOptions {
  /** split name (the data file is data/<split>.jsonl). */
  split?: string;
  /** dataset name in the card's title. */
  name?: string;
  /** keep each task's `repo.root` (a path on this machine); left out by default, as a published dataset
   *  should not carry the exporter's folders (a user gives their checkout with `--repo DIR`). */
  keepRoot?: boolean;
}

function datasetCard(counts: Map<string, number>, split: string, name: string): string {
  const front = {
    configs: [{ config_name: 'default', data_files: [{ split, path: `data/${split}.jsonl` }] }],
    dataset_info: { features: HF_FEATURES },
    tags: ['code', 'code-completion', 'ctxbench'],
  };
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const rows = [...counts].sort(([a], [b]) => a.localeCompare(b));
  return [
    '---',
    stringify(front).trimEnd(),
    '---',
    '',
    `# ${escapeMarkdown(name)}`,
    '',
    `Code-completion tasks in the ctxbench task format (${total} tasks, split \`${split}\`).`,
    '',
    markdownTable(['kind / language', 'tasks'], rows),
    '',
    '```python',
    'from datasets import load_dataset',
    `ds = load_dataset("path/to/this/folder", split="${split}")`,
    '```',
    '',
    'Each row is one task: `prefix` + `reference` + `suffix` is the file text, `span` locates the hole',
    '(1-based lines and columns), `labels` holds the analysis labels. `meta`, `extra_labels` and',
    '`extra_fields` are JSON strings (their shape differs between tasks). `ctxbench import hf` reads the',
    'folder back into task records.',
    '',
  ].join('\n');
}

/**
 * Writes the folder `dir` (which must not exist or be empty): built beside it under a temporary
 * name and renamed into place, so it appears complete or not at all.
 */
export function exportHf(tasks: Iterable<TaskRecord>, dir: string, options: HfExportOptions = {}): number {
  const split = options.split ?? 'test';
  if (!/^[A-Za-z0-9_-]+$/.test(split))
    throw new InputError(`split name must be letters, digits, '_' or '-', got '${split}'`);
  const counts = new Map<string, number>();
  let index = 0;
  const rows = (function* () {
    for (const task of tasks) {
      const checked = validateTask(task, { file: `${split} record`, line: ++index });
      const key = `${checked.kind} / ${checked.language}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      yield toHfRow(checked, options);
    }
  })();
  return writeFolderWhole(
    dir,
    (temporary) => {
      mkdirSync(join(temporary, 'data'));
      writeJsonl(join(temporary, 'data', `${split}.jsonl`), rows);
      writeFileAtomic(join(temporary, 'README.md'), datasetCard(counts, split, options.name ?? basename(resolve(dir))));
      return index;
    },
    { what: 'HF export' },
  );
}

/** The tasks of an exported folder (every data/*.jsonl, by name) or of one exported JSONL file, one line at a time. */
export function* iterateHf(path: string): Generator<TaskRecord> {
  const files = existsSync(join(path, 'data'))
    ? readdirSync(join(path, 'data'))
        .filter((name) => name.endsWith('.jsonl'))
        .sort()
        .map((name) => join(path, 'data', name))
    : [path];
  if (files.length === 0) throw new InputError('no data/*.jsonl files in this folder', { file: path });
  for (const file of files) yield* jsonlRecords(file, (row, where) => fromHfRow(row, where));
}

/** Reads an exported folder or one exported JSONL file back into tasks. */
export function importHf(path: string): TaskRecord[] {
  return Array.from(iterateHf(path));
}
