export type * from './types.ts';
export { RunConfigSchema, CandidateRecordSchema, ExecResultSchema, VERDICTS } from './types.ts';
export { openRunStore, dumpRun, runDatabasePath, type RunStore, type CandidateWrite, type OpenRunStoreOptions } from './store.ts';
export { openResponseCache, responseCacheFile, type ResponseCache, type CachedResponse } from './cache.ts';
