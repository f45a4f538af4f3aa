// The reviews of a task set, in one SQLite file beside it (`<tasks>.reviews.db`): one row per task
// and reviewer, so several reviewers (several sessions at once: WAL, a busy timeout) share it and
// a session resumes where the reviewer stopped. Every row read back is validated.
import Database from 'better-sqlite3';
import { InputError } from '../util/errors.ts';
import { validateReview, type ReviewRecord } from './types.ts';

const FORMAT = 'ctxbench-reviews';
const FORMAT_VERSION = '1';

/** Where the reviews of a task set live. */
export function reviewsPath(tasksPath: string): string {
  return `${tasksPath}.reviews.db`;
}

interface Row {
  task_id: string;
  reviewer: string;
  kind: string;
  mark: string;
  note: string;
  docstring: string | null;
  at: string;
}

export class ReviewStore {
  private readonly db: Database.Database;

  /** Opens (or, unless `readonly`, creates) the reviews file. */
  constructor(
    readonly file: string,
    options: { readonly?: boolean } = {},
  ) {
    try {
      this.db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
    } catch (error) {
      throw new InputError(`cannot open the reviews: ${(error as Error).message}`, { file });
    }
    try {
      this.db.pragma('busy_timeout = 5000');
      if (!options.readonly) {
        this.db.pragma('journal_mode = WAL');
        this.db.exec(`
          CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
          INSERT OR IGNORE INTO meta (key, value) VALUES ('format', '${FORMAT}'), ('version', '${FORMAT_VERSION}');
          CREATE TABLE IF NOT EXISTS reviews (
            task_id TEXT NOT NULL, reviewer TEXT NOT NULL, kind TEXT NOT NULL, mark TEXT NOT NULL,
            note TEXT NOT NULL, docstring TEXT, at TEXT NOT NULL, PRIMARY KEY (task_id, reviewer)
          ) WITHOUT ROWID;`);
      }
      const value = (key: string) =>
        (this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
      if (value('format') !== FORMAT) throw new InputError('not a ctxbench reviews file', { file });
      if (value('version') !== FORMAT_VERSION)
        throw new InputError(
          `reviews version ${value('version') ?? '?'} is not supported (this ctxbench reads version ${FORMAT_VERSION})`,
          { file },
        );
    } catch (error) {
      this.db.close();
      if (error instanceof InputError) throw error;
      throw new InputError(`cannot read the reviews: ${(error as Error).message}`, { file });
    }
  }

  /** Adds or replaces one reviewer's review of one task. */
  put(review: ReviewRecord): void {
    const checked = validateReview(review, { file: this.file });
    this.db
      .prepare(
        'INSERT OR REPLACE INTO reviews (task_id, reviewer, kind, mark, note, docstring, at) VALUES (?, ?, ?, ?, ?, ' +
          '?, ?)',
      )
      .run(checked.taskId, checked.reviewer, checked.kind, checked.mark, checked.note, checked.docstring, checked.at);
  }

  /** Several reviews in one transaction (an import is all or nothing). */
  putAll(reviews: readonly ReviewRecord[]): void {
    this.db.transaction(() => reviews.forEach((review) => this.put(review)))();
  }

  /** Every review (of one reviewer), in task and reviewer order. */
  all(reviewer?: string): ReviewRecord[] {
    const rows =
      reviewer === undefined
        ? this.db.prepare<[], Row>('SELECT * FROM reviews ORDER BY task_id, reviewer').all()
        : this.db.prepare<[string], Row>('SELECT * FROM reviews WHERE reviewer = ? ORDER BY task_id').all(reviewer);
    return rows.map((row) =>
      validateReview(
        {
          taskId: row.task_id,
          reviewer: row.reviewer,
          kind: row.kind,
          mark: row.mark,
          note: row.note,
          docstring: row.docstring,
          at: row.at,
        },
        { file: `${this.file} (task '${row.task_id}', reviewer '${row.reviewer}')` },
      ),
    );
  }

  close(): void {
    this.db.close();
  }
}
