// Markdown output of text we did not write (model names, run folders, task labels, metric names):
// escaped so that it shows as written, never breaks a table row, and never becomes markup or HTML.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Inline text: HTML as entities, inline markup and `|` backslash-escaped, line breaks as `<br>`. */
export function escapeMarkdown(text: string | number): string {
  return String(text)
    .replace(/[&<>]/g, (c) => ENTITIES[c]!)
    .replace(/[\\`*_[\]~|]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '<br>');
}

/** A GitHub-flavoured Markdown table; every cell is escaped. */
export function markdownTable(head: (string | number)[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map(escapeMarkdown).join(' | ')} |`;
  return [line(head), `|${head.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}
