// The run store: one SQLite file `<run dir>/run.db` (WAL) holding a run's configuration, its task
// snapshot, the prompt of every task and one row per (task, sample) candidate, plus the metrics and
// execution verdicts later stages attach. Every write is one transaction, so a killed process
// leaves either the whole row or nothing, and a rerun continues from what is there. Each opening
// for writing records its session (first and last write), from which the run's wall time comes.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { TASK_TABLES, TaskTableReader, TaskTableWriter, type TaskHead, type TaskRecord } from '../datasets/index.ts';
import { InputError } from '../util/errors.ts';
import { PromptPartsSchema, type PromptParts } from '../context/index.ts';
import { parseRecord, type RecordLocation } from '../util/schema.ts';
import {
  AgentTraceSchema,
  CandidateHeadSchema,
  CandidateRecordSchema,
  RunConfigSchema,
  RunSessionSchema,
  type AgentTrace,
  type CandidateHead,
  type CandidateRecord,
  type ExecResult,
  type RunConfig,
  type RunSession,
  type RunStoreWriter,
  type SessionStage,
} from './types.ts';
import { makeFolders } from '../util/folders.ts';
import { canonicalJson } from '../util/canonical-json.ts';

export const SCHEMA_VERSION = '1';

/** Config fields that may differ when a run is resumed: when/with what it was made, not what it is. */
const RESUMABLE_FIELDS = new Set<keyof RunConfig>(['createdAt', 'toolVersion', 'tasksPath', 'baseUrl', 'spec']);

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
${TASK_TABLES}
CREATE TABLE IF NOT EXISTS prompts (task_id TEXT PRIMARY KEY, parts TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS candidates (
  task_id TEXT NOT NULL, sample INTEGER NOT NULL,
  raw TEXT, output TEXT, postprocess TEXT, error TEXT,
  prompt_tokens INTEGER, completion_tokens INTEGER, latency_ms REAL, finish_reason TEXT,
  cached INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (task_id, sample)
) WITHOUT ROWID;
-- keys only: counting candidates reads this, not every candidate's text
CREATE INDEX IF NOT EXISTS candidates_keys ON candidates (sample);
CREATE TABLE IF NOT EXISTS metrics (
  task_id TEXT NOT NULL, sample INTEGER NOT NULL, name TEXT NOT NULL, value REAL NOT NULL,
  PRIMARY KEY (task_id, sample, name)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS verdicts (
  task_id TEXT NOT NULL, sample INTEGER NOT NULL, result TEXT NOT NULL,
  PRIMARY KEY (task_id, sample)
) WITHOUT ROWID;
-- The last write (a counter) per task of a candidate, metric or verdict: one row per task, so a
-- viewer polling a live run reads only the tasks written since it last looked.
CREATE TABLE IF NOT EXISTS changes (task_id TEXT PRIMARY KEY, seq INTEGER NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS changes_by_seq ON changes (seq);
CREATE TRIGGER IF NOT EXISTS candidates_changed AFTER INSERT ON candidates BEGIN
  INSERT OR REPLACE INTO changes (task_id, seq) VALUES (NEW.task_id, coalesce((SELECT max(seq) FROM changes), 0) + 1);
END;
CREATE TRIGGER IF NOT EXISTS metrics_changed AFTER INSERT ON metrics BEGIN
  INSERT OR REPLACE INTO changes (task_id, seq) VALUES (NEW.task_id, coalesce((SELECT max(seq) FROM changes), 0) + 1);
END;
CREATE TRIGGER IF NOT EXISTS verdicts_changed AFTER INSERT ON verdicts BEGIN
  INSERT OR REPLACE INTO changes (task_id, seq) VALUES (NEW.task_id, coalesce((SELECT max(seq) FROM changes), 0) + 1);
END;
-- One row per opening that wrote a candidate, metrics or a verdict: its first and last write (ISO
-- times), for the run's wall time. Added to an older store when a command opens it for writing.
CREATE TABLE IF NOT EXISTS sessions (
  id INTEGER PRIMARY KEY, stage TEXT NOT NULL, started_at TEXT NOT NULL, last_write_at TEXT NOT NULL
);
-- An agent run's trace per candidate (AgentTraceSchema), written with it. Added to an older store when it is
-- opened for writing.
CREATE TABLE IF NOT EXISTS traces (
  task_id TEXT NOT NULL, sample INTEGER NOT NULL, trace TEXT NOT NULL, PRIMARY KEY (task_id, sample)
) WITHOUT ROWID;
`;

/** What generation writes for one candidate (metrics and verdicts come later), with its agent trace in agent mode. */
export type CandidateWrite = Omit<CandidateRecord, 'metrics' | 'verdict'> & { trace?: AgentTrace };

export interface RunStore extends RunStoreWriter {
  putPrompt(taskId: string, parts: PromptParts): void;
  /** Writes (or replaces) one candidate; a replaced candidate loses its stale metrics and verdict. */
  putCandidate(candidate: CandidateWrite): void;
  /** The writing sessions recorded, validated, in start order; none in a run store made before they were recorded. */
  sessions(): RunSession[];
  /** Ids of the tasks whose prompt is stored. */
  promptTaskIds(): Set<string>;
  /** `taskId -> sample -> failed?` for every stored candidate. */
  candidateStates(): Map<string, Map<number, boolean>>;
  /** Runs several writes as one transaction (group commit: one commit instead of one per write). */
  batch(writes: () => void): void;
  /**
   * The tasks whose candidates, metrics or verdicts were written after change `since` (0: all), and
   * the last change; null for a run store made before changes were logged.
   */
  changesSince(since: number): { last: number; taskIds: string[] } | null;
  /** The last entry of the change log (0 when empty), null for a run store made before changes were logged. */
  lastChange(): number | null;
  /** The candidates of these tasks only, in task and sample order. */
  candidatesOf(taskIds: readonly string[]): CandidateRecord[];
  /** Every candidate, one at a time (bounded memory), in task and sample order. */
  iterateCandidates(): Generator<CandidateRecord>;
  /**
   * The heads of every candidate, or only of these tasks', in task and sample order; or, to read them
   * all a slice at a time, the `limit` candidates after `after` (null: from the first) in the order of
   * their keys (task id, sample): the order they are stored in, so a whole read is one sequential pass.
   */
  candidateHeads(
    which?: readonly string[] | { after: { taskId: string; sample: number } | null; limit: number },
  ): CandidateHead[];
  /** The task snapshot without texts, validated; `from`, `limit`: that many tasks from that position on. */
  taskHeads(range?: { from?: number; limit?: number }): TaskHead[];
  /** Tasks in the snapshot and candidates stored, counted without reading them. */
  counts(): { tasks: number; candidates: number };
  /** One task of the snapshot by id, validated, with its position (0-based), or null. */
  task(id: string): { ord: number; task: TaskRecord } | null;
  close(): void;
}

export interface OpenRunStoreOptions {
  /** create the run with this config, or check that an existing run has the same one. */
  create?: RunConfig;
  /** the task snapshot stored when the run is created. */
  tasks?: TaskRecord[];
  /**
   * The tasks may grow (a live benchmark's new windows): an existing run whose snapshot is the start of `tasks`,
   * unchanged, takes the rest, and its config the new tasks hash; anything else must still match.
   */
  grow?: boolean;
  readonly?: boolean;
  /** the clock of the writing session (tests set it); `new Date()` by default. */
  now?: () => Date;
}

interface CandidateRow {
  task_id: string;
  sample: number;
  raw: string | null;
  output: string | null;
  postprocess: string | null;
  error: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  latency_ms: number | null;
  finish_reason: string | null;
  cached: number;
}

export function runDatabasePath(dir: string): string {
  return join(dir, 'run.db');
}

/** Opens (or, with `create`, creates) the run store in `dir`. */
export function openRunStore(dir: string, options: OpenRunStoreOptions = {}): RunStore {
  const file = runDatabasePath(dir);
  const exists = existsSync(file);
  if (!exists && !options.create)
    throw new InputError(`no run store here (expected ${file}); create one with 'ctxbench eval'`, { file: dir });
  if (!exists) makeFolders(dir);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: Boolean(options.readonly) });
  } catch (error) {
    throw new InputError(`cannot open the run store: ${(error as Error).message}`, { file });
  }
  try {
    checkSchemaVersion(db, file, exists);
    if (!options.readonly) {
      db.pragma('journal_mode = WAL');
      // WAL + NORMAL survives any process kill; only an OS crash can lose the last commits.
      db.pragma('synchronous = NORMAL');
    }
    db.pragma('busy_timeout = 10000');
    if (!options.readonly) db.exec(SCHEMA);
    return new SqliteRunStore(resolve(dir), db, options);
  } catch (error) {
    db.close();
    if (error instanceof Database.SqliteError)
      throw new InputError(`the run store is unreadable (${error.message}); is it a ctxbench run.db, and complete?`, {
        file,
      });
    throw error;
  }
}

/** An existing store must be of the schema this ctxbench reads; a corrupt file fails here with a clear message. */
function checkSchemaVersion(db: Database.Database, file: string, exists: boolean): void {
  if (!exists) return;
  const hasMeta = db
    .prepare<[], { one: number }>(`SELECT 1 AS one FROM sqlite_master WHERE type = 'table' AND name = 'meta'`)
    .get();
  if (!hasMeta) return;
  const row = db.prepare<[], { value: string }>(`SELECT value FROM meta WHERE key = 'schema'`).get();
  if (row && row.value !== SCHEMA_VERSION) {
    throw new InputError(
      `run store schema version ${JSON.stringify(row.value)} is not the version this ctxbench reads ` +
        `(${SCHEMA_VERSION}); use the ctxbench version that wrote it, or make a new run`,
      { file },
    );
  }
}

class SqliteRunStore implements RunStore {
  private readonly statements;
  private readonly writeCandidate: (candidate: CandidateWrite) => void;
  /** null when opened read-only (its database may even lack the table). */
  private readonly session: WriteSession | null;
  private cachedConfig: RunConfig | null = null;

  constructor(
    readonly dir: string,
    private readonly db: Database.Database,
    options: OpenRunStoreOptions,
  ) {
    if (options.create) this.initialise(options.create, options.tasks ?? [], options.grow ?? false);
    this.statements = {
      prompt: db.prepare<[string], { parts: string }>('SELECT parts FROM prompts WHERE task_id = ?'),
      putPrompt: db.prepare('INSERT OR REPLACE INTO prompts (task_id, parts) VALUES (?, ?)'),
      putCandidate: db.prepare(
        `INSERT OR REPLACE INTO candidates (task_id, sample, raw, output, postprocess, error, prompt_tokens,
           completion_tokens, latency_ms, finish_reason, cached)
         VALUES (@taskId, @sample, @raw, @output, @postprocess, @error, @promptTokens, @completionTokens, @latencyMs,
           @finishReason, @cached)`,
      ),
      deleteMetrics: db.prepare('DELETE FROM metrics WHERE task_id = ? AND sample = ?'),
      deleteVerdict: db.prepare('DELETE FROM verdicts WHERE task_id = ? AND sample = ?'),
      candidateExists: db.prepare<[string, number], { one: number }>(
        'SELECT 1 AS one FROM candidates WHERE task_id = ? AND sample = ?',
      ),
      putMetric: db.prepare('INSERT OR REPLACE INTO metrics (task_id, sample, name, value) VALUES (?, ?, ?, ?)'),
      putVerdict: db.prepare('INSERT OR REPLACE INTO verdicts (task_id, sample, result) VALUES (?, ?, ?)'),
      // a read-only store made before traces has no such table: nothing to write then
      putTrace: options.readonly
        ? null
        : db.prepare('INSERT OR REPLACE INTO traces (task_id, sample, trace) VALUES (?, ?, ?)'),
      deleteTrace: options.readonly ? null : db.prepare('DELETE FROM traces WHERE task_id = ? AND sample = ?'),
    };
    const statements = this.statements;
    const session = (this.session = options.readonly ? null : new WriteSession(db, options.now ?? (() => new Date())));
    this.writeCandidate = db.transaction((candidate: CandidateWrite) => {
      statements.putCandidate.run({
        taskId: candidate.taskId,
        sample: candidate.sample,
        raw: candidate.raw,
        output: candidate.output,
        postprocess: candidate.postprocess,
        error: candidate.error,
        promptTokens: candidate.promptTokens,
        completionTokens: candidate.completionTokens,
        latencyMs: candidate.latencyMs,
        finishReason: candidate.finishReason ?? null,
        cached: candidate.cached ? 1 : 0,
      });
      statements.deleteMetrics.run(candidate.taskId, candidate.sample);
      statements.deleteVerdict.run(candidate.taskId, candidate.sample);
      statements.deleteTrace?.run(candidate.taskId, candidate.sample);
      if (candidate.trace)
        statements.putTrace!.run(candidate.taskId, candidate.sample, JSON.stringify(candidate.trace));
      session?.record('eval');
    });
  }

  private initialise(config: RunConfig, tasks: TaskRecord[], grow: boolean): void {
    const stored = this.db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get('config');
    if (stored) {
      // Only a run with results binds its settings: one whose every attempt failed (a wrong model
      // name, a template the model cannot take) is started afresh by a corrected command.
      const hasResults = this.db.prepare('SELECT 1 FROM candidates WHERE error IS NULL LIMIT 1').get() !== undefined;
      if (hasResults) {
        if (grow && this.config().tasksHash !== config.tasksHash) this.growTasks(config, tasks);
        else assertSameConfig(this.dir, this.config(), config);
        return;
      }
    }
    const insertMeta = this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    // The snapshot stores each file text once, as a task set does.
    const taskWriter = new TaskTableWriter(this.db);
    this.db.transaction(() => {
      if (stored)
        this.db.exec(
          'DELETE FROM meta; DELETE FROM tasks; DELETE FROM prompts; DELETE FROM candidates; DELETE FROM metrics; ' +
            'DELETE FROM verdicts; DELETE FROM sessions; DELETE FROM traces;',
        );
      insertMeta.run('schema', SCHEMA_VERSION);
      insertMeta.run('config', JSON.stringify(config));
      for (const task of tasks) taskWriter.add(task);
    })();
  }

  /**
   * Appends the tasks beyond the snapshot when the snapshot is their start, unchanged (the run keeps every candidate).
   */
  private growTasks(config: RunConfig, tasks: TaskRecord[]): void {
    assertSameConfig(this.dir, { ...this.config(), tasksHash: config.tasksHash }, config);
    const snapshot = this.tasks();
    const differs = snapshot.findIndex(
      (task, index) => tasks[index] === undefined || canonicalJson(task) !== canonicalJson(tasks[index]),
    );
    if (differs >= 0) {
      const task = snapshot[differs]!;
      throw new InputError(
        `this run's task ${JSON.stringify(task.id)} (number ${differs + 1}) is not the same in ${config.tasksPath}: ` +
          `its windows were rebuilt (a changed spec); use another --run directory`,
        { file: runDatabasePath(this.dir), field: 'tasksHash' },
      );
    }
    const writer = new TaskTableWriter(this.db, snapshot.length);
    this.db.transaction(() => {
      for (const task of tasks.slice(snapshot.length)) writer.add(task);
      this.db
        .prepare(`UPDATE meta SET value = ? WHERE key = 'config'`)
        .run(JSON.stringify({ ...this.config(), tasksHash: config.tasksHash, tasksPath: config.tasksPath }));
    })();
    this.cachedConfig = null;
  }

  config(): RunConfig {
    if (!this.cachedConfig) {
      const row = this.db.prepare<[], { value: string }>(`SELECT value FROM meta WHERE key = 'config'`).get();
      if (!row)
        throw new InputError('the run store has no configuration (it was never initialised)', { file: this.dir });
      this.cachedConfig = parseRecord(
        RunConfigSchema,
        parseJson(row.value, this.where('config')),
        this.where('config'),
      ) as RunConfig;
    }
    return this.cachedConfig;
  }

  // A run.db may come from elsewhere: every task is checked like a line of tasks.jsonl.
  private get taskLabel(): string {
    return `${runDatabasePath(this.dir)} (task snapshot)`;
  }

  tasks(): TaskRecord[] {
    return new TaskTableReader(this.db, this.taskLabel).all();
  }

  taskHeads(range?: { from?: number; limit?: number }): TaskHead[] {
    return new TaskTableReader(this.db, this.taskLabel).heads(range);
  }

  counts(): { tasks: number; candidates: number } {
    return this.db
      .prepare<[], { tasks: number; candidates: number }>(
        'SELECT (SELECT count(*) FROM tasks) AS tasks, (SELECT count(*) FROM candidates) AS candidates',
      )
      .get()!;
  }

  task(id: string): { ord: number; task: TaskRecord } | null {
    return new TaskTableReader(this.db, this.taskLabel).entry(id);
  }

  prompt(taskId: string): PromptParts | null {
    const row = this.statements.prompt.get(taskId);
    if (!row) return null;
    const where = this.where(`prompt of ${taskId}`);
    return parseRecord(PromptPartsSchema, parseJson(row.parts, where), where);
  }

  putPrompt(taskId: string, parts: PromptParts): void {
    this.statements.putPrompt.run(taskId, JSON.stringify(parts));
  }

  promptTaskIds(): Set<string> {
    return new Set(
      this.db
        .prepare<[], { task_id: string }>('SELECT task_id FROM prompts')
        .all()
        .map((row) => row.task_id),
    );
  }

  putCandidate(candidate: CandidateWrite): void {
    this.writeCandidate(candidate);
  }

  trace(taskId: string, sample: number): AgentTrace | null {
    if (!this.hasTable('traces')) return null;
    const row = this.db
      .prepare<[string, number], { trace: string }>('SELECT trace FROM traces WHERE task_id = ? AND sample = ?')
      .get(taskId, sample);
    if (!row) return null;
    const where = this.where(`agent trace of ${taskId} sample ${sample}`);
    return parseRecord(AgentTraceSchema, parseJson(row.trace, where), where);
  }

  batch(writes: () => void): void {
    this.db.transaction(writes)();
  }

  candidateStates(): Map<string, Map<number, boolean>> {
    const states = new Map<string, Map<number, boolean>>();
    const rows = this.db
      .prepare<[], { task_id: string; sample: number; failed: number }>(
        'SELECT task_id, sample, error IS NOT NULL AS failed FROM candidates',
      )
      .all();
    for (const row of rows) {
      let samples = states.get(row.task_id);
      if (!samples) states.set(row.task_id, (samples = new Map()));
      samples.set(row.sample, row.failed === 1);
    }
    return states;
  }

  candidates(): CandidateRecord[] {
    return Array.from(this.iterateCandidates());
  }

  iterateCandidates(): Generator<CandidateRecord> {
    return this.candidateRows(CANDIDATE_COLUMNS, inTaskOrder(''), [], candidateRecord);
  }

  candidatesOf(taskIds: readonly string[]): CandidateRecord[] {
    return taskIds.length === 0
      ? []
      : Array.from(
          this.candidateRows(CANDIDATE_COLUMNS, inTaskOrder(TASKS_IN), [JSON.stringify(taskIds)], candidateRecord),
        );
  }

  candidateHeads(
    which?: readonly string[] | { after: { taskId: string; sample: number } | null; limit: number },
  ): CandidateHead[] {
    if (which === undefined) return Array.from(this.candidateRows(HEAD_COLUMNS, inTaskOrder(''), [], headRecord));
    if ('after' in which) {
      const { taskId, sample } = which.after ?? { taskId: '', sample: -1 };
      return Array.from(this.candidateRows(HEAD_COLUMNS, KEY_SLICE, [taskId, sample, which.limit], headRecord));
    }
    return which.length === 0
      ? []
      : Array.from(this.candidateRows(HEAD_COLUMNS, inTaskOrder(TASKS_IN), [JSON.stringify(which)], headRecord));
  }

  /** Whether the store has this table: read-only opens of stores made by older versions may not. */
  private hasTable(name: string): boolean {
    return this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
  }

  lastChange(): number | null {
    if (!this.hasTable('changes')) return null;
    return (this.db.prepare('SELECT max(seq) AS last FROM changes').get() as { last: number | null }).last ?? 0;
  }

  changesSince(since: number): { last: number; taskIds: string[] } | null {
    if (!this.hasTable('changes')) return null;
    const rows = this.db
      .prepare<[number], { seq: number; task_id: string }>(
        'SELECT seq, task_id FROM changes WHERE seq > ? ORDER BY seq',
      )
      .all(since);
    return { last: rows.length > 0 ? rows[rows.length - 1]!.seq : since, taskIds: rows.map((row) => row.task_id) };
  }

  sessions(): RunSession[] {
    if (!this.hasTable('sessions')) return [];
    const rows = this.db
      .prepare<[], { id: number; stage: string; started_at: string; last_write_at: string }>(
        'SELECT id, stage, started_at, last_write_at FROM sessions ORDER BY started_at, id',
      )
      .all();
    return rows.map((row) =>
      parseRecord(
        RunSessionSchema,
        { id: row.id, stage: row.stage, startedAt: row.started_at, lastWriteAt: row.last_write_at },
        this.where(`session ${row.id}`),
      ),
    );
  }

  /** Candidate rows with their metrics and verdicts, one at a time; `which`: the clauses that choose and order them. */
  private *candidateRows<Row extends { task_id: string; sample: number }, T>(
    columns: string,
    which: string,
    parameters: unknown[],
    record: (row: Row, where: RecordLocation) => T,
  ): Generator<T> {
    // Metrics grouped into one JSON object per candidate by SQLite (names in order; null without any), verdicts joined.
    const rows = this.db
      .prepare<unknown[], Row>(
        `SELECT ${columns}, (SELECT CASE count(*) WHEN 0 THEN NULL ELSE json_group_object(name, value) END
           FROM metrics m WHERE m.task_id = c.task_id AND m.sample = c.sample) AS metrics_json
         FROM candidates c
         LEFT JOIN verdicts v ON v.task_id = c.task_id AND v.sample = c.sample
         ${which}`,
      )
      .iterate(...parameters);
    for (const row of rows) yield record(row, this.where(`candidate ${row.task_id}#${row.sample}`));
  }

  /** Where a stored row is, for error messages: the run.db and the row. */
  private where(row: string): { file: string } {
    return { file: `${runDatabasePath(this.dir)} (${row})` };
  }

  putMetrics(taskId: string, sample: number, values: Record<string, number>): void {
    this.requireCandidate(taskId, sample);
    this.db.transaction(() => {
      for (const [name, value] of Object.entries(values)) {
        if (typeof value !== 'number' || Number.isNaN(value))
          throw new Error(`metric '${name}' of ${taskId}#${sample} is not a number: ${String(value)}`);
        this.statements.putMetric.run(taskId, sample, name, value);
      }
      this.session?.record('score');
    })();
  }

  putVerdict(taskId: string, sample: number, result: ExecResult): void {
    this.requireCandidate(taskId, sample);
    this.db.transaction(() => {
      this.statements.putVerdict.run(taskId, sample, JSON.stringify(result));
      this.session?.record('exec');
    })();
  }

  private requireCandidate(taskId: string, sample: number): void {
    if (!this.statements.candidateExists.get(taskId, sample))
      throw new Error(`run ${this.dir} has no candidate ${taskId}#${sample}`);
  }

  close(): void {
    this.db.close();
  }
}

/**
 * The writing session of a store opened for writing: its row is inserted at the first write, and
 * each later write moves its last write to now. Called inside the write's transaction, so the
 * session and the write commit together.
 */
class WriteSession {
  private row: { id: number; startedAt: string } | null = null;
  private readonly start;
  private readonly touch;

  constructor(
    db: Database.Database,
    private readonly now: () => Date,
  ) {
    this.start = db.prepare<{ stage: SessionStage; at: string }>(
      'INSERT INTO sessions (stage, started_at, last_write_at) VALUES (@stage, @at, @at)',
    );
    this.touch = db.prepare<[string, number, string]>(
      'UPDATE sessions SET last_write_at = ? WHERE id = ? AND started_at = ?',
    );
  }

  record(stage: SessionStage): void {
    const at = this.now().toISOString();
    // No row to move: the first write, or the transaction that inserted it was rolled back (its id
    // then free for another process's session: hence the start time in the match).
    if (this.row && this.touch.run(at, this.row.id, this.row.startedAt).changes > 0) return;
    this.row = { id: Number(this.start.run({ stage, at }).lastInsertRowid), startedAt: at };
  }
}

const TASKS_IN = 'WHERE c.task_id IN (SELECT value FROM json_each(?))';
/**
 * The candidates `where` chooses in the task order of the snapshot, then sample: independent of the order calls
 * finished in.
 */
const inTaskOrder = (where: string) =>
  `LEFT JOIN tasks t ON t.id = c.task_id ${where} ORDER BY t.ord IS NULL, t.ord, c.task_id, c.sample`;
/**
 * A slice in key order with no join: the candidates table's own order (keyed by task id and sample), one sequential
 * pass.
 */
const KEY_SLICE = 'WHERE (c.task_id, c.sample) > (?, ?) ORDER BY c.task_id, c.sample LIMIT ?';
const CANDIDATE_COLUMNS = 'c.*, v.result AS verdict_json';
// The verdict's small fields only: its log may be megabytes.
const HEAD_COLUMNS = `c.task_id, c.sample, c.output IS NOT NULL AS has_output, c.latency_ms,
  v.result IS NOT NULL AS has_verdict, json_extract(v.result, '$.verdict') AS verdict,
  json_extract(v.result, '$.buildMs') AS build_ms, json_extract(v.result, '$.testMs') AS test_ms`;

/** A JSON column of a stored row; a corrupt one is an InputError naming the row. */
function parseJson(text: string, where: RecordLocation): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new InputError(`malformed JSON (${(error as Error).message})`, where);
  }
}

const jsonOrNull = (text: string | null, where: RecordLocation) => (text === null ? null : parseJson(text, where));

function candidateRecord(
  row: CandidateRow & { metrics_json: string | null; verdict_json: string | null },
  where: RecordLocation,
): CandidateRecord {
  return parseRecord(
    CandidateRecordSchema,
    {
      taskId: row.task_id,
      sample: row.sample,
      raw: row.raw,
      output: row.output,
      postprocess: row.postprocess,
      error: row.error,
      promptTokens: row.prompt_tokens,
      completionTokens: row.completion_tokens,
      latencyMs: row.latency_ms,
      finishReason: row.finish_reason,
      cached: row.cached === 1,
      metrics: jsonOrNull(row.metrics_json, where),
      verdict: jsonOrNull(row.verdict_json, where),
    },
    where,
  );
}

interface HeadRow {
  task_id: string;
  sample: number;
  has_output: number;
  latency_ms: number | null;
  metrics_json: string | null;
  has_verdict: number;
  // json_extract of the stored verdict: checked by the head's schema.
  verdict: unknown;
  build_ms: unknown;
  test_ms: unknown;
}

function headRecord(row: HeadRow, where: RecordLocation): CandidateHead {
  return parseRecord(
    CandidateHeadSchema,
    {
      taskId: row.task_id,
      sample: row.sample,
      hasOutput: row.has_output === 1,
      latencyMs: row.latency_ms,
      metrics: jsonOrNull(row.metrics_json, where),
      verdict: row.has_verdict === 1 ? { verdict: row.verdict, buildMs: row.build_ms, testMs: row.test_ms } : null,
    },
    where,
  );
}

function assertSameConfig(dir: string, stored: RunConfig, requested: RunConfig): void {
  const fields = new Set([...Object.keys(stored), ...Object.keys(requested)] as (keyof RunConfig)[]);
  for (const field of fields) {
    if (RESUMABLE_FIELDS.has(field)) continue;
    const before = JSON.stringify(stored[field] ?? null);
    const now = JSON.stringify(requested[field] ?? null);
    if (before !== now) {
      throw new InputError(
        `this run was made with ${field} = ${before}, the command asks for ${now}; use another --run directory or ` +
          `the original settings`,
        {
          file: runDatabasePath(dir),
          field,
        },
      );
    }
  }
}

/**
 * A canonical text dump of a run: everything except what depends on timing (latencies, cache hits, creation time,
 * build/test durations) and its spec (which names its folder), in task order then sample order. Two runs with the same
 * inputs and a deterministic backend dump identically, however their calls interleaved.
 */
export function dumpRun(dir: string): string {
  const store = openRunStore(dir, { readonly: true });
  try {
    // the spec names the run's own folder and the last invocation: how it was made, not what it is
    const { createdAt: _createdAt, toolVersion: _toolVersion, spec: _spec, ...config } = store.config();
    const tasks = store.tasks();
    const lines = [JSON.stringify({ config })];
    for (const task of tasks) lines.push(JSON.stringify({ task }));
    for (const task of tasks) lines.push(JSON.stringify({ prompt: task.id, parts: store.prompt(task.id) }));
    for (const candidate of store.candidates()) {
      const { latencyMs: _latency, cached: _cached, verdict, ...rest } = candidate;
      const stableVerdict = verdict ? { ...verdict, buildMs: null, testMs: null } : null;
      lines.push(JSON.stringify({ candidate: { ...rest, verdict: stableVerdict } }));
    }
    return `${lines.join('\n')}\n`;
  } finally {
    store.close();
  }
}
