// The dataset stage: the one task record, its schema, task files, and import/export of published sets.
export type * from './types.ts';
export { validateTask, pathProblem, TASK_KINDS, type RecordLocation } from './schema.ts';
export { readTasks, writeTasks } from './io.ts';
export { parseCsv, type CsvRow } from './csv.ts';
export { importCceval, ccevalToTask, ccevalLanguage } from './cceval.ts';
export { importYabloco, type YablocoImportOptions, type YablocoImportReport } from './yabloco.ts';
export { exportHf, importHf, toHfRow, fromHfRow, HF_FEATURES, type HfExportOptions } from './hf.ts';
