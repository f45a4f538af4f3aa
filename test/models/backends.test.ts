import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { createBaselineBackend } from '../../src/models/baselines.ts';
import { createBackend, parseProvider } from '../../src/models/provider.ts';
import { GenerationError, type Backend, type GenerationRequest } from '../../src/models/types.ts';
import type { PromptParts } from '../../src/context/prompt-parts.ts';
import { InputError } from '../../src/util/errors.ts';
import { answerBody, closedPort, startServer, type Reply } from './openai-server.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-backends-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const tasks = readFileSync(new URL('../fixtures/models/tasks.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as TaskRecord);
const center = tasks.find((t) => t.id === 'shapes-center')!;

const completionPrompt: PromptParts = {
  messages: null,
  prompt: 'def f():\n    return ',
  tokens: { total: 6 },
  snippets: [],
};
const chatPrompt: PromptParts = {
  messages: [
    { role: 'system', content: 'Generate code on C:\n' },
    { role: 'user', content: 'Function signature: int f(void).' },
  ],
  prompt: null,
  tokens: { total: 12 },
  snippets: [],
};

function request(prompt: PromptParts, sample = 0, overrides: Partial<GenerationRequest> = {}): GenerationRequest {
  return {
    task: center,
    prompt,
    retrieved: [],
    sample,
    sampling: { temperature: 0.8, topP: 0.95, maxTokens: 32, stop: ['\n\n'], seed: 40 },
    ...overrides,
  };
}

async function failure(backend: Backend, req: GenerationRequest): Promise<GenerationError> {
  try {
    await backend.generate(req);
  } catch (error) {
    assert.ok(error instanceof GenerationError, `not a GenerationError: ${String(error)}`);
    return error;
  }
  assert.fail('the call succeeded');
}

test('provider strings: the five forms parse, anything else is a user error naming the forms', () => {
  assert.deepEqual(parseProvider('openai:chat:gpt-4o-mini'), {
    backend: 'openai',
    baseline: false,
    spec: 'chat:gpt-4o-mini',
    accepts: 'chat',
  });
  assert.deepEqual(parseProvider('openai:completion:org/model:v2'), {
    backend: 'openai',
    baseline: false,
    spec: 'completion:org/model:v2',
    accepts: 'completion',
  });
  assert.deepEqual(parseProvider('llamacpp:/models/q.gguf'), {
    backend: 'llamacpp',
    baseline: false,
    spec: '/models/q.gguf',
    accepts: 'any',
  });
  assert.deepEqual(parseProvider('baseline:copy-retrieved'), {
    backend: 'baseline',
    baseline: true,
    spec: 'copy-retrieved',
    accepts: 'any',
  });
  assert.deepEqual(parseProvider('baseline:empty'), {
    backend: 'baseline',
    baseline: true,
    spec: 'empty',
    accepts: 'any',
  });
  for (const bad of ['openai:gpt-4', 'openai:chat:', 'baseline:random', 'hf:x', 'llamacpp:']) {
    assert.throws(
      () => parseProvider(bad),
      (error: Error) =>
        error instanceof InputError &&
        error.message.includes(`'${bad}'`) &&
        error.message.includes('openai:chat:<model>'),
    );
  }
});

test('openai completion backend: OpenAI wire format, seed + sample, the key from the named variable', async () => {
  const server = await startServer();
  try {
    const backend = await createBackend('openai:completion:tiny-coder', {
      baseUrl: server.url,
      apiKeyEnv: 'MY_KEY',
      env: { MY_KEY: 'sk-test-123' },
    });
    assert.equal(backend.provider, 'openai:completion:tiny-coder');
    assert.equal(backend.isBaseline, false);
    assert.equal(backend.cacheIdentity, `openai:completion:tiny-coder@${server.url}`);
    const answer = await backend.generate(request(completionPrompt, 2));
    assert.equal(server.requests.length, 1);
    const [sent] = server.requests;
    assert.equal(sent!.path, '/v1/completions');
    assert.equal(sent!.headers.authorization, 'Bearer sk-test-123');
    assert.deepEqual(sent!.body, {
      model: 'tiny-coder',
      prompt: 'def f():\n    return ',
      temperature: 0.8,
      top_p: 0.95,
      max_tokens: 32,
      stop: ['\n\n'],
      seed: 42,
    });
    assert.match(answer.text, /^answer_[0-9a-f]{8}\(42\)\nafter_[0-9a-f]{8}\(\)\n$/);
    assert.deepEqual(
      { ...answer, text: null },
      { text: null, promptTokens: 20, completionTokens: 2, finishReason: 'stop' },
    );
  } finally {
    await server.close();
  }
});

test('openai chat backend sends the messages and reads message.content; no stop or seed when none is set', async () => {
  const server = await startServer();
  try {
    const backend = await createBackend('openai:chat:tiny-chat', { baseUrl: server.url, env: {} });
    const answer = await backend.generate(
      request(chatPrompt, 0, { sampling: { temperature: 0, topP: 1, maxTokens: 16, stop: [], seed: null } }),
    );
    const [sent] = server.requests;
    assert.equal(sent!.path, '/v1/chat/completions');
    assert.deepEqual(sent!.body, {
      model: 'tiny-chat',
      messages: chatPrompt.messages,
      temperature: 0,
      top_p: 1,
      max_tokens: 16,
    });
    assert.match(answer.text, /^answer_[0-9a-f]{8}\(none\)\n/);
  } finally {
    await server.close();
  }
});

test('openai errors are classified with reasons: 404/400/401 and empty answers are final, 429/503 slow down, 5xx, drops and bad JSON are retryable', async () => {
  const replies: Record<string, Reply> = {
    'm-404': { status: 404, json: { error: { message: 'The model `m-404` does not exist.', type: 'NotFoundError' } } },
    'm-400': {
      status: 400,
      json: {
        error: {
          message: "This model's maximum context length is 2048 tokens. However, you requested 4000 tokens.",
          type: 'BadRequestError',
        },
      },
    },
    'm-401': { status: 401, json: { error: { message: 'Incorrect API key provided' } } },
    'm-429': { status: 429, headers: { 'retry-after': '2' }, json: { error: { message: 'Rate limit reached' } } },
    'm-429ms': { status: 429, headers: { 'retry-after-ms': '150' }, json: { error: { message: 'slow down' } } },
    'm-503': { status: 503, raw: 'Service Unavailable' },
    'm-500': { status: 500, raw: 'Internal Server Error' },
    'm-drop': { drop: true },
    'm-bad-json': { raw: '{"id": "cmpl", "choices": [' },
  };
  const server = await startServer((req) => {
    const model = String(req.body.model);
    if (model === 'm-empty') return { json: answerBody(req, '', 'length') };
    if (model === 'm-null') return { json: answerBody(req, null) };
    return replies[model] ?? {};
  });
  try {
    const expectations: [string, GenerationError['kind'], RegExp, number | null][] = [
      ['m-404', 'permanent', /^HTTP 404 model or endpoint not found: The model `m-404` does not exist\.$/, null],
      [
        'm-400',
        'permanent',
        /^HTTP 400 request refused \(e\.g\. prompt over the context length\): This model's maximum context length is 2048 tokens/,
        null,
      ],
      [
        'm-401',
        'permanent',
        /^HTTP 401 not authorised \(check the API key variable\): Incorrect API key provided$/,
        null,
      ],
      ['m-429', 'rate-limit', /^HTTP 429 rate limited: Rate limit reached$/, 2000],
      ['m-429ms', 'rate-limit', /^HTTP 429 rate limited: slow down$/, 150],
      ['m-503', 'rate-limit', /^HTTP 503 overloaded: /, null],
      ['m-500', 'transient', /^HTTP 500 server error: /, null],
      ['m-drop', 'transient', /^connection failed: /, null],
      ['m-bad-json', 'transient', /^malformed response: /, null],
      ['m-empty', 'permanent', /^empty response: the server returned no text \(finish_reason length\)$/, null],
      ['m-null', 'permanent', /^empty response: the server returned no text \(finish_reason stop\)$/, null],
    ];
    for (const [model, kind, message, retryAfterMs] of expectations) {
      for (const mode of ['completion', 'chat'] as const) {
        const backend = await createBackend(`openai:${mode}:${model}`, { baseUrl: server.url, env: {} });
        const error = await failure(backend, request(mode === 'chat' ? chatPrompt : completionPrompt));
        assert.equal(error.kind, kind, `${model} ${mode}: ${error.message}`);
        assert.match(error.message, message, `${model} ${mode}`);
        assert.equal(error.retryAfterMs, retryAfterMs, model);
        assert.equal(error.unreachable, false, model);
      }
    }
    // The client's own retries are off: one request per call, whatever the failure.
    assert.equal(server.requests.length, expectations.length * 2);
  } finally {
    await server.close();
  }
});

test('an address where nothing listens is reported as unreachable', async () => {
  const port = await closedPort();
  const backend = await createBackend('openai:completion:x', { baseUrl: `http://127.0.0.1:${port}/v1`, env: {} });
  const error = await failure(backend, request(completionPrompt));
  assert.equal(error.kind, 'transient');
  assert.equal(error.unreachable, true);
  assert.equal(error.message, `connection failed: connect ECONNREFUSED 127.0.0.1:${port}`);
});

test('--api-key-env naming an unset variable is a user error; the key itself never appears in it', async () => {
  await assert.rejects(
    createBackend('openai:chat:x', { apiKeyEnv: 'NOT_SET_ANYWHERE', env: {} }),
    (error: Error) => error instanceof InputError && /NOT_SET_ANYWHERE/.test(error.message),
  );
});

test('llamacpp: a missing model file is a clear user error', async () => {
  await assert.rejects(
    createBackend(`llamacpp:${join(scratch, 'missing.gguf')}`),
    (error: Error) => error instanceof InputError && /model file not found: .*missing\.gguf/.test(error.message),
  );
});

const llamaInstalled = await import('node-llama-cpp' as string).then(
  () => true,
  (error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_MODULE_NOT_FOUND') return false;
    throw error;
  },
);

test('llamacpp: the optional package absent is a clear user error', {
  skip: llamaInstalled ? 'node-llama-cpp is installed here (the real backend runs in llamacpp.test.ts)' : false,
}, async () => {
  const model = join(scratch, 'tiny.gguf');
  writeFileSync(model, 'GGUF');
  await assert.rejects(createBackend(`llamacpp:${model}`), (error: Error) => {
    assert.ok(error instanceof InputError, String(error));
    assert.match(
      error.message,
      /optional package node-llama-cpp, which is not installed: run `npm install --omit=optional node-llama-cpp @node-llama-cpp\/linux-x64`/,
    );
    return true;
  });
});

test('baseline:empty answers nothing and is labelled a baseline', async () => {
  const backend = createBaselineBackend('empty');
  assert.equal(backend.isBaseline, true);
  assert.equal(backend.cacheIdentity, null);
  assert.deepEqual(await backend.generate(request(completionPrompt)), {
    text: '',
    promptTokens: 6,
    completionTokens: 0,
    finishReason: 'stop',
  });
});

test('baseline:copy-retrieved continues the retrieved line most similar to the cursor line', async () => {
  const backend = createBaselineBackend('copy-retrieved');
  assert.equal(backend.provider, 'baseline:copy-retrieved');
  // Cursor mid-line after `        return `: the query is {return}. The `return` line of distance()
  // has 7 distinct words (Jaccard 1/7), the one of midpoint() 6 (1/6): midpoint's wins and, as it
  // contains the typed text, the rest of that line is the answer.
  const answer = await backend.generate(request(completionPrompt, 0, { retrieved: center.retrieved! }));
  assert.deepEqual(answer, {
    text: '((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)',
    promptTokens: 6,
    completionTokens: 29,
    finishReason: 'stop',
  });
  // Ties go to the first snippet in rank order.
  const tie = await backend.generate(
    request(completionPrompt, 0, {
      retrieved: [...center.retrieved!]
        .reverse()
        .map((s, i) => ({ ...s, text: i === 0 ? 'x = 1\nreturn first\n' : 'y = 2\nreturn second\n' })),
    }),
  );
  assert.equal(tie.text, 'first');
  // Cursor at the start of a line: the query is the last non-blank line, the answer the lines after the best match.
  const atLineStart: TaskRecord = { ...center, prefix: 'def midpoint(a, b):\n' };
  const next = await backend.generate(
    request(completionPrompt, 0, {
      task: atLineStart,
      retrieved: center.retrieved!,
      sampling: { temperature: 0, topP: 1, maxTokens: 100, stop: [], seed: null },
    }),
  );
  assert.equal(
    next.text,
    '    """Point halfway between a and b."""\n    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)',
  );
  // Max tokens cut the copy after its n-th code token.
  const short = await backend.generate(
    request(completionPrompt, 0, {
      task: atLineStart,
      retrieved: center.retrieved!,
      sampling: { temperature: 0, topP: 1, maxTokens: 4, stop: [], seed: null },
    }),
  );
  assert.deepEqual(short, { text: '    """Point', promptTokens: 6, completionTokens: 4, finishReason: 'length' });
  // Nothing retrieved, or nothing similar: an empty answer.
  assert.equal((await backend.generate(request(completionPrompt, 0, { retrieved: [] }))).text, '');
  assert.equal(
    (
      await backend.generate(
        request(completionPrompt, 0, { task: { ...center, prefix: 'zzz qqq' }, retrieved: center.retrieved! }),
      )
    ).text,
    '',
  );
});

test('baseline:reference answers the task reference, to check a harness', async () => {
  const backend = createBaselineBackend('reference');
  assert.equal(backend.provider, 'baseline:reference');
  assert.equal(backend.isBaseline, true);
  const answer = await backend.generate(
    request(completionPrompt, 0, { sampling: { temperature: 0, topP: 1, maxTokens: 1000, stop: [], seed: null } }),
  );
  assert.equal(answer.text, center.reference);
  assert.deepEqual(parseProvider('baseline:reference'), {
    backend: 'baseline',
    baseline: true,
    spec: 'reference',
    accepts: 'any',
  });
});
