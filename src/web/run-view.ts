// The viewer's read side: each run store opened read-only. The view keeps only what the list needs
// (task heads and candidate heads: no file text, output or log), read once, then, when another
// process has committed since (`PRAGMA data_version`), only the heads of the tasks the store's
// change log names since the last look: polling a run in progress reads what changed, not the run.
// Each version remembers which rows it changed, so a client can fetch only those
// (`tasks?since=VERSION`). A task's texts and candidates are read when its page is asked for.
import { basename } from 'node:path';
import Database from 'better-sqlite3';
import type { TaskHead, TaskRecord } from '../datasets/index.ts';
import { familyDimensions } from '../tasks/index.ts';
import {
  buildReport,
  scaleNote,
  cachedReader,
  compareRuns,
  FIGURE_KINDS,
  CHARTS_MISSING,
  figureSvg,
  figuresOfRuns,
  provenanceLines,
  type Dimension,
  type Report,
} from '../report/index.ts';
import {
  openRunStore,
  runDatabasePath,
  candidateHead,
  wallTimeMs,
  type RunStore,
  type AgentTrace,
  type CandidateHead,
  type CandidateRecord,
  type RunConfig,
  type RunStoreReader,
} from '../runstore/index.ts';
import type { PromptParts } from '../context/index.ts';
import { listMetrics } from '../metrics/index.ts';
import { InputError } from '../util/errors.ts';
import { HttpError } from './listen.ts';
import { candidateView, originalFacts, taskRow, verdictClass } from './view-model.ts';
import type {
  CompareTask,
  RunComparison,
  RunInfo,
  RunProgress,
  RunSummary,
  SummaryFigure,
  SummaryTable,
  TaskDetail,
  TaskRow,
  VerdictClass,
} from './types.ts';

/** The task list's metric columns: pass@1 (from verdicts), then the registered metrics marked `column`. */
const tableMetrics = () => [
  'pass@1',
  ...listMetrics()
    .filter((metric) => metric.column)
    .map((metric) => metric.name),
];

/** Dimensions of the summary tables, shown when they split the run into more than one group. */
const summaryDimensions = (): Dimension[] => [
  'repo',
  'language',
  'kind',
  ...familyDimensions().map((dimension) => dimension.label),
  'lines',
  'prompt-tokens',
];

/** Tasks read per slice by `prepare`, between which other requests are answered. */
const PREPARE_SLICE = 5000;

/** Versions whose changed rows are remembered for `rowsSince`. */
const ROW_HISTORY = 256;

interface Snapshot {
  dataVersion: number;
  version: number;
  /** the last entry of the store's change log read; null for a store without one (reloaded whole). */
  seq: number | null;
  /** candidate heads per task, read when the rows or the progress are first asked for. */
  byTask: Map<string, CandidateHead[]> | null;
  /** candidates stored, null until counted. */
  candidates: number | null;
  rows: TaskRow[] | null;
  summary: RunSummary | null;
  progress: RunProgress | null;
}

export class RunView implements RunStoreReader {
  readonly dir: string;
  private readonly store: RunStore;
  /** a second connection only to ask whether another connection committed since the last look. */
  private readonly watcher: Database.Database;
  private headList: TaskHead[] | null = null;
  private taskCount: number | null = null;
  private taskIndex: Map<string, number> | null = null;
  private snapshot: Snapshot | null = null;
  /** per version since the last whole reload: the rows it changed. */
  private history: { version: number; ords: number[] }[] = [];
  private closed = false;

  constructor(
    readonly id: string,
    dir: string,
  ) {
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

  /** The task snapshot never changes after a run is created, so its heads are read once. */
  heads(): TaskHead[] {
    if (!this.headList) {
      this.headList = this.store.taskHeads();
      this.taskIndex = new Map(this.headList.map((task, index) => [task.id, index]));
    }
    return this.headList;
  }

  /** Every task with its texts, read from the store each time (the report's pages ask for them, not the list). */
  tasks(): TaskRecord[] {
    return this.store.tasks();
  }

  prompt(taskId: string): PromptParts | null {
    return this.store.prompt(taskId);
  }

  /** Every candidate with its texts, read from the store each time. */
  candidates(): CandidateRecord[] {
    return this.store.candidates();
  }

  trace(taskId: string, sample: number): AgentTrace | null {
    return this.store.trace(taskId, sample);
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
    this.history = [];
    this.snapshot = {
      dataVersion,
      version: (previous?.version ?? 0) + 1,
      seq: this.store.lastChange(),
      byTask: null,
      candidates: null,
      rows: null,
      summary: null,
      progress: null,
    };
    return this.snapshot;
  }

  /**
   * Reads the task and candidate heads the list needs, yielding to other requests between slices:
   * a 100,000-task run takes seconds to read, which must not stall the server.
   */
  async prepare(): Promise<void> {
    const snapshot = this.current();
    if (snapshot.byTask) return;
    for (const _ of this.readHeads(snapshot)) {
      await new Promise((resolve) => setImmediate(resolve));
      // Stopped meanwhile (Ctrl-C): the store is closed, nothing more is read.
      if (this.closed) throw new HttpError(503, `the viewer stopped while reading run '${this.id}'`);
    }
  }

  /** The current snapshot with the candidate heads of every task read. */
  private loaded(): Snapshot & { byTask: Map<string, CandidateHead[]> } {
    const snapshot = this.current();
    if (!snapshot.byTask) for (const _ of this.readHeads(snapshot));
    return snapshot as Snapshot & { byTask: Map<string, CandidateHead[]> };
  }

  /**
   * Reads the heads of the tasks and their candidates into `snapshot`, PREPARE_SLICE tasks and
   * PREPARE_SLICE candidates at a time (a pause after each): tasks in task order, candidates in the
   * order they are stored in (looking each up in task order instead costs several times more on a
   * large run). What other connections commit meanwhile is read again at the end, from the store's
   * change log. Nothing is kept when the snapshot was replaced meanwhile.
   */
  private *readHeads(snapshot: Snapshot): Generator<void, void> {
    const since = this.store.lastChange();
    const heads: TaskHead[] = [];
    const byTask = new Map<string, CandidateHead[]>();
    let after: { taskId: string; sample: number } | null = null;
    for (let from = 0, tasksLeft = true, candidatesLeft = true; tasksLeft || candidatesLeft; from += PREPARE_SLICE) {
      if (tasksLeft) {
        const slice =
          this.headList?.slice(from, from + PREPARE_SLICE) ?? this.store.taskHeads({ from, limit: PREPARE_SLICE });
        for (const task of slice) heads.push(task);
        tasksLeft = slice.length === PREPARE_SLICE;
      }
      if (candidatesLeft) {
        const slice = this.store.candidateHeads({ after, limit: PREPARE_SLICE });
        addByTask(byTask, slice);
        const last = slice[slice.length - 1];
        if (last) after = { taskId: last.taskId, sample: last.sample };
        candidatesLeft = slice.length === PREPARE_SLICE;
      }
      if (tasksLeft || candidatesLeft) yield;
    }
    if (this.snapshot !== snapshot || snapshot.byTask) return;
    const changed = since === null ? null : this.store.changesSince(since);
    if (changed && changed.taskIds.length > 0) {
      const known = new Set(heads.map((task) => task.id));
      const ids = changed.taskIds.filter((id) => known.has(id));
      for (const id of ids) byTask.delete(id);
      for (const [id, list] of groupByTask(this.store.candidateHeads(ids))) byTask.set(id, list);
    }
    if (!this.headList) {
      this.headList = heads;
      this.taskIndex = new Map(heads.map((task, index) => [task.id, index]));
    }
    let candidates = 0;
    for (const list of byTask.values()) candidates += list.length;
    snapshot.byTask = byTask;
    snapshot.candidates = candidates;
  }

  /** Rereads the candidate heads of `taskIds` only and updates their rows; a new version. */
  private apply(snapshot: Snapshot, taskIds: string[]): void {
    snapshot.version++;
    snapshot.summary = null;
    snapshot.progress = null;
    if (!snapshot.byTask) {
      // Nothing read yet to update: only the count is stale, and no client has rows of an earlier version.
      snapshot.candidates = null;
      this.history = [];
      return;
    }
    const fresh = new Map<string, CandidateHead[]>(taskIds.map((id) => [id, []]));
    for (const candidate of this.store.candidateHeads(taskIds)) fresh.get(candidate.taskId)!.push(candidate);
    const heads = this.heads();
    const ords: number[] = [];
    for (const [id, list] of fresh) {
      snapshot.candidates! += list.length - (snapshot.byTask.get(id)?.length ?? 0);
      if (list.length > 0) snapshot.byTask.set(id, list);
      else snapshot.byTask.delete(id);
      const ord = this.taskIndex!.get(id);
      if (ord === undefined) continue;
      ords.push(ord);
      if (snapshot.rows) snapshot.rows[ord] = taskRow(heads[ord]!, ord, list);
    }
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

  /** The run's counts and version, without reading its tasks or candidates. */
  info(): RunInfo {
    const config = this.config();
    const snapshot = this.current();
    if (this.taskCount === null || snapshot.candidates === null) {
      const counts = this.store.counts();
      this.taskCount = counts.tasks;
      snapshot.candidates = counts.candidates;
    }
    const tasks = this.taskCount;
    return {
      id: this.id,
      dir: this.dir,
      config,
      tasks,
      candidates: snapshot.candidates,
      expected: tasks * config.samples,
      version: snapshot.version,
      tableMetrics: tableMetrics(),
    };
  }

  rows(): TaskRow[] {
    const snapshot = this.loaded();
    snapshot.rows ??= this.heads().map((task, ord) => taskRow(task, ord, snapshot.byTask.get(task.id) ?? []));
    return snapshot.rows;
  }

  /**
   * The rows of the first `limit` tasks, reading only those tasks when the whole list is not read yet: a list shows
   * them first.
   */
  firstRows(limit: number): TaskRow[] {
    const snapshot = this.current();
    if (snapshot.rows) return snapshot.rows.slice(0, limit);
    const heads = this.headList?.slice(0, limit) ?? this.store.taskHeads({ limit });
    const byTask = snapshot.byTask ?? groupByTask(this.store.candidateHeads(heads.map((task) => task.id)));
    return heads.map((task, ord) => taskRow(task, ord, byTask.get(task.id) ?? []));
  }

  /** One task with its prompt and candidates (read now, from the store), or null when the run has no such task. */
  detail(taskId: string): TaskDetail | null {
    const entry = this.store.task(taskId);
    if (!entry) return null;
    const { ord, task } = entry;
    const candidates = this.store.candidatesOf([taskId]);
    return {
      run: this.id,
      row: taskRow(task, ord, candidates.map(candidateHead)),
      task,
      facts: originalFacts(task),
      prompt: this.prompt(taskId),
      candidates: candidates.map((candidate) =>
        candidateView(task, candidate, this.store.trace(candidate.taskId, candidate.sample)),
      ),
    };
  }

  summary(): RunSummary {
    const snapshot = this.current();
    if (!snapshot.summary) {
      // The tables and figures read the tasks and candidates once between them.
      const reader = cachedReader(this);
      const overall = buildReport([reader], []);
      snapshot.summary = {
        run: this.info(),
        provenance: provenanceLines(overall),
        notes: overall.notes,
        scaleNote: scaleNote(overall.metrics),
        tables: [{ by: [], report: overall }, ...splitTables([reader], overall.metrics)],
        figures: summaryFigures([reader], overall),
        kinds: FIGURE_KINDS.list().map(({ id, title, description }) => ({ id, title, description })),
      };
    }
    return snapshot.summary;
  }

  /**
   * What a run in progress has done so far: counts and times from the candidate heads, the wall
   * time from the store's writing sessions; the table per repository is the report's, over the
   * candidates read once for it. The provenance check of the report (hashing the tasks file) is
   * skipped: the panel does not show it and it is polled every second.
   */
  progress(): RunProgress {
    const snapshot = this.loaded();
    if (!snapshot.progress) {
      const config = this.config();
      const counts: Record<VerdictClass, number> = {
        passed: 0,
        flagged: 0,
        built: 0,
        failed: 0,
        timeout: 0,
        'not-run': 0,
        'no-output': 0,
      };
      const sessions = this.store.sessions();
      const time = {
        generationMs: 0,
        buildMs: 0,
        testMs: 0,
        totalMs: 0,
        averageMs: null as number | null,
        timedCandidates: 0,
        wallMs: wallTimeMs(sessions),
        sessions: sessions.length,
      };
      let scored = 0;
      let executed = 0;
      for (const list of snapshot.byTask.values()) {
        for (const candidate of list) {
          counts[verdictClass(candidate)]++;
          if (candidate.metrics !== null) scored++;
          if (candidate.verdict !== null) executed++;
          const parts = [candidate.latencyMs, candidate.verdict?.buildMs, candidate.verdict?.testMs];
          if (parts.every((t) => typeof t !== 'number')) continue;
          time.timedCandidates++;
          time.generationMs += candidate.latencyMs ?? 0;
          time.buildMs += candidate.verdict?.buildMs ?? 0;
          time.testMs += candidate.verdict?.testMs ?? 0;
        }
      }
      time.totalMs = time.generationMs + time.buildMs + time.testMs;
      time.averageMs = time.timedCandidates ? time.totalMs / time.timedCandidates : null;
      const configWithoutTasksFile = { ...config, tasksPath: '' };
      const reader = cachedReader({
        dir: this.dir,
        config: () => configWithoutTasksFile,
        tasks: () => this.tasks(),
        prompt: (id) => this.prompt(id),
        candidates: () => this.candidates(),
        trace: (id, sample) => this.trace(id, sample),
      });
      const passColumns = [1, 5, 10].filter((k) => k <= config.samples).map((k) => `pass@${k}`);
      const tasks = this.heads().length;
      snapshot.progress = {
        run: this.id,
        version: snapshot.version,
        tasks,
        expected: tasks * config.samples,
        generated: snapshot.candidates!,
        scored,
        executed,
        counts,
        time,
        perRepo: buildReport([reader], ['repo'], [...passColumns, 'em', 'es']),
        updatedAt: new Date().toISOString(),
      };
    }
    return snapshot.progress;
  }

  close(): void {
    this.closed = true;
    this.watcher.close();
    this.store.close();
  }
}

/** Adds candidate heads (in sample order within each task) to their tasks' lists. */
function addByTask(byTask: Map<string, CandidateHead[]>, heads: CandidateHead[]): Map<string, CandidateHead[]> {
  for (const candidate of heads) {
    const list = byTask.get(candidate.taskId);
    if (list) list.push(candidate);
    else byTask.set(candidate.taskId, [candidate]);
  }
  return byTask;
}

const groupByTask = (heads: CandidateHead[]) => addByTask(new Map(), heads);

/** The report's figures, charts drawn to SVG on the server (the page shows them as images). */
function summaryFigures(stores: RunStoreReader[], overall: Report): SummaryFigure[] {
  return figuresOfRuns(stores, overall).map((figure) => {
    const svg = figure.chart ? figureSvg(figure) : null;
    return {
      id: figure.id,
      kind: figure.kind,
      title: figure.title,
      caption: figure.caption,
      svg,
      table: figure.table ?? null,
      note: figure.chart && svg === null ? CHARTS_MISSING : null,
    };
  });
}

/** One report per summary dimension that splits the runs into more than one group. */
function splitTables(stores: RunStoreReader[], metrics: string[]): SummaryTable[] {
  return summaryDimensions()
    .map((dimension) => ({
      by: [dimension],
      report: buildReport(stores, [dimension], metrics),
    }))
    .filter(({ report }) => new Set(report.rows.map((row) => row.group[0])).size > 1);
}

/** Unique URL names for run directories: their base names, numbered when two are the same. */
export function runIds(dirs: readonly string[]): string[] {
  const used = new Set<string>();
  return dirs.map((dir) => {
    const base =
      basename(dir.replace(/[\\/]+$/, ''))
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^[.-]+/, '') || 'run';
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
    const [readerA, readerB] = [cachedReader(a), cachedReader(b)];
    const overall = buildReport([readerA, readerB], []);
    const bRows = new Map(b.rows().map((row) => [row.id, row]));
    const pick = (row: TaskRow) => ({
      ord: row.ord,
      verdict: row.verdict,
      verdicts: row.verdicts,
      metrics: row.metrics,
    });
    const tasks: CompareTask[] = [];
    for (const row of a.rows()) {
      const other = bRows.get(row.id);
      if (other)
        tasks.push({ id: row.id, name: row.name, path: row.path, repo: row.repo, a: pick(row), b: pick(other) });
    }
    return {
      a: a.info(),
      b: b.info(),
      onlyA: a.rows().length - tasks.length,
      onlyB: bRows.size - tasks.length,
      provenance: provenanceLines(overall),
      notes: overall.notes,
      tables: [{ by: [], report: overall }, ...splitTables([readerA, readerB], overall.metrics)],
      comparison: compareRuns([readerA, readerB], overall.metrics) ?? null,
      tasks,
    };
  }

  close(): void {
    for (const run of this.runs) run.close();
  }
}
