// The report's figures: which kinds a report draws (all that apply, or a paper's preset), with
// which metrics, and their export as SVG, PNG and LaTeX.
import { InputError } from '../../util/errors.ts';
import type { RunStoreReader } from '../../runstore/index.ts';
import type { Dimension, Report } from '../aggregate.ts';
import { figureInput, maxExecutedSamples, type FigureInput, type FigureInputOptions } from './data.ts';
import { FIGURE_KINDS, figureKind, splittingDimensions } from './registry.ts';
import type { Figure, FigureOptions } from './types.ts';

export interface Preset {
  name: string;
  paper: string;
  /** figure kinds in the paper's order. */
  kinds: string[];
  /** dimensions of the run x dimension tables (those the runs do not split are dropped). */
  dimensions: Dimension[];
  /** metrics in order of preference; the first ones the runs have are used. */
  chartMetric: string[];
  tableMetrics: string[];
  dimensionMetrics: string[];
  /** metric of the identifier-coverage figure. */
  retrievalMetric?: string[];
}

/** The papers' own tables and figures. */
export const PRESETS: readonly Preset[] = [
  {
    name: 'yabloco',
    paper: 'YABLoCo: pass@10, EM and ES per repository (Tables V-IX), pass@10 per context level (Table X)',
    kinds: ['overall-table', 'model-table', 'bars-repo', 'bars-level', 'pass-at-k', 'transitions'],
    dimensions: ['repo', 'level'],
    chartMetric: ['pass@10', 'pass@5', 'pass@1', 'es'],
    tableMetrics: ['pass@1', 'pass@10', 'em', 'em-nows', 'es'],
    dimensionMetrics: ['pass@10', 'pass@5', 'pass@1', 'es'],
  },
  {
    name: 'cceval',
    paper:
      'CrossCodeEval: EM/ES/identifier match per language and context (Table 2), transitions (Table 3), identifier ' +
      'overlap (Fig. 5), chunk sources (Sec. 3.5)',
    kinds: ['overall-table', 'model-table', 'transitions', 'line-identifier-coverage', 'chunk-sources'],
    dimensions: ['language'],
    chartMetric: ['em', 'es'],
    tableMetrics: ['em', 'es', 'id-em', 'id-f1'],
    dimensionMetrics: ['em', 'es', 'id-em', 'id-f1'],
    retrievalMetric: ['id-em', 'em', 'es'],
  },
  {
    name: 'm2rc',
    paper:
      'M2RC-Eval: EM/ES per language (Table 2), buckets per language (Figs. 11-12), semantic classes (Figs. 7, 13), ' +
      'lines (Fig. 8), input length (Fig. 10)',
    kinds: [
      'overall-table',
      'model-table',
      'heatmap-language-bucket',
      'heatmap-language-semantic',
      'bars-semantic',
      'line-completion-lines',
      'line-prompt-length',
    ],
    dimensions: ['language'],
    chartMetric: ['es', 'em'],
    tableMetrics: ['em', 'es', 'codebleu'],
    dimensionMetrics: ['em', 'es'],
  },
];

export function preset(name: string): Preset {
  const found = PRESETS.find((p) => p.name === name);
  if (!found)
    throw new InputError(`unknown preset '${name}' (known: ${PRESETS.map((p) => p.name).join(', ')})`, {
      field: '--preset',
    });
  return found;
}

/** Metrics a figure can draw: the scored ones and pass@k for k up to the executed samples. */
export function availableMetrics(input: FigureInput): string[] {
  const n = maxExecutedSamples(input);
  return [...input.metrics, ...Array.from({ length: n }, (_, i) => `pass@${i + 1}`)];
}

/** The default chart metric: pass@1 when executed, else es, else the first scored metric. */
export function defaultMetric(input: FigureInput): string | undefined {
  const available = availableMetrics(input);
  return ['pass@1', 'es', 'em'].find((m) => available.includes(m)) ?? available[0];
}

/**
 * A preset's per-dimension table metrics: its first preference the runs have (pass@10 falls back to
 * the largest pass@k there is), then every other metric of its list the runs have, pass@k excluded.
 */
function presetDimensionMetrics(chosen: Preset, available: string[]): string[] | undefined {
  const first = chosen.dimensionMetrics.find((m) => available.includes(m));
  if (first === undefined) return undefined;
  return [
    first,
    ...chosen.dimensionMetrics.filter((m) => m !== first && available.includes(m) && !m.startsWith('pass@')),
  ];
}

/** Every scored metric, and pass@1 and pass@n for runs executed n times. */
function defaultTableMetrics(input: FigureInput): string[] {
  const n = maxExecutedSamples(input);
  return [...new Set([...(n > 0 ? ['pass@1', `pass@${n}`] : []), ...input.metrics])];
}

/** The metric of the identifier-coverage figure under a preset (its first preference the runs scored). */
export function retrievalMetricFor(presetName: string | undefined, metrics: string[]): string | undefined {
  return presetName ? preset(presetName).retrievalMetric?.find((m) => metrics.includes(m)) : undefined;
}

export interface FigureRequest {
  preset?: string;
  /** the chart metric (else the preset's or the default). */
  metric?: string;
  /** dimensions of the per-dimension tables (else the preset's, else every dimension that splits the runs). */
  dimensions?: Dimension[];
  seed?: number;
  /** models' training cut-offs by model name or run label (the time-window figures). */
  cutoffs?: Record<string, string>;
}

/** Every figure of the report, in registry order (or the preset's). */
export function buildFigures(input: FigureInput, request: FigureRequest = {}): Figure[] {
  const chosen = request.preset ? preset(request.preset) : undefined;
  const available = availableMetrics(input);
  const pick = (preferences: string[] | undefined) => preferences?.find((m) => available.includes(m));
  const metric = request.metric ?? pick(chosen?.chartMetric) ?? defaultMetric(input);
  if (metric === undefined) return [];
  if (!available.includes(metric))
    throw new InputError(`the runs have no metric '${metric}' (they have: ${available.join(', ')})`, {
      field: '--chart-metric',
    });
  const splitting = splittingDimensions(input);
  const options: FigureOptions = {
    metric,
    tableMetrics: chosen ? chosen.tableMetrics.filter((m) => available.includes(m)) : defaultTableMetrics(input),
    dimensionMetrics: chosen ? (presetDimensionMetrics(chosen, available) ?? [metric]) : [metric],
    dimensions: (request.dimensions ?? chosen?.dimensions ?? splitting).filter((d) => splitting.includes(d)),
    seed: request.seed ?? 1,
    ...(request.cutoffs ? { cutoffs: request.cutoffs } : {}),
  };
  const kinds = chosen ? chosen.kinds.map(figureKind) : FIGURE_KINDS.list();
  return kinds.flatMap((kind) => kind.build(input, options));
}

export { FIGURE_KINDS, registerFigureKind, figureKind, splittingDimensions, taskValue, formatP } from './registry.ts';
export {
  figureInput,
  runLabels,
  maxExecutedSamples,
  type FigureInput,
  type RunScores,
  type TaskScores,
} from './data.ts';
export { chartsAvailable, CHARTS_MISSING, figureSvg, svgToPng, vegaLiteSpec } from './vega.ts';
export type { Figure, FigureKind, FigureOptions, FigureTable, TableCell, DataRecord } from './types.ts';

/** The figures of a set of runs: their per-task scores read once, then every kind of the registry or preset. */
export function figuresOfRuns(
  stores: RunStoreReader[],
  report: Report,
  request: FigureRequest = {},
  readFile?: FigureInputOptions['readFile'],
): Figure[] {
  const input = figureInput(stores, report, {
    readFile,
    retrievalMetric: retrievalMetricFor(request.preset, report.metrics),
  });
  return buildFigures(input, request);
}
