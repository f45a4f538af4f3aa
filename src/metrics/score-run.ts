// Re-scores the candidates of a run and stores the metrics with each candidate.
import type { TaskRecord } from '../datasets/index.ts';
import type { RunStoreWriter } from '../runstore/index.ts';
import { InputError } from '../util/errors.ts';
import { METRICS, resolveMetrics, scorePair } from './registry.ts';

export interface ScoreRunSummary {
  /** candidates that got metrics. */
  scored: number;
  /** candidates without output (the model call failed): left unscored, not counted as 0. */
  missing: { taskId: string; sample: number; reason: string }[];
  /** metric names per language that were computed. */
  metrics: Record<string, string[]>;
  /** named metrics that are not defined for a language of the run, per language (left out, shown as missing). */
  unsupported: Record<string, string[]>;
}

/**
 * Scores every candidate with an output against its task's reference (prefix and suffix go to
 * syntax-ok). Metric names default to every metric that supports the task's language. All scores
 * are computed before the first is stored, so a failure leaves the store as it was.
 */
export async function scoreRun(store: RunStoreWriter, metricNames?: readonly string[]): Promise<ScoreRunSummary> {
  const tasks = new Map<string, TaskRecord>(store.tasks().map((task) => [task.id, task]));
  const metrics: Record<string, string[]> = {};
  const unsupported: Record<string, string[]> = {};
  for (const name of metricNames ?? []) METRICS.get(name);
  for (const task of tasks.values()) {
    if (metrics[task.language]) continue;
    // A run may mix languages: a named metric that a language lacks (CodeBLEU covers 10) is left out there.
    const applicable = resolveMetrics(task.language).map((m) => m.name);
    metrics[task.language] = metricNames ? metricNames.filter((name) => applicable.includes(name)) : applicable;
    const lacking = (metricNames ?? []).filter((name) => !applicable.includes(name));
    if (lacking.length > 0) unsupported[task.language] = lacking;
  }

  const results: { taskId: string; sample: number; scores: Record<string, number> }[] = [];
  const missing: ScoreRunSummary['missing'] = [];
  for (const candidate of store.candidates()) {
    const task = tasks.get(candidate.taskId);
    if (!task)
      throw new InputError(`candidate ${candidate.taskId}#${candidate.sample} belongs to no task of the run`, {
        file: store.dir,
      });
    if (candidate.error !== null || candidate.output === null) {
      missing.push({ taskId: candidate.taskId, sample: candidate.sample, reason: candidate.error ?? 'no output' });
      continue;
    }
    const scores = await scorePair(candidate.output, task.reference, task.language, metrics[task.language], {
      prefix: task.prefix,
      suffix: task.suffix,
    });
    results.push({ taskId: candidate.taskId, sample: candidate.sample, scores });
  }
  for (const { taskId, sample, scores } of results) store.putMetrics(taskId, sample, scores);
  return { scored: results.length, missing, metrics, unsupported };
}
