// The task-building stage: the task families (the three papers' built in, others from plugins) and their benchmarks
// built from repository indexes.
import './families.ts';

export type * from './types.ts';
export { FilterLog, SPLITS } from './types.ts';
export {
  TASK_FAMILIES,
  registerTaskFamily,
  taskFamily,
  familyNames,
  familyDimensions,
  familyDimension,
  overlappingFunctions,
  enclosingFunction,
  type TaskFamily,
  type FamilyDimension,
  type LineRange,
  type Postprocessed,
} from './family.ts';
export { cutToFunction, cutToNode, cutToStatement, cutAfterFirstBracket } from './cut.ts';
export {
  buildBenchmark,
  buildFromIndexes,
  writeBuild,
  manifestPath,
  countLabels,
  type BuildRequest,
  type BuildOutput,
  type SolvedCheck,
  inputWarnings,
} from './build.ts';
export {
  buildFunctionTasks,
  docstringProblem,
  bodyLineCount,
  looksLikeTest,
  FUNCTION_FILTERS,
  TRAIN_FILTERS,
} from './function.ts';
export {
  buildCrossfileTasks,
  crossFileNames,
  CROSSFILE_PROMPT_LINES,
  DEFAULT_PROMPT_LINES,
  REFERENCE_TOKENS,
  type CrossName,
} from './crossfile.ts';
export { cutFile } from './crossfile-sample.ts';
export { buildNodeTasks } from './node.ts';
export {
  bucketOf,
  depthBucket,
  semanticLabel,
  nodeTextCheck,
  walkNamedNodes,
  listNamedNodes,
  NODE_FILTERS,
} from './node-sample.ts';
export {
  sentenceBleu2,
  bleuTokens,
  nearDuplicates,
  nearDuplicatesOf,
  duplicateChecker,
  YABLOCO_DUPLICATES,
  type DuplicateCandidate,
  type DuplicateOptions,
} from './bleu.ts';
export { readCoverage, hitsFor, normaliseFunctionName, type Coverage } from './coverage.ts';
export { randomFor, type Random } from '../util/random.ts';
export { repositoryCommit, firstCommitDate } from '../util/git.ts';
export {
  measureContamination,
  overlapTokens,
  DEFAULT_CONTAMINATION,
  type ContaminationOptions,
  type ContaminationResult,
} from './contamination.ts';
export { readTaskLabels, checkTaskLabelRecord, TaskLabelRecordSchema, type TaskLabelRecord } from './labels.ts';
export { renamingOf, applyRenaming, type Renaming } from './obfuscate.ts';
export { writeDerived, readManifest, type DerivedManifest } from './derive.ts';
export {
  loadLiveSpec,
  refreshLive,
  windowsUntil,
  LiveSpecSchema,
  type LiveSpec,
  type LoadedSpec,
  type RefreshOptions,
  type RefreshResult,
} from './live.ts';
