// The `crossfile` family (CrossCodeEval): complete a statement that uses a name which the file can
// only see through one of its project-internal imports/includes. For each such name, its first use
// in the file is the target: the cursor is put at a random token of that line before the name
// (seeded), and the reference runs to the end of the statement (tree-sitter statement boundaries;
// in the bracket languages up to the first `;`, `{` or `}`, as CrossCodeEval's post-processing cuts).
import { posix } from 'node:path';
import { holeAt, positionAt, referenceLines, taskId, type TaskRecord } from '../datasets/index.ts';
import { Resolver, type FileFacts } from '../index/index.ts';
import type { LanguageId } from '../languages/index.ts';
import { FileTexts } from './files.ts';
import { handle, type CrossfileBatch, type CrossfileJob, type CrossfileTarget } from './crossfile-sample.ts';
import { mapBatches } from './parallel.ts';
import { limitPerGroup } from './select.ts';
import { FilterLog, type BuildOptions, type FamilyResult, type RepositoryInput } from './types.ts';
import { coversFile, lineHits, NOT_IN_COVERAGE } from './coverage.ts';
import { changedLinesOf } from './window.ts';

/** CrossCodeEval's minimum prompt lines; other languages use DEFAULT_PROMPT_LINES. */
export const CROSSFILE_PROMPT_LINES: Partial<Record<LanguageId, number>> = {
  python: 10,
  java: 20,
  typescript: 30,
  tsx: 30,
  csharp: 5,
};
export const DEFAULT_PROMPT_LINES = 10;
export const REFERENCE_TOKENS = { min: 3, max: 30 } as const;

/** A name the file sees only through a project-internal import. */
export interface CrossName {
  name: string;
  /** the repository files the import brings in. */
  files: string[];
  /** `package` when those files are in the importing file's folder, else `project`. */
  level: 'package' | 'project';
}

const MAX_INCLUDE_DEPTH = 8;
const BATCH_FILES = 16;

/**
 * The names a file sees through its project-internal imports: the names an import binds
 * (`from m import f`, `import a.b.C`, `import {x} from './y'`), and for includes and wildcard
 * imports every function, declaration and macro of the files reached (includes transitively).
 * Names the file defines or declares itself resolve locally and are left out.
 */
export function crossFileNames(
  facts: FileFacts,
  resolver: Resolver,
  factsByPath: Map<string, FileFacts>,
): Map<string, CrossName> {
  const dir = posix.dirname(facts.path);
  const levelOf = (files: string[]) => (files.every((file) => posix.dirname(file) === dir) ? 'package' : 'project');
  const local = new Set([
    ...facts.functions.map((fn) => fn.name),
    ...facts.declarations,
    ...(facts.macros ?? []).map((macro) => macro.name),
  ]);
  const names = new Map<string, CrossName>();
  const add = (name: string, files: string[]) => {
    if (!local.has(name) && !names.has(name)) names.set(name, { name, files, level: levelOf(files) });
  };
  const visited = new Set<string>([facts.path]);
  const visit = (from: FileFacts, depth: number) => {
    for (const ref of from.imports) {
      if (ref.system) continue;
      for (const binding of resolver.importBindings(from, ref)) {
        const files = binding.files.filter((file) => file !== facts.path);
        if (files.length === 0) continue;
        if (binding.name !== null) {
          if (depth === 0) add(binding.name, files);
          // A package or module binding: its items are reached through it too (`pkg.F`, `module::f`).
          if (depth === 0)
            for (const member of binding.members ?? []) if (member.file !== facts.path) add(member.name, [member.file]);
          continue;
        }
        // A glob whose module system names its items: those; other globs and includes: every name of the
        // files (of the files they include, transitively).
        if (binding.members) {
          if (depth === 0)
            for (const member of binding.members) if (member.file !== facts.path) add(member.name, [member.file]);
          continue;
        }
        for (const file of files) {
          const reached = factsByPath.get(file);
          if (!reached || visited.has(file)) continue;
          visited.add(file);
          for (const name of [
            ...reached.functions.map((fn) => fn.name),
            ...reached.declarations,
            ...(reached.macros ?? []).map((macro) => macro.name),
          ])
            add(name, [file]);
          if (ref.resolve === 'include' && depth < MAX_INCLUDE_DEPTH) visit(reached, depth + 1);
        }
      }
    }
  };
  visit(facts, 0);
  return names;
}

interface Target {
  repo: RepositoryInput;
  path: string;
  language: LanguageId;
  name: CrossName;
  start: number;
  end: number;
  tokens: number;
}

/**
 * References are found by their first ANCHOR_CHARS characters (all of a shorter one) before they are compared whole.
 */
const ANCHOR_CHARS = 16;
const HASH_BASE = 16777619;
/** a table of the anchors' hashes' low bits: most text positions are passed over without a map look-up. */
const HASH_FILTER_BITS = 22;

/**
 * Hash of `text.slice(start, start + length)` (polynomial, modulo 2^32): the same as the rolling hash in `scanAnchors`.
 */
function anchorHash(text: string, start: number, length: number): number {
  let hash = 0;
  for (let i = start; i < start + length; i++) hash = (Math.imul(hash, HASH_BASE) + text.charCodeAt(i)) | 0;
  return hash;
}

/** Calls `found` for each reference (grouped by its anchor's hash) that starts at some position of `text`. */
function scanAnchors(
  text: string,
  length: number,
  anchors: Map<number, string[]>,
  filter: Uint8Array,
  found: (reference: string) => void,
): void {
  if (text.length < length) return;
  const mask = (1 << HASH_FILTER_BITS) - 1;
  let outFactor = 1;
  for (let i = 1; i < length; i++) outFactor = Math.imul(outFactor, HASH_BASE);
  let hash = anchorHash(text, 0, length);
  for (let start = 0; ; start++) {
    if (filter[hash & mask])
      for (const reference of anchors.get(hash) ?? []) if (text.startsWith(reference, start)) found(reference);
    if (start + length >= text.length) return;
    hash =
      (Math.imul(hash - Math.imul(text.charCodeAt(start), outFactor), HASH_BASE) + text.charCodeAt(start + length)) | 0;
  }
}

/**
 * Finds, for each reference, whether it occurs verbatim in another file of the repository: one pass
 * over each file's text with a rolling hash of every reference's first characters (one pass per
 * anchor length), each hit compared whole; a reference needs at most two files that hold it.
 */
function foundElsewhere(
  targets: { repo: RepositoryInput; path: string; reference: string }[],
  files: FileTexts,
): boolean[] {
  const holders = new Map<RepositoryInput, Map<string, string[]>>();
  for (const { repo, reference } of targets) {
    const byReference = holders.get(repo) ?? new Map<string, string[]>();
    byReference.set(reference, []);
    holders.set(repo, byReference);
  }
  const mask = (1 << HASH_FILTER_BITS) - 1;
  for (const [repo, byReference] of holders) {
    const byLength = new Map<number, { anchors: Map<number, string[]>; filter: Uint8Array }>();
    for (const reference of byReference.keys()) {
      const length = Math.min(ANCHOR_CHARS, reference.length);
      let group = byLength.get(length);
      if (!group) byLength.set(length, (group = { anchors: new Map(), filter: new Uint8Array(mask + 1) }));
      const hash = anchorHash(reference, 0, length);
      group.anchors.set(hash, [...(group.anchors.get(hash) ?? []), reference]);
      group.filter[hash & mask] = 1;
    }
    for (const { path } of repo.store.files()) {
      const text = files.read(repo.root, path) ?? '';
      const hold = (reference: string) => {
        const paths = byReference.get(reference)!;
        if (paths.length < 2 && !paths.includes(path)) paths.push(path);
      };
      for (const [length, { anchors, filter }] of byLength) {
        if (length === 0) for (const reference of anchors.get(0) ?? []) hold(reference);
        else scanAnchors(text, length, anchors, filter, hold);
      }
    }
  }
  return targets.map(({ repo, path, reference }) =>
    holders
      .get(repo)!
      .get(reference)!
      .some((holder) => holder !== path),
  );
}

export async function buildCrossfileTasks(repos: RepositoryInput[], options: BuildOptions): Promise<FamilyResult> {
  const files = new FileTexts();
  /** each batch's targets, kept in batch order (results arrive in any order). */
  const targetsByBatch: Target[][] = [];
  // A file's cross-file names (thousands through a C++ include closure) are worked out when its
  // batch goes to a worker and dropped when the batch is back, but for the names it found.
  const inFlight = new Map<number, { repo: RepositoryInput; names: Map<string, CrossName>[]; batch: CrossfileBatch }>();
  let fileCount = 0;
  const selected = repos.map((repo) => {
    const facts = repo.store.facts(repo.store.files().map((file) => file.path));
    // in a live benchmark's window, only the files it changed can hold its tasks
    const changed = options.window ? changedLinesOf(repo, options.window) : null;
    const chosen = facts.filter(
      (fileFacts) =>
        (!options.languages || options.languages.includes(fileFacts.language)) &&
        (!changed || changed(fileFacts.path).length > 0),
    );
    fileCount += chosen.length;
    return { repo, facts, chosen };
  });
  function* batches(): Generator<CrossfileBatch> {
    let index = 0;
    for (const { repo, facts, chosen } of selected) {
      const factsByPath = new Map(facts.map((f) => [f.path, f]));
      const resolver = new Resolver(facts, repo.root);
      let jobs: CrossfileJob[] = [];
      let names: Map<string, CrossName>[] = [];
      for (let i = 0; i < chosen.length; i++) {
        const fileFacts = chosen[i]!;
        const fileNames = crossFileNames(fileFacts, resolver, factsByPath);
        if (fileNames.size > 0) {
          names.push(fileNames);
          jobs.push({
            path: fileFacts.path,
            language: fileFacts.language,
            names: [...fileNames.keys()],
            importLines: fileFacts.imports.map((ref) => ref.line),
          });
        }
        if (jobs.length === BATCH_FILES || (i === chosen.length - 1 && jobs.length > 0)) {
          const batch = { root: repo.root, seed: options.seed, files: jobs };
          inFlight.set(index++, { repo, names, batch });
          yield batch;
          jobs = [];
          names = [];
        }
      }
    }
  }
  const found = (results: CrossfileTarget[][], index: number) => {
    const { repo, names, batch } = inFlight.get(index)!;
    inFlight.delete(index);
    const targets: Target[] = (targetsByBatch[index] = []);
    results.forEach((fileTargets, fileIndex) => {
      const job = batch.files[fileIndex]!;
      for (const target of fileTargets)
        targets.push({
          repo,
          path: job.path,
          language: job.language,
          name: names[fileIndex]!.get(target.name)!,
          start: target.start,
          end: target.end,
          tokens: target.tokens,
        });
    });
  };
  await mapBatches(new URL('./crossfile-sample.ts', import.meta.url), handle, batches(), fileCount, found);
  const targets = targetsByBatch.flat();
  const log = new FilterLog('first uses of names seen only through a project-internal import', targets.length);
  const toTask = (target: Target): TaskRecord => {
    const text = files.read(target.repo.root, target.path)!;
    const hole = holeAt(text, target.start, target.end, files.starts(target.repo.root, target.path));
    return {
      id: taskId('crossfile', target.repo.name, target.path, hole.span),
      kind: 'crossfile',
      language: target.language,
      repo: { name: target.repo.name, commit: target.repo.commit, root: target.repo.root },
      path: target.path,
      ...hole,
      labels: { level: target.name.level, lines: referenceLines(hole.reference) },
      meta: { crossFileName: target.name.name, importedFiles: target.name.files, referenceTokens: target.tokens },
    };
  };
  let kept = log.keep('prompt too short', targets, (t) => {
    const line = positionAt(files.starts(t.repo.root, t.path), t.start).line;
    return line >= (options.minPromptLines?.[t.language] ?? CROSSFILE_PROMPT_LINES[t.language] ?? DEFAULT_PROMPT_LINES);
  });
  kept = log.keep(
    `reference not ${REFERENCE_TOKENS.min}-${REFERENCE_TOKENS.max} tokens`,
    kept,
    (t) => t.tokens >= REFERENCE_TOKENS.min && t.tokens <= REFERENCE_TOKENS.max,
  );
  const coverage = options.coverage;
  if (coverage) {
    // as YABLoCo keeps functions with test hits: a hole no test executes proves nothing when run
    kept = log.keep(NOT_IN_COVERAGE, kept, (t) => coversFile(coverage, t.path));
    kept = log.keep("no test executes the hole's lines", kept, (t) => {
      const starts = files.starts(t.repo.root, t.path);
      return lineHits(coverage, t.path, positionAt(starts, t.start).line, positionAt(starts, t.end).line) > 0;
    });
  }
  let tasks = kept.map(toTask);
  const elsewhere = foundElsewhere(
    tasks.map((task, index) => ({ repo: kept[index]!.repo, path: task.path, reference: task.reference.trim() })),
    files,
  );
  tasks = log.keep('reference found verbatim in another file', tasks, (_, index) => !elsewhere[index]);
  const seen = new Set<string>();
  tasks = log.keep('duplicate reference', tasks, (task) => {
    const key = `${task.language}\0${task.reference.trim()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  tasks = limitPerGroup(tasks, options.limit, options.seed, log);
  return { tasks, filters: log.steps };
}
