// The report as one offline HTML file: provenance, the figures of the registry (charts as inline
// SVG drawn by Vega, tables with a colour scale), each downloadable as SVG or LaTeX, and the
// detailed table. Nothing is fetched: no script, no external style, font or image.
import { FIGURE_KINDS } from './figures/registry.ts';
import { CHARTS_MISSING, figureSvg } from './figures/vega.ts';
import type { Figure, FigureTable } from './figures/types.ts';
import { figureLatex } from './latex.ts';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function tableHtml(table: FigureTable): string {
  const head = `<thead><tr>${table.head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>`;
  const rows = table.rows
    .map(
      (row) =>
        `<tr>${row
          .map((cell, index) => {
            const tag = index === 0 ? 'th' : 'td';
            const style = cell.background === undefined ? '' : ` style="background:${escapeHtml(cell.background)}"`;
            const value = cell.value === undefined ? '' : ` data-value="${cell.value ?? ''}"`;
            const text =
              cell.low !== undefined && cell.value !== null && cell.value !== undefined
                ? `${escapeHtml(cell.value.toFixed(1))}` +
                  `<span class="ci">[${cell.low.toFixed(1)}, ${cell.high!.toFixed(1)}]</span>`
                : escapeHtml(cell.text);
            return `<${tag}${style}${value}>${text}</${tag}>`;
          })
          .join('')}</tr>`,
    )
    .join('');
  return `<div class="table-wrap"><table class="fig-table">${head}<tbody>${rows}</tbody></table></div>`;
}

const dataUri = (mime: string, text: string) => `data:${mime};charset=utf-8,${encodeURIComponent(text)}`;

function figureHtml(figure: Figure): string {
  const svg = figure.chart ? figureSvg(figure) : null;
  const missing = figure.chart && svg === null ? `<p class="note">${escapeHtml(CHARTS_MISSING)}</p>` : '';
  const body = svg ?? `${missing}${figure.table ? tableHtml(figure.table) : ''}`;
  const downloads = [
    svg ? `<a download="${figure.id}.svg" href="${dataUri('image/svg+xml', svg)}">SVG</a>` : '',
    figure.table ? `<a download="${figure.id}.tex" href="${dataUri('text/x-tex', figureLatex(figure))}">LaTeX</a>` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const links = downloads ? ` <span class="downloads">${downloads}</span>` : '';
  return `<section class="figure" id="fig-${escapeHtml(figure.id)}" data-kind="${escapeHtml(figure.kind)}">
<h2>${escapeHtml(figure.title)}</h2>
<div class="${svg ? 'chart' : 'table'}">${body}</div>
<p class="caption">${escapeHtml(figure.caption)}${links}</p></section>`;
}

export const REPORT_CSS = `
*{box-sizing:border-box}
body{font-family:"DejaVu Sans",system-ui,sans-serif;margin:0 auto;padding:1.5em 2em;max-width:1240px;color:#222;
font-size:14px;line-height:1.4}
h1{font-size:1.6em}h2{font-size:1.15em;margin:1.4em 0 .4em}
.provenance li{overflow-wrap:anywhere}
.note{color:#a33}
.table-wrap{max-width:100%;overflow-x:auto}
table{border-collapse:collapse;margin:.4em 0;font-size:13px;max-width:100%}
td,th{border:1px solid #d0d7de;padding:3px 8px;text-align:right;vertical-align:top}
th{background:#f3f5f8}
tbody th{text-align:left;font-weight:600;overflow-wrap:anywhere}
td .ci{display:block;font-size:11px;color:#444}
.chart svg{max-width:100%;height:auto}
.caption{color:#555;font-size:12.5px;margin:.3em 0}
.downloads a{margin-left:.3em}
.contents{columns:2;font-size:13px}
.kinds td,.kinds th{text-align:left}
.detail td:nth-child(n+2){font-variant-numeric:tabular-nums}
`;

export interface HtmlReportParts {
  title: string;
  provenance: string[];
  notes: string[];
  scaleNote: string;
  figures: Figure[];
  /** the detailed table of the report rows, as a figure table. */
  detail: FigureTable | null;
  /** the agent runs' costs (eval's agent mode), null without agent runs. */
  agents?: { title: string; table: FigureTable } | null;
}

export function renderHtmlReport(parts: HtmlReportParts): string {
  const drawn = new Map<string, number>();
  for (const figure of parts.figures) drawn.set(figure.kind, (drawn.get(figure.kind) ?? 0) + 1);
  const kinds = FIGURE_KINDS.list()
    .map(
      (kind) =>
        `<tr><th>${escapeHtml(kind.id)}</th><td>${drawn.get(kind.id) ?? 0}</td>` +
        `<td>${escapeHtml(kind.description)}</td></tr>`,
    )
    .join('');
  const contents = parts.figures.map((f) => `<li><a href="#fig-${escapeHtml(f.id)}">${escapeHtml(f.title)}</a></li>`);
  const agents = parts.agents
    ? `<section id="agents"><h2>${escapeHtml(parts.agents.title)}</h2>${tableHtml(parts.agents.table)}</section>`
    : '';
  const detail = parts.detail
    ? `<section id="detail"><h2>Detailed table</h2>` +
      `${tableHtml(parts.detail).replace('class="fig-table"', 'class="fig-table detail"')}</section>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title)}</title><style>${REPORT_CSS}</style></head><body>
<h1>${escapeHtml(parts.title)}</h1>
<ul class="provenance">${parts.provenance.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${escapeHtml(parts.scaleNote)}</p>
${parts.notes.map((note) => `<p class="note">${escapeHtml(note)}</p>`).join('\n')}
<nav><ul class="contents">${contents.join('')}</ul></nav>
${parts.figures.map(figureHtml).join('\n')}
${agents}
${detail}
<section id="kinds"><h2>Figure kinds</h2><div class="table-wrap"><table class="kinds">
<thead><tr><th>kind</th><th>drawn</th><th>what it shows</th></tr></thead><tbody>${kinds}</tbody></table></div></section>
</body></html>
`;
}
