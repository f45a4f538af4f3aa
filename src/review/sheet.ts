// The review sheet in YABLoCo's layout (`docstring_labeling.xlsx`), as XLSX or CSV: a pandas index
// column, the function id, `doc`, `repository`, then one `Reviewer <name>` column per reviewer with
// `-`, `?` or `+`, then YABLoCo's derived columns (per-reviewer flags under blank headers and the
// sums `empty_cells`, `minuses`, `questions`, `agree`). ctxbench adds `fname`, `file` and one
// `Note <name>` column per reviewer. In YABLoCo's own sheets a blank mark means `+` (its
// `empty_cells` counts them); in sheets with ctxbench's note columns a blank is "not reviewed".
import { readFileSync } from 'node:fs';
import readExcelFile from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import { formatCsv, parseCsvRows, unguardCsvCell, type TaskRecord } from '../datasets/index.ts';
import { InputError, errorReason } from '../util/errors.ts';
import { writeFileAtomic } from '../util/jsonl.ts';
import { marksByTask } from './stats.ts';
import { MARKS, reviewKindOf, validateReview, type Mark, type ReviewRecord } from './types.ts';

type Cell = string | number | boolean | null;

/**
 * How a blank mark cell reads: `+` (YABLoCo), not reviewed, or by the sheet (`auto`: `+` unless it has ctxbench's note
 * columns).
 */
export const BLANK_MODES = ['auto', 'plus', 'skip'] as const;
export type BlankMode = (typeof BLANK_MODES)[number];

export interface SheetRow {
  /** 1-based row number in the sheet (the header is row 1). */
  row: number;
  id: string;
  doc: string | null;
  /** YABLoCo's `repository` column (null when the sheet has none). */
  repository: string | null;
  marks: { reviewer: string; mark: Mark; note: string }[];
}

export interface ReviewSheet {
  file: string;
  reviewers: string[];
  rows: SheetRow[];
  /** how blanks were read. */
  blank: 'plus' | 'skip';
}

const REVIEWER_HEADER = /^Reviewer\s+(.+)$/;
const NOTE_HEADER = /^Note\s+(.+)$/;
/** pandas' names for unnamed index columns written back as data (`Unnamed: 0`, `Unnamed: 0.1.1`). */
const PANDAS_INDEX_HEADER = /^Unnamed: 0(\.\d+)*$/;

function isXlsx(file: string): boolean {
  return /\.xlsx$/i.test(file);
}

function assertSheetPath(file: string): void {
  if (!/\.(xlsx|csv)$/i.test(file)) throw new InputError('a review sheet is a .xlsx or .csv file', { file });
}

/** The cells of a sheet (the first one with reviewer columns, or the one named). */
async function readCells(file: string, sheetName?: string): Promise<Cell[][]> {
  assertSheetPath(file);
  if (!isXlsx(file)) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new InputError(`cannot read: ${errorReason(error)}`, { file });
    }
    return parseCsvRows(text, file).map((row) => row.fields.map(unguardCsvCell));
  }
  let sheets: { sheet: string; data: unknown[][] }[];
  try {
    sheets = (await readExcelFile(file)) as { sheet: string; data: unknown[][] }[];
  } catch (error) {
    throw new InputError(`cannot read the spreadsheet: ${(error as Error).message}`, { file });
  }
  const cells = (data: unknown[][]) =>
    data.map((row) => row.map((cell) => (cell instanceof Date ? cell.toISOString() : ((cell as Cell) ?? null))));
  if (sheetName !== undefined) {
    const named = sheets.find((sheet) => sheet.sheet === sheetName);
    if (!named)
      throw new InputError(`no sheet '${sheetName}' (sheets: ${sheets.map((sheet) => sheet.sheet).join(', ')})`, {
        file,
        field: 'sheet',
      });
    return cells(named.data);
  }
  const withReviewers = sheets.find((sheet) =>
    (sheet.data[0] ?? []).some((cell) => typeof cell === 'string' && REVIEWER_HEADER.test(cell)),
  );
  if (!withReviewers)
    throw new InputError(
      `no sheet has 'Reviewer <name>' columns (sheets: ${sheets.map((sheet) => sheet.sheet).join(', ')})`,
      { file },
    );
  return cells(withReviewers.data);
}

const text = (cell: Cell | undefined): string => (cell === null || cell === undefined ? '' : String(cell)).trim();

/**
 * Reads a review sheet: every mark checked, and YABLoCo's sums `minuses`, `questions` and `agree` (when present)
 * checked against the marks.
 */
export async function readReviewSheet(
  file: string,
  options: { sheet?: string; blank?: BlankMode } = {},
): Promise<ReviewSheet> {
  const cells = await readCells(file, options.sheet);
  const header = (cells[0] ?? []).map(text);
  const reviewerColumns = header.flatMap((name, column) => {
    const match = REVIEWER_HEADER.exec(name);
    return match ? [{ reviewer: match[1]!.trim(), column }] : [];
  });
  if (reviewerColumns.length === 0)
    throw new InputError("no 'Reviewer <name>' columns in the header", { file, line: 1 });
  const noteColumns = new Map(
    header.flatMap((name, column) => {
      const match = NOTE_HEADER.exec(name);
      return match ? [[match[1]!.trim(), column] as const] : [];
    }),
  );
  const blank =
    (options.blank ?? 'auto') === 'auto'
      ? noteColumns.size > 0
        ? 'skip'
        : 'plus'
      : (options.blank as 'plus' | 'skip');
  const body = cells
    .slice(1)
    .map((row, index) => ({ row: index + 2, row_: row }))
    .filter(({ row_ }) => row_.some((cell) => text(cell) !== ''));
  const idColumn = ((): number => {
    const named = header.indexOf('id');
    if (named >= 0) return named;
    // YABLoCo's id is the pandas index column that holds the hex function ids rather than row numbers.
    const column = header.findIndex(
      (name, at) =>
        PANDAS_INDEX_HEADER.test(name) &&
        body.every(({ row_ }) => text(row_[at]) !== '' && !/^\d+(\.\d+)?$/.test(text(row_[at]))),
    );
    if (column < 0)
      throw new InputError("no id column: expected 'id' or YABLoCo's 'Unnamed: 0…' column of function ids", {
        file,
        line: 1,
      });
    return column;
  })();
  const docColumn = header.indexOf('doc');
  const repositoryColumn = header.indexOf('repository');
  const sums = {
    minuses: header.indexOf('minuses'),
    questions: header.indexOf('questions'),
    agree: header.indexOf('agree'),
  };
  const expectedSum = (name: string, marks: Mark[]): number => {
    if (name === 'minuses') return -marks.filter((mark) => mark === '-').length;
    if (name === 'questions') return marks.filter((mark) => mark === '?').length;
    return reviewerPairs(marks.length).filter(([a, b]) => marks[a] === marks[b]).length;
  };
  const seen = new Map<string, number>();
  const rows = body.map(({ row, row_ }): SheetRow => {
    const id = text(row_[idColumn]);
    if (id === '') throw new InputError('empty function id', { file, line: row, field: header[idColumn] });
    if (seen.has(id))
      throw new InputError(`function '${id}' is listed twice (first in row ${seen.get(id)})`, {
        file,
        line: row,
        field: header[idColumn],
      });
    seen.set(id, row);
    const marks: SheetRow['marks'] = [];
    for (const { reviewer, column } of reviewerColumns) {
      const value = text(row_[column]);
      const note = noteColumns.has(reviewer) ? text(row_[noteColumns.get(reviewer)!]) : '';
      if (value === '') {
        if (blank === 'plus') marks.push({ reviewer, mark: '+', note });
        continue;
      }
      if (!(MARKS as readonly string[]).includes(value))
        throw new InputError(`expected '-', '?', '+' or a blank, got '${value}'`, {
          file,
          line: row,
          field: header[column],
        });
      marks.push({ reviewer, mark: value as Mark, note });
    }
    for (const [name, column] of Object.entries(sums)) {
      // `agree` counts agreeing pairs of a fully marked row only.
      if (column < 0 || text(row_[column]) === '' || (name === 'agree' && marks.length !== reviewerColumns.length))
        continue;
      const expected = expectedSum(
        name,
        marks.map((m) => m.mark),
      );
      if (Number(text(row_[column])) !== expected)
        throw new InputError(`the sheet says ${text(row_[column])}, its marks give ${expected}`, {
          file,
          line: row,
          field: name,
        });
    }
    const raw = docColumn >= 0 ? row_[docColumn] : null;
    return {
      row,
      id,
      doc: raw === null || raw === undefined || String(raw) === '' ? null : String(raw),
      repository: repositoryColumn >= 0 ? text(row_[repositoryColumn]) || null : null,
      marks,
    };
  });
  return { file, reviewers: reviewerColumns.map((c) => c.reviewer), rows, blank };
}

export interface SheetImport {
  reviews: ReviewRecord[];
  rows: number;
  /** rows whose id is a task of the set. */
  matched: number;
  /** ids of rows that name no task of the set (a sheet may cover several repositories). */
  unmatched: string[];
  /** matched rows whose `doc` differs from the task's docstring (the review was of another text). */
  docDiffers: string[];
}

/** The reviews a sheet holds for the tasks of a set; `tasks: null` takes every row (statistics of a sheet alone). */
export function sheetReviews(sheet: ReviewSheet, tasks: readonly TaskRecord[] | null, at: string): SheetImport {
  const byId = tasks ? new Map(tasks.map((task) => [task.id, task])) : null;
  const result: SheetImport = { reviews: [], rows: sheet.rows.length, matched: 0, unmatched: [], docDiffers: [] };
  for (const row of sheet.rows) {
    const task = byId ? byId.get(row.id) : null;
    if (byId && !task) {
      result.unmatched.push(row.id);
      continue;
    }
    result.matched++;
    const docstring = row.doc ?? task?.docstring ?? null;
    if (task && row.doc !== null && row.doc.trim() !== (task.docstring ?? '').trim()) result.docDiffers.push(row.id);
    for (const mark of row.marks) {
      result.reviews.push(
        validateReview(
          {
            taskId: row.id,
            reviewer: mark.reviewer,
            kind: task ? reviewKindOf(task) : 'original',
            mark: mark.mark,
            note: mark.note,
            docstring,
            at,
          },
          { file: sheet.file, line: row.row },
        ),
      );
    }
  }
  return result;
}

/** Pairs of reviewer columns in YABLoCo's order: neighbours first ((1,2), (2,3)), then (1,3), and so on. */
function reviewerPairs(count: number): [number, number][] {
  const pairs: [number, number][] = [];
  for (let distance = 1; distance < count; distance++)
    for (let i = 0; i + distance < count; i++) pairs.push([i, i + distance]);
  return pairs;
}

/** The sheet of a task set's reviews: one row per task, in the set's order. */
export function reviewSheetCells(tasks: readonly TaskRecord[], reviews: readonly ReviewRecord[]): Cell[][] {
  const reviewers = [...new Set(reviews.map((review) => review.reviewer))].sort();
  const byTask = marksByTask(reviews);
  const notes = new Map(reviews.map((review) => [`${review.taskId}\0${review.reviewer}`, review.note]));
  const pairs = reviewerPairs(reviewers.length);
  const blanks = (count: number) => Array.from({ length: count }, () => '');
  const header: Cell[] = [
    '',
    'id',
    'doc',
    'repository',
    'fname',
    'file',
    ...reviewers.map((r) => `Reviewer ${r}`),
    ...blanks(reviewers.length),
    'empty_cells',
    ...blanks(reviewers.length),
    'minuses',
    ...blanks(reviewers.length),
    'questions',
    ...blanks(pairs.length),
    'agree',
    ...reviewers.map((r) => `Note ${r}`),
  ];
  const rows = tasks.map((task, index): Cell[] => {
    const marks = reviewers.map((reviewer) => byTask.get(task.id)?.get(reviewer) ?? null);
    const flags = (mark: Mark, value: number) => marks.map((m) => (m === mark ? value : 0));
    const plus = flags('+', 1);
    const minus = flags('-', -1);
    const question = flags('?', 1);
    const agree = pairs.map(([a, b]) => (marks[a] !== null && marks[a] === marks[b] ? 1 : 0));
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    return [
      index,
      task.id,
      task.docstring ?? null,
      task.repo.name,
      task.name ?? null,
      task.path,
      ...marks,
      ...plus,
      sum(plus),
      ...minus,
      sum(minus),
      ...question,
      sum(question),
      ...agree,
      sum(agree),
      ...reviewers.map((reviewer) => notes.get(`${task.id}\0${reviewer}`) || null),
    ];
  });
  return [header, ...rows];
}

/** Writes sheet cells as XLSX or CSV (by the extension), atomically. */
export async function writeSheet(file: string, cells: Cell[][]): Promise<void> {
  assertSheetPath(file);
  if (!isXlsx(file)) {
    writeFileAtomic(
      file,
      formatCsv(cells.map((row) => row.map((cell) => (typeof cell === 'boolean' ? String(cell) : cell)))),
    );
    return;
  }
  const buffer = await writeExcelFile(
    cells.map((row) => row.map((cell) => (cell === '' ? null : cell))),
    { sheet: 'reviews', stickyRowsCount: 1 },
  ).toBuffer();
  writeFileAtomic(file, buffer);
}
