// Aggregates scored runs along the papers' dimensions (language, level, bucket, semantic class,
// completion lines, prompt length, repository) with every number's provenance.
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { taskSourceHash, liveSource, type TaskRecord } from '../datasets/index.ts';
import { listMetrics, passAtK, passAtKFirst, supportsLanguage, type MetricScale } from '../metrics/index.ts';
import type { CandidateRecord, RunConfig, RunStoreReader } from '../runstore/index.ts';
import { familyDimension, familyDimensions } from '../tasks/index.ts';
import { InputError } from '../util/errors.ts';

/**
 * The dimensions a report groups by: the task's language and kind, the labels the task families name (`level`,
 * `bucket`, `semantic` for the built-ins), completion lines, prompt length, repository and live window.
 */
export function reportDimensions(): string[] {
  return [
    'language',
    'kind',
    ...familyDimensions().map((dimension) => dimension.label),
    'lines',
    'prompt-tokens',
    'repo',
    'window',
  ];
}
/** A dimension of `reportDimensions`, or the name of a task label (`contaminated` from `report --labels`). */
export type Dimension = string;

/** M2RC-Eval's completion-length groups. */
export function linesGroup(lines: number): string {
  if (lines <= 1) return '1 (easy)';
  if (lines <= 3) return '2-3 (middle)';
  if (lines <= 5) return '4-5 (hard)';
  return '6+';
}

/** M2RC-Eval's prompt-length bins (tokens). */
export function promptTokensGroup(tokens: number | undefined): string {
  if (tokens === undefined) return 'unknown';
  const edges = [512, 1024, 2048, 4096];
  for (const edge of edges) if (tokens <= edge) return `<=${edge}`;
  return '>4096';
}

/** YABLoCo's context levels, from no dependency to project-wide ones. */
const LEVEL_ORDER = ['none', 'stdlib', 'file', 'package', 'project'];

/**
 * Group order: context levels as YABLoCo's, numbers by value, prompt-length bins by size, the rest alphabetically;
 * `n/a` last.
 */
export function compareGroupValues(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'n/a' || a === 'unknown') return 1;
  if (b === 'n/a' || b === 'unknown') return -1;
  const [levelA, levelB] = [LEVEL_ORDER.indexOf(a), LEVEL_ORDER.indexOf(b)];
  if (levelA >= 0 && levelB >= 0) return levelA - levelB;
  const rank = (g: string) => {
    const m = /^(?:<=|>)?(\d+)/.exec(g);
    return m ? Number(m[1]) + (g.startsWith('>') ? 0.5 : 0) : NaN;
  };
  const [x, y] = [rank(a), rank(b)];
  if (!Number.isNaN(x) && !Number.isNaN(y) && x !== y) return x - y;
  return a.localeCompare(b);
}

/** Groups of several dimensions: by the first dimension's value, then the next (`compareGroupValues`). */
function compareGroupLists(a: string[], b: string[]): number {
  for (let i = 0; i < a.length; i++) {
    const order = compareGroupValues(a[i]!, b[i]!);
    if (order !== 0) return order;
  }
  return 0;
}

export const RunProvenanceSchema = z.object({
  dir: z.string(),
  model: z.string(),
  baseline: z.boolean(),
  context: z.string(),
  template: z.string(),
  tokenizer: z.string(),
  samples: z.int(),
  toolVersion: z.string(),
  /** set when the tasks file changed after the run was made. */
  tasksChanged: z.string().nullable(),
});
export type RunProvenance = z.output<typeof RunProvenanceSchema>;

export const GroupRowSchema = z.object({
  run: z.string(),
  /** the group's value per dimension, in `by` order. */
  group: z.array(z.string()),
  tasks: z.int(),
  candidates: z.int(),
  /** candidates without an output or without the metric (errors, not yet scored). */
  missing: z.int(),
  /** mean per metric on the report scale (x100 for 0/1 and 0..1 metrics), null when nothing is scored. */
  means: z.record(z.string(), z.number().nullable()),
});
export type GroupRow = z.output<typeof GroupRowSchema>;

/** What an agent run's answers cost (eval's agent mode), means per candidate with a trace. */
export const AgentCostSchema = z.object({
  run: z.string(),
  /** candidates with a trace (the means are over them). */
  candidates: z.int(),
  turns: z.number(),
  toolCalls: z.number(),
  /** tool calls per candidate, by tool (refused ones included). */
  byTool: z.record(z.string(), z.number()),
  /** over all turns, as the server counted them. */
  promptTokens: z.number(),
  completionTokens: z.number(),
  /** what the tools' results added to the prompts, in the run's tokenizer. */
  resultTokens: z.number(),
  /** how the candidates' conversations ended: `answer` or the budget reached. */
  stoppedBy: z.record(z.string(), z.int()),
  /**
   * the share of a task's oracle files (the callees' files) whose text the tools showed, x100; null without tasks that
   * have an oracle.
   */
  oracleRecall: z.number().nullable(),
  /** the candidates of tasks with an oracle (oracleRecall's mean is over them). */
  oracleCandidates: z.int(),
});
export type AgentCost = z.output<typeof AgentCostSchema>;

/** An agent run's cost, from its candidates' traces (null for a run with none). */
function agentCost(store: RunStoreReader, candidates: CandidateRecord[], tasks: TaskRecord[]): AgentCost | null {
  const oracleFiles = new Map(
    tasks.map((task) => [
      task.id,
      new Set((task.oracle ?? []).map((snippet) => snippet.path).filter((path) => path !== '')),
    ]),
  );
  let count = 0;
  const sums = { turns: 0, toolCalls: 0, promptTokens: 0, completionTokens: 0, resultTokens: 0 };
  const byTool = new Map<string, number>();
  const stoppedBy = new Map<string, number>();
  let recallSum = 0;
  let oracleCandidates = 0;
  for (const candidate of candidates) {
    const trace = store.trace(candidate.taskId, candidate.sample);
    if (!trace) continue;
    count++;
    const calls = trace.turns.flatMap((turn) => turn.toolCalls);
    sums.turns += trace.turns.length;
    sums.toolCalls += calls.length;
    for (const turn of trace.turns) {
      sums.promptTokens += turn.promptTokens ?? 0;
      sums.completionTokens += turn.completionTokens ?? 0;
    }
    for (const call of calls) {
      sums.resultTokens += call.resultTokens;
      byTool.set(call.name, (byTool.get(call.name) ?? 0) + 1);
    }
    stoppedBy.set(trace.stoppedBy, (stoppedBy.get(trace.stoppedBy) ?? 0) + 1);
    const oracle = oracleFiles.get(candidate.taskId);
    if (oracle && oracle.size > 0) {
      const seen = new Set(calls.flatMap((call) => call.files ?? []));
      recallSum += [...oracle].filter((path) => seen.has(path)).length / oracle.size;
      oracleCandidates++;
    }
  }
  if (count === 0) return null;
  const mean = (sum: number) => sum / count;
  return {
    run: store.dir,
    candidates: count,
    turns: mean(sums.turns),
    toolCalls: mean(sums.toolCalls),
    byTool: Object.fromEntries(
      [...byTool].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, calls]) => [name, mean(calls)]),
    ),
    promptTokens: mean(sums.promptTokens),
    completionTokens: mean(sums.completionTokens),
    resultTokens: mean(sums.resultTokens),
    stoppedBy: Object.fromEntries([...stoppedBy].sort(([a], [b]) => (a < b ? -1 : 1))),
    oracleRecall: oracleCandidates > 0 ? (100 * recallSum) / oracleCandidates : null,
    oracleCandidates,
  };
}

/** A report: what `ctxbench report --format json` writes (with the comparison of its runs). */
export const ReportSchema = z.object({
  /** dimensions (`reportDimensions`) or task labels. */
  by: z.array(z.string() as z.ZodType<Dimension, string>),
  metrics: z.array(z.string()),
  runs: z.array(RunProvenanceSchema),
  rows: z.array(GroupRowSchema),
  /** one line per problem: missing candidates, unscored metrics, changed tasks. */
  notes: z.array(z.string()),
  /** the agent runs' costs (eval's agent mode), one per agent run. */
  agents: z.array(AgentCostSchema),
});
export type Report = z.output<typeof ReportSchema>;

const REPORT_SCALE: Record<MetricScale, number> = { binary: 100, fraction: 100, percent: 1 };

/** The factor that puts a metric on the report scale (0/1 and 0..1 metrics are shown x100). */
export function reportScale(metric: string): number {
  metricScales ??= new Map(listMetrics().map((m) => [m.name, m.scale]));
  const scale = metricScales.get(metric);
  return scale ? REPORT_SCALE[scale] : 100;
}

/**
 * How the report shows its metrics, from the registry's scales: which are shown x100 (0/1 and 0..1 metrics, pass@k)
 * and which are 0-100 as computed.
 */
export function scaleNote(metrics: readonly string[]): string {
  const passAtK = metrics.some((metric) => metric.startsWith('pass@')) ? ['pass@k'] : [];
  const scaled = [...metrics.filter((metric) => !metric.startsWith('pass@') && reportScale(metric) !== 1), ...passAtK];
  const percent = metrics.filter((metric) => reportScale(metric) === 1);
  const sides = [
    scaled.length > 0 ? `x100 (computed 0-1): ${scaled.join(', ')}` : null,
    percent.length > 0 ? `0-100 as computed: ${percent.join(', ')}` : null,
  ].filter((side) => side !== null);
  return sides.length > 0 ? `Scale: ${sides.join('; ')}.` : '';
}

/** The registry's scales, read on first use (the viewer scales every candidate's scores). */
let metricScales: Map<string, MetricScale> | undefined;

function provenance(store: RunStoreReader): RunProvenance {
  const config: RunConfig = store.config();
  let tasksChanged: string | null = null;
  const live = config.tasksPath ? liveSource(config.tasksPath) : null;
  if (config.tasksPath && (live || existsSync(config.tasksPath))) {
    const hash = taskSourceHash(config.tasksPath);
    if (hash !== config.tasksHash)
      tasksChanged = live
        ? `${config.tasksPath} has windows this run has not seen (eval again to add their tasks), or was rebuilt`
        : `${config.tasksPath} changed since this run was made`;
  }
  return {
    dir: store.dir,
    model: config.model,
    baseline: config.isBaseline === true || config.model.startsWith('baseline:'),
    context: config.context,
    template: config.template,
    tokenizer: config.tokenizer,
    samples: config.samples,
    toolVersion: config.toolVersion,
    tasksChanged,
  };
}

export function groupValue(task: TaskRecord, dimension: Dimension, promptTokens: number | undefined): string {
  switch (dimension) {
    case 'language':
      return task.language;
    case 'kind':
      return task.kind;
    case 'lines':
      return linesGroup(task.labels.lines);
    case 'prompt-tokens':
      return promptTokensGroup(promptTokens);
    case 'repo':
      return task.repo.name;
    default: {
      const value = task.labels[dimension];
      if (value === undefined) return 'n/a';
      return familyDimension(dimension)?.group?.(value) ?? String(value);
    }
  }
}

/** Names of pass@k columns for the sample count of a run: k = 1, and 5, 10 when there are enough samples. */
export function passAtKColumns(samples: number): string[] {
  return [1, 5, 10].filter((k) => k <= samples).flatMap((k) => [`pass@${k}`, `pass@${k}-first`]);
}

/** `--by` names: the built-in dimensions and `labels` (the names of a `--labels` file). */
export function parseDimensions(text: string | undefined, labels: Iterable<string> = []): Dimension[] {
  if (!text) return [];
  const known = [...reportDimensions(), ...labels];
  return text.split(',').map((name) => {
    const trimmed = name.trim();
    if (!known.includes(trimmed))
      throw new InputError(`unknown dimension '${trimmed}' (known: ${known.join(', ')})`, { field: '--by' });
    return trimmed as Dimension;
  });
}

/**
 * Refuses runs of which two share no task: their comparison would be empty tables and zero
 * differences. Runs that share some tasks are compared on those.
 */
export function assertSharedTasks(stores: RunStoreReader[]): void {
  const ids = stores.map((store) => new Set(store.tasks().map((task) => task.id)));
  for (let i = 0; i < stores.length; i++) {
    for (let j = i + 1; j < stores.length; j++) {
      const [small, large] = ids[i]!.size <= ids[j]!.size ? [ids[i]!, ids[j]!] : [ids[j]!, ids[i]!];
      let shared = false;
      for (const id of small)
        if (large.has(id)) {
          shared = true;
          break;
        }
      if (!shared)
        throw new InputError(
          `runs ${stores[i]!.dir} and ${stores[j]!.dir} share no tasks: only runs made from the same tasks can be ` +
            `compared`,
        );
    }
  }
}

/**
 * What a run's means of each metric leave out or count by the metric's own rule, said instead of averaged in silence:
 * the languages a metric is not defined for (CodeBLEU's 10), and the candidates whose score is degenerate
 * (MetricDefinition.caveat: CodeBLEU's dataflow score of 0 counted as 1).
 */
function metricCaveatNotes(
  dir: string,
  candidates: CandidateRecord[],
  tasks: TaskRecord[],
  metricNames: readonly string[],
): string[] {
  const languageOf = new Map(tasks.map((task) => [task.id, task.language]));
  const scored = candidates.filter((c) => c.metrics !== null && languageOf.has(c.taskId));
  const notes: string[] = [];
  for (const metric of listMetrics()) {
    if (!metricNames.includes(metric.name)) continue;
    const outside = new Map<string, number>();
    for (const c of scored) {
      const language = languageOf.get(c.taskId)!;
      if (!supportsLanguage(metric, language)) outside.set(language, (outside.get(language) ?? 0) + 1);
    }
    if (outside.size > 0) {
      const count = [...outside.values()].reduce((a, b) => a + b, 0);
      notes.push(
        `${dir}: ${metric.name} is not defined for ${[...outside.keys()].sort().join(', ')} (${count} of ` +
          `${scored.length} scored candidates): its means leave them out`,
      );
    }
    if (!metric.caveat) continue;
    const caveats = new Map<string, number>();
    let withScore = 0;
    for (const c of scored) {
      if (c.metrics![metric.name] === undefined) continue;
      withScore++;
      const caveat = metric.caveat(c.metrics!);
      if (caveat) caveats.set(caveat, (caveats.get(caveat) ?? 0) + 1);
    }
    for (const [caveat, count] of caveats)
      notes.push(`${dir}: ${metric.name}: ${count} of ${withScore} candidates with ${caveat}`);
  }
  return notes;
}

/** Builds the report of one or more runs, grouped by the given dimensions (none = one row per run). */
export function buildReport(stores: RunStoreReader[], by: Dimension[], metricFilter?: string[]): Report {
  assertSharedTasks(stores);
  const scales = new Map(listMetrics().map((m) => [m.name, m.scale]));
  const notes: string[] = [];
  const runs = stores.map(provenance);
  for (const run of runs)
    if (run.tasksChanged) notes.push(`${run.dir}: ${run.tasksChanged}; scores refer to the old tasks`);
  const scoredNames = new Set<string>();
  const perRun = stores.map((store) => {
    const candidates = store.candidates();
    for (const c of candidates) for (const name of Object.keys(c.metrics ?? {})) scoredNames.add(name);
    return { store, candidates, tasks: store.tasks() };
  });
  perRun.forEach(({ candidates, tasks }, index) => {
    // A run executed for some repositories only (no environment for the others): pass@k is over those tasks,
    // less the ones no test reaches (not-covered, said below).
    const judged = candidates.filter((c) => c.verdict);
    const judgedTasks = new Set(judged.map((c) => c.taskId));
    const scoredTasks = new Set(judged.filter((c) => c.verdict!.verdict !== 'not-covered').map((c) => c.taskId));
    if (judgedTasks.size > 0 && judgedTasks.size < tasks.length)
      notes.push(
        `${runs[index]!.dir}: ${tasks.length - judgedTasks.size} of ${tasks.length} tasks have no verdict (not ` +
          `executed); pass@k is over the ${scoredTasks.size} executed` +
          (scoredTasks.size < judgedTasks.size ? ' that a test reaches' : ''),
      );
    const uncovered = candidates.filter((c) => c.verdict?.verdict === 'not-covered').length;
    if (uncovered > 0)
      notes.push(
        `${runs[index]!.dir}: ${uncovered} candidates built for tasks no test reaches (not-covered: coverage shows ` +
          `no test executing their code); left out of pass@k`,
      );
    const flagged = candidates.filter((c) => c.verdict?.verdict === 'pass-flagged');
    if (flagged.length === 0) return;
    const patterns = new Map<string, number>();
    for (const c of flagged)
      for (const flag of c.verdict!.flags ?? [])
        patterns.set(flag.split(':')[0]!, (patterns.get(flag.split(':')[0]!) ?? 0) + 1);
    const byCount = [...patterns]
      .sort((a, b) => b[1] - a[1])
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
    notes.push(
      `${runs[index]!.dir}: ${flagged.length} candidates passed their tests but match a cheat pattern ` +
        `(pass-flagged, not counted as passes): ${byCount}`,
    );
  });
  const maxSamples = Math.max(1, ...runs.map((r) => r.samples));
  const hasVerdicts = perRun.some((r) => r.candidates.some((c) => c.verdict));
  const metricNames = metricFilter ?? [
    ...listMetrics()
      .map((m) => m.name)
      .filter((name) => scoredNames.has(name)),
    ...(hasVerdicts ? passAtKColumns(maxSamples) : []),
  ];
  for (const name of metricNames) {
    if (!scales.has(name) && !/^pass@\d+(-first)?$/.test(name))
      throw new InputError(`unknown metric '${name}' (known: ${[...scales.keys()].join(', ')}, pass@k, pass@k-first)`, {
        field: '--metrics',
      });
  }

  const rows: GroupRow[] = [];
  perRun.forEach(({ store, candidates, tasks }, runIndex) => {
    const byTask = new Map<string, CandidateRecord[]>();
    for (const c of candidates) {
      const list = byTask.get(c.taskId) ?? [];
      list.push(c);
      byTask.set(c.taskId, list);
    }
    const groups = new Map<string, { group: string[]; tasks: TaskRecord[] }>();
    for (const task of tasks) {
      const prompt = by.includes('prompt-tokens') ? store.prompt(task.id) : null;
      const group = by.map((d) => groupValue(task, d, prompt?.tokens.total));
      const key = group.join('\0');
      const entry = groups.get(key) ?? { group, tasks: [] };
      entry.tasks.push(task);
      groups.set(key, entry);
    }
    const expected = runs[runIndex]!.samples;
    let missingTotal = 0;
    for (const { group, tasks: groupTasks } of [...groups.values()].sort((a, b) =>
      compareGroupLists(a.group, b.group),
    )) {
      const sums = new Map<string, { sum: number; count: number }>();
      const add = (name: string, value: number) => {
        const s = sums.get(name) ?? { sum: 0, count: 0 };
        s.sum += value;
        s.count++;
        sums.set(name, s);
      };
      let candidateCount = 0;
      let missing = 0;
      for (const task of groupTasks) {
        const list = (byTask.get(task.id) ?? []).sort((a, b) => a.sample - b.sample);
        candidateCount += list.length;
        missing += Math.max(0, expected - list.length);
        for (const c of list) {
          if (c.output === null || c.metrics === null) missing++;
          for (const name of metricNames) {
            const value = c.metrics?.[name];
            if (value !== undefined) add(name, value * REPORT_SCALE[scales.get(name) ?? 'fraction']);
          }
        }
        // a candidate no test judged (not-covered) is neither a pass nor a failure
        const verdicts = list
          .filter((c) => c.verdict && c.verdict.verdict !== 'not-covered')
          .map((c) => c.verdict!.verdict === 'pass');
        if (verdicts.length > 0) {
          for (const name of metricNames) {
            const match = /^pass@(\d+)(-first)?$/.exec(name);
            if (!match) continue;
            const k = Number(match[1]);
            if (k > verdicts.length) continue;
            add(
              name,
              100 *
                (match[2] ? passAtKFirst(verdicts, k) : passAtK(verdicts.length, verdicts.filter(Boolean).length, k)),
            );
          }
        }
      }
      missingTotal += missing;
      const means: Record<string, number | null> = {};
      for (const name of metricNames) {
        const s = sums.get(name);
        means[name] = s && s.count > 0 ? s.sum / s.count : null;
      }
      rows.push({ run: store.dir, group, tasks: groupTasks.length, candidates: candidateCount, missing, means });
    }
    if (missingTotal > 0)
      notes.push(
        `${store.dir}: ${missingTotal} candidates missing or unscored; averages are over the scored ones only`,
      );
    notes.push(...metricCaveatNotes(store.dir, candidates, tasks, metricNames));
    const exact = candidates.filter((c) => c.metrics?.em !== undefined);
    if (exact.length > 0) {
      const matches = exact.filter((c) => c.metrics!.em === 1).length;
      // the reference baseline matches by construction: no signal of anything
      const why = store.config().model.startsWith('baseline:reference')
        ? 'by construction (the reference baseline)'
        : 'the memorisation signal';
      notes.push(
        `${store.dir}: exact matches ${matches} of ${exact.length} candidates ` +
          `(${((100 * matches) / exact.length).toFixed(1)}%), ${why}`,
      );
    }
  });
  const agents = perRun.flatMap(({ store, candidates, tasks }) => agentCost(store, candidates, tasks) ?? []);
  return { by, metrics: metricNames, runs, rows, notes, agents };
}
