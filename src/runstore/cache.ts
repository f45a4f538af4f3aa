// The response cache: model answers keyed by a hash of (model, endpoint, prompt, sampling
// parameters, sample index), shared by every run on the machine, so a rerun or a second run with
// the same prompts costs no calls. One SQLite file (WAL), safe for several processes at once.
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { makeFolders } from '../util/folders.ts';

export interface CachedResponse {
  text: string;
  promptTokens: number | null;
  completionTokens: number | null;
  finishReason: string | null;
  /** latency of the call that produced the answer. */
  latencyMs: number | null;
}

export interface ResponseCache {
  readonly file: string;
  get(key: string): CachedResponse | null;
  put(key: string, response: CachedResponse): void;
  /** Runs several puts as one transaction. */
  batch(writes: () => void): void;
  close(): void;
}

/** `<--cache-dir>/responses.db`, else `$CTXBENCH_CACHE_DIR/responses.db`, else `~/.cache/ctxbench/responses.db`. */
export function responseCacheFile(cacheDir?: string | null, env: NodeJS.ProcessEnv = process.env): string {
  const dir = cacheDir || env.CTXBENCH_CACHE_DIR || join(homedir(), '.cache', 'ctxbench');
  return join(dir, 'responses.db');
}

export function openResponseCache(file: string): ResponseCache {
  makeFolders(dirname(file));
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 10000');
  db.exec(`CREATE TABLE IF NOT EXISTS responses (
    key TEXT PRIMARY KEY, text TEXT NOT NULL, prompt_tokens INTEGER, completion_tokens INTEGER,
    finish_reason TEXT, latency_ms REAL, created_at TEXT NOT NULL
  ) WITHOUT ROWID`);
  const select = db.prepare<
    [string],
    {
      text: string;
      prompt_tokens: number | null;
      completion_tokens: number | null;
      finish_reason: string | null;
      latency_ms: number | null;
    }
  >('SELECT text, prompt_tokens, completion_tokens, finish_reason, latency_ms FROM responses WHERE key = ?');
  const insert = db.prepare(
    'INSERT OR REPLACE INTO responses (key, text, prompt_tokens, completion_tokens, finish_reason, latency_ms, ' +
      'created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  return {
    file,
    get(key) {
      const row = select.get(key);
      return row
        ? {
            text: row.text,
            promptTokens: row.prompt_tokens,
            completionTokens: row.completion_tokens,
            finishReason: row.finish_reason,
            latencyMs: row.latency_ms,
          }
        : null;
    },
    put(key, response) {
      insert.run(
        key,
        response.text,
        response.promptTokens,
        response.completionTokens,
        response.finishReason,
        response.latencyMs,
        new Date().toISOString(),
      );
    },
    batch(writes) {
      db.transaction(writes)();
    },
    close() {
      db.close();
    },
  };
}
