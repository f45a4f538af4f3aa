// Two runs side by side on the same tasks: the report's tables for both, CrossCodeEval's transitions,
// paired differences, and every shared task with both verdicts and scores, linking to a task page
// that shows both runs' candidates.
import type { RunComparison, CompareTask } from '../types.ts';
import { api } from './api.ts';
import type { Dispose, PageContext, ViewContext } from './context.ts';
import { append, count, h, num, replaceChildren, table, verdictBadge } from './dom.ts';
import { href } from './nav.ts';
import { defaultChartMetric, metricPicker, reportSections } from './report-view.ts';
import { virtualTable } from './vtable.ts';

function runSelect(ctx: ViewContext, id: string, current: string, onChange: (run: string) => void) {
  return h(
    'select',
    { id, on: { change: (event) => onChange((event.target as HTMLSelectElement).value) } },
    ctx.runs.map((run) => h('option', { value: run.id, selected: run.id === current }, run.id)),
  );
}

function comparisonTables(ctx: ViewContext, comparison: RunComparison['comparison']) {
  if (!comparison) return null;
  const name = (dir: string) => ctx.runs.find((run) => run.dir === dir)?.id ?? dir;
  return [
    comparison.transitions.length
      ? [
          h('h2', null, 'Transitions (em of the first sample)'),
          table(
            ['runs', 'tasks', 'correct', 'correct → wrong', 'wrong → correct', 'wrong'],
            comparison.transitions.map((t) => [
              `${name(t.from)} → ${name(t.to)}`,
              t.tasks,
              t.stayedCorrect,
              t.correctToWrong,
              t.wrongToCorrect,
              t.stayedWrong,
            ]),
            { class: 'transitions' },
          ),
        ]
      : null,
    comparison.differences.length
      ? [
          h('h2', null, 'Paired differences (first sample, 95% paired bootstrap)'),
          table(
            ['metric', 'difference', 'tasks', 'mean', 'interval'],
            comparison.differences.map((d) => [
              d.metric,
              `${name(d.candidate)} − ${name(d.baseline)}`,
              d.tasks,
              num(d.meanDifference, 2),
              `[${num(d.low, 2)}, ${num(d.high, 2)}]`,
            ]),
            { class: 'differences' },
          ),
        ]
      : null,
  ];
}

export async function compareView(
  ctx: PageContext,
  container: HTMLElement,
  { a, b }: { a: string; b: string },
): Promise<Dispose> {
  const result = await api.compare(a, b);
  const metrics = result.tables[0]?.report.metrics ?? [];
  const taskMetrics = [
    ...new Set(result.tasks.flatMap((t) => [...Object.keys(t.a.metrics), ...Object.keys(t.b.metrics)])),
  ];
  const state: { metric: string | null; differing: boolean } = {
    metric: taskMetrics.includes('pass@1') ? 'pass@1' : taskMetrics.includes('es') ? 'es' : (taskMetrics[0] ?? null),
    differing: true,
  };
  const sections = h('div');
  const draw = (metric: string | null) => replaceChildren(sections, reportSections(ctx, result.tables, metric));
  const chartMetric = defaultChartMetric(metrics);
  const go = (nextA: string, nextB: string) => {
    location.hash = href.compare(nextA, nextB);
  };

  const metricOf = (side: CompareTask['a']) => (state.metric === null ? undefined : side.metrics[state.metric]);
  const delta = (task: CompareTask) => {
    const [before, after] = [metricOf(task.a), metricOf(task.b)];
    return before !== undefined && after !== undefined ? after - before : null;
  };
  const differs = (task: CompareTask) => task.a.verdict !== task.b.verdict || (delta(task) ?? 0) !== 0;
  const tasksTable = virtualTable<CompareTask>({
    columns: [
      { title: 'task', width: 'minmax(160px, 2fr)', cell: (t) => `${t.path}${t.name ? ` · ${t.name}` : ''}` },
      { title: 'repo', width: 'minmax(80px, 0.6fr)', cell: (t) => t.repo },
      { title: a, width: '110px', cell: (t) => verdictBadge(t.a.verdict) },
      { title: b, width: '110px', cell: (t) => verdictBadge(t.b.verdict) },
      {
        title: `${a} ${state.metric ?? ''}`,
        width: '90px',
        className: 'n',
        cell: (t) => num(metricOf(t.a)),
      },
      {
        title: `${b} ${state.metric ?? ''}`,
        width: '90px',
        className: 'n',
        cell: (t) => num(metricOf(t.b)),
      },
      { title: 'Δ', width: '70px', className: 'n', cell: (t) => num(delta(t)) },
    ],
    href: (t) => href.compareTask(a, b, t.id, [0, 0]),
    fit: true,
  });
  const counter = h('span', { id: 'compare-count' });
  const showTasks = () => {
    const rows = state.differing ? result.tasks.filter(differs) : result.tasks;
    counter.textContent = `${count(rows.length)} of ${count(result.tasks.length)} shared tasks`;
    tasksTable.setRows(rows);
  };

  append(
    container,
    h(
      'h1',
      null,
      'Compare ',
      runSelect(ctx, 'compare-a', a, (value) => go(value, b)),
      ' with ',
      runSelect(ctx, 'compare-b', b, (value) => go(a, value)),
    ),
    h(
      'ul',
      { class: 'provenance' },
      result.provenance.map((line) => h('li', null, line)),
    ),
    result.notes.map((note) => h('p', { class: 'note' }, note)),
    h(
      'p',
      { class: 'muted' },
      `${count(result.tasks.length)} tasks in both runs; ${count(result.onlyA)} only in ${a}, ${count(result.onlyB)} ` +
        `only in ${b}.`,
    ),
    comparisonTables(ctx, result.comparison),
    metrics.length ? metricPicker(metrics, chartMetric, draw) : null,
    sections,
    h('h2', null, 'Tasks side by side'),
    h(
      'div',
      { class: 'filters' },
      h(
        'label',
        null,
        h('input', {
          type: 'checkbox',
          id: 'only-differing',
          checked: state.differing,
          on: {
            change: (event) => {
              state.differing = (event.target as HTMLInputElement).checked;
              showTasks();
            },
          },
        }),
        ' only tasks where the runs differ',
      ),
      counter,
    ),
    tasksTable.element,
  );
  draw(chartMetric);
  showTasks();
  ctx.setKeys({
    j: () => tasksTable.select(tasksTable.selected + 1),
    k: () => tasksTable.select(tasksTable.selected - 1),
    Enter: () => {
      const task = tasksTable.rows[tasksTable.selected];
      if (task) location.hash = href.compareTask(a, b, task.id, [0, 0]);
    },
  });
  return () => tasksTable.dispose();
}
