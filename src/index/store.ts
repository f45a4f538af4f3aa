// The repository index in SQLite: per-file facts (so an unchanged file is never re-parsed), the
// resolved functions and call edges, and a cache of git-blame dates.
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { pluginLanguagesVersion, type LanguageId } from '../languages/index.ts';
import type { ContextLevel, FileFacts, FunctionCall, FunctionRecord, ResolvedCall, Span } from './types.ts';
import { codeVersion } from '../util/code-version.ts';
import { makeFolders } from '../util/folders.ts';
import { InputError } from '../util/errors.ts';
import { parseRecord } from '../util/schema.ts';
import { FileFactsSchema } from './facts-schema.ts';

const SCHEMA_VERSION = '4';
const PAGE_BYTES = 16384;
/** The index and language stages' own code: the facts and resolutions they stored depend on it. */
const INDEX_CODE_VERSION = codeVersion([new URL('./', import.meta.url), new URL('../languages/', import.meta.url)]);

/**
 * The functions' lookup indexes: dropped while a replacement writes every function, made again at its end (one sort
 * instead of a b-tree insert per row).
 */
const FUNCTION_INDEXES = `
CREATE INDEX IF NOT EXISTS functions_by_path ON functions(path);
CREATE INDEX IF NOT EXISTS functions_by_name ON functions(name);
`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
  path TEXT PRIMARY KEY, language TEXT NOT NULL, hash TEXT NOT NULL, size INTEGER NOT NULL,
  lines INTEGER NOT NULL, has_errors INTEGER NOT NULL, facts TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS functions (
  id TEXT PRIMARY KEY, path TEXT NOT NULL, name TEXT NOT NULL, qualified_name TEXT NOT NULL,
  kind TEXT NOT NULL, language TEXT NOT NULL, signature TEXT NOT NULL, code TEXT NOT NULL,
  span TEXT NOT NULL, body_span TEXT NOT NULL, docstring TEXT, lines_of_code INTEGER NOT NULL,
  level TEXT NOT NULL,
  -- the function's resolved call sites, in order: [{name, line, level, yablocoLevel?, viaMacro?, calleeIds, ambiguous}]
  calls TEXT NOT NULL);
${FUNCTION_INDEXES}
-- each called function's number of distinct callers (functions absent: none), by its functions rowid: known only when
-- every function is resolved, and a row of its own (setting a column would rewrite every function's row, code and all)
CREATE TABLE IF NOT EXISTS callers (function_row INTEGER PRIMARY KEY, count INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS blame (path TEXT PRIMARY KEY, hash TEXT NOT NULL, line_times TEXT NOT NULL);
`;

export interface StoredFile {
  path: string;
  language: LanguageId;
  hash: string;
  size: number;
  lines: number;
  hasErrors: boolean;
}

/** A replacement of the resolved index in progress (IndexStore.beginReplace). */
export interface IndexReplacement {
  /** a parsed file and its facts (as JSON). */
  putFile(file: StoredFile, factsJson: string): void;
  /**
   * a function's row (functionRow: its callers are counted at the end; its rowid places it, so rows may come out of
   * order).
   */
  putFunctionRow(row: FunctionRowValues): void;
  /** writes the callers counts, by function number (functions absent: none), and commits. */
  finish(callers: ReadonlyMap<number, number>): void;
  /** drops everything written since beginReplace: the old index is left as it was. */
  abort(): void;
}

/**
 * A function's row as written: its rowid (its number + 1) and its columns' values in the order of insertFunction (its
 * callers are counted at finish).
 */
export type FunctionRowValues = [
  rowid: number,
  id: string,
  path: string,
  name: string,
  qualifiedName: string,
  kind: string,
  language: string,
  signature: string,
  code: string,
  span: string,
  bodySpan: string,
  docstring: string | null,
  linesOfCode: number,
  level: string,
  calls: string,
];

/**
 * A function and its resolved calls (`callsJson`: a JSON list of FunctionCall, serialised once, where they are
 * resolved) as the values of its row.
 */
export function functionRow(f: Omit<FunctionRecord, 'callers'>, callsJson: string, number: number): FunctionRowValues {
  // One JSON list per function: far fewer rows to write than one row per call site.
  return [
    number + 1,
    f.id,
    f.path,
    f.name,
    f.qualifiedName,
    f.kind,
    f.language,
    f.signature,
    f.code,
    JSON.stringify(f.span),
    JSON.stringify(f.bodySpan),
    f.docstring,
    f.linesOfCode,
    f.level,
    callsJson,
  ];
}

interface FunctionRow {
  id: string;
  path: string;
  name: string;
  qualified_name: string;
  kind: FunctionRecord['kind'];
  language: LanguageId;
  signature: string;
  code: string;
  span: string;
  body_span: string;
  docstring: string | null;
  lines_of_code: number;
  level: ContextLevel;
  callers: number;
}

function toRecord(row: FunctionRow): FunctionRecord {
  return {
    id: row.id,
    name: row.name,
    qualifiedName: row.qualified_name,
    kind: row.kind,
    path: row.path,
    language: row.language,
    signature: row.signature,
    code: row.code,
    span: JSON.parse(row.span) as Span,
    bodySpan: JSON.parse(row.body_span) as Span,
    docstring: row.docstring,
    linesOfCode: row.lines_of_code,
    level: row.level,
    callers: row.callers,
    lastCommit: null,
  };
}

export class IndexStore {
  /** @internal the connection (its type, better-sqlite3's, stays out of the published declarations) */
  readonly db: Database.Database;

  constructor(readonly file: string) {
    makeFolders(dirname(file));
    this.db = new Database(file);
    // A new file's pages (an existing file keeps its own): 16 KiB rather than 4 KiB, as an index is mostly long
    // texts (facts, code, calls) that spill into overflow pages. LLVM's function rows insert in a third less time.
    this.db.pragma(`page_size = ${PAGE_BYTES}`);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    const version = this.hasMeta() ? this.meta('schema') : null;
    const code = this.hasMeta() ? this.meta('code') : null;
    // An index from another schema, or made by other extraction or resolution code (the language
    // tables included), is a cache: rebuild it rather than serve facts the current code would not find.
    // Blame dates depend only on the file and its history, so only a schema change drops them.
    if (version !== null && version !== SCHEMA_VERSION) this.db.exec('DROP TABLE IF EXISTS blame;');
    // A plugin's language table is part of what the facts depend on.
    const indexCode = `${INDEX_CODE_VERSION}${pluginLanguagesVersion()}`;
    if ((version !== null && version !== SCHEMA_VERSION) || (code !== null && code !== indexCode)) {
      this.db.exec(
        'DROP TABLE IF EXISTS files; DROP TABLE IF EXISTS functions; DROP TABLE IF EXISTS calls; DROP TABLE IF ' +
          'EXISTS callers;',
      );
    }
    this.db.exec(SCHEMA);
    this.setMeta('schema', SCHEMA_VERSION);
    this.setMeta('code', indexCode);
  }

  private hasMeta(): boolean {
    return this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get() !== undefined;
  }

  meta(key: string): string | null {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value ?? null;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(key, value);
  }

  /** Switches the journal mode; false when SQLite keeps the current one (another connection has the file open). */
  private setJournalMode(mode: 'wal' | 'delete'): boolean {
    try {
      return this.db.pragma(`journal_mode = ${mode}`, { simple: true }) === mode;
    } catch (error) {
      if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return false;
      throw error;
    }
  }

  fileHashes(): Map<string, string> {
    const rows = this.db.prepare('SELECT path, hash FROM files').all() as { path: string; hash: string }[];
    return new Map(rows.map((row) => [row.path, row.hash]));
  }

  files(): StoredFile[] {
    const rows = this.db
      .prepare('SELECT path, language, hash, size, lines, has_errors FROM files ORDER BY path')
      .all() as {
      path: string;
      language: LanguageId;
      hash: string;
      size: number;
      lines: number;
      has_errors: number;
    }[];
    return rows.map((row) => ({ ...row, hasErrors: row.has_errors === 1 }));
  }

  facts(paths: string[]): FileFacts[] {
    const statement = this.db.prepare('SELECT facts FROM files WHERE path = ?');
    return paths.map((path) => {
      const where = { file: `${this.file} (facts of ${path})` };
      let value: unknown;
      try {
        value = JSON.parse((statement.get(path) as { facts: string }).facts);
      } catch (error) {
        throw new InputError(`malformed JSON (${(error as Error).message}); delete the index to rebuild it`, where);
      }
      return parseRecord(FileFactsSchema, value, where) as FileFacts;
    });
  }

  /**
   * Starts replacing the resolved index: files, functions and calls are written as they are produced
   * (nothing is held until the end), in one transaction; the old index stays what readers see, and
   * what remains after `abort` or a crash, until `finish` commits. `removed`: paths to drop.
   */
  beginReplace(removed: string[]): IndexReplacement {
    const db = this.db;
    const upsertFile = db.prepare(
      `INSERT INTO files (path, language, hash, size, lines, has_errors, facts) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(path) DO UPDATE SET language = excluded.language, hash = excluded.hash, size = excluded.size,
       lines = excluded.lines, has_errors = excluded.has_errors, facts = excluded.facts`,
    );
    const insertFunction = db.prepare(
      `INSERT INTO functions (rowid, id, path, name, qualified_name, kind, language, signature, code, span, body_span,
       docstring, lines_of_code, level, calls) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertCallers = db.prepare('INSERT INTO callers (function_row, count) VALUES (?, ?)');
    const deleteFile = db.prepare('DELETE FROM files WHERE path = ?');
    // A first index has no old one for readers to see: written through a rollback journal, its pages
    // are written once (the write-ahead log writes each twice: to the log, then to the database).
    // Another connection open on the file keeps the log (the switch needs the file to itself).
    const rollbackJournal =
      db.prepare('SELECT 1 FROM files LIMIT 1').get() === undefined && this.setJournalMode('delete');
    db.exec('BEGIN IMMEDIATE');
    let open = true;
    // A failed COMMIT leaves the transaction open, for abort to roll back; SQLite may already have
    // rolled back itself (a full disk), so a rollback happens only while a transaction is open.
    const end = (statement: 'COMMIT' | 'ROLLBACK') => {
      if (!open) return;
      if (statement === 'COMMIT' || db.inTransaction) db.exec(statement);
      open = false;
      if (rollbackJournal) this.setJournalMode('wal');
    };
    const writing = () => {
      if (!open) throw new Error('index replacement already finished or aborted');
    };
    try {
      for (const path of removed) deleteFile.run(path);
      db.exec(
        'DELETE FROM functions; DELETE FROM callers; DROP INDEX IF EXISTS functions_by_path; DROP INDEX IF EXISTS ' +
          'functions_by_name;',
      );
    } catch (error) {
      end('ROLLBACK');
      throw error;
    }
    const putFunctionRow = (row: FunctionRowValues) => {
      writing();
      insertFunction.run(...row);
    };
    return {
      putFile(file, factsJson) {
        writing();
        upsertFile.run(file.path, file.language, file.hash, file.size, file.lines, file.hasErrors ? 1 : 0, factsJson);
      },
      putFunctionRow,
      finish(callers) {
        writing();
        try {
          for (const [number, count] of [...callers].sort((a, b) => a[0] - b[0])) insertCallers.run(number + 1, count);
          db.exec(FUNCTION_INDEXES);
        } catch (error) {
          end('ROLLBACK');
          throw error;
        }
        end('COMMIT');
      },
      abort() {
        end('ROLLBACK');
      },
    };
  }

  functions(): FunctionRecord[] {
    const rows = this.db
      .prepare(`SELECT functions.*, coalesce(callers.count, 0) AS callers
      FROM functions LEFT JOIN callers ON callers.function_row = functions.rowid
      ORDER BY path, json_extract(span, '$.startLine'), id`)
      .all() as FunctionRow[];
    return rows.map(toRecord);
  }

  /** Every resolved call site, grouped by caller in the functions' order. */
  calls(): ResolvedCall[] {
    const rows = this.db
      .prepare("SELECT id, calls FROM functions ORDER BY path, json_extract(span, '$.startLine'), id")
      .all() as { id: string; calls: string }[];
    return rows.flatMap((row) =>
      (JSON.parse(row.calls) as FunctionCall[]).map((call) => ({ callerId: row.id, ...call })),
    );
  }

  blameTimes(path: string, hash: string): number[] | null {
    const row = this.db.prepare('SELECT hash, line_times FROM blame WHERE path = ?').get(path) as
      | { hash: string; line_times: string }
      | undefined;
    return row && row.hash === hash ? (JSON.parse(row.line_times) as number[]) : null;
  }

  putBlameTimes(path: string, hash: string, times: number[]): void {
    this.db
      .prepare(
        'INSERT INTO blame (path, hash, line_times) VALUES (?, ?, ?) ON CONFLICT(path) DO UPDATE SET hash = ' +
          'excluded.hash, line_times = excluded.line_times',
      )
      .run(path, hash, JSON.stringify(times));
  }

  close(): void {
    this.db.close();
  }
}
