// A scripted OpenAI-compatible server on 127.0.0.1 for the tests: answers /v1/completions and
// /v1/chat/completions in the OpenAI wire format, records every request, and can delay, refuse
// (any status, Retry-After), drop the connection or send malformed JSON, per request.
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** JSON body (default: a deterministic answer for the request). */
  json?: unknown;
  /** raw body text, sent as is (malformed JSON). */
  raw?: string;
  delayMs?: number;
  /** destroy the socket instead of answering. */
  drop?: boolean;
}

export type Script = (request: RecordedRequest, index: number) => Reply | Promise<Reply>;

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** The prompt text of a request (completion prompt, or the messages joined). */
export function promptOf(body: Record<string, unknown>): string {
  if (typeof body.prompt === 'string') return body.prompt;
  return ((body.messages as { content: string }[] | undefined) ?? []).map((m) => m.content).join('\n');
}

/** The deterministic answer text of a request: a Python-like call named after the prompt's hash and the seed. */
export function answerText(body: Record<string, unknown>): string {
  const hash = createHash('sha256').update(promptOf(body)).digest('hex').slice(0, 8);
  return `answer_${hash}(${body.seed ?? 'none'})\nafter_${hash}()\n`;
}

/** An OpenAI answer body carrying `text` for the endpoint that was called. */
export function answerBody(request: RecordedRequest, text: string | null, finishReason = 'stop'): unknown {
  const usage = {
    prompt_tokens: promptOf(request.body).length,
    completion_tokens: (text ?? '').split(/\s+/).filter(Boolean).length,
  };
  if (request.path.endsWith('/chat/completions')) {
    return {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 0,
      model: request.body.model,
      choices: [
        { index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason, logprobs: null },
      ],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    };
  }
  return {
    id: 'cmpl-test',
    object: 'text_completion',
    created: 0,
    model: request.body.model,
    choices: [{ index: 0, text, finish_reason: finishReason, logprobs: null }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

/**
 * A chat answer calling tools (`calls`: name and arguments object each; ids call_1, call_2, ...), as a tool-calling
 * server sends it.
 */
export function toolCallBody(
  request: RecordedRequest,
  calls: { name: string; arguments: Record<string, unknown> }[],
): unknown {
  const toolCalls = calls.map((call, index) => ({
    id: `call_${index + 1}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  const usage = { prompt_tokens: promptOf(request.body).length, completion_tokens: 10 };
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 0,
    model: request.body.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: null, tool_calls: toolCalls },
        finish_reason: 'tool_calls',
        logprobs: null,
      },
    ],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

/**
 * The default answer with `n` choices, choice i being what a request with seed + i would get (like a seeded server).
 */
export function answerBodyWithChoices(request: RecordedRequest): unknown {
  const count = typeof request.body.n === 'number' ? request.body.n : 1;
  const seed = typeof request.body.seed === 'number' ? request.body.seed : null;
  const single = (index: number) =>
    answerBody(request, answerText({ ...request.body, seed: seed === null ? undefined : seed + index })) as {
      choices: Record<string, unknown>[];
      usage: Record<string, number>;
    };
  const bodies = Array.from({ length: count }, (_, index) => single(index));
  return { ...bodies[0]!, choices: bodies.map((body, index) => ({ ...body.choices[0], index })) };
}

/**
 * `honourN`: answer a request's `n` with that many choices (vLLM, OpenAI); otherwise one choice (servers that ignore
 * `n`).
 */
export async function startServer(
  script: Script = () => ({}),
  options: { honourN?: boolean } = {},
): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request: RecordedRequest = {
        path: req.url ?? '',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'),
        at: Date.now(),
      };
      const index = requests.push(request) - 1;
      const reply = await script(request, index);
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (reply.drop) {
        req.socket.destroy();
        return;
      }
      const body =
        reply.raw ??
        JSON.stringify(
          reply.json ??
            (options.honourN ? answerBodyWithChoices(request) : answerBody(request, answerText(request.body))),
        );
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
