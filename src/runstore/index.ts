export type * from './types.ts';
export { RunConfigSchema, CandidateRecordSchema, ExecResultSchema, RunSessionSchema, SESSION_STAGES, VERDICTS, wallTimeMs } from './types.ts';
export { openRunStore, dumpRun, runDatabasePath, type RunStore, type CandidateWrite, type OpenRunStoreOptions } from './store.ts';
export { openResponseCache, responseCacheFile, type ResponseCache, type CachedResponse } from './cache.ts';
// used by other stages
export { holdRunFolder, storedCandidates } from './folder.ts';
export { candidateHead } from './types.ts';
