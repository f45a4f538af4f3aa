// The run store: one SQLite file `<run dir>/run.db` (WAL) holding a run's configuration, its task
// snapshot, the prompt of every task and one row per (task, sample) candidate, plus the metrics and
// execution verdicts later stages attach. Every write is one transaction, so a killed process
// leaves either the whole row or nothing, and a rerun continues from what is there.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { TaskRecord } from '../datasets/types.ts';
import { InputError } from '../util/errors.ts';
import type { CandidateRecord, ExecResult, PromptParts, RunConfig, RunStoreWriter } from './types.ts';
import { makeFolders } from '../util/folders.ts';

const SCHEMA_VERSION = '1';

/** Config fields that may differ when a run is resumed: when/with what it was made, not what it is. */
const RESUMABLE_FIELDS = new Set<keyof RunConfig>(['createdAt', 'toolVersion', 'tasksPath', 'baseUrl']);

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tasks (ord INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS prompts (task_id TEXT PRIMARY KEY, parts TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS candidates (
  task_id TEXT NOT NULL, sample INTEGER NOT NULL,
  raw TEXT, output TEXT, postprocess TEXT, error TEXT,
  prompt_tokens INTEGER, completion_tokens INTEGER, latency_ms REAL, finish_reason TEXT,
  cached INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (task_id, sample)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS metrics (
  task_id TEXT NOT NULL, sample INTEGER NOT NULL, name TEXT NOT NULL, value REAL NOT NULL,
  PRIMARY KEY (task_id, sample, name)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS verdicts (
  task_id TEXT NOT NULL, sample INTEGER NOT NULL, result TEXT NOT NULL,
  PRIMARY KEY (task_id, sample)
) WITHOUT ROWID;
`;

/** What generation writes for one candidate (metrics and verdicts come later). */
export type CandidateWrite = Omit<CandidateRecord, 'metrics' | 'verdict'>;

export interface RunStore extends RunStoreWriter {
  putPrompt(taskId: string, parts: PromptParts): void;
  /** Writes (or replaces) one candidate; a replaced candidate loses its stale metrics and verdict. */
  putCandidate(candidate: CandidateWrite): void;
  /** Ids of the tasks whose prompt is stored. */
  promptTaskIds(): Set<string>;
  /** `taskId -> sample -> failed?` for every stored candidate. */
  candidateStates(): Map<string, Map<number, boolean>>;
  /** Runs several writes as one transaction (group commit: one commit instead of one per write). */
  batch(writes: () => void): void;
  close(): void;
}

export interface OpenRunStoreOptions {
  /** create the run with this config, or check that an existing run has the same one. */
  create?: RunConfig;
  /** the task snapshot stored when the run is created. */
  tasks?: TaskRecord[];
  readonly?: boolean;
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
  if (!exists && !options.create) throw new InputError(`no run store here (expected ${file}); create one with 'ctxbench eval'`, { file: dir });
  if (!exists) makeFolders(dir);
  const db = new Database(file, { readonly: Boolean(options.readonly) });
  try {
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
    throw error;
  }
}

class SqliteRunStore implements RunStore {
  private readonly statements;
  private readonly writeCandidate: (candidate: CandidateWrite) => void;
  private cachedConfig: RunConfig | null = null;

  constructor(readonly dir: string, private readonly db: Database.Database, options: OpenRunStoreOptions) {
    if (options.create) this.initialise(options.create, options.tasks ?? []);
    this.statements = {
      prompt: db.prepare<[string], { parts: string }>('SELECT parts FROM prompts WHERE task_id = ?'),
      putPrompt: db.prepare('INSERT OR REPLACE INTO prompts (task_id, parts) VALUES (?, ?)'),
      putCandidate: db.prepare(
        `INSERT OR REPLACE INTO candidates (task_id, sample, raw, output, postprocess, error, prompt_tokens, completion_tokens, latency_ms, finish_reason, cached)
         VALUES (@taskId, @sample, @raw, @output, @postprocess, @error, @promptTokens, @completionTokens, @latencyMs, @finishReason, @cached)`,
      ),
      deleteMetrics: db.prepare('DELETE FROM metrics WHERE task_id = ? AND sample = ?'),
      deleteVerdict: db.prepare('DELETE FROM verdicts WHERE task_id = ? AND sample = ?'),
      candidateExists: db.prepare<[string, number], { one: number }>('SELECT 1 AS one FROM candidates WHERE task_id = ? AND sample = ?'),
      putMetric: db.prepare('INSERT OR REPLACE INTO metrics (task_id, sample, name, value) VALUES (?, ?, ?, ?)'),
      putVerdict: db.prepare('INSERT OR REPLACE INTO verdicts (task_id, sample, result) VALUES (?, ?, ?)'),
    };
    const statements = this.statements;
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
    });
  }

  private initialise(config: RunConfig, tasks: TaskRecord[]): void {
    const stored = this.db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?').get('config');
    if (stored) {
      // Only a run with results binds its settings: one whose every attempt failed (a wrong model
      // name, a template the model cannot take) is started afresh by a corrected command.
      const hasResults = this.db.prepare('SELECT 1 FROM candidates WHERE error IS NULL LIMIT 1').get() !== undefined;
      if (hasResults) {
        assertSameConfig(this.dir, JSON.parse(stored.value) as RunConfig, config);
        return;
      }
    }
    const insertMeta = this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
    const insertTask = this.db.prepare('INSERT INTO tasks (ord, id, record) VALUES (?, ?, ?)');
    this.db.transaction(() => {
      if (stored) this.db.exec('DELETE FROM meta; DELETE FROM tasks; DELETE FROM prompts; DELETE FROM candidates; DELETE FROM metrics; DELETE FROM verdicts;');
      insertMeta.run('schema', SCHEMA_VERSION);
      insertMeta.run('config', JSON.stringify(config));
      tasks.forEach((task, index) => insertTask.run(index, task.id, JSON.stringify(task)));
    })();
  }

  config(): RunConfig {
    if (!this.cachedConfig) {
      const row = this.db.prepare<[], { value: string }>(`SELECT value FROM meta WHERE key = 'config'`).get();
      if (!row) throw new InputError('the run store has no configuration (it was never initialised)', { file: this.dir });
      this.cachedConfig = JSON.parse(row.value) as RunConfig;
    }
    return this.cachedConfig;
  }

  tasks(): TaskRecord[] {
    return this.db
      .prepare<[], { record: string }>('SELECT record FROM tasks ORDER BY ord')
      .all()
      .map((row) => JSON.parse(row.record) as TaskRecord);
  }

  prompt(taskId: string): PromptParts | null {
    const row = this.statements.prompt.get(taskId);
    return row ? (JSON.parse(row.parts) as PromptParts) : null;
  }

  putPrompt(taskId: string, parts: PromptParts): void {
    this.statements.putPrompt.run(taskId, JSON.stringify(parts));
  }

  promptTaskIds(): Set<string> {
    return new Set(this.db.prepare<[], { task_id: string }>('SELECT task_id FROM prompts').all().map((row) => row.task_id));
  }

  putCandidate(candidate: CandidateWrite): void {
    this.writeCandidate(candidate);
  }

  batch(writes: () => void): void {
    this.db.transaction(writes)();
  }

  candidateStates(): Map<string, Map<number, boolean>> {
    const states = new Map<string, Map<number, boolean>>();
    const rows = this.db.prepare<[], { task_id: string; sample: number; failed: number }>('SELECT task_id, sample, error IS NOT NULL AS failed FROM candidates').all();
    for (const row of rows) {
      let samples = states.get(row.task_id);
      if (!samples) states.set(row.task_id, (samples = new Map()));
      samples.set(row.sample, row.failed === 1);
    }
    return states;
  }

  candidates(): CandidateRecord[] {
    const metrics = new Map<string, Record<string, number>>();
    for (const row of this.db.prepare<[], { task_id: string; sample: number; name: string; value: number }>('SELECT task_id, sample, name, value FROM metrics ORDER BY name').all()) {
      const key = `${row.sample}\u0000${row.task_id}`;
      const values = metrics.get(key) ?? {};
      values[row.name] = row.value;
      metrics.set(key, values);
    }
    const verdicts = new Map<string, ExecResult>();
    for (const row of this.db.prepare<[], { task_id: string; sample: number; result: string }>('SELECT task_id, sample, result FROM verdicts').all()) {
      verdicts.set(`${row.sample}\u0000${row.task_id}`, JSON.parse(row.result) as ExecResult);
    }
    // Task order of the snapshot, then sample: independent of the order calls finished in.
    const rows = this.db
      .prepare<[], CandidateRow>(
        `SELECT c.* FROM candidates c LEFT JOIN tasks t ON t.id = c.task_id ORDER BY t.ord IS NULL, t.ord, c.task_id, c.sample`,
      )
      .all();
    return rows.map((row) => {
      const key = `${row.sample}\u0000${row.task_id}`;
      return {
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
        metrics: metrics.get(key) ?? null,
        verdict: verdicts.get(key) ?? null,
      };
    });
  }

  putMetrics(taskId: string, sample: number, values: Record<string, number>): void {
    this.requireCandidate(taskId, sample);
    this.db.transaction(() => {
      for (const [name, value] of Object.entries(values)) {
        if (typeof value !== 'number' || Number.isNaN(value)) throw new Error(`metric '${name}' of ${taskId}#${sample} is not a number: ${String(value)}`);
        this.statements.putMetric.run(taskId, sample, name, value);
      }
    })();
  }

  putVerdict(taskId: string, sample: number, result: ExecResult): void {
    this.requireCandidate(taskId, sample);
    this.statements.putVerdict.run(taskId, sample, JSON.stringify(result));
  }

  private requireCandidate(taskId: string, sample: number): void {
    if (!this.statements.candidateExists.get(taskId, sample)) throw new Error(`run ${this.dir} has no candidate ${taskId}#${sample}`);
  }

  close(): void {
    this.db.close();
  }
}

function assertSameConfig(dir: string, stored: RunConfig, requested: RunConfig): void {
  const fields = new Set([...Object.keys(stored), ...Object.keys(requested)] as (keyof RunConfig)[]);
  for (const field of fields) {
    if (RESUMABLE_FIELDS.has(field)) continue;
    const before = JSON.stringify(stored[field] ?? null);
    const now = JSON.stringify(requested[field] ?? null);
    if (before !== now) {
      throw new InputError(`this run was made with ${field} = ${before}, the command asks for ${now}; use another --run directory or the original settings`, {
        file: runDatabasePath(dir),
        field,
      });
    }
  }
}

/**
 * A canonical text dump of a run: everything except what depends on timing (latencies, cache hits,
 * creation time, build/test durations), in task order then sample order. Two runs with the same
 * inputs and a deterministic backend dump identically, however their calls interleaved.
 */
export function dumpRun(dir: string): string {
  const store = openRunStore(dir, { readonly: true });
  try {
    const { createdAt: _createdAt, toolVersion: _toolVersion, ...config } = store.config();
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
