// ctxbench's library API: what a script calls to do what the CLI does, stage by stage in pipeline order, and what
// a plugin registers. Curated: each stage's own interface (src/<stage>/index.ts) holds more, for the other stages;
// the names here are the ones documented (docs/ARCHITECTURE.md, "Library API"), and a test keeps the two equal.

// languages: the per-language tables
export { getLanguage, registerLanguage, type LanguageId, type LanguageSpec } from './languages/index.ts';
// index: functions, calls and the call graph of a repository
export {
  indexRepository,
  listFunctions,
  callGraph,
  type IndexOptions,
  type IndexRun,
  type FunctionRecord,
  type FunctionListing,
  type ResolvedCall,
} from './index/index.ts';
// datasets: the task record, task files, and the published benchmarks' formats
export {
  readTasks,
  iterateTasks,
  writeTasks,
  openTaskSet,
  writeTaskSet,
  validateTask,
  taskRecordSchema,
  holeAt,
  taskId,
  prefixSuffixHole,
  spanHole,
  importYabloco,
  importCceval,
  iterateCceval,
  exportCceval,
  importHf,
  iterateHf,
  exportHf,
  registerImportFormat,
  registerExportFormat,
  type TaskRecord,
  type TaskKind,
  type FunctionTask,
  isFunctionTask,
  type ContextSnippet,
  type TaskSet,
  type ImportFormat,
  type ExportFormat,
} from './datasets/index.ts';
// tasks: building benchmarks from repositories, live benchmarks
export {
  buildBenchmark,
  buildFromIndexes,
  writeBuild,
  refreshLive,
  loadLiveSpec,
  registerTaskFamily,
  overlappingFunctions,
  enclosingFunction,
  type BuildRequest,
  type BuildOutput,
  type TaskFamily,
  type RepositoryInput,
  type BuildOptions,
  type FamilyResult,
} from './tasks/index.ts';
// review: reviewers' marks of task sets
export { registerReviewRule, type ReviewRule } from './review/index.ts';
// context: prompts under a context strategy, retrievers, templates, the instruction corpus
export {
  createPromptBuilder,
  buildCorpus,
  registerRetriever,
  registerTemplate,
  registerAgentTool,
  AgentToolError,
  type PromptBuilder,
  type PromptBuilderOptions,
  type PromptParts,
  type Retriever,
  type RetrieverInput,
  type PromptTemplate,
  type AgentTool,
} from './context/index.ts';
// run store: a run's configuration, prompts, candidates, scores and verdicts; the shared response cache
export {
  openRunStore,
  dumpRun,
  openResponseCache,
  responseCacheFile,
  type RunStore,
  type RunConfig,
  type CandidateRecord,
  type ExecResult,
  type Verdict,
} from './runstore/index.ts';
// models: backends and the generation runner
export {
  createBackend,
  registerBackend,
  runGeneration,
  postprocess,
  GenerationError,
  type Backend,
  type BackendFactory,
  type GenerationOptions,
  type GenerationSummary,
} from './models/index.ts';
// metrics
export { scorePair, scoreRun, listMetrics, registerMetric, passAtK, type MetricDefinition } from './metrics/index.ts';
// exec: environments, the sandbox, verdicts
export {
  loadEnvironment,
  checkEnvironment,
  executeCandidates,
  regradeLog,
  registerReportParser,
  registerSandbox,
  registerCheatPattern,
  recordOutcome,
  SANDBOXES,
  type ExecEnvironment,
  type ExecuteOptions,
  type CheckReport,
  type ReportParser,
  type TestReport,
  type Sandbox,
  type CheatPattern,
  type RunOutcome,
} from './exec/index.ts';
// queue: candidates and model calls on workers of other machines
export {
  executeQueued,
  startWorker,
  parseQueueUrl,
  type QueueConnection,
  type QueuedExecOptions,
  type WorkerOptions,
} from './queue/index.ts';
// report: aggregates, comparisons, figures
export {
  buildReport,
  renderReport,
  compareRuns,
  buildFigures,
  registerFigureKind,
  taskValue,
  type Report,
  type Figure,
  type FigureKind,
  type DataRecord,
} from './report/index.ts';
// web: the viewer and its static export
export { startViewer, exportViewer, type Viewer, type ViewerOptions } from './web/index.ts';
// plugins: `export default definePlugin({ retrievers, backends, metrics, templates, sandboxes, figures, ... })`
export { definePlugin, loadPlugin, loadPlugins, type CtxbenchPlugin } from './plugins/index.ts';
export { InputError } from './util/errors.ts';
export { Registry } from './util/registry.ts';
