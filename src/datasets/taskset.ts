// Task sets: each file text is stored once, content-addressed by its SHA-256, and a task's `prefix`
// and `suffix` are stored as references into it ({file: hash, start, end}, offsets in UTF-16 code
// units, end exclusive). The stored text of a task is prefix + reference + suffix (the file, for
// built tasks), so the tasks of one file share one text and the set grows with the number of
// tasks, not tasks x file size. The same two tables hold the task set file (one SQLite file,
// chosen over a folder of blobs by `npm run bench -- scale`) and the run store's task snapshot.
import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { InputError } from '../util/errors.ts';
import { validateTask } from './schema.ts';
import type { TaskHead, TaskRecord } from './types.ts';

export const TASK_TABLES = `
CREATE TABLE IF NOT EXISTS tasks (ord INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (hash TEXT PRIMARY KEY, text TEXT NOT NULL) WITHOUT ROWID;
`;

const FORMAT = 'ctxbench-taskset';
const FORMAT_VERSION = '1';
const SQLITE_HEADER = 'SQLite format 3\0';
/** File texts kept decoded while reading (characters); tasks of one file are usually adjacent. */
const TEXT_CACHE_CHARS = 64 * 1024 * 1024;
const INSERT_BATCH = 500;

/** Where a stored prefix or suffix is: a slice of a stored file text. */
export interface TextRef {
  file: string;
  start: number;
  end: number;
}

/** SHA-256 (hex) of the UTF-8 text made of `parts` (hashed in pieces: never concatenated). */
export function textHash(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex');
}

/** The stored form of a task: prefix and suffix become references to `hash`, every other field stays where it was. */
export function compactTask(task: TaskRecord, hash: string): Record<string, unknown> {
  const prefixEnd = task.prefix.length;
  const suffixStart = prefixEnd + task.reference.length;
  return {
    ...task,
    prefix: { file: hash, start: 0, end: prefixEnd },
    suffix: { file: hash, start: suffixStart, end: suffixStart + task.suffix.length },
  };
}

function isTextRef(value: unknown): value is TextRef {
  if (typeof value !== 'object' || value === null) return false;
  const ref = value as Record<string, unknown>;
  return typeof ref.file === 'string' && Number.isInteger(ref.start) && Number.isInteger(ref.end);
}

/** Writes tasks into the two tables of an open database (inside the caller's transaction batches). */
export class TaskTableWriter {
  private readonly insertTask;
  private readonly insertText;
  private readonly hasText;
  private readonly stored = new Set<string>();
  private last: { text: string; hash: string } | null = null;

  /** @internal `ord`: the position of the first task added (a snapshot that grows starts after its last). */
  constructor(
    db: Database.Database,
    private ord = 0,
  ) {
    db.exec(TASK_TABLES);
    this.insertTask = db.prepare('INSERT INTO tasks (ord, id, record) VALUES (?, ?, ?)');
    this.insertText = db.prepare('INSERT OR IGNORE INTO files (hash, text) VALUES (?, ?)');
    this.hasText = db.prepare<[string], { one: number }>('SELECT 1 AS one FROM files WHERE hash = ?');
  }

  add(task: TaskRecord): void {
    const { prefix, reference, suffix } = task;
    // The tasks of one file come one after another: a text equal to the last one is not hashed again.
    const last = this.last;
    const referenceEnd = prefix.length + reference.length;
    const same =
      last !== null &&
      last.text.length === referenceEnd + suffix.length &&
      last.text.slice(0, prefix.length) === prefix &&
      last.text.slice(prefix.length, referenceEnd) === reference &&
      last.text.slice(referenceEnd) === suffix;
    const hash = same ? last.hash : textHash(prefix, reference, suffix);
    if (!same) this.last = { text: prefix + reference + suffix, hash };
    if (!this.stored.has(hash)) {
      if (!this.hasText.get(hash)) this.insertText.run(hash, this.last!.text);
      this.stored.add(hash);
    }
    this.insertTask.run(this.ord++, task.id, JSON.stringify(compactTask(task, hash)));
  }
}

/** Reads tasks back from the two tables, resolving references; every text is checked against its hash. */
export class TaskTableReader {
  private readonly selectText;
  private readonly texts = new Map<string, string>();
  private cachedChars = 0;

  /**
   * @internal `label`: how errors name the container (the task set file, the run store). Every task read is validated.
   */
  constructor(
    private readonly db: Database.Database,
    private readonly label: string,
  ) {
    this.selectText = this.hasFiles()
      ? db.prepare<[string], { text: string }>('SELECT text FROM files WHERE hash = ?')
      : null;
  }

  private hasFiles(): boolean {
    return this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'files'`).get() !== undefined;
  }

  count(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM tasks').get() as { n: number }).n;
  }

  *tasks(): Generator<TaskRecord> {
    const rows = this.db
      .prepare<[], { ord: number; record: string }>('SELECT ord, record FROM tasks ORDER BY ord')
      .iterate();
    for (const row of rows) yield this.task(row.record, row.ord);
  }

  /**
   * Every task at once, for callers that keep them all anyway: the texts are read in one pass
   * (each still checked against its hash) instead of one query each.
   */
  all(): TaskRecord[] {
    const texts = new Map<string, string>();
    if (this.selectText) {
      for (const row of this.db.prepare<[], { hash: string; text: string }>('SELECT hash, text FROM files').iterate())
        texts.set(row.hash, row.text);
    }
    const verified = new Set<string>();
    const textOf = (id: string, hash: string) => {
      const text = texts.get(hash);
      if (text === undefined || verified.has(hash)) return text ?? this.text(id, hash);
      this.verify(id, hash, text);
      verified.add(hash);
      return text;
    };
    return this.db
      .prepare<[], { ord: number; record: string }>('SELECT ord, record FROM tasks ORDER BY ord')
      .all()
      .map((row) => this.task(row.record, row.ord, textOf));
  }

  /**
   * Every task without its texts: each stored record is validated as it is (its prefix and suffix
   * are references, not read), then reduced to the fields a list shows. `from`, `limit`: only the
   * tasks from that position (0-based) on, and only that many.
   */
  heads({ from = 0, limit = -1 }: { from?: number; limit?: number } = {}): TaskHead[] {
    return this.db
      .prepare<[number, number], { ord: number; record: string }>(
        'SELECT ord, record FROM tasks WHERE ord >= ? ORDER BY ord LIMIT ?',
      )
      .all(from, limit)
      .map((row) => {
        const { id, kind, language, repo, path, span, labels, name, meta } = this.task(row.record, row.ord, null);
        const crossFileName = meta?.crossFileName;
        return {
          id,
          kind,
          language,
          repo,
          path,
          span,
          labels,
          ...(name === undefined ? {} : { name }),
          ...(typeof crossFileName === 'string' ? { crossFileName } : {}),
        };
      });
  }

  /** One task by id, or null. */
  get(id: string): TaskRecord | null {
    return this.entry(id)?.task ?? null;
  }

  /** One task by id with its position (0-based), or null. */
  entry(id: string): { ord: number; task: TaskRecord } | null {
    const row = this.db
      .prepare<[string], { ord: number; record: string }>('SELECT ord, record FROM tasks WHERE id = ?')
      .get(id);
    return row ? { ord: row.ord, task: this.task(row.record, row.ord) } : null;
  }

  /** The task of a stored record; `textOf` null leaves prefix and suffix empty (not read). */
  private task(
    record: string,
    ord: number,
    textOf: ((id: string, hash: string) => string) | null = (id, hash) => this.text(id, hash),
  ): TaskRecord {
    const where = { file: `${this.label} (task ${ord + 1})` };
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(record) as Record<string, unknown>;
    } catch (error) {
      throw new InputError(`malformed JSON (${(error as Error).message})`, where);
    }
    const id = typeof value.id === 'string' ? value.id : `#${ord + 1}`;
    for (const key of ['prefix', 'suffix'] as const) {
      if (isTextRef(value[key]))
        value[key] = textOf ? this.slice(id, key, value[key], textOf(id, (value[key] as TextRef).file)) : '';
    }
    return validateTask(value, where);
  }

  private slice(id: string, field: string, ref: TextRef, text: string): string {
    if (ref.start < 0 || ref.end < ref.start || ref.end > text.length) {
      throw new InputError(
        `task '${id}': ${field} [${ref.start}, ${ref.end}) is outside the file text ${ref.file} (${text.length} ` +
          `characters)`,
        { file: this.label, field },
      );
    }
    return text.slice(ref.start, ref.end);
  }

  private verify(id: string, hash: string, text: string): void {
    const actual = textHash(text);
    if (actual !== hash)
      throw new InputError(
        `task '${id}' refers to the file text ${hash}, which is corrupted (its content hashes to ${actual})`,
        { file: this.label },
      );
  }

  private text(id: string, hash: string): string {
    const cached = this.texts.get(hash);
    if (cached !== undefined) {
      // Most recently used last.
      this.texts.delete(hash);
      this.texts.set(hash, cached);
      return cached;
    }
    const row = this.selectText?.get(hash);
    if (!row)
      throw new InputError(`task '${id}' refers to the file text ${hash}, which is missing from the task set`, {
        file: this.label,
      });
    this.verify(id, hash, row.text);
    this.texts.set(hash, row.text);
    this.cachedChars += row.text.length;
    for (const [oldest, text] of this.texts) {
      if (this.cachedChars <= TEXT_CACHE_CHARS || oldest === hash) break;
      this.texts.delete(oldest);
      this.cachedChars -= text.length;
    }
    return row.text;
  }
}

/** Whether `file` is a task set (a SQLite file) rather than inline JSONL. */
export function isTaskSetFile(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return false;
  }
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, header, 0, header.length, 0) === header.length && header.toString('latin1') === SQLITE_HEADER;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** An open task set file. */
export interface TaskSet {
  count(): number;
  tasks(): Generator<TaskRecord>;
  get(id: string): TaskRecord | null;
  close(): void;
}

export function openTaskSet(file: string): TaskSet {
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new InputError(`cannot open the task set: ${(error as Error).message}`, { file });
  }
  let format: string | undefined;
  let version: string | undefined;
  try {
    const hasMeta =
      db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'`).get() !== undefined;
    const value = (key: string) =>
      (db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
    if (hasMeta) [format, version] = [value('format'), value('version')];
  } catch (error) {
    db.close();
    throw new InputError(`cannot read the task set: ${(error as Error).message}`, { file });
  }
  if (format !== FORMAT) {
    db.close();
    throw new InputError('a SQLite file that is not a ctxbench task set (expected a task set or a JSONL task file)', {
      file,
    });
  }
  if (version !== FORMAT_VERSION) {
    db.close();
    throw new InputError(
      `task set version ${version ?? '?'} is not supported (this ctxbench reads version ${FORMAT_VERSION})`,
      { file },
    );
  }
  const reader = new TaskTableReader(db, file);
  // SQLite's own errors (a damaged file) become one line naming the file.
  const guard = <T>(read: () => T): T => {
    try {
      return read();
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw new InputError(`cannot read the task set: ${(error as Error).message}`, { file });
    }
  };
  return {
    count: () => guard(() => reader.count()),
    *tasks() {
      const iterator = guard(() => reader.tasks());
      try {
        for (;;) {
          const next = guard(() => iterator.next());
          if (next.done) return;
          yield next.value;
        }
      } finally {
        // A consumer that stops early ends the statement too, or the connection cannot close.
        iterator.return(undefined);
      }
    },
    get: (id) => guard(() => reader.get(id)),
    close: () => db.close(),
  };
}

/**
 * Writes a task set file from validated tasks, streaming: built under a temporary name beside
 * `file` and renamed into place when complete (a failure leaves nothing). Returns the task count.
 */
export function writeTaskSet(file: string, tasks: Iterable<TaskRecord>): number {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  rmSync(temporary, { force: true });
  let db: Database.Database;
  try {
    db = new Database(temporary);
  } catch (error) {
    throw new InputError(`cannot write: ${(error as Error).message}`, { file });
  }
  let count = 0;
  try {
    // The temporary file is discarded on failure, so no journal is needed while it is built.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?), (?, ?)').run('format', FORMAT, 'version', FORMAT_VERSION);
    const writer = new TaskTableWriter(db);
    let batch: TaskRecord[] = [];
    const flush = db.transaction((items: TaskRecord[]) => {
      for (const task of items) writer.add(task);
    });
    for (const task of tasks) {
      batch.push(task);
      count++;
      if (batch.length >= INSERT_BATCH) {
        flush(batch);
        batch = [];
      }
    }
    flush(batch);
    db.close();
    const fd = openSync(temporary, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temporary, file);
    return count;
  } catch (error) {
    if (db.open) db.close();
    rmSync(temporary, { force: true });
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot write the task set: ${(error as Error).message}`, { file });
  }
}
