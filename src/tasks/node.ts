// The `node` family (M2RC-Eval): a random named tree-sitter node is the hole, labelled with its
// depth bucket and semantic class. Files are sampled in parallel (node-sample.ts); then the
// `--limit` sample, then holes are redrawn as multi-line ones until 30% of each language's span two
// or more lines.
import { holeAt, referenceLines, taskId, type TaskRecord } from '../datasets/index.ts';
import type { LanguageId } from '../languages/index.ts';
import { FileTexts } from './files.ts';
import {
  handle,
  NODE_FILTER_NAMES,
  NODE_FILTERS,
  type NodeBatch,
  type NodeFilter,
  type NodeHole,
  type SampledFile,
} from './node-sample.ts';
import { changedLinesOf } from './window.ts';
import { mapBatches } from './parallel.ts';
import { randomFor } from '../util/random.ts';
import { limitPerGroup } from './select.ts';
import { DEFAULT_BUCKETS, FilterLog, type BuildOptions, type FamilyResult, type RepositoryInput } from './types.ts';

const BATCH_FILES = 16;

interface Drawn {
  repo: RepositoryInput;
  path: string;
  language: LanguageId;
  hole: NodeHole;
}

function toTask(drawn: Drawn, files: FileTexts): TaskRecord {
  const { repo, path, hole } = drawn;
  const text = files.read(repo.root, path)!;
  const cut = holeAt(text, hole.start, hole.end, files.starts(repo.root, path));
  return {
    id: taskId('node', repo.name, path, cut.span),
    kind: 'node',
    language: drawn.language,
    repo: { name: repo.name, commit: repo.commit, root: repo.root },
    path,
    ...cut,
    labels: { bucket: hole.bucket, semantic: hole.semantic, lines: referenceLines(cut.reference) },
    meta: { nodeType: hole.type, depth: hole.depth, treeDepth: hole.treeDepth },
  };
}

/**
 * Replaces single-line holes by multi-line ones (each file's own alternates, files in seeded
 * random order) until `share` of each language's tasks span two or more lines. Returns how many
 * were replaced, and the languages that stayed short with their counts.
 */
function reachMultiLineShare(
  tasks: TaskRecord[],
  alternates: Map<string, Drawn[]>,
  files: FileTexts,
  seed: number,
  share: number,
): { replaced: number; short: string[] } {
  let replaced = 0;
  const short: string[] = [];
  const languages = [...new Set(tasks.map((task) => task.language))].sort();
  for (const language of languages) {
    const indices = tasks.flatMap((task, index) => (task.language === language ? [index] : []));
    const needed = Math.ceil(share * indices.length);
    let multi = indices.filter((index) => tasks[index]!.labels.lines >= 2).length;
    const byFile = new Map<string, number[]>();
    for (const index of indices) {
      const task = tasks[index]!;
      if (task.labels.lines >= 2) continue;
      const key = `${task.repo.name}\0${task.path}`;
      byFile.set(key, [...(byFile.get(key) ?? []), index]);
    }
    const candidates = randomFor(seed, 'multi-line', language).shuffle(
      [...byFile.keys()].filter((key) => alternates.has(key)).sort(),
    );
    while (multi < needed && candidates.length > 0) {
      const progress = multi;
      for (const key of candidates) {
        if (multi >= needed) break;
        const singles = byFile.get(key)!;
        const spare = alternates.get(key)!;
        if (singles.length === 0 || spare.length === 0) continue;
        tasks[singles.shift()!] = toTask(spare.shift()!, files);
        multi++;
        replaced++;
      }
      if (multi === progress) break;
    }
    if (multi < needed) short.push(`${language} ${multi} of ${indices.length}`);
  }
  return { replaced, short };
}

export async function buildNodeTasks(repos: RepositoryInput[], options: BuildOptions): Promise<FamilyResult> {
  const perFile = options.perFile ?? 1;
  const batches: NodeBatch[] = [];
  let unchangedFiles = 0;
  for (const repo of repos) {
    const listed = repo.store.files().filter((file) => !options.languages || options.languages.includes(file.language));
    // In a live benchmark's window the holes are drawn among the lines the window changed, and a file it did not change
    // is not sampled.
    const changed = options.window ? changedLinesOf(repo, options.window) : null;
    const files: SampledFile[] = listed.flatMap(({ path, language }) => {
      if (!changed) return [{ path, language }];
      const changedLines = changed(path);
      if (changedLines.length === 0) unchangedFiles++;
      return changedLines.length > 0 ? [{ path, language, changedLines }] : [];
    });
    for (let i = 0; i < files.length; i += BATCH_FILES) {
      batches.push({
        root: repo.root,
        seed: options.seed,
        perFile,
        buckets: options.buckets ?? DEFAULT_BUCKETS,
        files: files.slice(i, i + BATCH_FILES),
      });
    }
  }
  const results = await mapBatches(
    new URL('./node-sample.ts', import.meta.url),
    handle,
    batches,
    batches.reduce((sum, batch) => sum + batch.files.length, 0),
  );
  const removed: Record<NodeFilter, number> = { error: 0, whitespace: 0, tooLong: 0, fewLetters: 0 };
  let candidates = 0;
  let outsideLines = 0;
  const drawn: Drawn[] = [];
  const alternates = new Map<string, Drawn[]>();
  batches.forEach((batch, index) => {
    const repo = repos.find((r) => r.root === batch.root)!;
    results[index]!.forEach((sample, fileIndex) => {
      const language = batch.files[fileIndex]!.language;
      candidates += sample.candidates;
      outsideLines += sample.outsideLines;
      for (const filter of Object.keys(removed) as NodeFilter[]) removed[filter] += sample.removed[filter];
      for (const hole of sample.drawn) drawn.push({ repo, path: sample.path, language, hole });
      if (sample.multiLineAlternates.length > 0)
        alternates.set(
          `${repo.name}\0${sample.path}`,
          sample.multiLineAlternates.map((hole) => ({ repo, path: sample.path, language, hole })),
        );
    });
  });
  const log = new FilterLog('holes below the root (spans of named nodes)', candidates);
  if (options.window)
    log.record(
      `on no line changed in ${options.window.start} .. ${options.window.end} (${unchangedFiles} files it did not ` +
        `change not sampled)`,
      outsideLines,
    );
  for (const filter of Object.keys(NODE_FILTER_NAMES) as NodeFilter[])
    log.record(NODE_FILTER_NAMES[filter], removed[filter]);
  log.record(`not drawn (${perFile} per file)`, log.remaining - drawn.length);
  const files = new FileTexts();
  const tasks = limitPerGroup(
    drawn.map((d) => toTask(d, files)),
    options.limit,
    options.seed,
    log,
  );
  const { replaced, short } = reachMultiLineShare(tasks, alternates, files, options.seed, NODE_FILTERS.multiLineShare);
  log.record(`redrawn as multi-line holes (${NODE_FILTERS.multiLineShare * 100}% share per language)`, 0);
  log.steps[log.steps.length - 1]!.replaced = replaced;
  const notes =
    short.length > 0
      ? [
          `holes spanning 2+ lines below the ${NODE_FILTERS.multiLineShare * 100}% target (the files have no more ` +
            `multi-line nodes): ${short.join(', ')}`,
        ]
      : [];
  return { tasks, filters: log.steps, notes };
}
