// Filtering, sorting and facet counts over the viewer's task rows. Shared so that the browser (which filters the
// whole list locally, also in an exported copy) and the server's `/api/runs/:run/tasks?…` endpoint run the same code.
import type { QueryResult, TaskQuery, TaskRow, TaskVerdict } from '../types.ts';

/** Task-level verdict classes from best to worst (a task shows its best candidate's class). */
export const VERDICT_ORDER: readonly TaskVerdict[] = [
  'passed',
  'flagged',
  'built',
  'failed',
  'timeout',
  'not-run',
  'no-output',
  'no-candidates',
];

/** Facets that every row has; label facets (level, bucket, semantic, lines, ...) come from the rows. */
export const FIXED_FACETS: readonly string[] = ['repo', 'language', 'kind', 'verdict'];

/** Fields a list can be sorted by besides the metric names. */
export const SORT_FIELDS: readonly string[] = [
  'ord',
  'id',
  'name',
  'path',
  'repo',
  'language',
  'kind',
  'lines',
  'verdict',
];

/** Facet names present in a run's rows, fixed facets first, then labels in first-seen order. */
export function facetNames(rows: readonly TaskRow[]): string[] {
  const names = new Set<string>(FIXED_FACETS);
  for (const row of rows) for (const name of Object.keys(row.facets)) names.add(name);
  return [...names];
}

/** Metric names present in a run's rows, in first-seen order. */
export function metricNames(rows: readonly TaskRow[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const name of Object.keys(row.metrics)) names.add(name);
  return [...names];
}

/** An empty query: every task, in task order. */
export function emptyQuery(): TaskQuery {
  return { text: '', facets: {}, ranges: {}, sort: 'ord', desc: false };
}

function parseBound(text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * Reads a query from URL parameters: `q` (free text), one parameter per facet (`repo=redis`),
 * `range=METRIC:MIN:MAX` (either bound may be empty, repeatable), `sort=FIELD`, `desc=1`.
 */
export function parseQuery(params: Iterable<[string, string]>): TaskQuery {
  const query = emptyQuery();
  for (const [key, value] of params) {
    if (key === 'q') query.text = value;
    else if (key === 'sort') query.sort = value;
    else if (key === 'desc') query.desc = value === '1' || value === 'true';
    else if (key === 'range') {
      const [metric, low, high] = value.split(':');
      if (metric) query.ranges[metric] = [parseBound(low), parseBound(high)];
    } else if (key !== 'offset' && key !== 'limit') query.facets[key] = value;
  }
  return query;
}

/** The URL parameters of a query, in a stable order; an empty query gives an empty string. */
export function formatQuery(query: TaskQuery): string {
  const params = new URLSearchParams();
  if (query.text) params.set('q', query.text);
  for (const [facet, value] of Object.entries(query.facets).sort())
    if (value !== undefined && value !== '') params.set(facet, value);
  for (const [metric, [low, high]] of Object.entries(query.ranges).sort()) {
    if (low !== null || high !== null) params.append('range', `${metric}:${low ?? ''}:${high ?? ''}`);
  }
  if (query.sort && query.sort !== 'ord') params.set('sort', query.sort);
  if (query.desc) params.set('desc', '1');
  return params.toString();
}

const haystacks = new WeakMap<TaskRow, string>();
function haystack(row: TaskRow): string {
  let text = haystacks.get(row);
  if (text === undefined) {
    text = [row.id, row.name ?? '', row.path, row.repo].join('\n').toLowerCase();
    haystacks.set(row, text);
  }
  return text;
}

/** Compiles the filter part of a query; `skipFacet` leaves one facet out (for its own counts). */
function compileFilter(query: TaskQuery, skipFacet: string | null): (row: TaskRow) => boolean {
  const words = query.text.toLowerCase().split(/\s+/).filter(Boolean);
  const facets = Object.entries(query.facets).filter(
    ([facet, value]) => facet !== skipFacet && value !== undefined && value !== '',
  );
  const ranges = Object.entries(query.ranges).filter(([, [low, high]]) => low !== null || high !== null);
  return (row: TaskRow) => {
    for (const [facet, value] of facets) if ((row.facets[facet] ?? '') !== value) return false;
    for (const [metric, [low, high]] of ranges) {
      const value = row.metrics[metric];
      if (value === undefined || (low !== null && value < low) || (high !== null && value > high)) return false;
    }
    if (words.length > 0) {
      const text = haystack(row);
      for (const word of words) if (!text.includes(word)) return false;
    }
    return true;
  };
}

function sortKey(row: TaskRow, field: string): string | number | undefined {
  if (field === 'lines') return row.labels.lines ?? 0;
  if (field === 'verdict') return VERDICT_ORDER.indexOf(row.verdict);
  if (field === 'ord') return row.ord;
  if (SORT_FIELDS.includes(field)) return (row[field as keyof TaskRow] as string | null) ?? '';
  return row.metrics[field];
}

/** Sorts rows by a field; rows without the field (unscored metrics) go last, ties keep task order. */
export function sortRows(rows: readonly TaskRow[], field: string, desc: boolean): TaskRow[] {
  const sign = desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const x = sortKey(a, field);
    const y = sortKey(b, field);
    if (x === undefined || y === undefined) return x === y ? a.ord - b.ord : x === undefined ? 1 : -1;
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return order === 0 ? a.ord - b.ord : sign * order;
  });
}

/**
 * Runs a query: the matching rows, sorted, and per facet the number of matching tasks per value
 * when that facet's own selection is left out (so every value shows what choosing it would give).
 */
export function runQuery(rows: readonly TaskRow[], query: TaskQuery): QueryResult {
  const facets: Record<string, Record<string, number>> = {};
  for (const facet of facetNames(rows)) {
    const keep = compileFilter(query, facet);
    const counts: Record<string, number> = {};
    for (const row of rows) {
      const value = row.facets[facet];
      if (value !== undefined && keep(row)) counts[value] = (counts[value] ?? 0) + 1;
    }
    facets[facet] = counts;
  }
  const keep = compileFilter(query, null);
  return { total: rows.length, facets, rows: sortRows(rows.filter(keep), query.sort, query.desc) };
}
