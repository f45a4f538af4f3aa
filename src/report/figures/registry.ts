// The figure kinds of the report, one object each. The HTML report, the viewer's Summary page and
// the presets draw whatever this registry holds; a new figure is one more entry here.
import { passAtK } from '../../metrics/index.ts';
import { compareGroupValues, type Dimension } from '../aggregate.ts';
import { bootstrapMean, mcnemarExact, pairedBootstrapTest, type Interval } from '../stats.ts';
import { maxExecutedSamples, type FigureInput, type RunScores, type TaskScores } from './data.ts';
import { familyDimensions } from '../../tasks/index.ts';
import type { DataRecord, Figure, FigureKind, FigureTable, TableCell } from './types.ts';
import { pluginEntry, pluginFunction, Registry } from '../../util/registry.ts';
import { z } from 'zod';

/** A task's value of a metric on the report scale: a stored score, or pass@k from its verdicts. */
export function taskValue(task: TaskScores, metric: string): number | undefined {
  const pass = /^pass@(\d+)$/.exec(metric);
  if (!pass) return task.scores[metric];
  const k = Number(pass[1]);
  if (task.passes.length < k) return undefined;
  return 100 * passAtK(task.passes.length, task.passes.filter(Boolean).length, k);
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

type Cell = (Interval & { tasks: number }) | null;
/** Cells already computed for an input: tables and charts of the same grouping share them. */
const cellCache = new WeakMap<FigureInput, Map<string, Cell>>();

/**
 * Mean and 95% bootstrap interval of a metric over a group's tasks. A cell is named by its grouping
 * (a dimension, or `all`), group, run and metric: its resampling is its own, the same in every figure.
 */
function cell(
  input: FigureInput,
  run: RunScores,
  tasks: readonly TaskScores[],
  metric: string,
  seed: number,
  grouping: string,
  group: string,
): Cell {
  const key = [seed, grouping, group, run.dir, metric].join('\0');
  let cache = cellCache.get(input);
  if (!cache) cellCache.set(input, (cache = new Map()));
  if (cache.has(key)) return cache.get(key)!;
  const values: number[] = [];
  for (const task of tasks) {
    const value = taskValue(task, metric);
    if (value !== undefined) values.push(value);
  }
  const interval = bootstrapMean(values, seed, key);
  const result = interval && { ...interval, tasks: values.length };
  cache.set(key, result);
  return result;
}

function groupsOf(input: FigureInput, dimension: Dimension): string[] {
  const values = new Set<string>();
  for (const run of input.runs) for (const task of run.tasks) values.add(task.groups[dimension]);
  return [...values].sort(compareGroupValues);
}

function tasksBy(run: RunScores, groupOf: (task: TaskScores) => string | null): Map<string, TaskScores[]> {
  const groups = new Map<string, TaskScores[]>();
  for (const task of run.tasks) {
    const group = groupOf(task);
    if (group === null) continue;
    const list = groups.get(group) ?? [];
    list.push(task);
    groups.set(group, list);
  }
  return groups;
}

/** Dimensions that split the runs into more than one labelled group, in the papers' order. */
export function splittingDimensions(input: FigureInput): Dimension[] {
  const order: Dimension[] = [
    'repo',
    'language',
    ...familyDimensions().map((dimension) => dimension.label),
    'kind',
    'lines',
    'prompt-tokens',
    'window',
  ];
  return order.filter((d) => groupsOf(input, d).filter((g) => g !== 'n/a' && g !== 'unknown').length > 1);
}

const fmt = (interval: Interval | null) => (interval === null ? '–' : interval.mean.toFixed(1));
const fmtInterval = (interval: Interval | null) =>
  interval === null ? '' : `[${interval.low.toFixed(1)}, ${interval.high.toFixed(1)}]`;

/** Cells shaded on one scale from the lowest to the highest value of the table. */
function shade(cells: TableCell[]): void {
  const values = cells.map((c) => c.value).filter((v): v is number => typeof v === 'number');
  const [low, high] = [Math.min(...values), Math.max(...values)];
  for (const c of cells) {
    if (typeof c.value !== 'number') continue;
    c.shade = high > low ? (c.value - low) / (high - low) : 0.5;
    c.background = shadeColor(c.shade);
  }
}

/** White (lowest) to blue (highest). */
function shadeColor(shade: number): string {
  const mix = (from: number, to: number) => Math.round(from + (to - from) * shade);
  return `rgb(${mix(247, 107)}, ${mix(251, 174)}, ${mix(255, 214)})`;
}

function valueCell(interval: Interval | null): TableCell {
  return interval === null
    ? { text: '–', value: null }
    : {
        text: `${fmt(interval)} ${fmtInterval(interval)}`,
        value: round(interval.mean),
        low: round(interval.low),
        high: round(interval.high),
      };
}

/** Rows x columns of intervals as a table; transposed when the columns would not fit a page. */
const MAX_COLUMNS = 7;
function intervalTable(
  corner: string,
  rowNames: string[],
  columnNames: string[],
  at: (row: number, column: number) => Interval | null,
): FigureTable {
  const transpose = columnNames.length > MAX_COLUMNS && rowNames.length < columnNames.length;
  const [rows, columns] = transpose ? [columnNames, rowNames] : [rowNames, columnNames];
  const get = transpose ? (r: number, c: number) => at(c, r) : at;
  const body = rows.map((name, r) => [{ text: name }, ...columns.map((_, c) => valueCell(get(r, c)))]);
  shade(body.flat());
  return { head: [transpose ? corner.split(' x ').reverse().join(' x ') : corner, ...columns], rows: body };
}

/** Runs coloured and ordered as given on the command line. */
function runColor(input: FigureInput): Record<string, unknown> {
  const labels = input.runs.map((run) => run.label);
  return {
    field: 'run',
    type: 'nominal',
    title: 'run',
    sort: labels,
    scale: { domain: labels },
    legend: { orient: 'bottom', columns: 2 },
  };
}
const CHART_WIDTH = 760;

/** Per run and group: mean with its interval, as chart data. */
function groupedRecords(
  input: FigureInput,
  metric: string,
  seed: number,
  grouping: string,
  groupOf: (task: TaskScores) => string | null,
): DataRecord[] {
  const records: DataRecord[] = [];
  for (const run of input.runs) {
    for (const [group, tasks] of tasksBy(run, groupOf)) {
      const interval = cell(input, run, tasks, metric, seed, grouping, group);
      if (interval)
        records.push({
          run: run.label,
          group,
          mean: round(interval.mean),
          low: round(interval.low),
          high: round(interval.high),
          tasks: interval.tasks,
        });
    }
  }
  return records.sort(
    (a, b) => compareGroupValues(String(a.group), String(b.group)) || String(a.run).localeCompare(String(b.run)),
  );
}

const overallTable: FigureKind = {
  id: 'overall-table',
  title: 'Overall scores per run',
  description: "Every run x metric with 95% bootstrap intervals over tasks (the papers' main tables).",
  build(input, options) {
    const metrics = options.tableMetrics.filter((m) =>
      input.runs.some((run) => run.tasks.some((t) => taskValue(t, m) !== undefined)),
    );
    if (metrics.length === 0) return [];
    const data: DataRecord[] = [];
    const rows = input.runs.map((run) => [
      { text: run.label },
      ...metrics.map((metric) => {
        const interval = cell(input, run, run.tasks, metric, options.seed, 'all', 'all');
        data.push({
          run: run.label,
          metric,
          mean: interval && round(interval.mean),
          low: interval && round(interval.low),
          high: interval && round(interval.high),
          tasks: interval?.tasks ?? 0,
        });
        return valueCell(interval);
      }),
    ]);
    // Each metric has its own scale: shade per column.
    metrics.forEach((_, column) => shade(rows.map((row) => row[column + 1]!)));
    return [
      {
        id: 'overall-table',
        kind: this.id,
        title: 'Scores per run',
        caption: `Mean over tasks with 95% bootstrap interval (${input.runs.length} run(s)).`,
        data,
        table: { head: ['run', ...metrics], rows },
      },
    ];
  },
};

const modelTable: FigureKind = {
  id: 'model-table',
  title: 'Run x dimension tables',
  description:
    'Each table metric per run and group of each dimension that splits the runs, with 95% bootstrap intervals and a ' +
    'colour scale.',
  build(input, options) {
    return options.dimensions.flatMap((dimension) =>
      options.dimensionMetrics.map((metric) => {
        const groups = groupsOf(input, dimension);
        const data: DataRecord[] = [];
        const intervals = input.runs.map((run) => {
          const byGroup = tasksBy(run, (t) => t.groups[dimension]);
          return [...groups, 'all'].map((group) => {
            const tasks = group === 'all' ? run.tasks : (byGroup.get(group) ?? []);
            const interval =
              group === 'all'
                ? cell(input, run, tasks, metric, options.seed, 'all', 'all')
                : cell(input, run, tasks, metric, options.seed, dimension, group);
            data.push({
              run: run.label,
              group,
              mean: interval && round(interval.mean),
              low: interval && round(interval.low),
              high: interval && round(interval.high),
              tasks: interval?.tasks ?? 0,
            });
            return interval;
          });
        });
        const table = intervalTable(
          `run x ${dimension}`,
          input.runs.map((r) => r.label),
          [...groups, 'all'],
          (r, c) => intervals[r]![c]!,
        );
        const metricPart = options.dimensionMetrics.length > 1 ? `-${metric.replace(/[^\w.-]+/g, '_')}` : '';
        const id = `table-${dimension}${metricPart}`;
        return {
          id,
          kind: this.id,
          title: `${metric} by ${dimension}`,
          caption: `Mean ${metric} per run and ${dimension}, 95% bootstrap interval over tasks.`,
          data,
          table,
        };
      }),
    );
  },
};

function heatmap(rows: Dimension, columns: Dimension, paper: string): FigureKind {
  return {
    id: `heatmap-${rows}-${columns}`,
    title: `${rows} x ${columns} heatmap`,
    description: `${paper}; one heatmap per run, drawn when the runs have more than one ${columns}.`,
    build(input, options) {
      const columnGroups = groupsOf(input, columns).filter((g) => g !== 'n/a');
      if (columnGroups.length < 2) return [];
      return input.runs.flatMap((run) => {
        const data: DataRecord[] = [];
        for (const [key, tasks] of tasksBy(run, (t) =>
          t.groups[columns] === 'n/a' ? null : `${t.groups[rows]}\0${t.groups[columns]}`,
        )) {
          const [row, column] = key.split('\0') as [string, string];
          const values = tasks.map((t) => taskValue(t, options.metric)).filter((v): v is number => v !== undefined);
          if (values.length)
            data.push({
              row,
              column,
              mean: round(values.reduce((a, b) => a + b, 0) / values.length),
              tasks: values.length,
            });
        }
        if (data.length === 0) return [];
        data.sort(
          (a, b) =>
            compareGroupValues(String(a.row), String(b.row)) || compareGroupValues(String(a.column), String(b.column)),
        );
        const rowGroups = [...new Set(data.map((d) => String(d.row)))];
        const usedColumns = columnGroups.filter((g) => data.some((d) => d.column === g));
        const chart = {
          width: Math.min(CHART_WIDTH, 48 * usedColumns.length),
          height: Math.min(600, 26 * rowGroups.length),
          encoding: {
            x: {
              field: 'column',
              type: 'ordinal',
              title: columns,
              sort: usedColumns,
              axis: { labelAngle: -35, labelLimit: 220 },
            },
            y: { field: 'row', type: 'ordinal', title: rows, sort: rowGroups },
          },
          layer: [
            {
              mark: 'rect',
              encoding: {
                color: {
                  field: 'mean',
                  type: 'quantitative',
                  title: options.metric,
                  scale: { scheme: 'blues', domain: [0, 100] },
                },
              },
            },
            {
              mark: { type: 'text', fontSize: 10 },
              encoding: {
                text: { field: 'mean', type: 'quantitative', format: '.0f' },
                color: { condition: { test: 'datum.mean > 60', value: 'white' }, value: 'black' },
              },
            },
          ],
        };
        return [
          {
            id: `heatmap-${rows}-${columns}-${run.label.replace(/[^\w.-]+/g, '_')}`,
            kind: this.id,
            title: `${run.label}: ${options.metric} by ${rows} x ${columns}`,
            caption: `Mean ${options.metric} per cell (tasks with a ${columns} label).`,
            data,
            chart,
          },
        ];
      });
    },
  };
}

/** A line per run over ordered groups, with error bars of the 95% bootstrap interval. */
/**
 * `grouping` names the groups `groupOf` makes (a dimension when they are its groups): cells of one grouping are shared.
 */
function lineChart(
  id: string,
  title: string,
  description: string,
  axisTitle: string,
  grouping: string,
  groupOf: (task: TaskScores) => string | null,
): FigureKind {
  return {
    id,
    title,
    description,
    build(input, options) {
      const data = groupedRecords(input, options.metric, options.seed, grouping, groupOf);
      const groups = [...new Set(data.map((d) => String(d.group)))];
      if (groups.length < 2) return [];
      return [
        {
          id,
          kind: id,
          title: `${options.metric} ${title.toLowerCase()}`,
          caption: `Mean ${options.metric} with 95% bootstrap interval over tasks.`,
          data,
          chart: lineSpec(input, groups, axisTitle, options.metric),
        },
      ];
    },
  };
}

function lineSpec(input: FigureInput, groups: string[], axisTitle: string, metric: string): Record<string, unknown> {
  return {
    width: Math.min(CHART_WIDTH, Math.max(320, 70 * groups.length)),
    height: 260,
    encoding: {
      x: { field: 'group', type: 'ordinal', sort: groups, title: axisTitle, axis: { labelAngle: 0 } },
      color: runColor(input),
    },
    layer: [
      {
        mark: { type: 'line', point: true },
        encoding: { y: { field: 'mean', type: 'quantitative', title: metric, axis: { format: '~r' } } },
      },
      {
        mark: { type: 'errorbar', ticks: true },
        encoding: { y: { field: 'low', type: 'quantitative', title: metric }, y2: { field: 'high' } },
      },
    ],
  };
}

/** The run's stated training cut-off (`--cutoff MODEL=DATE`, by its model or its label), or undefined. */
function cutoffOf(run: RunScores, cutoffs: Record<string, string>): string | undefined {
  return cutoffs[run.provenance.model] ?? cutoffs[run.label];
}

/**
 * Where a window lies against a cut-off: `before` when it ends on or before it, `after` when it starts on or after
 * it, null when it holds the cut-off (code of both sides). A window label is its first day; `ends` gives its last.
 */
function sideOf(start: string, end: string | undefined, cutoff: string): 'before' | 'after' | null {
  if (start >= cutoff) return 'after';
  return end !== undefined && end <= cutoff ? 'before' : null;
}

const windowScores: FigureKind = {
  id: 'line-window',
  title: 'Scores over time windows',
  description:
    'Live benchmarks (`ctxbench refresh`): the chart metric per time window, a line per run with 95% bootstrap ' +
    "intervals; with `--cutoff MODEL=DATE`, a dashed rule at the first window after each model's training cut-off " +
    'and a table of its scores before and after, with a note where they drop.',
  build(input, options) {
    const data = groupedRecords(input, options.metric, options.seed, 'window', (t) =>
      t.groups.window === 'n/a' ? null : t.groups.window,
    );
    const windows = [...new Set(data.map((d) => String(d.group)))].sort(compareGroupValues);
    if (windows.length < 2) return [];
    // A window ends where the next one starts; the last one's end is not known from the labels.
    const endOf = (start: string) => windows[windows.indexOf(start) + 1];
    const cutoffs = options.cutoffs ?? {};
    for (const record of data) {
      const run = input.runs.find((r) => r.label === record.run)!;
      const cutoff = cutoffOf(run, cutoffs);
      const firstAfter = cutoff === undefined ? undefined : windows.find((start) => start >= cutoff);
      record.cutoff = firstAfter !== undefined && record.group === firstAfter ? cutoff! : null;
    }
    const chart = lineSpec(input, windows, 'window (first day)', options.metric);
    (chart.layer as unknown[]).push({
      mark: { type: 'rule', strokeDash: [4, 4] },
      transform: [{ filter: 'datum.cutoff != null' }],
      encoding: { x: { field: 'group', type: 'ordinal' }, color: runColor(input) },
    });
    const figures: Figure[] = [
      {
        id: this.id,
        kind: this.id,
        title: `${options.metric} by time window`,
        caption:
          `Mean ${options.metric} per window with 95% bootstrap interval over its ` +
          `tasks${Object.keys(cutoffs).length > 0 ? "; dashed: the first window after a model's cut-off" : ''}.`,
        data,
        chart,
      },
    ];
    const withCutoff = input.runs.filter((run) => cutoffOf(run, cutoffs) !== undefined);
    if (withCutoff.length === 0) return figures;
    const rows: TableCell[][] = [];
    const table: DataRecord[] = [];
    for (const run of withCutoff) {
      const cutoff = cutoffOf(run, cutoffs)!;
      const sides = tasksBy(run, (t) =>
        t.groups.window === 'n/a' ? null : sideOf(t.groups.window, endOf(t.groups.window), cutoff),
      );
      const before = cell(
        input,
        run,
        sides.get('before') ?? [],
        options.metric,
        options.seed,
        `cutoff-before-${cutoff}`,
        'before',
      );
      const after = cell(
        input,
        run,
        sides.get('after') ?? [],
        options.metric,
        options.seed,
        `cutoff-after-${cutoff}`,
        'after',
      );
      const note =
        before === null || after === null
          ? `no scored window ${before === null ? 'before' : 'after'} the cut-off`
          : after.high < before.low
            ? `drops after the cut-off (${fmt(before)} -> ${fmt(after)}, intervals apart): ` +
              'the windows before may be in its training data'
            : after.mean < before.mean
              ? `lower after the cut-off (${fmt(before)} -> ${fmt(after)}), within the intervals`
              : 'no drop after the cut-off';
      table.push({
        run: run.label,
        model: run.provenance.model,
        cutoff,
        before: before && round(before.mean),
        beforeTasks: before?.tasks ?? 0,
        after: after && round(after.mean),
        afterTasks: after?.tasks ?? 0,
        note,
      });
      rows.push([
        { text: run.label },
        { text: cutoff },
        { ...valueCell(before) },
        { text: String(before?.tasks ?? 0) },
        { ...valueCell(after) },
        { text: String(after?.tasks ?? 0) },
        { text: note },
      ]);
    }
    figures.push({
      id: 'window-cutoff',
      kind: this.id,
      title: `${options.metric} before and after each model's cut-off`,
      caption:
        'Mean over the tasks of the windows ending on or before the cut-off, and of those starting on or after it (a ' +
        'window holding the cut-off counts on neither side), 95% bootstrap intervals.',
      data: table,
      table: { head: ['run', 'cut-off', 'before', 'tasks', 'after', 'tasks', 'note'], rows },
    });
    return figures;
  },
};

const lineBin = (lines: number) => (lines <= 5 ? String(Math.max(1, lines)) : lines <= 10 ? '6-10' : '11+');

/** Runs with retrieved context (their retrieval analyses). */
const retrievalRuns = (input: FigureInput) => input.runs.filter((run) => run.retrieval);

const identifierCoverage: FigureKind = {
  id: 'line-identifier-coverage',
  title: 'Score by identifier coverage',
  description:
    "CrossCodeEval Fig. 5: mean score by the share of the reference's identifiers found in the retrieved context; " +
    'runs with retrieved context only.',
  build(input) {
    const runs = retrievalRuns(input);
    if (runs.length === 0) return [];
    const metric = runs[0]!.retrieval!.metric;
    const data: DataRecord[] = runs.flatMap((run) =>
      run
        .retrieval!.coverage.filter((bin) => bin.tasks > 0)
        .map((bin) => ({ run: run.label, group: bin.bin, mean: round(bin.meanScore), tasks: bin.tasks })),
    );
    const groups = runs[0]!
      .retrieval!.coverage.map((bin) => bin.bin)
      .filter((bin) => data.some((d) => d.group === bin));
    const chart = {
      width: 480,
      height: 260,
      encoding: {
        x: {
          field: 'group',
          type: 'ordinal',
          sort: groups,
          title: 'reference identifiers in retrieved context',
          axis: { labelAngle: 0 },
        },
        y: { field: 'mean', type: 'quantitative', title: metric, axis: { format: '~r' } },
        color: runColor(input),
      },
      mark: { type: 'line', point: true },
    };
    return [
      {
        id: this.id,
        kind: this.id,
        title: `${metric} by identifier coverage of the retrieved context`,
        caption: 'Tasks whose reference has identifiers, binned by the share found in the retrieved chunks.',
        data,
        chart,
      },
    ];
  },
};

function groupedBars(dimension: Dimension, paper: string): FigureKind {
  const id = `bars-${dimension}`;
  return {
    id,
    title: `Bars per ${dimension}`,
    description: `${paper}: the chart metric per ${dimension}, one bar per run, with 95% bootstrap error bars.`,
    build(input, options) {
      const data = groupedRecords(input, options.metric, options.seed, dimension, (t) => t.groups[dimension]);
      const groups = [...new Set(data.map((d) => String(d.group)))];
      if (groups.filter((g) => g !== 'n/a').length < 2) return [];
      const step = Math.max(6, Math.floor(CHART_WIDTH / (groups.length * input.runs.length)) - 2);
      const chart = {
        width: Math.min(CHART_WIDTH, groups.length * input.runs.length * (step + 2) + 20),
        height: 260,
        encoding: {
          x: {
            field: 'group',
            type: 'nominal',
            sort: groups,
            title: dimension,
            axis: { labelAngle: groups.length > 6 ? -35 : 0, labelLimit: 220 },
          },
          xOffset: { field: 'run', type: 'nominal', sort: input.runs.map((run) => run.label) },
          color: runColor(input),
        },
        layer: [
          { mark: 'bar', encoding: { y: { field: 'mean', type: 'quantitative', title: options.metric } } },
          {
            mark: { type: 'errorbar', ticks: true, color: '#333' },
            encoding: { y: { field: 'low', type: 'quantitative', title: options.metric }, y2: { field: 'high' } },
          },
        ],
      };
      return [
        {
          id,
          kind: id,
          title: `${options.metric} per ${dimension}`,
          caption: `Mean ${options.metric} per ${dimension} and run; error bars: 95% bootstrap interval over tasks.`,
          data,
          chart,
        },
      ];
    },
  };
}

const transitionsTable: FigureKind = {
  id: 'transitions',
  title: 'Transitions between runs',
  description:
    "CrossCodeEval Table 3: tasks gained and lost between consecutive runs by the first sample's exact match (em, " +
    "else em-nows, else its verdict), McNemar's exact p; the paired bootstrap of the chart metric's difference.",
  build(input, options) {
    if (input.runs.length < 2) return [];
    // Exact match (YABLoCo's whitespace-free variant when that is what the runs have), else the first sample's verdict.
    const correctness =
      ['em', 'em-nows'].find((m) => input.metrics.includes(m)) ?? (maxExecutedSamples(input) > 0 ? 'pass' : null);
    const continuous = options.metric;
    const data: DataRecord[] = [];
    const rows: TableCell[][] = [];
    for (let i = 1; i < input.runs.length; i++) {
      const [before, after] = [input.runs[i - 1]!, input.runs[i]!];
      const afterById = new Map(after.tasks.map((t) => [t.id, t]));
      const counts = { tasks: 0, both: 0, gained: 0, lost: 0, neither: 0 };
      const differences: number[] = [];
      const correct = (t: TaskScores) =>
        correctness === 'pass'
          ? t.passes.length
            ? t.passes[0]
            : undefined
          : t.first[correctness!] === undefined
            ? undefined
            : t.first[correctness!]! >= 100;
      for (const task of before.tasks) {
        const other = afterById.get(task.id);
        if (!other) continue;
        const [a, b] = [taskValue(task, continuous), taskValue(other, continuous)];
        if (a !== undefined && b !== undefined) differences.push(b - a);
        if (correctness === null) continue;
        const [x, y] = [correct(task), correct(other)];
        if (x === undefined || y === undefined) continue;
        counts.tasks++;
        if (x && y) counts.both++;
        else if (y) counts.gained++;
        else if (x) counts.lost++;
        else counts.neither++;
      }
      const p = mcnemarExact(counts.gained, counts.lost);
      const test = pairedBootstrapTest(
        differences,
        options.seed,
        `transitions\0${before.dir}\0${after.dir}\0${continuous}`,
      );
      data.push({
        from: before.label,
        to: after.label,
        by: correctness,
        ...counts,
        mcnemarP: correctness ? p : null,
        metric: continuous,
        difference: test && round(test.mean),
        low: test && round(test.low),
        high: test && round(test.high),
        bootstrapP: test && test.p,
        pairedTasks: test?.tasks ?? 0,
      });
      rows.push([
        { text: `${before.label} → ${after.label}` },
        { text: String(counts.tasks) },
        { text: String(counts.both) },
        { text: `+${counts.gained}` },
        { text: `−${counts.lost}` },
        { text: String(counts.neither) },
        { text: correctness ? formatP(p) : '–' },
        {
          text: test
            ? `${test.mean >= 0 ? '+' : ''}${test.mean.toFixed(2)} [${test.low.toFixed(2)}, ${test.high.toFixed(2)}]`
            : '–',
        },
        { text: test ? formatP(test.p) : '–' },
      ]);
    }
    const by = correctness ?? 'n/a';
    return [
      {
        id: 'transitions',
        kind: this.id,
        title: 'Transitions between runs',
        data,
        caption:
          `Correct by the first sample's ${by}; p: McNemar's exact test (gained vs lost). Δ ${continuous}: ` +
          `paired bootstrap over tasks (${input.runs.length - 1} pair(s)).`,
        table: {
          head: [
            'runs',
            'tasks',
            'both correct',
            'gained',
            'lost',
            'both wrong',
            'McNemar p',
            `Δ ${continuous} [95% CI]`,
            'bootstrap p',
          ],
          rows,
        },
      },
    ];
  },
};

export function formatP(p: number): string {
  return p < 0.001 ? '<0.001' : p.toFixed(3);
}

const passAtKCurve: FigureKind = {
  id: 'pass-at-k',
  title: 'pass@k curves',
  description:
    'YABLoCo: pass@k for k = 1..n (unbiased estimator over the executed samples), one line per run; runs executed at ' +
    'least twice per task only.',
  build(input, options) {
    const n = maxExecutedSamples(input);
    if (n < 2) return [];
    const data: DataRecord[] = [];
    for (const run of input.runs) {
      for (let k = 1; k <= n; k++) {
        const interval = cell(input, run, run.tasks, `pass@${k}`, options.seed, 'all', 'all');
        if (interval)
          data.push({
            run: run.label,
            k,
            mean: round(interval.mean),
            low: round(interval.low),
            high: round(interval.high),
            tasks: interval.tasks,
          });
      }
    }
    const chart = {
      width: 480,
      height: 260,
      encoding: {
        x: {
          field: 'k',
          type: 'quantitative',
          title: 'k',
          scale: { domain: [1, Math.max(2, n)] },
          axis: { tickMinStep: 1 },
        },
        color: runColor(input),
      },
      layer: [
        {
          mark: { type: 'line', point: true },
          encoding: { y: { field: 'mean', type: 'quantitative', title: 'pass@k', scale: { domain: [0, 100] } } },
        },
        {
          mark: { type: 'errorbar', ticks: true },
          encoding: { y: { field: 'low', type: 'quantitative', title: 'pass@k' }, y2: { field: 'high' } },
        },
      ],
    };
    return [
      {
        id: this.id,
        kind: this.id,
        title: `pass@k for k = 1..${n}`,
        caption: 'Unbiased pass@k over tasks with at least k executed samples; 95% bootstrap interval.',
        data,
        chart,
      },
    ];
  },
};

const chunkSourcesChart: FigureKind = {
  id: 'chunk-sources',
  title: 'Where retrieved chunks come from',
  description:
    "CrossCodeEval Sec. 3.5: share of retrieved chunks by their relation to the task's file; runs with retrieved " +
    'context only.',
  build(input) {
    const runs = retrievalRuns(input);
    if (runs.length === 0) return [];
    const data: DataRecord[] = runs.flatMap((run) => {
      const total = Object.values(run.retrieval!.sources).reduce((a, b) => a + b, 0);
      return Object.entries(run.retrieval!.sources).map(([source, chunks]) => ({
        run: run.label,
        source,
        chunks,
        share: total ? round((100 * chunks) / total) : 0,
      }));
    });
    const sources = Object.keys(runs[0]!.retrieval!.sources);
    const chart = {
      width: 480,
      height: 40 + 22 * runs.length,
      mark: 'bar',
      encoding: {
        y: { field: 'run', type: 'nominal', title: null },
        x: {
          field: 'share',
          type: 'quantitative',
          title: '% of retrieved chunks',
          stack: 'zero',
          scale: { domain: [0, 100] },
        },
        color: { field: 'source', type: 'nominal', sort: sources, legend: { orient: 'bottom', columns: 3 } },
        order: { field: 'source', sort: 'ascending' },
      },
    };
    return [
      {
        id: this.id,
        kind: this.id,
        title: 'Where retrieved chunks come from',
        caption: "Share of retrieved chunks by their relation to the task's file.",
        data,
        chart,
      },
    ];
  },
};

const BUILTIN_FIGURE_KINDS: readonly FigureKind[] = [
  overallTable,
  modelTable,
  heatmap('language', 'bucket', 'M2RC-Eval Fig. (scores per language and AST depth bucket)'),
  heatmap('language', 'semantic', 'M2RC-Eval Fig. (scores per language and semantic class)'),
  lineChart(
    'line-prompt-length',
    'By prompt length',
    'M2RC-Eval: the chart metric by prompt length in tokens.',
    'prompt tokens',
    'prompt-tokens',
    (t) => (t.groups['prompt-tokens'] === 'unknown' ? null : t.groups['prompt-tokens']),
  ),
  lineChart(
    'line-completion-lines',
    'By completion lines',
    'M2RC-Eval: the chart metric by the number of lines of the completion.',
    'lines of the reference',
    'completion-lines',
    (t) => lineBin(t.lines),
  ),
  windowScores,
  identifierCoverage,
  groupedBars('level', 'YABLoCo (context levels)'),
  groupedBars('repo', 'YABLoCo (repositories)'),
  groupedBars('semantic', 'M2RC-Eval (semantic classes)'),
  transitionsTable,
  passAtKCurve,
  chunkSourcesChart,
];

/**
 * Figure kinds by id: the built-ins above, then any a plugin registers (the HTML report, the viewer and `--figures`
 * draw every one).
 */
export const FIGURE_KINDS = new Registry<FigureKind>('figure kind', 'figures', {
  key: 'figures',
  entry: pluginEntry('id', { title: z.string(), description: z.string(), build: pluginFunction }),
  add: registerFigureKind,
});

export function registerFigureKind(kind: FigureKind): FigureKind {
  return FIGURE_KINDS.register(kind.id, kind);
}

for (const kind of BUILTIN_FIGURE_KINDS) registerFigureKind(kind);

export function figureKind(id: string): FigureKind {
  return FIGURE_KINDS.get(id);
}
