// A run's summary: what produced it, the report stage's figures (the same registry as
// `ctxbench report --html`: charts drawn to SVG by the server, shown as images; tables with their
// colour scale), and its tables by every dimension.
import type { FigureTable } from '../../report/index.ts';
import type { SummaryFigure } from '../types.ts';
import { api } from './api.ts';
import type { Dispose, PageContext } from './context.ts';
import { append, h } from './dom.ts';
import { reportSections } from './report-view.ts';

/** A report figure table; the report stage gives each shaded cell its colour. */
function figureTable(table: FigureTable) {
  const cellOf = (cell: FigureTable['rows'][number][number], index: number) => {
    const element = h(
      index === 0 ? 'th' : 'td',
      cell.value === undefined ? null : { 'data-value': cell.value ?? '' },
      cell.low === undefined || cell.high === undefined || cell.value === null
        ? cell.text
        : [
            Number(cell.value).toFixed(1),
            h('span', { class: 'ci' }, `[${cell.low.toFixed(1)}, ${cell.high.toFixed(1)}]`),
          ],
    );
    // Set through the CSSOM: the page's policy refuses style attributes.
    if (cell.background) element.style.background = cell.background;
    return element;
  };
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'fig-table' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          table.head.map((name) => h('th', null, name)),
        ),
      ),
      h(
        'tbody',
        null,
        table.rows.map((row) => h('tr', null, row.map(cellOf))),
      ),
    ),
  );
}

function figureSection(figure: SummaryFigure) {
  const body = figure.svg
    ? h('img', {
        class: 'figure-svg',
        alt: figure.title,
        src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(figure.svg)}`,
      })
    : figure.table
      ? figureTable(figure.table)
      : null;
  return h(
    'section',
    { class: 'figure', id: `fig-${figure.id}`, 'data-kind': figure.kind },
    h('h2', null, figure.title),
    figure.note ? h('p', { class: 'note' }, figure.note) : null,
    body,
    h('p', { class: 'muted small' }, figure.caption),
  );
}

export async function summaryView(
  ctx: PageContext,
  container: HTMLElement,
  { run }: { run: string },
): Promise<Dispose> {
  const summary = await api.summary(run);
  const drawn = new Map<string, number>();
  for (const figure of summary.figures) drawn.set(figure.kind, (drawn.get(figure.kind) ?? 0) + 1);
  append(
    container,
    h('h1', null, `Summary · ${run}`),
    h(
      'ul',
      { class: 'provenance' },
      summary.provenance.map((line) => h('li', null, line)),
    ),
    summary.notes.map((note) => h('p', { class: 'note' }, note)),
    h('p', { class: 'muted small' }, summary.scaleNote),
    summary.figures.length ? summary.figures.map(figureSection) : h('p', { class: 'muted' }, 'nothing scored yet'),
    h('h2', null, 'Tables by dimension'),
    reportSections(ctx, summary.tables, null),
    h(
      'details',
      { class: 'figure-kinds' },
      h('summary', null, `Figure kinds (${summary.kinds.length})`),
      h(
        'ul',
        null,
        summary.kinds.map((kind) =>
          h('li', null, h('strong', null, kind.id), ` · ${drawn.get(kind.id) ?? 0} drawn · ${kind.description}`),
        ),
      ),
    ),
  );
  return null;
}
