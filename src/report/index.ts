// Report stage: aggregates scored runs by the papers' dimensions, compares runs, renders tables, and
// draws the registry's figures (Vega-Lite to SVG/PNG, LaTeX tables, one offline HTML file, presets).
export {
  buildReport,
  assertSharedTasks,
  parseDimensions,
  linesGroup,
  promptTokensGroup,
  passAtKColumns,
  reportDimensions,
  ReportSchema,
  type Dimension,
  type Report,
  type GroupRow,
  type RunProvenance,
  reportScale,
  scaleNote,
} from './aggregate.ts';
export {
  transitions,
  pairedBootstrap,
  compareRuns,
  readTaskFile,
  identifierCoverage,
  scoreByIdentifierCoverage,
  classifyChunkSource,
  chunkSources,
  ComparisonSchema,
  type Transition,
  type PairedDifference,
  type Comparison,
  type RetrievalAnalysis,
  type CoverageBin,
  type ChunkSource,
} from './compare.ts';
export { renderReport, provenanceLines, FORMATS, ReportJsonSchema, type Format } from './render.ts';
export { bootstrapMean, mcnemarExact, pairedBootstrapTest, type Interval, type PairedTest } from './stats.ts';
export {
  buildFigures,
  figuresOfRuns,
  figureInput,
  FIGURE_KINDS,
  registerFigureKind,
  taskValue,
  PRESETS,
  chartsAvailable,
  CHARTS_MISSING,
  figureSvg,
  svgToPng,
  vegaLiteSpec,
  type Figure,
  type FigureKind,
  type FigureInput,
  type FigureRequest,
  type FigureTable,
  type Preset,
  type TaskScores,
  type DataRecord,
} from './figures/index.ts';
export { figureLatex } from './latex.ts';
export { writeFigureFiles } from './export.ts';
export { cachedReader } from './cached-reader.ts';
export { runLabels } from './figures/index.ts';
