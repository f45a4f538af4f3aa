// What every figure is drawn from: per run, per task, the task's labels by every dimension, its
// scores on the report scale (mean over the task's scored samples), the first sample's scores and
// the execution verdicts in sample order. Read once from the run stores; figures only aggregate.
import type { TaskRecord } from '../../datasets/index.ts';
import type { RunStoreReader } from '../../runstore/index.ts';
import {
  reportDimensions,
  groupValue,
  reportScale,
  type Dimension,
  type Report,
  type RunProvenance,
} from '../aggregate.ts';
import { chunkSources, scoreByIdentifierCoverage, type ChunkSource, type CoverageBin } from '../compare.ts';

export interface TaskScores {
  id: string;
  groups: Record<Dimension, string>;
  /** completion length in lines (M2RC-Eval's x axis). */
  lines: number;
  /** mean over the task's scored samples, on the report scale; absent when no sample is scored. */
  scores: Record<string, number>;
  /** the first sample's value, on the report scale (transitions and paired tests). */
  first: Record<string, number>;
  /** execution verdicts in sample order (pass = true); empty when not executed. */
  passes: boolean[];
}

export interface RunScores {
  dir: string;
  /** the run's short name, unique among the runs. */
  label: string;
  provenance: RunProvenance;
  tasks: TaskScores[];
  /** CrossCodeEval Fig. 5 and Sec. 3.5, for runs with retrieved context (report scale). */
  retrieval: { metric: string; coverage: CoverageBin[]; sources: Record<ChunkSource, number> } | null;
}

export interface FigureInput {
  runs: RunScores[];
  /** metrics in the report's order (pass@k columns excluded: pass@k comes from `passes`). */
  metrics: string[];
  /** the report of the runs without grouping (its provenance and notes head the report). */
  report: Report;
}

/** Short run names: the last path segment, numbered when two runs share it. */
export function runLabels(dirs: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return dirs.map((dir) => {
    const base = dir.split(/[\\/]/).filter(Boolean).pop() ?? dir;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

export interface FigureInputOptions {
  /** reads a file of a task's repository (chunk sources: what a retrieved file imports). */
  readFile?: (task: TaskRecord, path: string) => string | undefined;
  /** metric of the retrieval analyses (default: es, else the first scored one). */
  retrievalMetric?: string;
}

/** Reads the runs once into per-task scores; `report` is `buildReport(stores, [])`. */
export function figureInput(stores: RunStoreReader[], report: Report, options: FigureInputOptions = {}): FigureInput {
  const metrics = report.metrics.filter((m) => !m.startsWith('pass@'));
  const labels = runLabels(stores.map((s) => s.dir));
  const runs = stores.map((store, index): RunScores => {
    type Entry = {
      sums: Map<string, { sum: number; count: number }>;
      first: Record<string, number>;
      verdicts: [number, boolean][];
    };
    const byTask = new Map<string, Entry>();
    for (const c of store.candidates()) {
      const entry: Entry = byTask.get(c.taskId) ?? { sums: new Map(), first: {}, verdicts: [] };
      byTask.set(c.taskId, entry);
      for (const name of metrics) {
        const value = c.metrics?.[name];
        if (value === undefined) continue;
        const scaled = value * reportScale(name);
        const s = entry.sums.get(name) ?? { sum: 0, count: 0 };
        s.sum += scaled;
        s.count++;
        entry.sums.set(name, s);
        if (c.sample === 0) entry.first[name] = scaled;
      }
      if (c.verdict && c.verdict.verdict !== 'not-covered')
        entry.verdicts.push([c.sample, c.verdict.verdict === 'pass']);
    }
    const dimensions = reportDimensions();
    const tasks = store.tasks().map((task): TaskScores => {
      const entry = byTask.get(task.id);
      const tokens = store.prompt(task.id)?.tokens.total;
      const groups: Record<Dimension, string> = Object.fromEntries(
        dimensions.map((d) => [d, groupValue(task, d, tokens)]),
      );
      const scores: Record<string, number> = {};
      for (const [name, { sum, count }] of entry?.sums ?? []) if (count > 0) scores[name] = sum / count;
      const passes = (entry?.verdicts ?? []).sort((a, b) => a[0] - b[0]).map(([, pass]) => pass);
      return { id: task.id, groups, lines: task.labels.lines, scores, first: entry?.first ?? {}, passes };
    });
    const retrievalMetric = options.retrievalMetric ?? (metrics.includes('es') ? 'es' : metrics[0]);
    const hasRetrieved =
      retrievalMetric !== undefined &&
      store.tasks().some((task) => (store.prompt(task.id)?.snippets ?? []).some((s) => s.source === 'retrieved'));
    const retrieval = hasRetrieved
      ? {
          metric: retrievalMetric,
          coverage: scoreByIdentifierCoverage(store, retrievalMetric).map((bin) => ({
            ...bin,
            meanScore: bin.meanScore * reportScale(retrievalMetric),
          })),
          sources: chunkSources(store, options.readFile),
        }
      : null;
    return { dir: store.dir, label: labels[index]!, provenance: report.runs[index]!, tasks, retrieval };
  });
  return { runs, metrics, report };
}

/** The largest number of executed samples of any task (pass@k is drawn for k = 1..this). */
export function maxExecutedSamples(input: FigureInput): number {
  let max = 0;
  for (const run of input.runs) for (const task of run.tasks) max = Math.max(max, task.passes.length);
  return max;
}
