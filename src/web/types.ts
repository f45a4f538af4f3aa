// What the viewer's JSON API returns (and `--export` writes): compact task rows for the list, one
// task with its candidates for the task page, and report-stage summaries, comparisons and progress.
import type { FigureTable, Comparison, Dimension, Report } from '../report/index.ts';
import type { TaskRecord } from '../datasets/index.ts';
import type { AgentTrace, CandidateRecord, RunConfig } from '../runstore/index.ts';
import type { PromptParts } from '../context/index.ts';

/**
 * A candidate's outcome as the viewer colours it: build-error, crash and sandbox-violation are `failed`, test-fail is
 * `built`, pass-flagged is `flagged`.
 */
export type VerdictClass = 'passed' | 'flagged' | 'built' | 'failed' | 'timeout' | 'not-run' | 'no-output';
/** A task's best candidate class, or `no-candidates` before generation reached it. */
export type TaskVerdict = VerdictClass | 'no-candidates';

export interface RunInfo {
  /** short name used in URLs (the directory's base name, made unique). */
  id: string;
  dir: string;
  config: RunConfig;
  tasks: number;
  /** candidates stored so far, and tasks x samples. */
  candidates: number;
  expected: number;
  /** changes whenever another process commits to the run store. */
  version: number;
  /**
   * metric columns of the task list when the run has them: pass@1, then the registry's metrics marked `column`
   * (built-in or from a plugin).
   */
  tableMetrics: string[];
}

/** One task of the list: everything the filters, the sort and the table need, nothing large. */
export interface TaskRow {
  /** position in the run's task snapshot. */
  ord: number;
  id: string;
  name: string | null;
  path: string;
  repo: string;
  language: string;
  kind: string;
  labels: Record<string, string | number>;
  /** first and last line of the hole. */
  span: [number, number];
  candidates: number;
  verdicts: Partial<Record<VerdictClass, number>>;
  verdict: TaskVerdict;
  /** facet name -> value: repo, language, kind, verdict and one per label (`lines` grouped as the report does). */
  facets: Record<string, string>;
  /** metric -> mean over the task's scored candidates, on the report scale; `pass@k` from executed candidates. */
  metrics: Record<string, number>;
}

export interface TaskQuery {
  /** words that must all occur in the id, name, path or repository (case-insensitive). */
  text: string;
  /** facet -> required value. */
  facets: Record<string, string>;
  /** metric -> [min, max], inclusive, either may be null. */
  ranges: Record<string, [number | null, number | null]>;
  sort: string;
  desc: boolean;
}

export interface QueryResult {
  total: number;
  /** facet -> value -> matching tasks when that facet's own selection is left out. */
  facets: Record<string, Record<string, number>>;
  rows: TaskRow[];
}

export interface CandidateView extends CandidateRecord {
  class: VerdictClass;
  /** metric values on the report scale (x100 for 0/1 and 0..1 metrics). */
  scores: Record<string, number>;
  /**
   * the degenerate scores among them, each with why (MetricDefinition.caveat: CodeBLEU's dataflow score of 0 counted as
   * 1).
   */
  scoreCaveats: Record<string, string>;
  /** generation + build + test time, null when none is known. */
  timeMs: number | null;
  /**
   * line diff of the post-processed output against the reference, one character per line (`=` both,
   * `-` reference only, `+` output only; see diff.ts), null without output.
   */
  diff: string | null;
  /** how the diff was made: `side-by-side` when the candidate differs too much for a bounded shortest edit script. */
  diffMethod: 'myers' | 'side-by-side' | null;
  /** an agent run's turns and tool calls (eval's agent mode), null for other runs. */
  trace: AgentTrace | null;
}

/** Facts about the original function (YABLoCo's left panel), from `task.meta` or derived from the oracle. */
export interface OriginalFacts {
  lastCommit: string | null;
  testHits: number | null;
  callers: number | null;
  /** callee counts per level. */
  callees: Record<string, number> | null;
  /**
   * `index`: counted by the task builder; `published`: columns of an imported set; `oracle`: oracle snippets by
   * location.
   */
  calleesFrom: 'index' | 'published' | 'oracle' | null;
}

export interface TaskDetail {
  run: string;
  row: TaskRow;
  task: TaskRecord;
  facts: OriginalFacts;
  prompt: PromptParts | null;
  candidates: CandidateView[];
}

export interface SummaryTable {
  by: Dimension[];
  report: Report;
}

/** A figure of the report stage as the Summary page shows it: a chart as SVG, or a table. */
export interface SummaryFigure {
  id: string;
  kind: string;
  title: string;
  caption: string;
  svg: string | null;
  table: FigureTable | null;
  /** why a chart figure has no drawing (the optional chart packages are not installed), else null. */
  note: string | null;
}

export interface RunSummary {
  run: RunInfo;
  /** one line per run: what produced the numbers (the report's provenance lines). */
  provenance: string[];
  notes: string[];
  /** how the tables show the metrics (x100 or 0-100), from the metric registry. */
  scaleNote: string;
  tables: SummaryTable[];
  /** the report's figures of this run (the registry's kinds that apply). */
  figures: SummaryFigure[];
  /** every figure kind of the registry: id, title and what it shows. */
  kinds: { id: string; title: string; description: string }[];
}

export interface RunProgress {
  run: string;
  version: number;
  tasks: number;
  expected: number;
  generated: number;
  scored: number;
  executed: number;
  counts: Record<VerdictClass, number>;
  time: {
    generationMs: number;
    buildMs: number;
    testMs: number;
    totalMs: number;
    averageMs: number | null;
    timedCandidates: number;
    /**
     * the union of the writing sessions (`wallTimeMs`); null when none was recorded (a run written by an older
     * version).
     */
    wallMs: number | null;
    /** writing sessions recorded. */
    sessions: number;
  };
  /** pass@k, em and es per repository so far (the report stage's aggregation). */
  perRepo: Report;
  updatedAt: string;
}

export interface CompareTask {
  id: string;
  name: string | null;
  path: string;
  repo: string;
  a: Pick<TaskRow, 'ord' | 'verdict' | 'verdicts' | 'metrics'>;
  b: Pick<TaskRow, 'ord' | 'verdict' | 'verdicts' | 'metrics'>;
}

export interface RunComparison {
  a: RunInfo;
  b: RunInfo;
  onlyA: number;
  onlyB: number;
  provenance: string[];
  notes: string[];
  tables: SummaryTable[];
  comparison: Comparison | null;
  /** the tasks both runs have, in run A's order. */
  tasks: CompareTask[];
}
