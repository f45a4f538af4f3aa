// Types of columns.js (plain JavaScript shared by the browser and the server).
import type { TaskRow } from '../types.ts';

export type Column = { values: unknown[] } | { dictionary: unknown[]; codes: number[] };
export interface RowColumns {
  count: number;
  columns: Record<string, Column>;
  maps: Record<string, Record<string, Column>>;
}
export declare function encodeRows(rows: readonly TaskRow[]): RowColumns;
export declare function decodeRows(encoded: RowColumns): TaskRow[];
