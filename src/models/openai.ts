// OpenAI-compatible backends (`openai:chat:<model>`, `openai:completion:<model>`): the chat and
// completions endpoints over plain HTTP (util/http.ts), against any base URL (OpenAI, vLLM,
// llama.cpp server, TGI...). One request per call, no retries of its own: the runner's retry and
// back-off policy applies to every backend. FIM prompts arrive as plain completion prompts built by
// the context stage (vLLM ignores `suffix`).
import { endpoint, HttpConnectionError, HttpStatusError, postJson } from '../util/http.ts';
import {
  GenerationError,
  type AssistantTurn,
  type Backend,
  type ConverseRequest,
  type Generation,
  type GenerationRequest,
  type SamplingParams,
} from './types.ts';

export interface OpenAIBackendOptions {
  mode: 'chat' | 'completion';
  model: string;
  baseUrl: string;
  /** null for servers that need no key (a placeholder is sent). */
  apiKey: string | null;
  timeoutMs: number;
}

/** Socket errors meaning nothing answers at that address (as opposed to a dropped connection). */
const UNREACHABLE_CODES = /\b(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN)\b/;

/** The parts of a chat or completions answer that are read. */
interface Answer {
  choices?: {
    index?: number;
    text?: string | null;
    message?: {
      content?: string | null;
      tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[] | null;
    } | null;
    finish_reason?: string | null;
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
}

export function createOpenAIBackend(options: OpenAIBackendOptions): Backend {
  // Local servers (vLLM, llama.cpp) accept any key: a placeholder when there is none.
  const post = (path: string, body: Record<string, unknown>) =>
    postJson(endpoint(options.baseUrl, path), body, {
      apiKey: options.apiKey ?? 'no-key',
      timeoutMs: options.timeoutMs,
    }) as Promise<Answer>;
  const provider = `openai:${options.mode}:${options.model}`;
  /** `count` answers (fewer if the server ignores `n`); one request, `n` sent only when count > 1. */
  async function call(request: GenerationRequest, count: number): Promise<Generation[]> {
    const { sampling, prompt, sample } = request;
    const common = { ...samplingFields(options.model, sampling, sample), ...(count > 1 ? { n: count } : {}) };
    // The usage covers all choices: with several, the prompt's count holds for each, the completion count for none.
    const usage = (response: {
      choices?: unknown[];
      usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
    }) => ((response.choices?.length ?? 0) > 1 ? { prompt_tokens: response.usage?.prompt_tokens } : response.usage);
    if (options.mode === 'chat') {
      const response = await post('chat/completions', { ...common, messages: prompt.messages ?? [] });
      return byIndex(response.choices ?? [], count).map((choice) =>
        generation(choice.message?.content, choice.finish_reason ?? null, usage(response)),
      );
    }
    const response = await post('completions', { ...common, prompt: prompt.prompt ?? '' });
    return byIndex(response.choices ?? [], count).map((choice) =>
      generation(choice.text, choice.finish_reason ?? null, usage(response)),
    );
  }

  /** One turn of an agent's conversation: the chat API with `tools` (tool_choice auto). */
  async function converse(request: ConverseRequest): Promise<AssistantTurn> {
    const { sampling, sample } = request;
    const response = await post('chat/completions', {
      ...samplingFields(options.model, sampling, sample),
      messages: request.messages.map((message) => {
        if (message.role === 'tool')
          return { role: 'tool' as const, tool_call_id: message.toolCallId, content: message.content };
        if (message.role !== 'assistant') return { role: message.role, content: message.content };
        const calls = message.toolCalls.map((call) => ({
          id: call.id,
          type: 'function' as const,
          function: { name: call.name, arguments: call.arguments },
        }));
        return {
          role: 'assistant' as const,
          content: message.content,
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        };
      }),
      tools: request.tools.map((tool) => ({
        type: 'function' as const,
        function: { name: tool.name, description: tool.description, parameters: tool.parameters },
      })),
      tool_choice: 'auto',
    });
    const choice = response.choices?.[0];
    if (!choice) throw new GenerationError('empty response: the server returned no choice', 'permanent');
    const toolCalls = (choice.message?.tool_calls ?? []).flatMap((call) =>
      call.type === 'function' ? [{ id: call.id, name: call.function.name, arguments: call.function.arguments }] : [],
    );
    return {
      content: choice.message?.content ?? null,
      toolCalls,
      promptTokens: response.usage?.prompt_tokens ?? null,
      completionTokens: response.usage?.completion_tokens ?? null,
      finishReason: choice.finish_reason ?? null,
    };
  }

  return {
    provider,
    isBaseline: false,
    accepts: options.mode,
    cacheIdentity: `${provider}@${options.baseUrl}`,
    ...(options.mode === 'chat'
      ? {
          async converse(request: ConverseRequest) {
            try {
              return await converse(request);
            } catch (error) {
              throw toolCallingError(classifyError(error));
            }
          },
        }
      : {}),
    async generate(request) {
      try {
        const [answer] = await call(request, 1);
        return answer ?? generation(undefined, null, undefined);
      } catch (error) {
        throw classifyError(error);
      }
    },
    async generateSamples(request, count) {
      try {
        return await call(request, count);
      } catch (error) {
        throw classifyError(error);
      }
    },
    async close() {},
  };
}

/** The model and sampling fields of every request; sample i is sent with seed + i. */
function samplingFields(model: string, sampling: SamplingParams, sample: number) {
  return {
    model,
    temperature: sampling.temperature,
    top_p: sampling.topP,
    max_tokens: sampling.maxTokens,
    ...(sampling.stop.length > 0 ? { stop: sampling.stop } : {}),
    ...(sampling.seed !== null ? { seed: sampling.seed + sample } : {}),
  };
}

/** A request refused because of its tools says so: the model or server cannot call tools. */
function toolCallingError(error: GenerationError): GenerationError {
  if (error.kind !== 'permanent' || !/^HTTP 4\d\d/.test(error.message) || !/tool/i.test(error.message)) return error;
  return new GenerationError(
    `${error.message} (the model or server does not take tool calls: agent mode needs one that does, e.g. vLLM with ` +
      `--enable-auto-tool-choice and a --tool-call-parser, or llama.cpp's server with --jinja)`,
    'permanent',
  );
}

/** The choices in `index` order, at most `count` (a server may send them in any order). */
function byIndex<T extends { index?: number }>(choices: T[], count: number): T[] {
  return [...choices].sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).slice(0, count);
}

function generation(
  text: string | null | undefined,
  finishReason: string | null,
  usage: { prompt_tokens?: number; completion_tokens?: number } | undefined | null,
): Generation {
  if (typeof text !== 'string' || text === '') {
    throw new GenerationError(
      `empty response: the server returned no text (finish_reason ${finishReason ?? 'none'})`,
      'permanent',
    );
  }
  return {
    text,
    promptTokens: usage?.prompt_tokens ?? null,
    completionTokens: usage?.completion_tokens ?? null,
    finishReason,
  };
}

/** Maps whatever the request threw to a GenerationError with a reason a person can act on. */
export function classifyError(error: unknown): GenerationError {
  if (error instanceof GenerationError) return error;
  if (error instanceof HttpConnectionError) {
    if (error.timedOut) return new GenerationError('timeout: no answer within the request timeout', 'transient');
    return new GenerationError(
      `connection failed: ${error.detail}`,
      'transient',
      null,
      UNREACHABLE_CODES.test(error.detail),
    );
  }
  if (error instanceof HttpStatusError) {
    const { status } = error;
    const detail = truncate(error.serverMessage, 300);
    const retryAfterMs = retryAfter(error.headers);
    if (status === 429) return new GenerationError(`HTTP 429 rate limited: ${detail}`, 'rate-limit', retryAfterMs);
    if (status === 503) return new GenerationError(`HTTP 503 overloaded: ${detail}`, 'rate-limit', retryAfterMs);
    if (status >= 500 || status === 408 || status === 409)
      return new GenerationError(`HTTP ${status} server error: ${detail}`, 'transient', retryAfterMs);
    if (status === 404) return new GenerationError(`HTTP 404 model or endpoint not found: ${detail}`, 'permanent');
    if (status === 401 || status === 403)
      return new GenerationError(`HTTP ${status} not authorised (check the API key variable): ${detail}`, 'permanent');
    if (status === 400 || status === 413 || status === 422)
      return new GenerationError(
        `HTTP ${status} request refused (e.g. prompt over the context length): ${detail}`,
        'permanent',
      );
    return new GenerationError(`HTTP ${status}: ${detail}`, 'permanent');
  }
  if (error instanceof SyntaxError) return new GenerationError(`malformed response: ${error.message}`, 'transient');
  return new GenerationError(`unexpected failure: ${(error as Error)?.message ?? String(error)}`, 'transient');
}

/** Retry-After in milliseconds: `retry-after-ms`, `retry-after` seconds or HTTP date. */
export function retryAfter(headers: Headers | undefined): number | null {
  if (!headers) return null;
  const milliseconds = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
