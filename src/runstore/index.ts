export type * from './types.ts';
export {
  RunConfigSchema,
  CandidateRecordSchema,
  ExecResultSchema,
  RunSessionSchema,
  SESSION_STAGES,
  VERDICTS,
  wallTimeMs,
  candidateHead,
} from './types.ts';
export {
  openRunStore,
  dumpRun,
  runDatabasePath,
  type RunStore,
  type CandidateWrite,
  type OpenRunStoreOptions,
} from './store.ts';
export { openResponseCache, responseCacheFile, type ResponseCache, type CachedResponse } from './cache.ts';
export { holdRunFolder, storedCandidates } from './folder.ts';
