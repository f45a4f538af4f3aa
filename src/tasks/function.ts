// The `function` family (YABLoCo): generate a whole function from its signature and docstring.
// Candidates are the indexed functions; the filters and their order follow YABLoCo's
// generate_benchmark.py (test hits, docstring, body length, "test", callers, near-duplicates),
// then per repository and context level the newest (git blame) first, then the most tested.
import type { ContextSnippet, TaskRecord } from '../datasets/types.ts';
import { listFunctions, type FunctionListing } from '../index/query.ts';
import type { CallLevel, FunctionRecord } from '../index/types.ts';
import type { LanguageId } from '../languages/types.ts';
import { bleuTokens, nearDuplicates } from './bleu.ts';
import { hitsFor } from './coverage.ts';
import { lineHole, lineStarts, referenceLines, taskId } from './hole.ts';
import { FileTexts } from './files.ts';
import { hasTrackedFiles } from './git.ts';
import { limitPerGroup } from './select.ts';
import { FilterLog, type BuildOptions, type FamilyResult, type RepositoryInput } from './types.ts';

export const FUNCTION_FILTERS = {
  minDocWords: 4,
  minBodyLines: 2,
  maxBodyLines: 15,
  maxCallers: 7,
} as const;

const ORACLE_LEVELS: ReadonlySet<CallLevel> = new Set(['project', 'package', 'file']);

/** Why a docstring is unusable (YABLoCo's has_docstring), or null when it is usable. */
export function docstringProblem(doc: string | null): string | null {
  if (doc === null || doc.trim() === '') return 'none';
  if (doc.includes('Copyright') || doc.includes('====') || doc.includes('SPDX-License-Identifier')) return 'licence banner';
  if (/[a-zA-Z0-9_]+[ \n\t\r]?\([ \n\t\r&,_a-zA-Z0-9]+\)[ \n\t\r]*{/.test(doc) && doc.includes('}')) return 'code';
  if (doc.split(/\s+/).filter(Boolean).length < FUNCTION_FILTERS.minDocWords) return 'fewer than 4 words';
  return null;
}

/**
 * Body lines as YABLoCo counts them: the text between the body's braces (the whole body for
 * languages without braces), stripped, split on line breaks.
 */
export function bodyLineCount(text: string, fn: Pick<FunctionRecord, 'bodySpan'>, starts = lineStarts(text)): number {
  const offset = (line: number, column: number) => (starts[line - 1] ?? text.length) + column - 1;
  let body = text.slice(offset(fn.bodySpan.startLine, fn.bodySpan.startColumn), offset(fn.bodySpan.endLine, fn.bodySpan.endColumn)).trim();
  if (body.startsWith('{') && body.endsWith('}')) body = body.slice(1, -1);
  return body.trim().split('\n').length;
}

/** YABLoCo's is_not_test, case-insensitive (Java's FooTest, Go's TestFoo). */
export function looksLikeTest(path: string, name: string): boolean {
  return /test/i.test(path) || /test/i.test(name);
}

interface Candidate {
  repo: RepositoryInput;
  fn: FunctionListing;
  record: FunctionRecord;
  hits: number | null;
}

function byRecency(a: Candidate, b: Candidate): number {
  const dateA = a.fn.lastCommit ?? '';
  const dateB = b.fn.lastCommit ?? '';
  if (dateA !== dateB) return dateA < dateB ? 1 : -1;
  const hitsA = a.hits ?? -1;
  const hitsB = b.hits ?? -1;
  if (hitsA !== hitsB) return hitsB - hitsA;
  return a.fn.path < b.fn.path ? -1 : a.fn.path > b.fn.path ? 1 : a.fn.startLine - b.fn.startLine;
}

function oracleOf(fn: FunctionListing, byId: Map<string, FunctionListing>): ContextSnippet[] {
  const seen = new Set<string>();
  const snippets: ContextSnippet[] = [];
  for (const callee of fn.callees) {
    if (!callee.id || !ORACLE_LEVELS.has(callee.level) || seen.has(callee.id) || callee.id === fn.id) continue;
    seen.add(callee.id);
    const target = byId.get(callee.id);
    if (!target) continue;
    const snippet: ContextSnippet = { path: target.path, startLine: target.startLine, endLine: target.endLine, text: target.code, score: null, name: target.qualifiedName };
    if (target.docstring !== null) snippet.docstring = target.docstring;
    snippets.push(snippet);
  }
  return snippets;
}

function calleeCounts(fn: FunctionListing): Record<string, number> {
  const counts: Record<string, number> = { file: 0, package: 0, project: 0, stdlib: 0, external: 0 };
  for (const callee of fn.callees) if (callee.level in counts) counts[callee.level]!++;
  return counts;
}

export async function buildFunctionTasks(repos: RepositoryInput[], options: BuildOptions): Promise<FamilyResult> {
  const all: Candidate[] = [];
  const listings = new Map<RepositoryInput, Map<string, FunctionListing>>();
  for (const repo of repos) {
    // Untracked checkouts (an unpacked source package) have no blame: skip one failing git call per file.
    const functions = listFunctions(repo.store, { blame: hasTrackedFiles(repo.root), levels: options.levels });
    listings.set(repo, new Map(functions.map((fn) => [fn.id, fn])));
    const records = new Map(repo.store.functions().map((record) => [record.id, record]));
    for (const fn of functions) all.push({ repo, fn, record: records.get(fn.id)!, hits: null });
  }
  const files = new FileTexts();
  const log = new FilterLog('functions in the index', all.length);
  let candidates = all;
  if (options.languages) candidates = log.keep('language not selected', candidates, (c) => options.languages!.includes(c.fn.language as LanguageId));
  if (options.coverage) {
    for (const c of candidates) c.hits = hitsFor(options.coverage, c.fn);
    candidates = log.keep('no test hits', candidates, (c) => (c.hits ?? 0) > 0);
  }
  candidates = log.keep('docstring missing, too short, licence or code', candidates, (c) => docstringProblem(c.fn.docstring) === null);
  candidates = log.keep(`body not ${FUNCTION_FILTERS.minBodyLines}-${FUNCTION_FILTERS.maxBodyLines} lines`, candidates, (c) => {
    const text = files.read(c.repo.root, c.fn.path);
    if (text === null) return false;
    const lines = bodyLineCount(text, c.record, files.starts(c.repo.root, c.fn.path));
    return lines >= FUNCTION_FILTERS.minBodyLines && lines <= FUNCTION_FILTERS.maxBodyLines;
  });
  candidates = log.keep('"test" in path or name', candidates, (c) => !looksLikeTest(c.fn.path, c.fn.name));
  candidates = log.keep(`more than ${FUNCTION_FILTERS.maxCallers} callers`, candidates, (c) => c.fn.callers <= FUNCTION_FILTERS.maxCallers);
  const duplicates = nearDuplicates(candidates.map((c) => ({
    tokens: bleuTokens(`${c.fn.qualifiedName} ${c.fn.docstring} ${c.fn.code}`),
    codeLength: c.fn.endLine - c.fn.startLine,
    callers: c.fn.callers,
  })));
  candidates = log.keep('near-duplicate (BLEU-2 >= 0.2)', candidates, (_, index) => !duplicates.has(index));

  const groups = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const key = `${c.repo.root}\0${c.fn.level}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const selected: Candidate[] = [];
  for (const group of groups.values()) selected.push(...group.sort(byRecency).slice(0, options.perLevel ?? Infinity));
  if (options.perLevel !== undefined) log.record(`beyond --per-level ${options.perLevel} per repository and level`, candidates.length - selected.length);

  const built = selected.map((c): TaskRecord => {
    const text = files.read(c.repo.root, c.fn.path)!;
    const hole = lineHole(text, c.fn.startLine, c.fn.endLine, files.starts(c.repo.root, c.fn.path));
    return {
      id: taskId('function', c.repo.name, c.fn.path, hole.span),
      kind: 'function',
      language: c.fn.language as LanguageId,
      repo: { name: c.repo.name, commit: c.repo.commit, root: c.repo.root },
      path: c.fn.path,
      ...hole,
      labels: { level: c.fn.level, lines: referenceLines(hole.reference) },
      name: c.fn.name,
      signature: c.fn.signature,
      docstring: c.fn.docstring,
      oracle: oracleOf(c.fn, listings.get(c.repo)!),
      meta: {
        functionId: c.fn.id,
        qualifiedName: c.fn.qualifiedName,
        callers: c.fn.callers,
        callees: calleeCounts(c.fn),
        lastCommit: c.fn.lastCommit,
        testHits: c.hits,
      },
    };
  });
  return { tasks: limitPerGroup(built, options.limit, options.seed, log), filters: log.steps };
}
