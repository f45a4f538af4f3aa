// Import of YABLoCo's published benchmark: a CSV (one row per function; `file` starts with the
// repository folder, `pos` is the 1-based first line, `code_length` = last line - first line) and
// a JSON keyed by function id ({code, calls}). With a checkout (`--repo`), prefix and suffix come
// from the file, and each function is relocated there (relocate.ts): the checkout may be another
// version of the repository than YABLoCo's (Debian's openssl and LLVM).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { join } from 'node:path';
import { languageForPath, isLanguageId, type LanguageId } from '../languages/index.ts';
import { InputError, errorReason } from '../util/errors.ts';
import { repositoryCommit } from '../util/git.ts';
import { lineHole, lineStarts, referenceLines } from './hole.ts';
import { parseCsv, type CsvRow } from './csv.ts';
import { bareName, CheckoutFiles, codeLines, type Relocated } from './relocate.ts';
import { pathProblem, validateTask } from './schema.ts';
import type { ContextSnippet, TaskRecord } from './types.ts';

export interface YablocoImportOptions {
  /** a checkout: the folder holding the repository folders (`<DIR>/redis/src/...`), or one repository itself. */
  repo?: string;
  /** only the rows of this repository (the CSV's `repository` column, else the first folder of `file`). */
  repository?: string;
  /** force the language (default: from the path, `.h` decided by its text). */
  language?: LanguageId;
  /** progress of long steps (searching a large checkout for the rows that left their files). */
  onProgress?: (message: string) => void;
}

const NUMERIC_COLUMNS = new Set([
  'calls_num',
  'dep_num',
  'same_file',
  'same_package',
  'project',
  'stdlib',
  'external_binaries',
  'code_length',
  'pos',
  'test_cov_hits',
]);
const MAPPED_COLUMNS = new Set(['id', 'Unnamed: 0', 'fname', 'file', 'doc', 'repository']);
const LEVELS: [string, string][] = [
  ['project', 'project'],
  ['same_package', 'package'],
  ['same_file', 'file'],
  ['stdlib', 'stdlib'],
];

const RELOCATION_KINDS = ['recorded', 'moved', 'renamed', 'changed', 'missing', 'no-checkout'] as const;

/** Where each published row was found in the checkout (`import yabloco --repo`), as the import manifest records it. */
export const YablocoImportReportSchema = z.strictObject({
  /** rows read (after `repository`). */
  rows: z.int().nonnegative(),
  /** rows found with their published code: at the recorded lines, at other lines of their file, in another file. */
  unchanged: z.int().nonnegative(),
  atRecordedPosition: z.int().nonnegative(),
  moved: z.int().nonnegative(),
  renamed: z.int().nonnegative(),
  /**
   * found by name, signature and body with another body: kept, the body the checkout's (`meta.located: 'changed'`,
   * `meta.similarity`).
   */
  changed: z.int().nonnegative(),
  /** the checkout holds no such function: dropped. */
  dropped: z.int().nonnegative(),
  /** no checkout of the row's repository: prefix and suffix are empty. */
  withoutCheckout: z.int().nonnegative(),
  /** one entry per row, in CSV order. */
  details: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      repository: z.string(),
      /** the published path in the repository. */
      path: z.string(),
      located: z.enum(RELOCATION_KINDS),
      /** where it is in the checkout (absent when not found). */
      foundPath: z.string().optional(),
      startLine: z.int().positive().optional(),
      endLine: z.int().positive().optional(),
      /** token similarity of the checkout's function to the published code (1: the same tokens). */
      similarity: z.number().min(0).max(1).optional(),
    }),
  ),
});
export type YablocoImportReport = z.infer<typeof YablocoImportReportSchema>;

/** The manifest `import yabloco` writes beside the task set (`<out>.manifest.json`). */
export const YablocoImportManifestSchema = z.strictObject({
  format: z.literal('yabloco'),
  csv: z.string(),
  json: z.string(),
  /** the `--repo` checkout folder, null without one. */
  checkout: z.string().nullable(),
  /** `--repository`: the only repository imported, null for all. */
  repository: z.string().nullable(),
  relocation: YablocoImportReportSchema,
});
export type YablocoImportManifest = z.infer<typeof YablocoImportManifestSchema>;

interface Call {
  id?: string;
  name?: string;
  path?: string;
  start?: { line?: number; col?: number };
  end?: { line?: number; col?: number };
  code?: string;
}

function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** The checkouts of the CSV's repositories: `<dir>/<folder>` for each, or `dir` itself when it holds none of them. */
class Checkouts {
  private readonly files = new Map<string, CheckoutFiles | null>();
  private readonly commits = new Map<string, string | null>();
  private readonly single: boolean;
  constructor(
    readonly dir: string,
    folders: Set<string>,
  ) {
    this.single = ![...folders].some((folder) => isFolder(join(dir, folder)));
  }

  /** The checkout of a repository folder (`redis`), null when there is none. */
  of(folder: string): CheckoutFiles | null {
    if (!this.files.has(folder)) {
      const root = this.single ? this.dir : join(this.dir, folder);
      this.files.set(folder, isFolder(root) ? new CheckoutFiles(root) : null);
    }
    return this.files.get(folder)!;
  }

  commit(root: string): string | null {
    if (!this.commits.has(root)) this.commits.set(root, repositoryCommit(root));
    return this.commits.get(root)!;
  }
}

function requireColumn(row: CsvRow, names: string[], file: string): string {
  const name = names.find((candidate) => candidate in row.values);
  if (!name)
    throw new InputError(`missing column ${names.map((n) => `'${n}'`).join(' or ')}`, {
      file,
      line: 1,
      field: names[0],
    });
  return row.values[name]!;
}

function integerColumn(row: CsvRow, name: string, file: string, minimum: number): number {
  const text = requireColumn(row, [name], file);
  const value = Number(text);
  if (!Number.isInteger(value) || value < minimum)
    throw new InputError(`expected an integer >= ${minimum}, got '${text}'`, { file, line: row.line, field: name });
  return value;
}

function levelOf(row: CsvRow): string {
  for (const [column, level] of LEVELS) if (Number(row.values[column] ?? 0) > 0) return level;
  return 'none';
}

function readBenchJson(file: string): Record<string, { code?: unknown; calls?: unknown }> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read: ${errorReason(error)}`, { file });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InputError(`malformed JSON (${(error as Error).message})`, { file });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new InputError('expected an object keyed by function id', { file });
  return data as Record<string, { code?: unknown; calls?: unknown }>;
}

/** Strips the repository folder from a published path; null for paths outside the repository (system headers). */
function repositoryPath(published: string): string | null {
  if (published.startsWith('/')) return null;
  const slash = published.indexOf('/');
  return slash > 0 ? published.slice(slash + 1) : null;
}

interface ParsedRow {
  row: CsvRow;
  id: string;
  published: string;
  folder: string;
  path: string;
  pos: number;
  codeLength: number;
  code: string;
  calls: Call[];
  name: string;
}

/**
 * The callee's code for the oracle: the checkout's lines when they still hold a function of its name, else its
 * published code.
 */
async function calleeText(
  checkout: CheckoutFiles | null,
  path: string,
  call: Call,
  startLine: number,
  endLine: number,
): Promise<{ text: string; startLine: number; endLine: number } | null> {
  const text = checkout?.text(path) ?? null;
  const lines = text?.split('\n');
  const name = call.name ? bareName(call.name) : null;
  if (
    lines &&
    (name === null ||
      (lines[startLine - 1] ?? '').includes(name) ||
      lines
        .slice(startLine - 1, endLine)
        .join('\n')
        .includes(`${name}(`))
  ) {
    return { text: `${lines.slice(startLine - 1, endLine).join('\n')}\n`, startLine, endLine };
  }
  if (lines && name !== null && call.code !== undefined) {
    const language = languageForPath(path, text!);
    const found =
      language && isLanguageId(language)
        ? await checkout!.relocate({ name: call.name!, path, pos: startLine, code: call.code }, language)
        : { kind: 'missing' as const };
    if (found.kind !== 'missing' && found.path === path)
      return {
        text: `${lines.slice(found.startLine - 1, found.endLine).join('\n')}\n`,
        startLine: found.startLine,
        endLine: found.endLine,
      };
  }
  return call.code === undefined ? null : { text: call.code, startLine, endLine };
}

/**
 * Reads YABLoCo's published rows into function tasks. With a checkout (`repo`), each row is relocated
 * there (relocate.ts): found with its code, found by name with a changed body (kept, flagged in
 * `meta.located` and `meta.similarity`), or not found (dropped); the report counts each and lists every row.
 */
export async function importYabloco(
  csvFile: string,
  jsonFile: string,
  options: YablocoImportOptions = {},
): Promise<{ tasks: TaskRecord[]; report: YablocoImportReport }> {
  let csvText: string;
  try {
    csvText = readFileSync(csvFile, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read: ${errorReason(error)}`, { file: csvFile });
  }
  const bench = readBenchJson(jsonFile);
  const parsed: ParsedRow[] = [];
  for (const row of parseCsv(csvText, csvFile)) {
    const where = { file: csvFile, line: row.line };
    const id = requireColumn(row, ['id', 'Unnamed: 0'], csvFile);
    if (id === '') throw new InputError('empty function id', { ...where, field: 'id' });
    const published = requireColumn(row, ['file'], csvFile);
    const path = repositoryPath(published);
    if (path === null)
      throw new InputError(`expected '<repository folder>/<path>', got '${published}'`, { ...where, field: 'file' });
    const problem = pathProblem(path);
    if (problem) throw new InputError(`path '${published}' ${problem}`, { ...where, field: 'file' });
    const folder = published.slice(0, published.indexOf('/'));
    if (options.repository !== undefined && (row.values.repository || folder) !== options.repository) continue;
    const pos = integerColumn(row, 'pos', csvFile, 1);
    const codeLength = integerColumn(row, 'code_length', csvFile, 0);
    const entry = bench[id];
    if (!entry) throw new InputError(`function '${id}' is not in ${jsonFile}`, { ...where, field: 'id' });
    if (typeof entry.code !== 'string')
      throw new InputError('expected a string', { file: jsonFile, field: `${id}.code` });
    const calls = entry.calls ?? [];
    if (!Array.isArray(calls)) throw new InputError('expected an array', { file: jsonFile, field: `${id}.calls` });
    calls.forEach((call, index) => {
      if (typeof call !== 'object' || call === null)
        throw new InputError('expected an object', { file: jsonFile, field: `${id}.calls[${index}]` });
    });
    parsed.push({
      row,
      id,
      published,
      folder,
      path,
      pos,
      codeLength,
      code: entry.code,
      calls: calls as Call[],
      name: requireColumn(row, ['fname'], csvFile),
    });
  }
  if (options.repository !== undefined && parsed.length === 0)
    throw new InputError(`no rows of repository '${options.repository}'`, { file: csvFile, field: 'repository' });

  // Relocation: each row in its own file first; the rows not found there are searched by name in the other files, one
  // pass per checkout.
  if (options.repo !== undefined && !isFolder(options.repo))
    throw new InputError(`checkout folder not found: ${options.repo}`, { field: '--repo' });
  const checkouts = options.repo ? new Checkouts(options.repo, new Set(parsed.map((row) => row.folder))) : null;
  const languageOf = (row: ParsedRow, text: string | null) => {
    const language = options.language ?? languageForPath(row.path, text ?? row.code);
    if (!language || !isLanguageId(language))
      throw new InputError(`cannot tell the language of '${row.path}' (use --language)`, {
        file: csvFile,
        line: row.row.line,
        field: 'file',
      });
    return language;
  };
  const located: (Relocated | null)[] = [];
  for (const row of parsed) {
    const checkout = checkouts?.of(row.folder) ?? null;
    located.push(checkout ? await checkout.relocate(row, languageOf(row, checkout.text(row.path))) : null);
  }
  for (const folder of new Set(parsed.map((row) => row.folder))) {
    const checkout = checkouts?.of(folder) ?? null;
    const lost = parsed
      .map((row, index) => ({ row, index }))
      .filter(({ row, index }) => row.folder === folder && located[index]?.kind === 'missing');
    if (!checkout || lost.length === 0) continue;
    options.onProgress?.(
      `${folder}: ${lost.length} functions are not in their published files; searching every source file of ` +
        `${checkout.root} for their names`,
    );
    const mentions = checkout.filesMentioning(lost.map(({ row }) => bareName(row.name)));
    for (const { row, index } of lost)
      located[index] = await checkout.relocate(
        row,
        languageOf(row, checkout.text(row.path)),
        mentions.get(bareName(row.name)) ?? [],
      );
  }

  const report: YablocoImportReport = {
    rows: parsed.length,
    unchanged: 0,
    atRecordedPosition: 0,
    moved: 0,
    renamed: 0,
    changed: 0,
    dropped: 0,
    withoutCheckout: 0,
    details: [],
  };
  const tasks: TaskRecord[] = [];
  for (const [index, row] of parsed.entries()) {
    const where = { file: csvFile, line: row.row.line };
    const found = located[index]!;
    const checkout = checkouts?.of(row.folder) ?? null;
    const detail: YablocoImportReport['details'][number] = {
      id: row.id,
      name: row.name,
      repository: row.row.values.repository || row.folder,
      path: row.path,
      located: found?.kind ?? 'no-checkout',
    };
    if (found && found.kind !== 'missing')
      Object.assign(detail, {
        foundPath: found.path,
        startLine: found.startLine,
        endLine: found.endLine,
        similarity: Number(found.similarity.toFixed(4)),
      });
    report.details.push(detail);
    if (found?.kind === 'missing') {
      report.dropped++;
      continue;
    }
    let hole;
    let path = row.path;
    let text: string | null = null;
    if (found && checkout) {
      path = found.path;
      text = checkout.text(path)!;
      // an unchanged row keeps the published extent (code_length), as YABLoCo splices it
      const endLine = found.kind === 'changed' ? found.endLine : found.startLine + row.codeLength;
      hole = lineHole(text, found.startLine, endLine, lineStarts(text));
      if (found.kind === 'changed') report.changed++;
      else {
        report.unchanged++;
        report[found.kind === 'recorded' ? 'atRecordedPosition' : found.kind === 'moved' ? 'moved' : 'renamed']++;
      }
    } else {
      const lines = codeLines(row.code);
      hole = {
        prefix: '',
        suffix: '',
        reference: row.code,
        span: {
          startLine: row.pos,
          startColumn: 1,
          endLine: row.pos + lines.length - 1,
          endColumn: lines[lines.length - 1]!.length + 1,
        },
      };
      report.withoutCheckout++;
    }
    const language = options.language ?? languageForPath(path, text ?? row.code);
    if (!language || !isLanguageId(language))
      throw new InputError(`cannot tell the language of '${path}' (use --language)`, { ...where, field: 'file' });

    const oracle: ContextSnippet[] = [];
    const callRefs: { id: string | null; name: string | null; path: string | null }[] = [];
    for (const [callIndex, call] of row.calls.entries()) {
      const field = `${row.id}.calls[${callIndex}]`;
      const callPath = typeof call.path === 'string' ? repositoryPath(call.path) : null;
      callRefs.push({ id: call.id ?? null, name: call.name ?? null, path: call.path ?? null });
      if (callPath === null || pathProblem(callPath)) continue;
      const startLine = call.start?.line;
      const endLine = call.end?.line;
      if (typeof startLine !== 'number' || typeof endLine !== 'number')
        throw new InputError('expected start.line and end.line numbers', { file: jsonFile, field });
      // The published callee code was cut with the end line as a length; the checkout gives the real lines.
      const callee = await calleeText(checkout, callPath, call, startLine, Math.max(startLine, endLine));
      if (callee)
        oracle.push({
          path: callPath,
          startLine: callee.startLine,
          endLine: callee.endLine,
          text: callee.text,
          score: null,
          name: call.name ?? '',
        });
    }

    const meta: Record<string, unknown> = { located: detail.located, calls: callRefs };
    if (found && found.kind !== 'recorded') meta.recordedPos = row.pos;
    if (found?.kind === 'renamed') meta.recordedPath = row.path;
    if (found?.kind === 'changed')
      Object.assign(meta, { recordedPath: row.path, similarity: detail.similarity, publishedCode: row.code });
    for (const [column, value] of Object.entries(row.row.values)) {
      if (MAPPED_COLUMNS.has(column)) continue;
      // pandas writes its row index under an empty header
      meta[column === '' ? '(index)' : column] =
        NUMERIC_COLUMNS.has(column) && value !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    }
    const doc = requireColumn(row.row, ['doc'], csvFile);
    const repository = row.row.values.repository || row.folder;
    const code = hole.reference;
    const braceAt = code.indexOf('{');
    const task: TaskRecord = {
      id: row.id,
      kind: 'function',
      language,
      repo:
        found && checkout
          ? { name: repository, commit: checkouts!.commit(checkout.root), root: checkout.root }
          : { name: repository, commit: null },
      path,
      ...hole,
      labels: { level: levelOf(row.row), lines: referenceLines(hole.reference) },
      name: row.name,
      signature: (braceAt >= 0 ? code.slice(0, braceAt) : codeLines(code)[0]!).trim(),
      docstring: doc === '' ? null : doc,
      oracle,
      meta,
    };
    tasks.push(validateTask(task, where));
  }
  return { tasks, report };
}
