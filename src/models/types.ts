// What a model backend is: one `generate` call per (task, sample), and the errors it reports in a
// form the runner can act on (retry, back off, or record the reason).
import type { TokenCounter, PromptParts } from '../context/index.ts';
import type { ContextSnippet, TaskRecord } from '../datasets/index.ts';

export interface SamplingParams {
  temperature: number;
  topP: number;
  maxTokens: number;
  stop: string[];
  /** base seed; sample i is sent with seed + i so samples differ yet repeat. */
  seed: number | null;
}

export interface GenerationRequest {
  task: TaskRecord;
  prompt: PromptParts;
  /** the retrieved snippets with their text (the copy baseline reads them). */
  retrieved: ContextSnippet[];
  sample: number;
  sampling: SamplingParams;
}

export interface Generation {
  text: string;
  promptTokens: number | null;
  completionTokens: number | null;
  finishReason: string | null;
  /**
   * the text is the candidate as it stands: no post-processing (`baseline:reference`, whose answer is the reference by
   * construction).
   */
  verbatim?: boolean;
}

/** Which prompt shape a backend takes: chat messages, a completion prompt, or either. */
export type PromptShape = 'chat' | 'completion' | 'any';

export interface Backend {
  /** the provider string, e.g. `openai:chat:gpt-4o-mini`. */
  readonly provider: string;
  readonly isBaseline: boolean;
  readonly accepts: PromptShape;
  /** what identifies the model in cache keys (provider and endpoint), or null for backends not worth caching. */
  readonly cacheIdentity: string | null;
  generate(request: GenerationRequest): Promise<Generation>;
  /**
   * Several samples of one prompt in one request (the API's `n`: the prompt is sent and paid once);
   * `request.sample` is the first. A server may return fewer answers than asked: the runner makes
   * the rest one by one. Absent when the backend has no such call.
   */
  generateSamples?(request: GenerationRequest, count: number): Promise<Generation[]>;
  close(): Promise<void>;
  /** the model's own tokenizer, when the backend has it locally (llama.cpp): prompt budgets are counted with it. */
  readonly tokenCounter?: TokenCounter;
  /**
   * One turn of a conversation with tools (eval's agent mode, src/models/agent.ts): the model's text and the tools it
   * calls. Absent: the backend cannot call tools, and agent mode refuses it.
   */
  converse?(request: ConverseRequest): Promise<AssistantTurn>;
  /** true: the backend answers only in agent mode (a scripted agent), and eval refuses it otherwise. */
  readonly agentOnly?: boolean;
}

/** A message of an agent's conversation (OpenAI's chat roles; `tool` carries one tool call's result). */
export type ChatTurnMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls: ToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface ToolCall {
  id: string;
  name: string;
  /** JSON text, as the model wrote it. */
  arguments: string;
}

/** A tool as the model is told of it: name, description and its arguments' JSON Schema. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: { type: 'object'; properties: Record<string, { type: string; description: string }>; required: string[] };
}

export interface ConverseRequest {
  task: TaskRecord;
  messages: ChatTurnMessage[];
  tools: ToolSpec[];
  sample: number;
  sampling: SamplingParams;
}

export interface AssistantTurn {
  content: string | null;
  toolCalls: ToolCall[];
  promptTokens: number | null;
  completionTokens: number | null;
  finishReason: string | null;
}

/**
 * How the runner treats a failed call: `rate-limit` (429/503: slow down, wait Retry-After, retry),
 * `transient` (network, 5xx, malformed body: retry with jittered back-off), `permanent` (4xx,
 * empty answer: record the reason now).
 */
export type FailureKind = 'rate-limit' | 'transient' | 'permanent';

export class GenerationError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
    /** the server's Retry-After, in milliseconds, when it sent one. */
    readonly retryAfterMs: number | null = null,
    /** true when the server could not be reached at all (no HTTP response). */
    readonly unreachable = false,
  ) {
    super(message);
    this.name = 'GenerationError';
  }
}
