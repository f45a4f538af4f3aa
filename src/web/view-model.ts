// Turns run-store records into what the viewer shows: verdict classes, compact task rows for the
// list, candidates with their diffs, and the original function's facts.
import { posix } from 'node:path';
import type { TaskHead, TaskRecord } from '../datasets/index.ts';
import { passAtK, scoreCaveats } from '../metrics/index.ts';
import { linesGroup, reportScale } from '../report/index.ts';
import { candidateHead, type AgentTrace, type CandidateHead, type CandidateRecord } from '../runstore/index.ts';
import { diffOps } from './diff.ts';
import { VERDICT_ORDER } from './client/query.ts';
import type { CandidateView, OriginalFacts, TaskRow, TaskVerdict, VerdictClass } from './types.ts';

export function verdictClass(candidate: CandidateHead): VerdictClass {
  if (candidate.verdict) {
    switch (candidate.verdict.verdict) {
      case 'pass':
        return 'passed';
      case 'pass-flagged':
        return 'flagged';
      case 'not-covered':
        return 'not-run';
      case 'test-fail':
        return 'built';
      case 'timeout':
        return 'timeout';
      case 'build-error':
      case 'crash':
      case 'sandbox-violation':
        return 'failed';
    }
  }
  return candidate.hasOutput ? 'not-run' : 'no-output';
}

/** The best class among a task's candidates (`no-candidates` when there are none yet). */
export function bestVerdict(classes: VerdictClass[]): TaskVerdict {
  let best: TaskVerdict = 'no-candidates';
  for (const value of classes) if (VERDICT_ORDER.indexOf(value) < VERDICT_ORDER.indexOf(best)) best = value;
  return best;
}

/** Scores on the report stage's scale (`reportScale`): 0/1 and 0..1 metrics x100, percent metrics as they are. */
export function reportScaled(metrics: Record<string, number> | null): Record<string, number> {
  const scaled: Record<string, number> = {};
  for (const [name, value] of Object.entries(metrics ?? {})) scaled[name] = value * reportScale(name);
  return scaled;
}

function facetValue(label: string, value: string | number): string {
  if (label === 'lines') return linesGroup(Number(value));
  if (label === 'bucket') return String(value).padStart(2, '0');
  return String(value);
}

/** The list row of a task; `candidates` are the task's candidates in sample order. */
export function taskRow(task: TaskHead, ord: number, candidates: readonly CandidateHead[]): TaskRow {
  const classes = candidates.map(verdictClass);
  const verdicts: Partial<Record<VerdictClass, number>> = {};
  for (const value of classes) verdicts[value] = (verdicts[value] ?? 0) + 1;
  const verdict = bestVerdict(classes);

  const sums = new Map<string, { sum: number; count: number }>();
  for (const candidate of candidates) {
    for (const [name, value] of Object.entries(reportScaled(candidate.metrics))) {
      const entry = sums.get(name) ?? { sum: 0, count: 0 };
      entry.sum += value;
      entry.count++;
      sums.set(name, entry);
    }
  }
  const metrics: Record<string, number> = {};
  for (const [name, { sum, count }] of sums) metrics[name] = sum / count;
  // judged candidates: not-covered ones ran no test (as in the report, left out of pass@k)
  const executed = candidates.filter((c) => c.verdict && c.verdict.verdict !== 'not-covered');
  const passed = executed.filter((c) => c.verdict!.verdict === 'pass').length;
  for (const k of [1, 5, 10])
    if (executed.length >= k) metrics[`pass@${k}`] = 100 * passAtK(executed.length, passed, k);

  const labels: Record<string, string | number> = {};
  const facets: Record<string, string> = { repo: task.repo.name, language: task.language, kind: task.kind, verdict };
  for (const [label, value] of Object.entries(task.labels)) {
    if (value === undefined) continue;
    labels[label] = value;
    facets[label] = facetValue(label, value);
  }
  return {
    ord,
    id: task.id,
    name: task.name ?? task.crossFileName ?? null,
    path: task.path,
    repo: task.repo.name,
    language: task.language,
    kind: task.kind,
    labels,
    span: [task.span.startLine, task.span.endLine],
    candidates: candidates.length,
    verdicts,
    verdict,
    facets,
    metrics,
  };
}

export function candidateView(
  task: TaskRecord,
  candidate: CandidateRecord,
  trace: AgentTrace | null = null,
): CandidateView {
  const times = [candidate.latencyMs, candidate.verdict?.buildMs, candidate.verdict?.testMs].filter(
    (t): t is number => typeof t === 'number',
  );
  return {
    ...candidate,
    class: verdictClass(candidateHead(candidate)),
    scores: reportScaled(candidate.metrics),
    scoreCaveats: scoreCaveats(candidate.metrics),
    timeMs: times.length ? times.reduce((a, b) => a + b, 0) : null,
    ...candidateDiff(task, candidate),
    trace,
  };
}

function candidateDiff(task: TaskRecord, candidate: CandidateRecord): Pick<CandidateView, 'diff' | 'diffMethod'> {
  if (candidate.output === null) return { diff: null, diffMethod: null };
  const { ops, method } = diffOps(task.reference, candidate.output);
  return { diff: ops, diffMethod: method };
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const textOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** YABLoCo's published callee-count columns and the viewer's level names for them. */
const PUBLISHED_LEVELS: [string, string][] = [
  ['same_file', 'file'],
  ['same_package', 'package'],
  ['project', 'project'],
  ['stdlib', 'stdlib'],
  ['external_binaries', 'external'],
];

/**
 * Callee counts per level: as the task builder or the published set recorded them, else from where the oracle snippets
 * are.
 */
function calleeCounts(task: TaskRecord): Pick<OriginalFacts, 'callees' | 'calleesFrom'> {
  const meta = task.meta ?? {};
  const recorded = meta.callees;
  if (recorded && typeof recorded === 'object' && Object.values(recorded).every((v) => typeof v === 'number')) {
    return { callees: { ...(recorded as Record<string, number>) }, calleesFrom: 'index' };
  }
  if (PUBLISHED_LEVELS.some(([column]) => numberOrNull(meta[column]) !== null)) {
    return {
      callees: Object.fromEntries(PUBLISHED_LEVELS.map(([column, level]) => [level, numberOrNull(meta[column]) ?? 0])),
      calleesFrom: 'published',
    };
  }
  if (task.oracle && task.oracle.length > 0) {
    const counts: Record<string, number> = { file: 0, package: 0, project: 0 };
    for (const snippet of task.oracle) {
      const level =
        snippet.path === task.path
          ? 'file'
          : posix.dirname(snippet.path) === posix.dirname(task.path)
            ? 'package'
            : 'project';
      counts[level]!++;
    }
    return { callees: counts, calleesFrom: 'oracle' };
  }
  return { callees: null, calleesFrom: null };
}

export function originalFacts(task: TaskRecord): OriginalFacts {
  const meta = task.meta ?? {};
  return {
    lastCommit: textOrNull(meta.lastCommit) ?? textOrNull(meta.last_commit),
    testHits: numberOrNull(meta.testHits) ?? numberOrNull(meta.test_cov_hits),
    callers: numberOrNull(meta.callers) ?? numberOrNull(meta.calls_num),
    ...calleeCounts(task),
  };
}
