// The `function` family (YABLoCo): generate a whole function from its signature and docstring.
// Candidates are the indexed functions; the filters and their order follow YABLoCo's
// generate_benchmark.py (test hits, docstring, body length, "test", callers, near-duplicates),
// then per repository and context level the newest (git blame) first, then the most tested.
import {
  lineHole,
  lineStarts,
  referenceLines,
  taskId,
  type ContextSnippet,
  type TaskRecord,
} from '../datasets/index.ts';
import { listFunctions, type FunctionListing, type CallLevel, type FunctionRecord } from '../index/index.ts';
import type { LanguageId } from '../languages/index.ts';
import { bleuTokens, nearDuplicates, nearDuplicatesOf, YABLOCO_DUPLICATES } from './bleu.ts';
import { coversFile, hitsFor, NOT_IN_COVERAGE } from './coverage.ts';
import { FileTexts } from './files.ts';
import { hasTrackedFiles } from '../util/git.ts';
import { limitPerGroup } from './select.ts';
import { FilterLog, type BuildOptions, type FamilyResult, type FilterStep, type RepositoryInput } from './types.ts';

export const FUNCTION_FILTERS = {
  minDocWords: 4,
  minBodyLines: 2,
  maxBodyLines: 15,
  maxCallers: 7,
} as const;

/** The training split's own limits (YABLoCo's train_data/generate.py): longer bodies, more callers. */
export const TRAIN_FILTERS = { maxBodyLines: 50, maxCallers: 10 } as const;

const ORACLE_LEVELS: ReadonlySet<CallLevel> = new Set(['project', 'package', 'file']);

/** Why a docstring is unusable (YABLoCo's has_docstring), or null when it is usable. */
export function docstringProblem(doc: string | null): string | null {
  if (doc === null || doc.trim() === '') return 'none';
  if (doc.includes('Copyright') || doc.includes('====') || doc.includes('SPDX-License-Identifier'))
    return 'licence banner';
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
  let body = text
    .slice(offset(fn.bodySpan.startLine, fn.bodySpan.startColumn), offset(fn.bodySpan.endLine, fn.bodySpan.endColumn))
    .trim();
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
    const snippet: ContextSnippet = {
      path: target.path,
      startLine: target.startLine,
      endLine: target.endLine,
      text: target.code,
      score: null,
      name: target.qualifiedName,
    };
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

/** `name doc code` tokens, the text YABLoCo compares for near-duplicates. */
function duplicateTokens(c: Candidate): string[] {
  return bleuTokens(`${c.fn.qualifiedName} ${c.fn.docstring} ${c.fn.code}`);
}

/** The body without its braces, whitespace removed: two functions with the same body compare equal. */
function bodyKey(c: Candidate, files: FileTexts): string {
  const text = files.read(c.repo.root, c.fn.path) ?? '';
  const starts = files.starts(c.repo.root, c.fn.path);
  const offset = (line: number, column: number) => (starts[line - 1] ?? text.length) + column - 1;
  const span = c.record.bodySpan;
  return text.slice(offset(span.startLine, span.startColumn), offset(span.endLine, span.endColumn)).replace(/\s+/g, '');
}

/**
 * The filters the test, dev and train splits share, in YABLoCo's order (docstring, body length,
 * "test", callers), then YABLoCo's near-duplicate filter among the survivors.
 */
function sharedFilters(
  candidates: Candidate[],
  log: FilterLog,
  files: FileTexts,
  limits: { maxBodyLines: number; maxCallers: number },
  beforeDuplicates: (c: Candidate[]) => Candidate[] = (c) => c,
): Candidate[] {
  candidates = log.keep(
    'docstring missing, too short, licence or code',
    candidates,
    (c) => docstringProblem(c.fn.docstring) === null,
  );
  candidates = log.keep(`body not ${FUNCTION_FILTERS.minBodyLines}-${limits.maxBodyLines} lines`, candidates, (c) => {
    const text = files.read(c.repo.root, c.fn.path);
    if (text === null) return false;
    const lines = bodyLineCount(text, c.record, files.starts(c.repo.root, c.fn.path));
    return lines >= FUNCTION_FILTERS.minBodyLines && lines <= limits.maxBodyLines;
  });
  candidates = log.keep('"test" in path or name', candidates, (c) => !looksLikeTest(c.fn.path, c.fn.name));
  candidates = log.keep(`more than ${limits.maxCallers} callers`, candidates, (c) => c.fn.callers <= limits.maxCallers);
  candidates = beforeDuplicates(candidates);
  const duplicates = nearDuplicates(
    candidates.map((c) => ({
      tokens: duplicateTokens(c),
      codeLength: c.fn.endLine - c.fn.startLine,
      callers: c.fn.callers,
    })),
  );
  return log.keep('near-duplicate (BLEU-2 >= 0.2)', candidates, (_, index) => !duplicates.has(index));
}

/**
 * The training split (YABLoCo's train_data/generate.py): every other function that passes the
 * train limits, never a test or dev function nor one of their callers (whose bodies show the
 * call), de-duplicated among itself; then, beyond YABLoCo, no function with a test or dev
 * function's body or a near-duplicate of one (BLEU-2 >= 0.2 against it).
 */
function trainSplit(
  all: Candidate[],
  held: Candidate[],
  files: FileTexts,
): { candidates: Candidate[]; filters: FilterStep[] } {
  const log = new FilterLog('functions in the index', all.length);
  const heldIds = new Set(held.map((c) => c.fn.id));
  const candidates = sharedFilters(all, log, files, TRAIN_FILTERS, (kept) => {
    kept = log.keep('a test or dev function', kept, (c) => !heldIds.has(c.fn.id));
    return log.keep(
      'calls a test or dev function',
      kept,
      (c) => !c.fn.callees.some((callee) => callee.id !== null && heldIds.has(callee.id)),
    );
  });
  const heldBodies = new Set(held.map((c) => bodyKey(c, files)));
  let train = log.keep('same body as a test or dev function', candidates, (c) => !heldBodies.has(bodyKey(c, files)));
  const near = nearDuplicatesOf(held.map(duplicateTokens), train.map(duplicateTokens), YABLOCO_DUPLICATES.threshold);
  train = log.keep(
    `near-duplicate of a test or dev function (BLEU-2 >= ${YABLOCO_DUPLICATES.threshold})`,
    train,
    (_, index) => !near.has(index),
  );
  return { candidates: train, filters: log.steps };
}

export async function buildFunctionTasks(repos: RepositoryInput[], options: BuildOptions): Promise<FamilyResult> {
  let all: Candidate[] = [];
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
  if (options.languages)
    all = log.keep('language not selected', all, (c) => options.languages!.includes(c.fn.language as LanguageId));
  let candidates = all;
  const coverage = options.coverage;
  if (coverage) {
    candidates = log.keep(NOT_IN_COVERAGE, candidates, (c) => coversFile(coverage, c.fn.path));
    for (const c of candidates) c.hits = hitsFor(coverage, c.fn);
    candidates = log.keep('no test hits', candidates, (c) => (c.hits ?? 0) > 0);
  }
  candidates = sharedFilters(candidates, log, files, FUNCTION_FILTERS);

  const groups = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const key = `${c.repo.root}\0${c.fn.level}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  // YABLoCo's dev split: per repository and level, the functions that come right after the test ones.
  const selected: Candidate[] = [];
  const dev: Candidate[] = [];
  const perLevel = options.perLevel ?? Infinity;
  for (const group of groups.values()) {
    group.sort(byRecency);
    selected.push(...group.slice(0, perLevel));
    if (options.dev !== undefined) dev.push(...group.slice(perLevel, perLevel + options.dev));
  }
  if (options.perLevel !== undefined)
    log.record(`beyond --per-level ${options.perLevel} per repository and level`, candidates.length - selected.length);

  const toTask = (c: Candidate): TaskRecord => {
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
  };
  const tasks = limitPerGroup(selected.map(toTask), options.limit, options.seed, log);
  const result: FamilyResult = { tasks, filters: log.steps };
  if (options.dev !== undefined) {
    const devLog = new FilterLog(
      `after the test split's ${options.perLevel ?? 'all'} per repository and level`,
      candidates.length - selected.length,
    );
    devLog.record(
      `beyond --dev ${options.dev} per repository and level`,
      candidates.length - selected.length - dev.length,
    );
    result.splits = { ...result.splits, dev: { tasks: dev.map(toTask), filters: devLog.steps } };
  }
  if (options.train) {
    // --limit samples test tasks: the held-out set is what was written, not what was sampled from.
    const kept = new Set(tasks.map((task) => task.meta!.functionId as string));
    const train = trainSplit(all, [...selected.filter((c) => kept.has(c.fn.id)), ...dev], files);
    result.splits = { ...result.splits, train: { tasks: train.candidates.map(toTask), filters: train.filters } };
  }
  return result;
}
