// A figure of the report: the aggregated values it shows, and either a Vega-Lite chart of them or a
// table. Figure kinds (one object each, in src/report/figures/registry.ts) build figures from runs.
import type { Dimension } from '../aggregate.ts';
import type { FigureInput } from './data.ts';

export type DataRecord = Record<string, string | number | null>;

export interface TableCell {
  text: string;
  /** the number behind the cell (shaded by the table's colour scale), absent for labels. */
  value?: number | null;
  /** 95% bootstrap interval of `value`. */
  low?: number;
  high?: number;
  /** position on the table's colour scale, 0 (lowest) to 1 (highest)... */
  shade?: number;
  /** ...and its colour, as a CSS colour (the HTML report and the viewer draw it as given). */
  background?: string;
}

export interface FigureTable {
  head: string[];
  rows: TableCell[][];
}

export interface Figure {
  /** unique in a report and safe as a file name (`bars-level`, `heatmap-language-bucket-bm25`). */
  id: string;
  kind: string;
  title: string;
  caption: string;
  /** the aggregated values the figure shows: one record per mark or table cell. */
  data: DataRecord[];
  /** a Vega-Lite unit or layer spec without its data (the data are `data`). */
  chart?: Record<string, unknown>;
  table?: FigureTable;
}

export interface FigureOptions {
  /** the metric of charts and per-dimension tables. */
  metric: string;
  /** the metrics of the overall table. */
  tableMetrics: string[];
  /** the metrics of the per-dimension tables. */
  dimensionMetrics: string[];
  /** dimensions of the per-dimension tables (those splitting the runs into groups). */
  dimensions: Dimension[];
  /** seed of every bootstrap. */
  seed: number;
  /** models' stated training cut-offs (YYYY-MM-DD) by model name or run label (`report --cutoff`). */
  cutoffs?: Record<string, string>;
}

export interface FigureKind {
  id: string;
  title: string;
  /** which paper figure or table it follows, and what it needs from the runs. */
  description: string;
  build(input: FigureInput, options: FigureOptions): Figure[];
}
