// Import of YABLoCo's published benchmark: a CSV (one row per function; `file` starts with the
// repository folder, `pos` is the 1-based first line, `code_length` = last line - first line) and
// a JSON keyed by function id ({code, calls}). With a checkout (`--repo`), prefix and suffix come
// from the file, and each function is looked up at its recorded lines, else elsewhere in the file.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { languageForPath } from '../languages/registry.ts';
import { isLanguageId } from '../languages/registry.ts';
import type { LanguageId } from '../languages/types.ts';
import { InputError, errorReason } from '../util/errors.ts';
import { repositoryCommit } from '../tasks/git.ts';
import { lineHole, lineStarts, referenceLines } from '../tasks/hole.ts';
import { parseCsv, type CsvRow } from './csv.ts';
import { pathProblem, validateTask } from './schema.ts';
import type { ContextSnippet, TaskRecord } from './types.ts';

export interface YablocoImportOptions {
  /** a checkout: the folder holding the repository folders (`<DIR>/redis/src/...`), or one repository itself. */
  repo?: string;
  /** force the language (default: from the path, `.h` decided by its text). */
  language?: LanguageId;
}

/** Where the functions were found in the checkout. */
export interface YablocoImportReport {
  rows: number;
  /** the checkout's lines pos..pos+code_length hold the published code. */
  atRecordedPosition: number;
  /** the code was found at other lines of the file. */
  moved: number;
  /** the file is missing or no longer holds the code. */
  missing: number;
  /** no checkout given: prefix and suffix are empty. */
  withoutCheckout: number;
}

const NUMERIC_COLUMNS = new Set(['calls_num', 'dep_num', 'same_file', 'same_package', 'project', 'stdlib', 'external_binaries', 'code_length', 'pos', 'test_cov_hits']);
const MAPPED_COLUMNS = new Set(['id', 'Unnamed: 0', 'fname', 'file', 'doc', 'repository']);
const LEVELS: [string, string][] = [['project', 'project'], ['same_package', 'package'], ['same_file', 'file'], ['stdlib', 'stdlib']];

interface Call {
  id?: string;
  name?: string;
  path?: string;
  start?: { line?: number; col?: number };
  end?: { line?: number; col?: number };
  code?: string;
}

type Located = { kind: 'recorded' | 'moved'; startLine: number } | { kind: 'missing' };

/** Lines compared without trailing whitespace (the published code and a checkout may differ there). */
function sameLines(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((line, index) => line.trimEnd() === b[index]!.trimEnd());
}

function codeLines(code: string): string[] {
  return code.replace(/\n$/, '').split('\n');
}

/** Finds the published code in the file: at the recorded line first, else the first place it occurs. */
function locate(fileLines: string[], code: string, pos: number): Located {
  const wanted = codeLines(code);
  const at = (start: number) => sameLines(fileLines.slice(start - 1, start - 1 + wanted.length), wanted);
  if (at(pos)) return { kind: 'recorded', startLine: pos };
  for (let start = 1; start + wanted.length - 1 <= fileLines.length; start++) {
    if (fileLines[start - 1]!.trimEnd() === wanted[0]!.trimEnd() && at(start)) return { kind: 'moved', startLine: start };
  }
  return { kind: 'missing' };
}

class Checkout {
  private readonly texts = new Map<string, string | null>();
  private readonly commits = new Map<string, string | null>();
  constructor(readonly dir: string) {}

  commit(root: string): string | null {
    if (!this.commits.has(root)) this.commits.set(root, repositoryCommit(root));
    return this.commits.get(root)!;
  }

  /** The repository root and file text for a CSV `file` (`redis/src/x.c`). */
  find(csvFile: string, path: string): { root: string; text: string } | null {
    const folder = csvFile.slice(0, csvFile.length - path.length - 1);
    for (const root of [join(this.dir, folder), this.dir]) {
      const file = join(root, path);
      if (!this.texts.has(file)) this.texts.set(file, existsSync(file) && statSync(file).isFile() ? readFileSync(file, 'utf8') : null);
      const text = this.texts.get(file);
      if (text !== null && text !== undefined) return { root, text };
    }
    return null;
  }
}

function requireColumn(row: CsvRow, names: string[], file: string): string {
  const name = names.find((candidate) => candidate in row.values);
  if (!name) throw new InputError(`missing column ${names.map((n) => `'${n}'`).join(' or ')}`, { file, line: 1, field: names[0] });
  return row.values[name]!;
}

function integerColumn(row: CsvRow, name: string, file: string, minimum: number): number {
  const text = requireColumn(row, [name], file);
  const value = Number(text);
  if (!Number.isInteger(value) || value < minimum) throw new InputError(`expected an integer >= ${minimum}, got '${text}'`, { file, line: row.line, field: name });
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
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new InputError('expected an object keyed by function id', { file });
  return data as Record<string, { code?: unknown; calls?: unknown }>;
}

/** Strips the repository folder from a published path; null for paths outside the repository (system headers). */
function repositoryPath(published: string): string | null {
  if (published.startsWith('/')) return null;
  const slash = published.indexOf('/');
  return slash > 0 ? published.slice(slash + 1) : null;
}

export function importYabloco(csvFile: string, jsonFile: string, options: YablocoImportOptions = {}): { tasks: TaskRecord[]; report: YablocoImportReport } {
  let csvText: string;
  try {
    csvText = readFileSync(csvFile, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read: ${errorReason(error)}`, { file: csvFile });
  }
  const rows = parseCsv(csvText, csvFile);
  const bench = readBenchJson(jsonFile);
  const checkout = options.repo ? new Checkout(options.repo) : null;
  const report: YablocoImportReport = { rows: rows.length, atRecordedPosition: 0, moved: 0, missing: 0, withoutCheckout: 0 };
  const tasks = rows.map((row) => {
    const where = { file: csvFile, line: row.line };
    const id = requireColumn(row, ['id', 'Unnamed: 0'], csvFile);
    if (id === '') throw new InputError('empty function id', { ...where, field: 'id' });
    const published = requireColumn(row, ['file'], csvFile);
    const path = repositoryPath(published);
    if (path === null) throw new InputError(`expected '<repository folder>/<path>', got '${published}'`, { ...where, field: 'file' });
    const problem = pathProblem(path);
    if (problem) throw new InputError(`path '${published}' ${problem}`, { ...where, field: 'file' });
    const pos = integerColumn(row, 'pos', csvFile, 1);
    const codeLength = integerColumn(row, 'code_length', csvFile, 0);
    const entry = bench[id];
    if (!entry) throw new InputError(`function '${id}' is not in ${jsonFile}`, { ...where, field: 'id' });
    if (typeof entry.code !== 'string') throw new InputError('expected a string', { file: jsonFile, field: `${id}.code` });
    const code = entry.code;
    const calls = entry.calls ?? [];
    if (!Array.isArray(calls)) throw new InputError('expected an array', { file: jsonFile, field: `${id}.calls` });

    const found = checkout?.find(published, path) ?? null;
    const located: Located = found ? locate(found.text.split('\n'), code, pos) : { kind: 'missing' };
    let hole;
    if (found && located.kind !== 'missing') {
      hole = lineHole(found.text, located.startLine, located.startLine + codeLength, lineStarts(found.text));
      report[located.kind === 'recorded' ? 'atRecordedPosition' : 'moved']++;
    } else {
      const lines = codeLines(code);
      hole = { prefix: '', suffix: '', reference: code, span: { startLine: pos, startColumn: 1, endLine: pos + lines.length - 1, endColumn: lines[lines.length - 1]!.length + 1 } };
      if (checkout) report.missing++;
      else report.withoutCheckout++;
    }
    const language = options.language ?? languageForPath(path, found?.text ?? code);
    if (!language || !isLanguageId(language)) throw new InputError(`cannot tell the language of '${path}' (use --language)`, { ...where, field: 'file' });

    const oracle: ContextSnippet[] = [];
    const callRefs: { id: string | null; name: string | null; path: string | null }[] = [];
    (calls as Call[]).forEach((call, index) => {
      const field = `${id}.calls[${index}]`;
      if (typeof call !== 'object' || call === null) throw new InputError('expected an object', { file: jsonFile, field });
      const callPath = typeof call.path === 'string' ? repositoryPath(call.path) : null;
      callRefs.push({ id: call.id ?? null, name: call.name ?? null, path: call.path ?? null });
      if (callPath === null || pathProblem(callPath)) return;
      const startLine = call.start?.line;
      const endLine = call.end?.line;
      if (typeof startLine !== 'number' || typeof endLine !== 'number') throw new InputError('expected start.line and end.line numbers', { file: jsonFile, field });
      // The published callee code was cut with the end line as a length; the checkout gives the real lines.
      const lines = checkout?.find(call.path!, callPath)?.text.split('\n');
      const text = lines ? `${lines.slice(startLine - 1, endLine).join('\n')}\n` : call.code;
      if (text === undefined) return;
      oracle.push({ path: callPath, startLine, endLine: Math.max(startLine, endLine), text, score: null, name: call.name ?? '' });
    });

    const meta: Record<string, unknown> = { located: found ? located.kind : checkout ? 'missing' : 'no-checkout', calls: callRefs };
    if (located.kind === 'moved') meta.recordedPos = pos;
    for (const [column, value] of Object.entries(row.values)) {
      if (MAPPED_COLUMNS.has(column)) continue;
      // pandas writes its row index under an empty header
      meta[column === '' ? '(index)' : column] = NUMERIC_COLUMNS.has(column) && value !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
    }
    const doc = requireColumn(row, ['doc'], csvFile);
    const repository = row.values.repository || published.slice(0, published.indexOf('/'));
    const braceAt = code.indexOf('{');
    const task: TaskRecord = {
      id,
      kind: 'function',
      language,
      repo: found ? { name: repository, commit: checkout!.commit(found.root), root: found.root } : { name: repository, commit: null },
      path,
      ...hole,
      labels: { level: levelOf(row), lines: referenceLines(hole.reference) },
      name: requireColumn(row, ['fname'], csvFile),
      signature: (braceAt >= 0 ? code.slice(0, braceAt) : codeLines(code)[0]!).trim(),
      docstring: doc === '' ? null : doc,
      oracle,
      meta,
    };
    return validateTask(task, where);
  });
  return { tasks, report };
}
