// LaTeX export of the report's tables (booktabs), ready to \input into a paper.
import type { Figure, TableCell } from './figures/types.ts';

const SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
  '{': '\\{',
  '}': '\\}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '→': '$\\rightarrow$',
  '−': '$-$',
  Δ: '$\\Delta$',
};

export function escapeLatex(text: string): string {
  return text.replace(/[\\&%$#_{}~^→−Δ]/g, (c) => SPECIAL[c]!);
}

function latexCell(cell: TableCell): string {
  if (cell.value === undefined || cell.value === null || cell.low === undefined || cell.high === undefined)
    return escapeLatex(cell.text);
  return `${cell.value.toFixed(1)} {\\scriptsize [${cell.low.toFixed(1)}, ${cell.high.toFixed(1)}]}`;
}

/** A table figure as a LaTeX `table` environment (booktabs rules, label `tab:<figure id>`). */
export function figureLatex(figure: Figure): string {
  if (!figure.table) throw new Error(`figure ${figure.id} is not a table`);
  const { head, rows } = figure.table;
  return [
    '\\begin{table}[t]',
    '\\centering',
    '\\small',
    `\\begin{tabular}{l${'r'.repeat(head.length - 1)}}`,
    '\\toprule',
    `${head.map((h) => escapeLatex(h)).join(' & ')} \\\\`,
    '\\midrule',
    ...rows.map((row) => `${row.map(latexCell).join(' & ')} \\\\`),
    '\\bottomrule',
    '\\end{tabular}',
    `\\caption{${escapeLatex(figure.title)}. ${escapeLatex(figure.caption)}}`,
    `\\label{tab:${figure.id}}`,
    '\\end{table}',
    '',
  ].join('\n');
}
