// Types of query.js (plain JavaScript shared by the browser and the server).
import type { TaskQuery, TaskRow, QueryResult, TaskVerdict } from '../types.ts';

export declare const VERDICT_ORDER: readonly TaskVerdict[];
export declare const FIXED_FACETS: readonly string[];
export declare const SORT_FIELDS: readonly string[];
export declare function facetNames(rows: readonly TaskRow[]): string[];
export declare function metricNames(rows: readonly TaskRow[]): string[];
export declare function emptyQuery(): TaskQuery;
export declare function parseQuery(params: Iterable<[string, string]>): TaskQuery;
export declare function formatQuery(query: TaskQuery): string;
export declare function sortRows(rows: readonly TaskRow[], field: string, desc: boolean): TaskRow[];
export declare function runQuery(rows: readonly TaskRow[], query: TaskQuery): QueryResult;
