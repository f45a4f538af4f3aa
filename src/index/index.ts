export type * from './types.ts';
export { indexRepository, defaultIndexPath, extractAll, type IndexOptions, type IndexRun, type PendingSource } from './indexer.ts';
export { IndexStore, type StoredFile } from './store.ts';
export { Resolver, functionId } from './resolve.ts';
export { walkRepository, type SourceFile, type WalkOptions, type WalkResult } from './walk.ts';
export { listFunctions, callGraph, graphToDot, summarize, blameDates, lineBlame, type FunctionListing, type CalleeRef, type LanguageSummary } from './query.ts';
// used by other stages
export { extractFile, resolvePath } from './extract.ts';
export { SpanSchema } from './facts-schema.ts';
export { lineTimes } from './query.ts';
export { LEVEL_MODES } from './types.ts';
export { type InputNote, type InputReason, type SourceEntry, listSources } from './walk.ts';
