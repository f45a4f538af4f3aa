// The viewer's read side: each run store opened read-only, its task snapshot parsed once, and its
// candidates read once, then, when another process has committed since (`PRAGMA data_version`),
// only the candidates of the tasks the store's change log names since the last look: polling a run
// in progress reads what changed, not the run. Each version remembers which rows it changed, so a
// client can fetch only those (`tasks?since=VERSION`).
import { basename } from 'node:path';
import Database from 'better-sqlite3';
import type { TaskRecord } from '../datasets/types.ts';
import { buildReport, type Dimension, type Report } from '../report/aggregate.ts';
import { compareRuns } from '../report/compare.ts';
import { FIGURE_KINDS, figureSvg, figuresOfRuns } from '../report/figures/index.ts';
import { provenanceLines } from '../report/render.ts';
import { openRunStore, runDatabasePath, type RunStore } from '../runstore/store.ts';
import type { CandidateRecord, PromptParts, RunConfig, RunStoreReader } from '../runstore/types.ts';
import { listMetrics } from '../metrics/registry.ts';
import { InputError } from '../util/errors.ts';
import { candidateView, originalFacts, taskRow, verdictClass } from './view-model.ts';
import type { CompareTask, RunComparison, RunInfo, RunProgress, RunSummary, SummaryFigure, SummaryTable, TaskDetail, TaskRow, VerdictClass } from './types.ts';

/** The task list's metric columns: pass@1 (from verdicts), then the registered metrics marked `column`. */
const tableMetrics = () => ['pass@1', ...listMetrics().filter((metric) => metric.column).map((metric) => metric.name)];

/** Dimensions of the summary tables, shown when they split the run into more than one group. */
const SUMMARY_DIMENSIONS: Dimension[] = ['repo', 'language', 'kind', 'level', 'bucket', 'semantic', 'lines', 'prompt-tokens'];

/** Versions whose changed rows are remembered for `rowsSince`. */
const ROW_HISTORY = 256;

interface Snapshot {
  dataVersion: number;
  version: number;
  /** the last entry of the store's change log read; null for a store without one (reloaded whole). */
  seq: number | null;
  byTask: Map<string, CandidateRecord[]>;
  candidates: CandidateRecord[] | null;
  rows: TaskRow[] | null;
  summary: RunSummary | null;
  progress: RunProgress | null;
}

export class RunView implements RunStoreReader {
  readonly dir: string;
  private readonly store: RunStore;
  /** a second connection only to ask whether another connection committed since the last look. */
  private readonly watcher: Database.Database;
  private taskList: TaskRecord[] | null = null;
  private taskIndex: Map<string, number> | null = null;
  private snapshot: Snapshot | null = null;
  /** per version since the last whole reload: the rows it changed. */
  private history: { version: number; ords: number[] }[] = [];

  constructor(readonly id: string, dir: string) {
    this.store = openRunStore(dir, { readonly: true });
    this.dir = this.store.dir;
    try {
      this.store.config();
      this.watcher = new Database(runDatabasePath(this.dir), { readonly: true });
    } catch (error) {
      this.store.close();
      throw error;
    }
  }

  config(): RunConfig {
    return this.store.config();
  }

  /** The task snapshot never changes after a run is created, so it is parsed once. */
  tasks(): TaskRecord[] {
    if (!this.taskList) {
      this.taskList = this.store.tasks();
      this.taskIndex = new Map(this.taskList.map((task, index) => [task.id, index]));
    }
    return this.taskList;
  }

  prompt(taskId: string): PromptParts | null {
    return this.store.prompt(taskId);
  }

  candidates(): CandidateRecord[] {
    const snapshot = this.current();
    snapshot.candidates ??= this.flatten(snapshot.byTask);
    return snapshot.candidates;
  }

  /** All candidates in task order, then those of tasks outside the snapshot by id (the store's order). */
  private flatten(byTask: Map<string, CandidateRecord[]>): CandidateRecord[] {
    const all: CandidateRecord[] = [];
    for (const task of this.tasks()) for (const candidate of byTask.get(task.id) ?? []) all.push(candidate);
    const others = [...byTask.keys()].filter((id) => !this.taskIndex!.has(id)).sort();
    for (const id of others) all.push(...byTask.get(id)!);
    return all;
  }

  /** Increases whenever the run store changed since the viewer last read it. */
  version(): number {
    return this.current().version;
  }

  private current(): Snapshot {
    const dataVersion = this.watcher.pragma('data_version', { simple: true }) as number;
    const previous = this.snapshot;
    if (previous && previous.dataVersion === dataVersion) return previous;
    const changes = previous && previous.seq !== null ? this.store.changesSince(previous.seq) : null;
    if (previous && changes) {
      previous.dataVersion = dataVersion;
      previous.seq = changes.last;
      if (changes.taskIds.length > 0) this.apply(previous, changes.taskIds);
      return previous;
    }
    // The whole run: the log's position first, so that what is written meanwhile is read again next time.
    const seq = this.store.lastChange();
    const byTask = new Map<string, CandidateRecord[]>();
    for (const candidate of this.store.candidates()) {
      const list = byTask.get(candidate.taskId);
      if (list) list.push(candidate);
      else byTask.set(candidate.taskId, [candidate]);
    }
    this.history = [];
    this.snapshot = { dataVersion, version: (previous?.version ?? 0) + 1, seq, byTask, candidates: null, rows: null, summary: null, progress: null };
    return this.snapshot;
  }

  /** Rereads the candidates of `taskIds` only and updates their rows; a new version. */
  private apply(snapshot: Snapshot, taskIds: string[]): void {
    const fresh = new Map<string, CandidateRecord[]>(taskIds.map((id) => [id, []]));
    for (const candidate of this.store.candidatesOf(taskIds)) fresh.get(candidate.taskId)!.push(candidate);
    const tasks = this.tasks();
    const ords: number[] = [];
    for (const [id, list] of fresh) {
      if (list.length > 0) snapshot.byTask.set(id, list);
      else snapshot.byTask.delete(id);
      const ord = this.taskIndex!.get(id);
      if (ord === undefined) continue;
      ords.push(ord);
      if (snapshot.rows) snapshot.rows[ord] = taskRow(tasks[ord]!, ord, list);
    }
    snapshot.version++;
    snapshot.candidates = null;
    snapshot.summary = null;
    snapshot.progress = null;
    this.history.push({ version: snapshot.version, ords });
    if (this.history.length > ROW_HISTORY) this.history.shift();
  }

  /** The rows changed after `version`, or null when that version is too old to know (fetch all rows). */
  rowsSince(version: number): TaskRow[] | null {
    const snapshot = this.current();
    if (version === snapshot.version) return [];
    const first = this.history[0];
    if (version > snapshot.version || !first || version < first.version - 1) return null;
    const rows = this.rows();
    const ords = new Set<number>();
    for (const entry of this.history) if (entry.version > version) for (const ord of entry.ords) ords.add(ord);
    return [...ords].sort((a, b) => a - b).map((ord) => rows[ord]!);
  }

  info(): RunInfo {
    const config = this.config();
    const snapshot = this.current();
    const tasks = this.tasks().length;
    let candidates = 0;
    for (const list of snapshot.byTask.values()) candidates += list.length;
    return { id: this.id, dir: this.dir, config, tasks, candidates, expected: tasks * config.samples, version: snapshot.version, tableMetrics: tableMetrics() };
  }

  rows(): TaskRow[] {
    const snapshot = this.current();
    snapshot.rows ??= this.tasks().map((task, ord) => taskRow(task, ord, snapshot.byTask.get(task.id) ?? []));
    return snapshot.rows;
  }

  /** One task with its prompt and candidates, or null when the run has no such task. */
  detail(taskId: string): TaskDetail | null {
    const tasks = this.tasks();
    const ord = this.taskIndex!.get(taskId);
    if (ord === undefined) return null;
    const task = tasks[ord]!;
    return {
      run: this.id,
      row: this.rows()[ord]!,
      task,
      facts: originalFacts(task),
      prompt: this.prompt(taskId),
      candidates: (this.current().byTask.get(taskId) ?? []).map((candidate) => candidateView(task, candidate)),
    };
  }

  summary(): RunSummary {
    const snapshot = this.current();
    if (!snapshot.summary) {
      const overall = buildReport([this], []);
      snapshot.summary = {
        run: this.info(), provenance: provenanceLines(overall), notes: overall.notes, tables: [{ by: [], report: overall }, ...splitTables([this], overall.metrics)],
        figures: summaryFigures([this], overall), kinds: FIGURE_KINDS.list().map(({ id, title, description }) => ({ id, title, description })),
      };
    }
    return snapshot.summary;
  }

  /**
   * What a run in progress has done so far. The provenance check of the report (hashing the tasks
   * file) is skipped: the panel does not show it and it is polled every second.
   */
  progress(): RunProgress {
    const snapshot = this.current();
    if (!snapshot.progress) {
      const config = this.config();
      const counts: Record<VerdictClass, number> = { passed: 0, built: 0, failed: 0, timeout: 0, 'not-run': 0, 'no-output': 0 };
      const time = { generationMs: 0, buildMs: 0, testMs: 0, totalMs: 0, averageMs: null as number | null, timedCandidates: 0 };
      const candidates = this.candidates();
      for (const candidate of candidates) {
        counts[verdictClass(candidate)]++;
        const parts = [candidate.latencyMs, candidate.verdict?.buildMs, candidate.verdict?.testMs];
        if (parts.every((t) => typeof t !== 'number')) continue;
        time.timedCandidates++;
        time.generationMs += candidate.latencyMs ?? 0;
        time.buildMs += candidate.verdict?.buildMs ?? 0;
        time.testMs += candidate.verdict?.testMs ?? 0;
      }
      time.totalMs = time.generationMs + time.buildMs + time.testMs;
      time.averageMs = time.timedCandidates ? time.totalMs / time.timedCandidates : null;
      const configWithoutTasksFile = { ...config, tasksPath: '' };
      const reader: RunStoreReader = { dir: this.dir, config: () => configWithoutTasksFile, tasks: () => this.tasks(), prompt: (id) => this.prompt(id), candidates: () => candidates };
      const passColumns = [1, 5, 10].filter((k) => k <= config.samples).map((k) => `pass@${k}`);
      const tasks = this.tasks().length;
      snapshot.progress = {
        run: this.id, version: snapshot.version, tasks, expected: tasks * config.samples,
        generated: candidates.length,
        scored: candidates.filter((c) => c.metrics !== null).length,
        executed: candidates.filter((c) => c.verdict !== null).length,
        counts, time,
        perRepo: buildReport([reader], ['repo'], [...passColumns, 'em', 'es']),
        updatedAt: new Date().toISOString(),
      };
    }
    return snapshot.progress;
  }

  close(): void {
    this.watcher.close();
    this.store.close();
  }
}

/** The report's figures, charts drawn to SVG on the server (the page shows them as images). */
function summaryFigures(stores: RunStoreReader[], overall: Report): SummaryFigure[] {
  return figuresOfRuns(stores, overall).map((figure) => ({
    id: figure.id, kind: figure.kind, title: figure.title, caption: figure.caption,
    svg: figure.chart ? figureSvg(figure) : null, table: figure.table ?? null,
  }));
}

/** One report per summary dimension that splits the runs into more than one group. */
function splitTables(stores: RunStoreReader[], metrics: string[]): SummaryTable[] {
  return SUMMARY_DIMENSIONS.map((dimension) => ({ by: [dimension], report: buildReport(stores, [dimension], metrics) }))
    .filter(({ report }) => new Set(report.rows.map((row) => row.group[0])).size > 1);
}

/** Unique URL names for run directories: their base names, numbered when two are the same. */
export function runIds(dirs: readonly string[]): string[] {
  const used = new Set<string>();
  return dirs.map((dir) => {
    const base = basename(dir.replace(/[\\/]+$/, '')).replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'run';
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

/** The runs a viewer shows. */
export class RunCollection {
  readonly runs: RunView[];

  constructor(dirs: readonly string[]) {
    if (dirs.length === 0) throw new InputError('expected at least one run directory');
    const ids = runIds(dirs);
    this.runs = [];
    try {
      dirs.forEach((dir, index) => this.runs.push(new RunView(ids[index]!, dir)));
    } catch (error) {
      this.close();
      throw error;
    }
  }

  get(id: string): RunView | null {
    return this.runs.find((run) => run.id === id) ?? null;
  }

  /** Run A against run B: the report tables of both, transitions and paired differences, and the tasks both have. */
  compare(a: RunView, b: RunView): RunComparison {
    const overall = buildReport([a, b], []);
    const bRows = new Map(b.rows().map((row) => [row.id, row]));
    const pick = (row: TaskRow) => ({ ord: row.ord, verdict: row.verdict, verdicts: row.verdicts, metrics: row.metrics });
    const tasks: CompareTask[] = [];
    for (const row of a.rows()) {
      const other = bRows.get(row.id);
      if (other) tasks.push({ id: row.id, name: row.name, path: row.path, repo: row.repo, a: pick(row), b: pick(other) });
    }
    return {
      a: a.info(), b: b.info(),
      onlyA: a.rows().length - tasks.length,
      onlyB: bRows.size - tasks.length,
      provenance: provenanceLines(overall),
      notes: overall.notes,
      tables: [{ by: [], report: overall }, ...splitTables([a, b], overall.metrics)],
      comparison: compareRuns([a, b], overall.metrics) ?? null,
      tasks,
    };
  }

  close(): void {
    for (const run of this.runs) run.close();
  }
}
