// The report stage's tables and bar charts (its aggregation is done by the server with buildReport),
// shared by the summary, comparison and progress pages.
import type { Report } from '../../report/index.ts';
import type { SummaryTable } from '../types.ts';
import type { ViewContext } from './context.ts';
import { h, num, s, shortDir, table, type Child } from './dom.ts';

/** The metric charted by default: as the report's HTML does, es first, else pass@k, else the first. */
export function defaultChartMetric(metrics: readonly string[]): string | null {
  return metrics.find((m) => m === 'es') ?? metrics.find((m) => m.startsWith('pass@')) ?? metrics[0] ?? null;
}

function runName(ctx: ViewContext, dir: string): string {
  return ctx.runs.find((run) => run.dir === dir)?.id ?? shortDir(dir);
}

export function reportTable(ctx: ViewContext, report: Report): HTMLElement {
  const multiple = report.runs.length > 1;
  const head = [...(multiple ? ['run'] : []), ...report.by, 'tasks', 'candidates', 'missing', ...report.metrics];
  const rows = report.rows.map((row): Child[] => [
    ...(multiple ? [runName(ctx, row.run)] : []),
    ...row.group,
    row.tasks,
    row.candidates,
    row.missing,
    ...report.metrics.map((m) => num(row.means[m], 2)),
  ]);
  return table(head, rows, { class: 'report' });
}

/** A horizontal bar chart (SVG), one bar per group and run. */
function barChart(title: string, bars: { label: string; value: number | null | undefined; series?: number }[]) {
  const width = 720;
  const labelWidth = 260;
  const barHeight = 18;
  const max = Math.max(1, ...bars.map((bar) => bar.value ?? 0));
  const height = bars.length * (barHeight + 4) + 30;
  return h(
    'figure',
    { class: 'chart' },
    s(
      'svg',
      { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': title },
      s('text', { x: 0, y: 14, class: 'chart-title' }, title),
      bars.map((bar, index) => {
        const y = 24 + index * (barHeight + 4);
        const w = ((bar.value ?? 0) / max) * (width - labelWidth - 70);
        return [
          s('text', { x: 0, y: y + 13 }, bar.label),
          s('rect', { x: labelWidth, y, width: w.toFixed(1), height: barHeight, class: `bar bar-${bar.series ?? 0}` }),
          s(
            'text',
            { x: (labelWidth + w + 4).toFixed(1), y: y + 13 },
            bar.value === null || bar.value === undefined ? 'missing' : bar.value.toFixed(1),
          ),
        ];
      }),
    ),
  );
}

/** Every table of a summary or comparison, each with a chart of `metric` when it is split by a dimension. */
export function reportSections(
  ctx: ViewContext,
  tables: readonly SummaryTable[],
  metric: string | null,
): HTMLElement[] {
  return tables.map(({ by, report }) => {
    const multiple = report.runs.length > 1;
    const runIndex = new Map(report.runs.map((run, index) => [run.dir, index]));
    const chart =
      by.length && metric && report.metrics.includes(metric)
        ? barChart(
            `${metric} by ${by.join(', ')}`,
            report.rows.map((row) => ({
              label: `${row.group.join(' · ')}${multiple ? ` · ${runName(ctx, row.run)}` : ''}`,
              value: row.means[metric],
              series: runIndex.get(row.run),
            })),
          )
        : null;
    return h(
      'section',
      { class: 'report-section' },
      h('h2', null, by.length ? `By ${by.join(', ')}` : 'Overall'),
      reportTable(ctx, report),
      chart,
    );
  });
}

/** A select of the metrics to chart. */
export function metricPicker(
  metrics: readonly string[],
  current: string | null,
  onChange: (metric: string) => void,
): HTMLElement {
  return h(
    'label',
    { class: 'picker' },
    'chart ',
    h(
      'select',
      { id: 'chart-metric', on: { change: (event) => onChange((event.target as HTMLSelectElement).value) } },
      metrics.map((m) => h('option', { value: m, selected: m === current }, m)),
    ),
  );
}
