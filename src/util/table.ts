// Plain-text tables for terminal output (numbers right-aligned).

export function formatTable(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const numeric = headers.map((_, column) => rows.length > 0 && rows.every((row) => typeof row[column] === 'number' || /^-?[\d.]+%?$/.test(String(row[column]))));
  const render = (row: string[]) =>
    row.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd();
  return [render(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(render)].join('\n');
}
