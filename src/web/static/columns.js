// The task list on the wire, column by column: a 100,000-task list is a few MB instead of tens.
// Columns whose values repeat (repository, language, verdict, labels, facets) are sent as a
// dictionary and one small number per row. Shared by the server (encodeRows) and the browser
// (decodeRows); decodeRows(encodeRows(rows)) equals rows.

const SCALARS = ['ord', 'id', 'name', 'path', 'repo', 'language', 'kind', 'candidates', 'verdict'];
/** Per-row objects whose keys vary: one column per key, null where a row lacks it (their values are never null). */
const MAPS = ['labels', 'facets', 'verdicts', 'metrics'];

function column(values) {
  const index = new Map();
  for (const value of values) if (!index.has(value)) index.set(value, index.size);
  // A dictionary pays when values repeat; unique ones (ids, paths) go as they are.
  if (index.size * 2 > values.length) return { values };
  return { dictionary: [...index.keys()], codes: values.map((value) => index.get(value)) };
}

function columnValue(column, row) {
  return column.values ? column.values[row] : column.dictionary[column.codes[row]];
}

/** TaskRow[] -> { count, columns, maps }. */
export function encodeRows(rows) {
  const columns = {};
  for (const key of SCALARS) columns[key] = column(rows.map((row) => row[key]));
  columns.spanStart = column(rows.map((row) => row.span[0]));
  columns.spanEnd = column(rows.map((row) => row.span[1]));
  const maps = {};
  for (const map of MAPS) {
    const names = new Set();
    for (const row of rows) for (const name in row[map]) names.add(name);
    maps[map] = {};
    for (const name of names) maps[map][name] = column(rows.map((row) => row[map][name] ?? null));
  }
  return { count: rows.length, columns, maps };
}

/** { count, columns, maps } -> TaskRow[]. */
export function decodeRows({ count, columns, maps }) {
  const rows = new Array(count);
  const mapColumns = MAPS.map((map) => [map, Object.entries(maps[map])]);
  for (let i = 0; i < count; i++) {
    const row = {};
    for (const key of SCALARS) row[key] = columnValue(columns[key], i);
    row.span = [columnValue(columns.spanStart, i), columnValue(columns.spanEnd, i)];
    for (const [map, entries] of mapColumns) {
      const values = {};
      for (const [name, column] of entries) {
        const value = columnValue(column, i);
        if (value !== null) values[name] = value;
      }
      row[map] = values;
    }
    rows[i] = row;
  }
  return rows;
}
