// The generation stage: model backends, the resumable generation runner and post-processing.
export type * from './types.ts';
export { GenerationError } from './types.ts';
export {
  BACKENDS,
  registerBackend,
  createBackend,
  parseProvider,
  providerForms,
  resolveBaseUrl,
  DEFAULT_OPENAI_BASE_URL,
  type BackendFactory,
  type BackendOptions,
  type ProviderSpec,
} from './provider.ts';
export { createOpenAIBackend, classifyError, retryAfter, type OpenAIBackendOptions } from './openai.ts';
export { createBaselineBackend, copyRetrieved, BASELINES, type BaselineName } from './baselines.ts';
export { createLlamaCppBackend } from './llamacpp.ts';
export {
  runAgent,
  checkAgentSettings,
  toolSpecs,
  DEFAULT_AGENT_BUDGET,
  AGENT_INSTRUCTIONS,
  type AgentSettings,
  type AgentRequest,
} from './agent.ts';
export {
  runGeneration,
  readTasksFile,
  resolveSampling,
  responseKey,
  type GenerationOptions,
  type GenerationSummary,
  createSingleCaller,
} from './runner.ts';
export { AdaptiveLimiter, Caller, DEFAULT_RETRY, type RetryPolicy } from './scheduler.ts';
export { postprocess, extractFence } from './postprocess.ts';
export {
  generateDocstrings,
  readFunctionTasks,
  docstringOf,
  docstringPrompt,
  docstringPromptBuilder,
  loadDocstringTemplate,
  DEFAULT_DOCSTRING_TEMPLATE,
  DOCSTRING_PLACEHOLDERS,
  DocstringTemplateSchema,
  type DocstringTemplate,
  type DocstringOptions,
  type DocstringResult,
  type LoadedDocstringTemplate,
} from './docstrings.ts';
