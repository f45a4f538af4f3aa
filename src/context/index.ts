// The context stage: retrieval, tokenizers, templates and prompt assembly. `createPromptBuilder` (prompt-builder.ts) is
// what the generation stage calls, once per run, then `build(task)` per task.
export type * from './types.ts';
export { DEFAULT_RETRIEVAL } from './types.ts';
export { listStrategies, parseStrategy, splitAgentStrategy, AGENT_STRATEGY } from './strategies.ts';
export {
  AGENT_TOOLS,
  AgentToolError,
  AgentWorkspace,
  HOLE_MARK,
  TOOL_LIMITS,
  defaultAgentTools,
  registerAgentTool,
  taskView,
  toolAnswer,
  type AgentTool,
  type DraftTester,
  type DraftTestResult,
  type ToolAnswer,
  type ToolParameter,
} from './agent-tools.ts';
export { TEMPLATES, registerTemplate, defaultTemplate, listTemplates, resolveTemplate, fill } from './templates.ts';
export { loadTemplateFile, TemplateSchema, type PromptTemplate, type SnippetLayout } from './template-schema.ts';
export { PromptPartsSchema, type PromptParts } from './prompt-parts.ts';
export { loadTokenizer, BUNDLED_ENCODINGS, DEFAULT_TOKENIZER } from './tokenizers.ts';
export { codeTokens } from './nltk.ts';
export { RepoIndex } from './chunks.ts';
export { parseRetrievalCompatibility } from './retrieve.ts';
export {
  RETRIEVERS,
  registerRetriever,
  allTouched,
  cosine,
  type Retriever,
  type RetrieverInput,
  type Scored,
} from './retrievers.ts';

export { createPromptBuilder } from './prompt-builder.ts';
export { buildCorpus, type CorpusRequest, type CorpusManifest, type CorpusCounts } from './corpus.ts';
