// Test coverage for YABLoCo's "test hits > 0" filter and its sort key. Accepted inputs (a file, or
// a folder searched recursively):
//  - gcov text output (`*.gcov`): per-line execution counts; a function's hits = the sum over its lines;
//  - gcov JSON (`gcov --json-format`/`-j`: `*.gcov.json.gz`, `*.gcov.json`, `*.json`): the same, from `lines`;
//  - CSV `path,function,hits` (also `file,fname,hits`, comma or tab separated): per-function hits,
//    rows of the same function summed, names normalised as YABLoCo's merge_test_cov.py does.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseCsv } from '../datasets/index.ts';
import { InputError } from '../util/errors.ts';

export interface Coverage {
  /** path (as the coverage names it) → line → execution count. */
  lines: Map<string, Map<number, number>>;
  /** path → normalised function name → hits. */
  functions: Map<string, Map<string, number>>;
  /** files read. */
  sources: string[];
}

/** What the coverage is asked about. */
export interface CoveredFunction {
  path: string;
  name: string;
  qualifiedName: string;
  startLine: number;
  endLine: number;
}

const COVERAGE_FILE = /(\.gcov|\.gcov\.json\.gz|\.json\.gz|\.json|\.csv|\.tsv)$/;

/** Reads coverage from a file or from every coverage file under a folder. */
export function readCoverage(path: string): Coverage {
  const coverage: Coverage = { lines: new Map(), functions: new Map(), sources: [] };
  let stat;
  try {
    stat = statSync(path);
  } catch {
    throw new InputError('coverage file or folder does not exist', { file: path });
  }
  const files = stat.isDirectory() ? listCoverageFiles(path) : [path];
  if (files.length === 0)
    throw new InputError('no coverage files (*.gcov, *.gcov.json.gz, *.json, *.csv) in this folder', { file: path });
  for (const file of files) readCoverageFile(file, coverage);
  return coverage;
}

function listCoverageFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listCoverageFiles(path);
      return COVERAGE_FILE.test(entry.name) ? [path] : [];
    });
}

function readCoverageFile(file: string, coverage: Coverage): void {
  coverage.sources.push(file);
  const raw = readFileSync(file);
  const text = file.endsWith('.gz') ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
  if (/\.(csv|tsv)$/.test(file)) readFunctionCsv(text, file, coverage);
  else if (/\.json(\.gz)?$/.test(file)) readGcovJson(text, file, coverage);
  else readGcovText(text, file, coverage);
}

/** Coverage paths are compared by suffix with repository paths: drop `./`, `../` and duplicate slashes. */
function normalisePath(path: string): string {
  const normal = posix.normalize(path.replace(/\\/g, '/'));
  return normal.replace(/^(\.\.\/)+/, '').replace(/^\.\//, '');
}

function addLine(coverage: Coverage, path: string, line: number, count: number): void {
  const key = normalisePath(path);
  let lines = coverage.lines.get(key);
  if (!lines) {
    lines = new Map();
    coverage.lines.set(key, lines);
  }
  lines.set(line, (lines.get(line) ?? 0) + count);
}

const SCALE: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12 };

/** A gcov count column: `12`, `12*` (unexecuted blocks), `1.2k` (`-H`), `#####`/`=====` (never run), `-` (no code). */
function gcovCount(field: string): number | null {
  const text = field.trim();
  if (text === '-') return null;
  if (/^[#=$%]+$/.test(text)) return 0;
  const match = /^(\d+(?:\.\d+)?)([kMGT]?)\*?$/.exec(text);
  return match ? Math.round(Number(match[1]) * SCALE[match[2]!]!) : null;
}

function readGcovText(text: string, file: string, coverage: Coverage): void {
  let source: string | null = null;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const match = /^\s*([^:]+):\s*(\d+):(.*)$/.exec(lines[index]!);
    if (!match) continue;
    const lineNumber = Number(match[2]);
    if (lineNumber === 0) {
      const meta = /^Source:(.*)$/.exec(match[3]!);
      if (meta) source = meta[1]!.trim();
      continue;
    }
    const count = gcovCount(match[1]!);
    if (count === null) continue;
    if (source === null) throw new InputError("gcov line before the '-: 0:Source:' header", { file, line: index + 1 });
    addLine(coverage, source, lineNumber, count);
  }
  if (source === null) throw new InputError("not gcov output: no '-: 0:Source:' line", { file });
}

function readGcovJson(text: string, file: string, coverage: Coverage): void {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InputError(`malformed JSON (${(error as Error).message})`, { file });
  }
  const files = (data as { files?: unknown }).files;
  if (!Array.isArray(files)) throw new InputError("not gcov JSON: no 'files' array", { file, field: 'files' });
  files.forEach((entry: { file?: unknown; lines?: unknown }, index) => {
    if (typeof entry?.file !== 'string')
      throw new InputError('expected a string', { file, field: `files[${index}].file` });
    if (!Array.isArray(entry.lines))
      throw new InputError('expected an array', { file, field: `files[${index}].lines` });
    entry.lines.forEach((line: { line_number?: unknown; count?: unknown }, lineIndex: number) => {
      if (typeof line?.line_number !== 'number' || typeof line.count !== 'number') {
        throw new InputError('expected line_number and count numbers', {
          file,
          field: `files[${index}].lines[${lineIndex}]`,
        });
      }
      addLine(coverage, entry.file as string, line.line_number, line.count);
    });
  });
}

/** YABLoCo's normalisation of coverage function names: drop the parameter list, `void `, template arguments. */
export function normaliseFunctionName(name: string): string {
  return name.split('(')[0]!.trim().replace('void ', '').replace(/<.*>/, '').trim();
}

function readFunctionCsv(text: string, file: string, coverage: Coverage): void {
  const rows = parseCsv(text, file);
  const column = (names: string[]) => (rows.length > 0 ? names.find((name) => name in rows[0]!.values) : names[0]);
  const pathColumn = column(['path', 'file']);
  const nameColumn = column(['function', 'fname', 'name']);
  const hitsColumn = column(['hits', 'test_cov_hits', 'count']);
  if (rows.length > 0 && (!pathColumn || !nameColumn || !hitsColumn)) {
    throw new InputError('expected columns path, function, hits', { file, line: 1 });
  }
  for (const row of rows) {
    const hits = Number(row.values[hitsColumn!]);
    if (!Number.isFinite(hits))
      throw new InputError(`hits is not a number: '${row.values[hitsColumn!]}'`, {
        file,
        line: row.line,
        field: hitsColumn,
      });
    const key = normalisePath(row.values[pathColumn!]!.trim());
    let functions = coverage.functions.get(key);
    if (!functions) {
      functions = new Map();
      coverage.functions.set(key, functions);
    }
    const name = normaliseFunctionName(row.values[nameColumn!]!);
    functions.set(name, (functions.get(name) ?? 0) + hits);
  }
}

/** The coverage entry for a repository path: the same path, or the one sharing the longest path suffix. */
function entryFor<T>(entries: Map<string, T>, repoPath: string): T | undefined {
  const exact = entries.get(repoPath);
  if (exact !== undefined) return exact;
  let best: T | undefined;
  let bestLength = 0;
  for (const [path, value] of entries) {
    const shared = path.endsWith(`/${repoPath}`) ? repoPath.length : repoPath.endsWith(`/${path}`) ? path.length : 0;
    if (shared > bestLength) {
      best = value;
      bestLength = shared;
    }
  }
  return best;
}

/** The filter step of a hole in a file the coverage has no record of (the builders' manifests count it). */
export const NOT_IN_COVERAGE = 'file not in the coverage (not compiled, or not instrumented)';

/**
 * Whether the coverage has a record of a file at all: one it lacks was not compiled (or not instrumented) by the build
 * measured.
 */
export function coversFile(coverage: Coverage, path: string): boolean {
  return entryFor(coverage.lines, path) !== undefined || entryFor(coverage.functions, path) !== undefined;
}

/** Executions counted on a file's lines startLine..endLine, or null when none of those lines has a record. */
function rangeHits(coverage: Coverage, path: string, startLine: number, endLine: number): number | null {
  const lines = entryFor(coverage.lines, path);
  if (!lines) return null;
  let total = 0;
  let covered = false;
  for (let line = startLine; line <= endLine; line++) {
    const count = lines.get(line);
    if (count === undefined) continue;
    covered = true;
    total += count;
  }
  return covered ? total : null;
}

/** Executions counted on a file's lines startLine..endLine (0 when none of them ran or none has a record). */
export function lineHits(coverage: Coverage, path: string, startLine: number, endLine: number): number {
  return rangeHits(coverage, path, startLine, endLine) ?? 0;
}

/** Test hits of a function, or null when the coverage says nothing about it. */
export function hitsFor(coverage: Coverage, fn: CoveredFunction): number | null {
  const functions = entryFor(coverage.functions, fn.path);
  if (functions) {
    const hits = functions.get(fn.qualifiedName) ?? functions.get(fn.name);
    if (hits !== undefined) return hits;
  }
  return rangeHits(coverage, fn.path, fn.startLine, fn.endLine);
}
