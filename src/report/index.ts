// Report stage: aggregates scored runs by the papers' dimensions, compares runs, renders tables and charts.
export { buildReport, parseDimensions, linesGroup, promptTokensGroup, passAtKColumns, DIMENSIONS, type Dimension, type Report, type GroupRow, type RunProvenance } from './aggregate.ts';
export { transitions, pairedBootstrap, identifierCoverage, scoreByIdentifierCoverage, classifyChunkSource, chunkSources, type Transition, type PairedDifference, type CoverageBin, type ChunkSource } from './compare.ts';
export { renderReport, provenanceLines, FORMATS, type Format, type Comparison } from './render.ts';
