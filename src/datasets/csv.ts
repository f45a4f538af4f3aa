// RFC 4180 CSV: quoted fields may hold the delimiter, doubled quotes and line breaks (YABLoCo's
// docstrings span lines). Rows come back as objects keyed by the header, with the line each starts on.
import { InputError } from '../util/errors.ts';

export interface CsvRow {
  /** 1-based line where the row starts. */
  line: number;
  values: Record<string, string>;
}

/**
 * Parses CSV text into records (first row = header). `delimiter` defaults to ',' (a tab when the header has tabs and no
 * commas).
 */
export function parseCsv(text: string, file: string, delimiter?: string): CsvRow[] {
  const rows = parseCsvRows(text, file, delimiter);
  const header = rows[0]!.fields;
  return rows.slice(1).map((row) => {
    if (row.fields.length !== header.length) {
      throw new InputError(`expected ${header.length} fields as in the header, got ${row.fields.length}`, {
        file,
        line: row.line,
      });
    }
    return { line: row.line, values: Object.fromEntries(header.map((name, index) => [name, row.fields[index]!])) };
  });
}

/**
 * The rows of CSV text as field lists, header included (for sheets whose header repeats names, e.g. blank ones); at
 * least one row.
 */
export function parseCsvRows(text: string, file: string, delimiter?: string): { line: number; fields: string[] }[] {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const firstLine = body.slice(0, body.indexOf('\n') >= 0 ? body.indexOf('\n') : body.length);
  const separator = delimiter ?? (firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',');
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let rowLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let atFieldStart = true;
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
        }
      } else {
        if (char === '\n') line++;
        field += char;
      }
      continue;
    }
    if (char === '"' && atFieldStart) {
      quoted = true;
      quoteLine = line;
      atFieldStart = false;
    } else if (char === separator) {
      fields.push(field);
      field = '';
      atFieldStart = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      fields.push(field);
      if (fields.length > 1 || fields[0] !== '') rows.push({ line: rowLine, fields });
      fields = [];
      field = '';
      atFieldStart = true;
      line++;
      rowLine = line;
    } else {
      if (char === '"') throw new InputError('stray quote inside an unquoted field', { file, line });
      field += char;
      atFieldStart = false;
    }
  }
  if (quoted) throw new InputError('quoted field is never closed', { file, line: quoteLine });
  if (!atFieldStart || field !== '' || fields.length > 0) {
    fields.push(field);
    rows.push({ line: rowLine, fields });
  }
  if (rows.length === 0) throw new InputError('empty CSV file: no header', { file, line: 1 });
  return rows;
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as written to CSV for spreadsheets: one that a spreadsheet would run as a formula
 * (`=HYPERLINK(...)`, `@SUM(...)`, `-1+cmd|...`) gets a leading `'`, which spreadsheets show as
 * text; so does one already starting with `'`, so that `unguardCsvCell` gives back every text
 * exactly. Numbers and lone signs (YABLoCo's `-`/`+` marks) are left as they are.
 */
export function guardCsvCell(text: string): string {
  if (text.startsWith("'")) return `'${text}`;
  if (!FORMULA_START.test(text) || text.length === 1 || (text.trim() !== '' && Number.isFinite(Number(text))))
    return text;
  return `'${text}`;
}

/** The text `guardCsvCell` was given (for reading back CSV that ctxbench wrote). */
export function unguardCsvCell(cell: string): string {
  return cell.startsWith("'") && (cell[1] === "'" || FORMULA_START.test(cell.slice(1))) ? cell.slice(1) : cell;
}

/**
 * RFC 4180 CSV text of rows, text cells guarded against formula injection (`guardCsvCell`): fields holding a comma, a
 * quote or a line break are quoted; each row ends in \n.
 */
export function formatCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  const quote = (value: string | number | null) => {
    const text = value === null ? '' : typeof value === 'number' ? String(value) : guardCsvCell(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => `${row.map(quote).join(',')}\n`).join('');
}
