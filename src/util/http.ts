// JSON over HTTP for OpenAI-compatible servers (completions, chat, embeddings): one POST with a bearer key
// and a timeout, and the two ways it fails kept apart: nothing usable came back (HttpConnectionError:
// refused, dropped, timed out) or the server answered with an error status (HttpStatusError).

/** No answer: the connection failed, dropped, or the timeout passed. `detail` names the root cause. */
export class HttpConnectionError extends Error {
  constructor(
    readonly detail: string,
    readonly timedOut: boolean,
  ) {
    super(timedOut ? 'no answer within the request timeout' : detail);
    this.name = 'HttpConnectionError';
  }
}

/**
 * An answer with a status outside 2xx; `serverMessage` is the body's `error.message` when it has one, else the body.
 */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly serverMessage: string,
    readonly body: string,
  ) {
    super(`HTTP ${status}: ${serverMessage}`);
    this.name = 'HttpStatusError';
  }
}

export interface PostOptions {
  /** sent as `Authorization: Bearer`; null sends none. */
  apiKey: string | null;
  timeoutMs: number;
}

/**
 * POSTs `body` as JSON and returns the parsed answer; a 2xx answer that is not JSON throws SyntaxError (`not JSON:
 * "<its start>"`).
 */
export async function postJson(url: string, body: unknown, options: PostOptions): Promise<unknown> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey !== null) headers.authorization = `Bearer ${options.apiKey}`;
  let status: number;
  let answerHeaders: Headers;
  let text: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = response.status;
    answerHeaders = response.headers;
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new HttpConnectionError(rootCause(error), timedOut);
  }
  if (status < 200 || status > 299) throw new HttpStatusError(status, answerHeaders, errorMessage(text), text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SyntaxError(`not JSON: ${JSON.stringify(text.slice(0, 80))}`);
  }
}

/** `url` with one `/` between it and `path`, whatever the base ends with. */
export function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path}`;
}

function errorMessage(text: string): string {
  try {
    const error = (JSON.parse(text) as { error?: unknown } | null)?.error;
    const message = typeof error === 'string' ? error : (error as { message?: unknown } | null | undefined)?.message;
    if (typeof message === 'string' && message.trim()) return message.trim();
  } catch {
    // not JSON: the text itself
  }
  return text.trim() || 'no message';
}

/** The innermost error with a system code (`connect ECONNREFUSED 127.0.0.1:8000`), else the innermost message. */
function rootCause(error: unknown): string {
  let current: unknown = error;
  let detail = error instanceof Error ? error.message : String(error);
  while (current instanceof Error) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string')
      return current.message.includes(code) ? current.message : `${code} ${current.message}`.trim();
    if (current !== error && current.message) detail = current.message;
    current = (current as Error & { cause?: unknown }).cause;
  }
  return detail;
}
