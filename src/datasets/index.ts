// The dataset stage: the one task record, its schema, task files, and import/export of published sets.
export type * from './types.ts';
export { isFunctionTask } from './types.ts';
export {
  validateTask,
  pathProblem,
  taskIdProblem,
  taskKinds,
  taskRecordSchema,
  registerTaskRecord,
  recordSchemaOf,
  type TaskRecordSchema,
  TaskSchema,
  ContextSnippetSchema,
  type RecordLocation,
  RelativePathSchema,
} from './schema.ts';
export { readTasks, writeTasks, iterateTasks, isInlinePath, hashFile, taskSourceHash } from './io.ts';
export {
  readLiveChain,
  liveSource,
  liveChainTasks,
  LiveChainSchema,
  LIVE_CHAIN_FILE,
  type LiveChain,
  type LiveWindow,
  type LiveSet,
  type LiveSource,
  setContentHash,
  windowHash,
} from './live.ts';
export {
  openTaskSet,
  writeTaskSet,
  isTaskSetFile,
  textHash,
  compactTask,
  type TaskSet,
  type TextRef,
  TASK_TABLES,
  TaskTableReader,
  TaskTableWriter,
} from './taskset.ts';
export { formatCsv, parseCsv, parseCsvRows, type CsvRow, unguardCsvCell } from './csv.ts';
export { importCceval, iterateCceval, exportCceval, toCcevalRecord, ccevalToTask, ccevalLanguage } from './cceval.ts';
export {
  importYabloco,
  YablocoImportManifestSchema,
  type YablocoImportManifest,
  type YablocoImportOptions,
  type YablocoImportReport,
} from './yabloco.ts';
export { exportHf, importHf, iterateHf, toHfRow, fromHfRow, HF_FEATURES, type HfExportOptions } from './hf.ts';
export {
  IMPORT_FORMATS,
  EXPORT_FORMATS,
  registerImportFormat,
  registerExportFormat,
  type ImportFormat,
  type ExportFormat,
  type ImportOptions,
  type ImportResult,
  type ExportOptions,
} from './formats.ts';
export {
  type Hole,
  holeAt,
  lineHole,
  lineStarts,
  positionAt,
  referenceLines,
  taskId,
  offsetOf,
  formatSpan,
  spanHole,
  prefixSuffixHole,
} from './hole.ts';
