// Records of the context stage: retrieval options, prompt templates (plain data, loadable from
// JSON/YAML), token counters and the prompt builder the generation stage calls.
import type { ContextSnippet, TaskRecord } from '../datasets/index.ts';
import type { PromptParts } from './prompt-parts.ts';

/** CrossCodeEval's retrieval knobs (defaults reproduce its RG1 setting). */
export interface RetrievalOptions {
  /** lines per chunk (blank lines removed first). */
  chunkLines: number;
  /** distance in lines between chunk starts; equal to `chunkLines` gives non-overlapping chunks. */
  stride: number;
  /** the query is the last N non-blank lines of the prompt (plus the reference for `-ref`). */
  queryLines: number;
  /** chunks returned. */
  topK: number;
  /** RG1: each hit is replaced by the chunk after it in the same file when there is one. Off for `-ref`. */
  nextChunk: boolean;
  /** candidate files, nearest by path distance first. [every file; CrossCodeEval mode: its 1,000] */
  maxFiles?: number;
  /** candidate chunks ranked (the first ones of the nearest files). [every chunk; CrossCodeEval mode: its 1,000] */
  maxChunks?: number;
  /** file extensions (with the dot) of candidate files; default: the task language's and its group's. */
  extensions?: string[];
  /**
   * `crosscodeeval`: CrossCodeEval's own rules, quirks included — primary extensions only, glob `**`
   * through symbolic links (those that stay inside the repository), `\r` kept in files that are not
   * UTF-8, TypeScript under `src/` only, and `-ref` ties ordered as its script does (docs/context.md).
   */
  compatibility: RetrievalCompatibility;
  /** rank a language's secondary extensions too (`.pyi`, `.mts`, `.cts`); default: on, off in CrossCodeEval mode. */
  secondaryExtensions?: boolean;
}

export const RETRIEVAL_COMPATIBILITIES = ['ctxbench', 'crosscodeeval'] as const;
export type RetrievalCompatibility = (typeof RETRIEVAL_COMPATIBILITIES)[number];

export const DEFAULT_RETRIEVAL: RetrievalOptions = {
  chunkLines: 10,
  stride: 10,
  queryLines: 10,
  topK: 5,
  nextChunk: true,
  compatibility: 'ctxbench',
};

/**
 * CrossCodeEval's caps on candidates (`augment_with_cfc.py`): the 1,000 nearest files, their first 1,000 chunks.
 * Elsewhere the whole repository is ranked (a fragment the cap would drop can be the best one).
 */
export const CROSSCODEEVAL_CANDIDATES = { maxFiles: 1000, maxChunks: 1000 } as const;

/** `topK` of a template that lets every ranked fragment in, its budget deciding how many fit (M2RC-Eval's layout). */
export const EVERY_RANKED_CHUNK = Number.MAX_SAFE_INTEGER;

export interface EmbeddingOptions {
  /** embedding model name sent to the endpoint. */
  model?: string;
  /** base URL of an OpenAI-compatible API (…/v1); default OPENAI_BASE_URL, then https://api.openai.com/v1. */
  baseUrl?: string;
  /** folder of the on-disk cache (SQLite), default $CTXBENCH_CACHE_DIR or ~/.cache/ctxbench. */
  cacheDir?: string;
  /** texts per request. */
  batchSize?: number;
  /** request timeout in milliseconds. */
  timeoutMs?: number;
}

/** Counts tokens of the target model. */
export interface TokenCounter {
  /** `o200k_base`, `cl100k_base`, or the tokenizer.json path. */
  readonly name: string;
  count(text: string): number;
}

export interface PromptBuilderOptions {
  /** `none`, `infile`, `bm25`, `oracle+bm25`, `bm25-ref`, … (see listStrategies). */
  strategy: string;
  /** a built-in template name or a path to a JSON/YAML template file. */
  template: string;
  /** `o200k_base` (default), `cl100k_base`, or a path to a Hugging Face tokenizer.json. */
  tokenizer?: string;
  /** the model's own token counter (a local model's tokenizer); used instead of `tokenizer`. */
  tokenCounter?: TokenCounter;
  /** total prompt tokens; default: the template's, else unlimited. */
  budget?: number;
  /** tokens kept free for the completion (subtracted from the budget). */
  reserveTokens?: number;
  /** cap on the cross-file context tokens (CrossCodeEval's crossfile_max_tokens). */
  crossfileBudget?: number;
  /** repository checkout used for retrieval; overrides task.repo.root. */
  repoRoot?: string;
  retrieval?: Partial<RetrievalOptions>;
  embeddings?: EmbeddingOptions;
}

/** The assembled prompt and the snippets that went in (the tokenizer is `PromptBuilder.tokenizerName`). */
export type BuiltPrompt = PromptParts & { retrieved: ContextSnippet[] };

export interface PromptBuilder {
  readonly tokenizerName: string;
  readonly strategy: string;
  readonly template: string;
  build(task: TaskRecord): Promise<BuiltPrompt>;
}

/** One of CrossCodeEval's chunks of a repository file, tokenized (chunks.ts cuts them, rankers.ts ranks them). */
export interface Chunk {
  /** `path|ordinal`, CrossCodeEval's chunk id (ties in a ranking are broken by it). */
  id: string;
  path: string;
  /** 0-based index of the chunk in its file (chunks without tokens are skipped and not counted). */
  ordinal: number;
  /** 1-based lines of the file that the chunk's first and last non-blank lines come from. */
  startLine: number;
  endLine: number;
  text: string;
  /** distinct token ids in order of first occurrence, and their counts. */
  terms: Int32Array;
  counts: Int32Array;
  /** number of tokens. */
  length: number;
}
