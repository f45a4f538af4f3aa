// Plain-text tables for terminal output (numbers right-aligned).

const NAMED_CONTROLS: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Text we did not write (model names, run folders, labels) as one terminal line: control
 * characters shown as escapes, so none breaks a row or moves the cursor (ANSI sequences).
 */
export function visibleControls(text: string): string {
  return text.replace(
    /[\x00-\x1f\x7f-\x9f]/g,
    (c) => NAMED_CONTROLS[c] ?? `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}

export function formatTable(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))].map((row) => row.map(visibleControls));
  const widths = headers.map((_, column) =>
    cells.reduce((widest, row) => Math.max(widest, (row[column] ?? '').length), 0),
  );
  const numeric = headers.map(
    (_, column) =>
      rows.length > 0 &&
      rows.every((row) => typeof row[column] === 'number' || /^-?[\d.]+%?$/.test(String(row[column]))),
  );
  const render = (row: string[]) =>
    row
      .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [render(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(render)].join('\n');
}
