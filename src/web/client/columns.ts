// The task list on the wire, column by column: a 100,000-task list is a few MB instead of tens.
// Columns whose values repeat (repository, language, verdict, labels, facets) are sent as a
// dictionary and one small number per row. Shared by the server (encodeRows) and the browser
// (decodeRows); decodeRows(encodeRows(rows)) equals rows.
import type { TaskRow } from '../types.ts';

/** One column: its values as they are, or a dictionary and each row's code into it. */
export type Column = { values: unknown[] } | { dictionary: unknown[]; codes: number[] };
export interface RowColumns {
  count: number;
  columns: Record<string, Column>;
  maps: Record<string, Record<string, Column>>;
}

const SCALARS: readonly (keyof TaskRow)[] = [
  'ord',
  'id',
  'name',
  'path',
  'repo',
  'language',
  'kind',
  'candidates',
  'verdict',
];
/** Per-row objects whose keys vary: one column per key, null where a row lacks it (their values are never null). */
const MAPS = ['labels', 'facets', 'verdicts', 'metrics'] as const;
type MapField = (typeof MAPS)[number];

function column(values: unknown[]): Column {
  const index = new Map<unknown, number>();
  for (const value of values) if (!index.has(value)) index.set(value, index.size);
  // A dictionary pays when values repeat; unique ones (ids, paths) go as they are.
  if (index.size * 2 > values.length) return { values };
  return { dictionary: [...index.keys()], codes: values.map((value) => index.get(value)!) };
}

function columnValue(column: Column, row: number): unknown {
  return 'values' in column ? column.values[row] : column.dictionary[column.codes[row]!];
}

/** TaskRow[] -> { count, columns, maps }. */
export function encodeRows(rows: readonly TaskRow[]): RowColumns {
  const columns: Record<string, Column> = {};
  for (const key of SCALARS) columns[key] = column(rows.map((row) => row[key]));
  columns.spanStart = column(rows.map((row) => row.span[0]));
  columns.spanEnd = column(rows.map((row) => row.span[1]));
  const maps: Record<string, Record<string, Column>> = {};
  for (const map of MAPS) {
    const names = new Set<string>();
    for (const row of rows) for (const name in row[map]) names.add(name);
    const columnsOfMap: Record<string, Column> = {};
    for (const name of names)
      columnsOfMap[name] = column(rows.map((row) => (row[map] as Record<string, unknown>)[name] ?? null));
    maps[map] = columnsOfMap;
  }
  return { count: rows.length, columns, maps };
}

/** { count, columns, maps } -> TaskRow[]. */
export function decodeRows({ count, columns, maps }: RowColumns): TaskRow[] {
  const rows = new Array<TaskRow>(count);
  const mapColumns = MAPS.map((map): [MapField, [string, Column][]] => [map, Object.entries(maps[map] ?? {})]);
  for (let i = 0; i < count; i++) {
    const row: Record<string, unknown> = {};
    for (const key of SCALARS) row[key] = columnValue(columns[key]!, i);
    row.span = [columnValue(columns.spanStart!, i), columnValue(columns.spanEnd!, i)];
    for (const [map, entries] of mapColumns) {
      const values: Record<string, unknown> = {};
      for (const [name, column] of entries) {
        const value = columnValue(column, i);
        if (value !== null) values[name] = value;
      }
      row[map] = values;
    }
    rows[i] = row as unknown as TaskRow;
  }
  return rows;
}
