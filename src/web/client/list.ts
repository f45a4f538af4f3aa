// The task list: free-text search, a select per facet (repository, language, kind, verdict and every
// label) whose counts follow the other filters, a metric range, sorting, and a virtualised table.
// A long list shows its first tasks at once, while the whole list loads.
import type { TaskQuery, TaskRow, TaskVerdict } from '../types.ts';
import { api } from './api.ts';
import type { Dispose, PageContext } from './context.ts';
import { append, count, h, num, replaceChildren, verdictBadge } from './dom.ts';
import { href } from './nav.ts';
import { facetNames, metricNames, parseQuery, runQuery, SORT_FIELDS, VERDICT_ORDER } from './query.ts';
import { virtualTable, type TableColumn } from './vtable.ts';

const LABEL_WIDTHS: Record<string, string> = {
  level: '80px',
  bucket: '60px',
  semantic: 'minmax(90px, 1fr)',
  lines: '56px',
};
/** Tasks shown, in task order, while the whole list of a run is loading. */
const FIRST_ROWS = 100;

function facetOrder(facet: string, values: string[]): string[] {
  if (facet === 'verdict')
    return values.sort((a, b) => VERDICT_ORDER.indexOf(a as TaskVerdict) - VERDICT_ORDER.indexOf(b as TaskVerdict));
  return values.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
}

function debounce(action: () => void, ms: number): () => void {
  let timer = 0;
  return () => {
    clearTimeout(timer);
    timer = window.setTimeout(action, ms);
  };
}

function verdictCell(row: TaskRow) {
  const passed = row.verdicts.passed ?? 0;
  return h(
    'span',
    null,
    verdictBadge(row.verdict),
    h('span', { class: 'muted small' }, ` ${passed}/${row.candidates}`),
  );
}

export async function listView(
  ctx: PageContext,
  container: HTMLElement,
  { run, params }: { run: string; params: URLSearchParams },
): Promise<Dispose> {
  const query = parseQuery(params);
  if (ctx.rowsLoaded(run) || ctx.isStatic) return showList(ctx, container, run, query, await ctx.rows(run), null);
  // The first tasks, then the whole list in their place (asked for after them: the server answers in turn).
  const first = await api.firstRows(run, FIRST_ROWS).catch(() => null);
  if (first === null || first.rows.length === first.total)
    return showList(ctx, container, run, query, await ctx.rows(run), null);
  const dispose = showList(ctx, container, run, query, first.rows, first.total);
  const rows = await ctx.rows(run);
  dispose();
  // Gone elsewhere meanwhile: the page is not built again (its keys would take over the next page's).
  if (!container.isConnected) return null;
  container.replaceChildren();
  return showList(ctx, container, run, query, rows, null);
}

/**
 * The list page over `initialRows`; `total` is set when they are only the first of that many tasks (filters wait for
 * the rest).
 */
function showList(
  ctx: PageContext,
  container: HTMLElement,
  run: string,
  query: TaskQuery,
  initialRows: TaskRow[],
  total: number | null,
): () => void {
  const info = ctx.run(run);
  let rows = initialRows;
  const facets = facetNames(rows).filter((facet) => rows.some((row) => row.facets[facet] !== undefined));
  const labels = facets.filter((facet) => !['repo', 'language', 'kind', 'verdict'].includes(facet));
  const metrics = metricNames(rows);
  const rangeMetric = Object.keys(query.ranges)[0] ?? metrics.find((m) => m === 'es') ?? metrics[0] ?? '';

  const search = h('input', {
    type: 'search',
    id: 'search',
    placeholder: 'search ids, names, paths',
    'aria-label': 'search',
    value: query.text,
  });
  const selects = new Map(
    facets.map((facet) => [facet, h('select', { id: `facet-${facet}`, 'aria-label': facet, dataset: { facet } })]),
  );
  const metricSelect = h(
    'select',
    { id: 'range-metric', 'aria-label': 'metric' },
    metrics.map((m) => h('option', { value: m, selected: m === rangeMetric }, m)),
  );
  const [low, high] = query.ranges[rangeMetric] ?? [null, null];
  const minInput = h('input', {
    type: 'number',
    id: 'range-min',
    placeholder: 'min',
    'aria-label': 'minimum',
    value: low ?? '',
  });
  const maxInput = h('input', {
    type: 'number',
    id: 'range-max',
    placeholder: 'max',
    'aria-label': 'maximum',
    value: high ?? '',
  });
  const sortSelect = h(
    'select',
    { id: 'sort', 'aria-label': 'sort by' },
    [...SORT_FIELDS, ...metrics].map((field) =>
      h('option', { value: field, selected: field === query.sort }, field === 'ord' ? 'task order' : field),
    ),
  );
  const orderButton = h('button', { id: 'order', type: 'button', title: 'sort direction' });
  const counter = h('span', { id: 'count', role: 'status' });

  // Columns: the metrics the server's registry marks as columns (info.tableMetrics), then any sorted or filtered by.
  const shownMetrics = () => [
    ...new Set([
      ...info.tableMetrics.filter((m) => metrics.includes(m)),
      ...[query.sort, ...Object.keys(query.ranges)].filter((m) => metrics.includes(m)),
    ]),
  ];
  const makeTable = () =>
    virtualTable<TaskRow>({
      columns: [
        { title: '#', width: '56px', className: 'n', cell: (row) => String(row.ord + 1), sortKey: 'ord' },
        { title: 'verdict', width: '130px', cell: verdictCell, sortKey: 'verdict' },
        { title: 'repo', width: 'minmax(80px, 0.6fr)', cell: (row) => row.repo, sortKey: 'repo' },
        { title: 'path', width: 'minmax(160px, 2fr)', cell: (row) => `${row.path}:${row.span[0]}`, sortKey: 'path' },
        { title: 'name', width: 'minmax(100px, 1fr)', cell: (row) => row.name ?? '', sortKey: 'name' },
        { title: 'language', width: '90px', cell: (row) => row.language, sortKey: 'language' },
        ...labels.map(
          (label): TableColumn<TaskRow> => ({
            title: label,
            width: LABEL_WIDTHS[label] ?? '80px',
            cell: (row: TaskRow) => String(row.labels[label] ?? ''),
            sortKey: label === 'lines' ? 'lines' : undefined,
            className: label === 'lines' || label === 'bucket' ? 'n' : '',
          }),
        ),
        ...shownMetrics().map(
          (metric): TableColumn<TaskRow> => ({
            title: metric,
            width: '76px',
            className: 'n',
            cell: (row: TaskRow) => num(row.metrics[metric]),
            sortKey: metric,
          }),
        ),
      ],
      href: (row) => href.task(run, row.id, 0, query),
      onSort: (field) => {
        query.desc = query.sort === field ? !query.desc : false;
        query.sort = field;
        update();
      },
    });
  let table = makeTable();
  let columnsKey = shownMetrics().join();

  function update() {
    const result = runQuery(rows, query);
    // While the rest loads, a filter or sort in the URL applies to the first tasks only, and says so.
    const matching = result.rows.length === rows.length ? '' : `${count(result.rows.length)} of the `;
    counter.textContent =
      total === null
        ? `${count(result.rows.length)} of ${count(result.total)} tasks`
        : `${matching}first ${count(rows.length)} of ${count(total)} tasks (loading the rest)`;
    for (const [facet, select] of selects) {
      const counts = result.facets[facet] ?? {};
      const values = facetOrder(facet, [
        ...new Set([
          ...rows.map((row) => row.facets[facet]).filter((v): v is string => v !== undefined),
          ...(query.facets[facet] ? [query.facets[facet]] : []),
        ]),
      ]);
      replaceChildren(
        select,
        h('option', { value: '' }, `${facet}: any`),
        values.map((value) =>
          h('option', { value, selected: query.facets[facet] === value }, `${value} (${counts[value] ?? 0})`),
        ),
      );
      select.classList.toggle('set', Boolean(query.facets[facet]));
    }
    sortSelect.value = query.sort;
    orderButton.textContent = query.desc ? '↓ desc' : '↑ asc';
    if (shownMetrics().join() !== columnsKey) {
      columnsKey = shownMetrics().join();
      table.dispose();
      const next = makeTable();
      table.element.replaceWith(next.element);
      table = next;
    }
    table.setRows(result.rows);
    ctx.replaceHash(href.list(run, query));
  }

  search.addEventListener(
    'input',
    debounce(() => {
      query.text = search.value;
      update();
    }, 100),
  );
  for (const [facet, select] of selects) {
    select.addEventListener('change', () => {
      if (select.value) query.facets[facet] = select.value;
      else delete query.facets[facet];
      update();
    });
  }
  const setRange = () => {
    query.ranges = {};
    const bound = (input: HTMLInputElement) =>
      input.value === '' || !Number.isFinite(Number(input.value)) ? null : Number(input.value);
    if (metricSelect.value && (bound(minInput) !== null || bound(maxInput) !== null))
      query.ranges[metricSelect.value] = [bound(minInput), bound(maxInput)];
    update();
  };
  for (const element of [metricSelect, minInput, maxInput]) element.addEventListener('input', setRange);
  sortSelect.addEventListener('change', () => {
    query.sort = sortSelect.value;
    update();
  });
  orderButton.addEventListener('click', () => {
    query.desc = !query.desc;
    update();
  });
  const reset = h(
    'button',
    {
      type: 'button',
      id: 'reset',
      on: {
        click: () => {
          location.hash = href.list(run);
        },
      },
    },
    'reset',
  );

  append(
    container,
    h(
      'div',
      { class: 'list-head' },
      h(
        'h1',
        null,
        `${info.id} `,
        h(
          'span',
          { class: 'muted small' },
          `${info.config.model} · ${info.config.context} · ${info.config.samples} sample(s)`,
        ),
      ),
      counter,
    ),
    h(
      'div',
      { class: 'filters', inert: total !== null },
      search,
      [...selects.values()],
      metrics.length
        ? h(
            'span',
            { class: 'range', title: 'keep tasks whose metric lies in [min, max]' },
            'range',
            metricSelect,
            minInput,
            h('span', null, '–'),
            maxInput,
          )
        : null,
      h('span', { class: 'sort' }, sortSelect, orderButton),
      reset,
    ),
  );
  append(container, table.element);
  update();
  if (table.rows.length) table.select(0);

  const open = () => {
    const row = table.rows[table.selected];
    if (row) location.hash = href.task(run, row.id, 0, query);
  };
  ctx.setKeys({
    j: () => table.select(table.selected + 1),
    k: () => table.select(table.selected - 1),
    ArrowDown: () => table.select(table.selected + 1),
    ArrowUp: () => table.select(table.selected - 1),
    Enter: open,
    o: open,
    '/': () => search.focus(),
  });

  // A run in progress: refresh the rows (verdicts, scores) when the store changed.
  let timer = 0;
  if (!ctx.isStatic && total === null) {
    let version = info.version;
    timer = window.setInterval(async () => {
      const answer = await api.run(run).catch(() => null);
      if (!answer || answer.version === version) return;
      version = answer.version;
      rows = await ctx.rows(run, version);
      update();
    }, 2000);
  }
  return () => {
    clearInterval(timer);
    table.dispose();
  };
}
