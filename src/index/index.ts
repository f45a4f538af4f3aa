export type * from './types.ts';
export {
  indexRepository,
  defaultIndexPath,
  extractAll,
  type IndexOptions,
  type IndexRun,
  type PendingSource,
} from './indexer.ts';
export { IndexStore, type StoredFile } from './store.ts';
export { Resolver, functionId } from './resolve.ts';
export {
  walkRepository,
  type SourceFile,
  type WalkOptions,
  type WalkResult,
  type InputNote,
  type InputReason,
  type SourceEntry,
  listSources,
} from './walk.ts';
export {
  listFunctions,
  callGraph,
  graphToDot,
  summarize,
  blameDates,
  lineBlame,
  type FunctionListing,
  type CalleeRef,
  type LanguageSummary,
  lineTimes,
} from './query.ts';
export { extractFile, resolvePath } from './extract.ts';
export { SpanSchema } from './facts-schema.ts';
export { LEVEL_MODES } from './types.ts';
