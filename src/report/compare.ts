// Comparisons between runs of the same tasks: CrossCodeEval's transition counts (Table 3), score by
// the share of reference identifiers found in the retrieved context (Fig. 5), where retrieved
// chunks come from (Sec. 3.5), and paired bootstrap confidence intervals on score differences.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { getLanguage } from '../languages/index.ts';
import { extractIdentifiers, METRICS } from '../metrics/index.ts';
import type { RunStoreReader } from '../runstore/index.ts';
import type { TaskRecord } from '../datasets/index.ts';
import { reportScale } from './aggregate.ts';
import { pairedBootstrapTest } from './stats.ts';
import { z } from 'zod';

/** The first sample's value of a metric per task (the papers score one greedy sample). */
function firstSampleScores(store: RunStoreReader, metric: string): Map<string, number> {
  const scores = new Map<string, number>();
  for (const c of store.candidates()) {
    const value = c.metrics?.[metric];
    if (c.sample === 0 && value !== undefined) scores.set(c.taskId, value);
  }
  return scores;
}

export const TransitionSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** tasks scored in both runs. */
  tasks: z.int(),
  stayedCorrect: z.int(),
  correctToWrong: z.int(),
  wrongToCorrect: z.int(),
  stayedWrong: z.int(),
});
export type Transition = z.output<typeof TransitionSchema>;

/** Correct -> wrong and wrong -> correct counts between consecutive runs, by a 0/1 metric (`em`). */
export function transitions(stores: RunStoreReader[], metric = 'em'): Transition[] {
  const scores = stores.map((s) => firstSampleScores(s, metric));
  const result: Transition[] = [];
  for (let i = 1; i < stores.length; i++) {
    const before = scores[i - 1]!;
    const after = scores[i]!;
    const row: Transition = {
      from: stores[i - 1]!.dir,
      to: stores[i]!.dir,
      tasks: 0,
      stayedCorrect: 0,
      correctToWrong: 0,
      wrongToCorrect: 0,
      stayedWrong: 0,
    };
    for (const [taskId, a] of before) {
      const b = after.get(taskId);
      if (b === undefined) continue;
      row.tasks++;
      if (a >= 1 && b >= 1) row.stayedCorrect++;
      else if (a >= 1) row.correctToWrong++;
      else if (b >= 1) row.wrongToCorrect++;
      else row.stayedWrong++;
    }
    result.push(row);
  }
  return result;
}

export const PairedDifferenceSchema = z.object({
  metric: z.string(),
  baseline: z.string(),
  candidate: z.string(),
  tasks: z.int(),
  /** mean of candidate - baseline over paired tasks, on the metric's own scale. */
  meanDifference: z.number(),
  /** 95% percentile bootstrap interval of the mean difference. */
  low: z.number(),
  high: z.number(),
});
export type PairedDifference = z.output<typeof PairedDifferenceSchema>;

/** Paired bootstrap (resampling tasks) of the mean difference between two runs (`pairedBootstrapTest`). */
export function pairedBootstrap(
  baseline: RunStoreReader,
  candidate: RunStoreReader,
  metric: string,
  resamples = 2000,
  seed = 1,
): PairedDifference {
  const a = firstSampleScores(baseline, metric);
  const b = firstSampleScores(candidate, metric);
  const differences: number[] = [];
  for (const [taskId, value] of a) {
    const other = b.get(taskId);
    if (other !== undefined) differences.push(other - value);
  }
  const test = pairedBootstrapTest(differences, seed, metric, resamples);
  return {
    metric,
    baseline: baseline.dir,
    candidate: candidate.dir,
    tasks: differences.length,
    meanDifference: test?.mean ?? 0,
    low: test?.low ?? 0,
    high: test?.high ?? 0,
  };
}

/** Share of the reference's identifiers that occur in the retrieved context of a task's prompt. */
export function identifierCoverage(task: TaskRecord, retrievedText: string): number | null {
  const keywords = new Set(getLanguage(task.language).keywords);
  const reference = new Set(extractIdentifiers(task.reference, keywords));
  if (reference.size === 0) return null;
  const context = new Set(extractIdentifiers(retrievedText, keywords));
  let found = 0;
  for (const name of reference) if (context.has(name)) found++;
  return found / reference.size;
}

export const CoverageBinSchema = z.object({ bin: z.string(), tasks: z.int(), meanScore: z.number() });
export type CoverageBin = z.output<typeof CoverageBinSchema>;

/** Mean score by the share of reference identifiers present in the retrieved context (Fig. 5). */
export function scoreByIdentifierCoverage(store: RunStoreReader, metric: string): CoverageBin[] {
  const scores = firstSampleScores(store, metric);
  const bins = ['0%', '1-25%', '26-50%', '51-75%', '76-99%', '100%'];
  const sums = new Map(bins.map((b) => [b, { sum: 0, count: 0 }]));
  for (const task of store.tasks()) {
    const score = scores.get(task.id);
    const prompt = store.prompt(task.id);
    if (score === undefined || !prompt) continue;
    const retrieved = (prompt.retrieved ?? []).map((s) => s.text).join('\n');
    const share = identifierCoverage(task, retrieved);
    if (share === null) continue;
    const bin =
      share === 0 ? '0%' : share === 1 ? '100%' : bins[1 + Math.min(3, Math.floor((share * 100 - 1e-9) / 25))]!;
    const entry = sums.get(bin)!;
    entry.sum += score;
    entry.count++;
  }
  return bins.map((bin) => ({
    bin,
    tasks: sums.get(bin)!.count,
    meanScore: sums.get(bin)!.count ? sums.get(bin)!.sum / sums.get(bin)!.count : 0,
  }));
}

export const CHUNK_SOURCES = [
  'same-file',
  'imported-file',
  'same-directory',
  'similar-name',
  'shares-import',
  'other',
] as const;
export type ChunkSource = (typeof CHUNK_SOURCES)[number];

function importedNames(text: string): Set<string> {
  // Import targets as written (`./util`, `pkg.mod`, "x.h"): enough to relate files without an index.
  const names = new Set<string>();
  const patterns = [
    /^\s*#\s*include\s*[<"]([^>"]+)[>"]/gm,
    /^\s*import\s+(?:[\w{}*,\s]+\s+from\s+)?['"]([^'"]+)['"]/gm,
    /^\s*import\s+([\w.]+)/gm,
    /require\(\s*['"]([^'"]+)['"]\s*\)/g,
    /^\s*using\s+([\w.]+)\s*;/gm,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1]!);
  // `from pkg.mod import a, b` may import modules a and b of pkg.mod as well as names of pkg.mod.
  for (const match of text.matchAll(/^\s*from\s+([\w.]+)\s+import\s+([\w, ]+)/gm)) {
    names.add(match[1]!);
    for (const name of match[2]!
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean))
      names.add(`${match[1]!}.${name}`);
  }
  return names;
}

function stemOf(path: string): string {
  const base = posix.basename(path);
  return base.includes('.') ? base.slice(0, base.lastIndexOf('.')).toLowerCase() : base.toLowerCase();
}

/** Where a retrieved chunk comes from, relative to the task's file (CrossCodeEval Sec. 3.5). */
export function classifyChunkSource(task: TaskRecord, chunkPath: string, chunkFileText?: string): ChunkSource {
  if (chunkPath === task.path) return 'same-file';
  const imports = importedNames(task.prefix);
  const chunkStem = stemOf(chunkPath);
  const chunkModule = chunkPath.replace(/\.[^./]+$/, '');
  for (const target of imports) {
    const normalized = target.startsWith('.')
      ? posix.normalize(posix.join(posix.dirname(task.path), target))
      : target.replace(/\./g, '/');
    if (
      chunkModule.endsWith(normalized.replace(/\.[^./]+$/, '')) ||
      posix
        .basename(target)
        .replace(/\.[^./]+$/, '')
        .toLowerCase() === chunkStem
    )
      return 'imported-file';
  }
  if (posix.dirname(chunkPath) === posix.dirname(task.path)) return 'same-directory';
  const taskStem = stemOf(task.path);
  if (taskStem.length >= 3 && chunkStem.length >= 3 && (taskStem.includes(chunkStem) || chunkStem.includes(taskStem)))
    return 'similar-name';
  if (chunkFileText !== undefined) {
    const theirs = importedNames(chunkFileText);
    for (const name of imports) if (theirs.has(name)) return 'shares-import';
  }
  return 'other';
}

/** Counts of retrieved chunks by source over a run's prompts. */
export function chunkSources(
  store: RunStoreReader,
  readFile?: (task: TaskRecord, path: string) => string | undefined,
): Record<ChunkSource, number> {
  const counts: Record<ChunkSource, number> = {
    'same-file': 0,
    'imported-file': 0,
    'same-directory': 0,
    'similar-name': 0,
    'shares-import': 0,
    other: 0,
  };
  for (const task of store.tasks()) {
    for (const snippet of store.prompt(task.id)?.snippets ?? []) {
      if (snippet.source !== 'retrieved') continue;
      counts[classifyChunkSource(task, snippet.path, readFile?.(task, snippet.path))]++;
    }
  }
  return counts;
}

export const RetrievalAnalysisSchema = z.object({
  run: z.string(),
  metric: z.string(),
  /**
   * mean score (report scale) by the share of reference identifiers found in the retrieved context (CrossCodeEval Fig.
   * 5).
   */
  coverage: z.array(CoverageBinSchema),
  /** where the retrieved chunks come from (CrossCodeEval Sec. 3.5). */
  sources: z.record(z.enum(CHUNK_SOURCES), z.number()),
});
export type RetrievalAnalysis = z.output<typeof RetrievalAnalysisSchema>;

/** What `report` and the viewer show about runs side by side; every score on the report scale (`reportScale`). */
export const ComparisonSchema = z.object({
  transitions: z.array(TransitionSchema),
  differences: z.array(PairedDifferenceSchema),
  retrieval: z.array(RetrievalAnalysisSchema),
});
export type Comparison = z.output<typeof ComparisonSchema>;

/** A task file's text from its repository checkout, when it is still there. */
export function readTaskFile(task: TaskRecord, path: string): string | undefined {
  const root = task.repo.root;
  if (!root) return undefined;
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Transitions across the runs in order and each run's paired difference against the first; for
 * runs with retrieved context, the score by identifier coverage and the sources of the chunks.
 * Scores are put on the report scale here, once, so that every consumer shows the same numbers.
 */
export function compareRuns(stores: RunStoreReader[], metrics: string[], seed = 1): Comparison | undefined {
  const paired = metrics.filter((m) => METRICS.find(m)?.paired === true);
  const scoreMetric = paired.includes('es') ? 'es' : paired[0];
  const retrieval =
    scoreMetric === undefined
      ? []
      : stores
          .filter((store) =>
            store.tasks().some((task) => (store.prompt(task.id)?.snippets ?? []).some((s) => s.source === 'retrieved')),
          )
          .map((store) => ({
            run: store.dir,
            metric: scoreMetric,
            coverage: scoreByIdentifierCoverage(store, scoreMetric).map((bin) => ({
              ...bin,
              meanScore: bin.meanScore * reportScale(scoreMetric),
            })),
            sources: chunkSources(store, readTaskFile),
          }));
  if (stores.length < 2 && retrieval.length === 0) return undefined;
  return {
    transitions: stores.length > 1 && metrics.includes('em') ? transitions(stores, 'em') : [],
    differences: stores.slice(1).flatMap((store) =>
      paired.map((metric) => {
        const difference = pairedBootstrap(stores[0]!, store, metric, undefined, seed);
        const scale = reportScale(metric);
        return {
          ...difference,
          meanDifference: difference.meanDifference * scale,
          low: difference.low * scale,
          high: difference.high * scale,
        };
      }),
    ),
    retrieval,
  };
}
