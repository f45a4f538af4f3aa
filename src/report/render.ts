// Renders a report as a terminal table, Markdown, CSV, JSON, or a single offline HTML file with
// the papers' per-bucket, per-class and per-length charts. Every table names what produced it.
import { formatTable } from '../cli/table.ts';
import { reportScale, type Report } from './aggregate.ts';
import type { ChunkSource, CoverageBin, PairedDifference, Transition } from './compare.ts';

export const FORMATS = ['text', 'md', 'csv', 'json', 'html'] as const;
export type Format = (typeof FORMATS)[number];

export interface RetrievalAnalysis {
  run: string;
  metric: string;
  /** mean score by the share of reference identifiers found in the retrieved context (CrossCodeEval Fig. 5). */
  coverage: CoverageBin[];
  /** where the retrieved chunks come from (CrossCodeEval Sec. 3.5). */
  sources: Record<ChunkSource, number>;
}

export interface Comparison {
  transitions: Transition[];
  differences: PairedDifference[];
  retrieval: RetrievalAnalysis[];
}

function shortRun(dir: string): string {
  return dir.split('/').filter(Boolean).slice(-1)[0] ?? dir;
}

function cell(value: number | null): string {
  return value === null ? 'missing' : value.toFixed(2);
}

function header(report: Report): string[] {
  return ['run', ...report.by, 'tasks', 'missing', ...report.metrics];
}

function body(report: Report): (string | number)[][] {
  return report.rows.map((row) => [shortRun(row.run), ...row.group, row.tasks, row.missing, ...report.metrics.map((m) => cell(row.means[m]))]);
}

/** One line per run: what produced its numbers. */
export function provenanceLines(report: Report): string[] {
  return report.runs.map((r) =>
    `${shortRun(r.dir)}: model ${r.model}${r.baseline ? ' (baseline, no model)' : ''}, context ${r.context}, template ${r.template}, tokenizer ${r.tokenizer}, ${r.samples} sample(s), ctxbench ${r.toolVersion}`);
}

const METRIC_NOTE = 'Scale: em, em-nows, id-em, id-f1, es-levenshtein, codebleu, bleu, pass@k are x100; es (Levenshtein indel ratio) and es-difflib (difflib) are fuzz.ratio 0-100.';

function comparisonText(comparison: Comparison | undefined, markdown: boolean): string[] {
  if (!comparison) return [];
  const lines: string[] = [];
  if (comparison.transitions.length) {
    const rows = comparison.transitions.map((t) => [`${shortRun(t.from)} -> ${shortRun(t.to)}`, t.tasks, t.stayedCorrect, t.correctToWrong, t.wrongToCorrect, t.stayedWrong]);
    const head = ['runs', 'tasks', 'correct', 'correct->wrong', 'wrong->correct', 'wrong'];
    lines.push('', 'Transitions (em of the first sample):', markdown ? markdownTable(head, rows) : formatTable(head, rows));
  }
  if (comparison.differences.length) {
    const rows = comparison.differences.map((d) => {
      const scale = reportScale(d.metric);
      return [d.metric, `${shortRun(d.candidate)} - ${shortRun(d.baseline)}`, d.tasks, (d.meanDifference * scale).toFixed(2), `[${(d.low * scale).toFixed(2)}, ${(d.high * scale).toFixed(2)}]`];
    });
    const head = ['metric', 'difference', 'tasks', 'mean', '95% CI (paired bootstrap)'];
    lines.push('', 'Paired differences:', markdown ? markdownTable(head, rows) : formatTable(head, rows));
  }
  for (const analysis of comparison.retrieval) {
    const scale = reportScale(analysis.metric);
    const coverageRows = analysis.coverage.map((bin) => [bin.bin, bin.tasks, bin.tasks ? (bin.meanScore * scale).toFixed(2) : '-']);
    const head = ['reference identifiers in retrieved context', 'tasks', analysis.metric];
    lines.push('', `${shortRun(analysis.run)}: ${analysis.metric} by identifier coverage of the retrieved context:`, markdown ? markdownTable(head, coverageRows) : formatTable(head, coverageRows));
    const sourceRows = Object.entries(analysis.sources).map(([source, count]) => [source, count]);
    lines.push('', `${shortRun(analysis.run)}: where retrieved chunks come from:`, markdown ? markdownTable(['source', 'chunks'], sourceRows) : formatTable(['source', 'chunks'], sourceRows));
  }
  return lines;
}

function markdownTable(head: string[], rows: (string | number)[][]): string {
  const escape = (v: string | number) => String(v).replace(/\|/g, '\\|');
  return [`| ${head.map(escape).join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(escape).join(' | ')} |`)].join('\n');
}

function csv(report: Report): string {
  const quote = (v: string | number) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  const rows = report.rows.map((row) => [row.run, ...row.group, row.tasks, row.missing, ...report.metrics.map((m) => (row.means[m] === null ? '' : row.means[m]!.toFixed(4)))]);
  return `${[header(report), ...rows].map((r) => r.map(quote).join(',')).join('\n')}\n`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A horizontal bar chart as inline SVG: one bar per (group, run). */
function barChart(title: string, bars: { label: string; value: number | null }[]): string {
  const width = 640;
  const barHeight = 18;
  const labelWidth = 260;
  const max = Math.max(1, ...bars.map((b) => b.value ?? 0));
  const height = bars.length * (barHeight + 4) + 30;
  const rows = bars.map((b, i) => {
    const y = 24 + i * (barHeight + 4);
    const w = ((b.value ?? 0) / max) * (width - labelWidth - 60);
    return `<text x="0" y="${y + 13}" font-size="12">${escapeHtml(b.label)}</text>` +
      `<rect x="${labelWidth}" y="${y}" width="${w.toFixed(1)}" height="${barHeight}" fill="#4a7ebb"/>` +
      `<text x="${(labelWidth + w + 4).toFixed(1)}" y="${y + 13}" font-size="12">${b.value === null ? 'missing' : b.value.toFixed(1)}</text>`;
  });
  return `<figure><svg width="${width}" height="${height}" role="img" aria-label="${escapeHtml(title)}">` +
    `<text x="0" y="14" font-size="14" font-weight="bold">${escapeHtml(title)}</text>${rows.join('')}</svg></figure>`;
}

function html(report: Report, comparison: Comparison | undefined, perDimension: Report[]): string {
  const table = (head: string[], rows: (string | number)[][]) =>
    `<table><thead><tr>${head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(String(c))}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
  // One chart per dimension, each from that dimension's own aggregate (the papers' per-bucket, per-class, per-length plots).
  const chartMetric = report.metrics.find((m) => m === 'es') ?? report.metrics.find((m) => m.startsWith('pass@')) ?? report.metrics[0];
  const charts = chartMetric === undefined ? [] : perDimension.map((single) => barChart(
    `${chartMetric} by ${single.by[0]}`,
    single.rows.map((row) => ({ label: `${row.group[0]}${report.runs.length > 1 ? ` · ${shortRun(row.run)}` : ''}`, value: row.means[chartMetric] ?? null })),
  ));
  const comparisonBlock = comparisonText(comparison, false);
  return `<!doctype html><html><head><meta charset="utf-8"><title>ctxbench report</title><style>
body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
td:first-child,th:first-child{text-align:left}pre{background:#f6f6f6;padding:1em}.note{color:#a33}</style></head><body>
<h1>ctxbench report</h1>
<ul>${provenanceLines(report).map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p>${escapeHtml(METRIC_NOTE)}</p>
${report.notes.map((n) => `<p class="note">${escapeHtml(n)}</p>`).join('')}
${table(header(report), body(report))}
${charts.join('\n')}
${comparisonBlock.length ? `<pre>${escapeHtml(comparisonBlock.join('\n'))}</pre>` : ''}
</body></html>
`;
}

/** `perDimension`: the same runs aggregated by each dimension alone, for the HTML charts. */
export function renderReport(report: Report, format: Format, comparison?: Comparison, perDimension: Report[] = []): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify({ ...report, comparison: comparison ?? null }, null, 2)}\n`;
    case 'csv':
      return csv(report);
    case 'html':
      return html(report, comparison, perDimension);
    case 'md':
      return [...provenanceLines(report).map((l) => `- ${l}`), '', METRIC_NOTE, '', ...report.notes.map((n) => `> ${n}`), '', markdownTable(header(report), body(report)), ...comparisonText(comparison, true), ''].join('\n');
    case 'text':
      return [...provenanceLines(report), METRIC_NOTE, ...report.notes.map((n) => `note: ${n}`), '', formatTable(header(report), body(report)), ...comparisonText(comparison, false), ''].join('\n');
  }
}
