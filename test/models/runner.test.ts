import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createPromptBuilder } from '../../src/context/index.ts';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { createBackend } from '../../src/models/provider.ts';
import { runGeneration, type GenerationOptions } from '../../src/models/runner.ts';
import { dumpRun, openRunStore } from '../../src/runstore/store.ts';
import { InputError } from '../../src/util/errors.ts';
import {
  answerBody,
  answerText,
  closedPort,
  promptOf,
  startServer,
  type RecordedRequest,
  type Reply,
  type Script,
} from './openai-server.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-runner-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;
const fresh = (name: string) => join(scratch, `${name}-${counter++}`);

const tasksPath = new URL('../fixtures/models/tasks.jsonl', import.meta.url).pathname;
const tasks = readFileSync(tasksPath, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as TaskRecord);
const fastRetry = { attempts: 4, baseDelayMs: 10, maxDelayMs: 40, maxRetryAfterMs: 5000 };

async function options(
  model: string,
  baseUrl: string | null,
  overrides: Partial<GenerationOptions> = {},
): Promise<GenerationOptions> {
  return {
    tasksPath,
    runDir: fresh('run'),
    backend: await createBackend(model, { baseUrl, env: {} }),
    promptBuilder: await createPromptBuilder({ strategy: 'infile', template: 'cceval' }),
    samples: 2,
    temperature: null,
    topP: null,
    maxTokens: 48,
    stop: [],
    seed: 7,
    concurrency: 4,
    cacheFile: null,
    retryErrors: false,
    toolVersion: '0.1.0-test',
    baseUrl,
    budget: null,
    retry: fastRetry,
    progress: null,
    ...overrides,
  };
}

/** Request key the tests count by: prompt text and seed (= sample + 7). */
const keyOf = (request: RecordedRequest) => `${promptOf(request.body)}\u0000${String(request.body.seed)}`;

test('a run stores the config, every prompt and every candidate with raw text, cut output, rule and token counts', async () => {
  const server = await startServer();
  try {
    const run = await options('openai:completion:coder', server.url);
    const summary = await runGeneration(run);
    assert.ok(summary.writeMs > 0 && summary.writeMs < summary.elapsedMs);
    assert.deepEqual(
      { ...summary, elapsedMs: 0, writeMs: 0 },
      {
        tasks: 4,
        candidates: 8,
        calls: 8,
        cacheHits: 0,
        written: 8,
        writeMs: 0,
        failed: 0,
        failures: [],
        allFailed: false,
        elapsedMs: 0,
      },
    );
    assert.equal(server.requests.length, 8);

    const store = openRunStore(run.runDir);
    const config = store.config();
    assert.deepEqual(
      { ...config, createdAt: null, tasksHash: config.tasksHash.length },
      {
        model: 'openai:completion:coder',
        context: 'infile',
        template: 'cceval',
        tokenizer: 'o200k_base',
        samples: 2,
        temperature: 0.8,
        topP: 0.95,
        maxTokens: 48,
        seed: 7,
        stop: [],
        isBaseline: false,
        baseUrl: server.url,
        budget: null,
        tasksPath,
        tasksHash: 64,
        toolVersion: '0.1.0-test',
        createdAt: null,
      },
    );
    assert.deepEqual(store.tasks(), tasks);
    const builder = await createPromptBuilder({ strategy: 'infile', template: 'cceval' });
    for (const task of tasks) assert.deepEqual(store.prompt(task.id), await builder.build(task), task.id);

    const expectedOutput = (task: TaskRecord, raw: string): [string, string] => {
      const [first, second] = raw.split('\n');
      // crossfile Python: the first line parses; node: the first call is a complete call node;
      // the C function task: no definition in the answer, so the text minus trailing blank.
      if (task.kind === 'function') return [`${first}\n${second}`, 'function-text'];
      return [first!, task.kind === 'node' ? 'node-parse' : 'cceval-python'];
    };
    const candidates = store.candidates();
    assert.deepEqual(
      candidates.map((c) => [c.taskId, c.sample]),
      tasks.flatMap((t) => [
        [t.id, 0],
        [t.id, 1],
      ]),
    );
    for (const candidate of candidates) {
      const task = tasks.find((t) => t.id === candidate.taskId)!;
      const prompt = store.prompt(task.id)!.prompt!;
      const raw = answerText({ prompt, seed: 7 + candidate.sample });
      const [output, rule] = expectedOutput(task, raw);
      assert.ok(candidate.latencyMs !== null && candidate.latencyMs > 0);
      assert.deepEqual(
        { ...candidate, latencyMs: null },
        {
          taskId: task.id,
          sample: candidate.sample,
          raw,
          output,
          postprocess: rule,
          error: null,
          promptTokens: prompt.length,
          completionTokens: 2,
          latencyMs: null,
          finishReason: 'stop',
          cached: false,
          metrics: null,
          verdict: null,
        },
      );
    }
    store.close();
  } finally {
    await server.close();
  }
});

test('retryable faults (500, dropped connection, malformed JSON, 429 with Retry-After) are retried and leave the same store as a clean run', async () => {
  const faults: Reply[] = [
    { status: 500, raw: 'Internal Server Error' },
    { drop: true },
    { raw: '{"id": "cmpl", "choices": [{"text": ' },
    { status: 429, headers: { 'retry-after-ms': '300' }, json: { error: { message: 'slow down' } } },
  ];
  const seen = new Map<string, number>();
  let faultIndex = 0;
  const faultOf = new Map<string, Reply>();
  const script: Script = (request) => {
    const key = keyOf(request);
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count > 1) return {};
    const fault = faults[faultIndex++ % faults.length]!;
    faultOf.set(key, fault);
    return fault;
  };
  const flaky = await startServer(script);
  const clean = await startServer();
  try {
    const faulty = await options('openai:completion:coder', flaky.url, { concurrency: 2 });
    const reference = await options('openai:completion:coder', clean.url);
    const summary = await runGeneration(faulty);
    await runGeneration(reference);
    assert.equal(summary.failed, 0);
    assert.equal(summary.calls, 8);
    assert.deepEqual([...seen.values()], Array(8).fill(2));
    const normalise = (dump: string) => dump.replace(/"baseUrl":"[^"]*"/, '"baseUrl":null');
    assert.equal(normalise(dumpRun(faulty.runDir)), normalise(dumpRun(reference.runDir)));
    // The retry after a 429 waited for its Retry-After.
    for (const [key, fault] of faultOf) {
      if (fault.status !== 429) continue;
      const [first, second] = flaky.requests.filter((request) => keyOf(request) === key);
      assert.ok(second!.at - first!.at >= 290, `retried ${second!.at - first!.at} ms after a 429 asking for 300 ms`);
    }
  } finally {
    await flaky.close();
    await clean.close();
  }
});

test('permanent failures are recorded per candidate with their reason; the run completes the rest and a rerun can retry them', async () => {
  const reasons = new Map<string, (request: RecordedRequest) => Reply>([
    ['shapes-length', () => ({ status: 404, json: { error: { message: 'The model `coder` does not exist.' } } })],
    [
      'geometry-hypot',
      () => ({ status: 400, json: { error: { message: "This model's maximum context length is 16 tokens." } } }),
    ],
    ['counter-add', (request) => ({ json: answerBody(request, '') })],
  ]);
  const builder = await createPromptBuilder({ strategy: 'infile', template: 'cceval' });
  const promptTask = new Map<string, string>();
  for (const task of tasks) promptTask.set((await builder.build(task)).prompt!, task.id);
  let healthy = false;
  const server = await startServer((request) =>
    healthy ? {} : (reasons.get(promptTask.get(promptOf(request.body))!)?.(request) ?? {}),
  );
  try {
    const run = await options('openai:completion:coder', server.url, { samples: 1 });
    const summary = await runGeneration(run);
    assert.deepEqual(summary.failures, [
      { reason: 'HTTP 400 request refused (e.g. prompt over the context length)', count: 1 },
      { reason: 'HTTP 404 model or endpoint not found', count: 1 },
      { reason: 'empty response', count: 1 },
    ]);
    assert.equal(summary.failed, 3);
    assert.equal(summary.allFailed, false);
    const stored = () => {
      const store = openRunStore(run.runDir);
      const rows = store.candidates().map((c) => [c.taskId, c.error, c.raw === null, c.output === null]);
      store.close();
      return rows;
    };
    assert.deepEqual(stored(), [
      ['shapes-length', 'HTTP 404 model or endpoint not found: The model `coder` does not exist.', true, true],
      ['shapes-center', null, false, false],
      [
        'geometry-hypot',
        "HTTP 400 request refused (e.g. prompt over the context length): This model's maximum context length is 16 " +
          'tokens.',
        true,
        true,
      ],
      ['counter-add', 'empty response: the server returned no text (finish_reason stop)', true, true],
    ]);
    assert.equal(server.requests.length, 4);

    // The same command again: nothing is missing, nothing is called.
    const again = await runGeneration({
      ...run,
      backend: await createBackend('openai:completion:coder', { baseUrl: server.url, env: {} }),
    });
    assert.equal(again.written, 0);
    assert.equal(server.requests.length, 4);

    // --retry-errors once the server is fixed: only the three failed candidates are called again.
    healthy = true;
    const retried = await runGeneration({
      ...run,
      retryErrors: true,
      backend: await createBackend('openai:completion:coder', { baseUrl: server.url, env: {} }),
    });
    assert.equal(retried.written, 3);
    assert.equal(retried.failed, 0);
    assert.equal(server.requests.length, 7);
    assert.deepEqual(
      stored().map((row) => row[1]),
      [null, null, null, null],
    );
  } finally {
    await server.close();
  }
});

test('an unreachable server: every candidate records the connection failure and the run says all failed', async () => {
  const port = await closedPort();
  const run = await options('openai:completion:coder', `http://127.0.0.1:${port}/v1`, {
    samples: 1,
    concurrency: 1,
  });
  const summary = await runGeneration(run);
  assert.equal(summary.allFailed, true);
  assert.deepEqual(summary.failures, [{ reason: 'connection failed', count: 4 }]);
  const store = openRunStore(run.runDir);
  // The first call tries the bound; the endpoint is then known to be down and later calls try once.
  assert.deepEqual(
    store.candidates().map((c) => c.error),
    [
      'connection failed: ECONNREFUSED (gave up after 4 attempts)',
      'connection failed: ECONNREFUSED (gave up after 1 attempt)',
      'connection failed: ECONNREFUSED (gave up after 1 attempt)',
      'connection failed: ECONNREFUSED (gave up after 1 attempt)',
    ].map((message) => message.replace('ECONNREFUSED', `connect ECONNREFUSED 127.0.0.1:${port}`)),
  );
  store.close();
});

test('the response cache serves a second run with the same prompts and sampling without calls; --no-cache calls again', async () => {
  const server = await startServer();
  const cacheFile = join(fresh('cache'), 'responses.db');
  try {
    const first = await options('openai:completion:coder', server.url, { cacheFile });
    await runGeneration(first);
    assert.equal(server.requests.length, 8);
    const second = await options('openai:completion:coder', server.url, { cacheFile });
    const summary = await runGeneration(second);
    assert.deepEqual([summary.calls, summary.cacheHits, summary.written], [0, 8, 8]);
    assert.equal(server.requests.length, 8);
    assert.equal(dumpRun(first.runDir), dumpRun(second.runDir));
    const store = openRunStore(second.runDir);
    assert.ok(store.candidates().every((c) => c.cached === true));
    store.close();
    // Another sampling setting is another key.
    await runGeneration(await options('openai:completion:coder', server.url, { cacheFile, seed: 100 }));
    assert.equal(server.requests.length, 16);
    await runGeneration(await options('openai:completion:coder', server.url, { cacheFile: null }));
    assert.equal(server.requests.length, 24);
  } finally {
    await server.close();
  }
});

test('calls in flight never exceed --concurrency', async () => {
  // Each call is held until three are in flight (or the rest of the eight are): the runner must reach three at
  // once and never a fourth. A runner that kept fewer in flight would wait out the fallback and fail `most`.
  const TOTAL = 8;
  let inFlight = 0;
  let answered = 0;
  let most = 0;
  let held: (() => void)[] = [];
  const releaseAll = () => {
    for (const release of held) release();
    held = [];
  };
  const server = await startServer(async () => {
    most = Math.max(most, ++inFlight);
    const released = new Promise<void>((resolve) => held.push(resolve));
    if (inFlight === 3 || answered + inFlight === TOTAL) releaseAll();
    const fallback = setTimeout(releaseAll, 5000);
    await released;
    clearTimeout(fallback);
    inFlight--;
    answered++;
    return {};
  });
  try {
    await runGeneration(await options('openai:completion:coder', server.url, { concurrency: 3 }));
    assert.equal(most, 3);
  } finally {
    await server.close();
  }
});

test('resuming with other settings, or a template of the wrong prompt shape, is refused with the field named', async () => {
  const server = await startServer();
  try {
    const run = await options('openai:completion:coder', server.url, { samples: 1 });
    await runGeneration(run);
    await assert.rejects(
      runGeneration({ ...run, temperature: 0.5 }),
      (error: Error) => error instanceof InputError && /field 'temperature'/.test(error.message),
    );
    await assert.rejects(runGeneration({ ...run, maxTokens: 99 }), /field 'maxTokens'/);
    const chat = await options('openai:chat:coder', server.url, { samples: 1 });
    await assert.rejects(
      runGeneration(chat),
      (error: Error) =>
        error instanceof InputError &&
        /template 'cceval' builds completion prompts but openai:chat:coder takes chat prompts/.test(error.message),
    );
  } finally {
    await server.close();
  }
});

test('baseline runs make no calls, are labelled as baselines and copy from the retrieved snippets', async () => {
  const run = await options('baseline:copy-retrieved', null, {
    samples: 1,
    promptBuilder: await createPromptBuilder({ strategy: 'precomputed', template: 'cceval' }),
  });
  const summary = await runGeneration(run);
  assert.deepEqual([summary.calls, summary.failed], [0, 0]);
  const store = openRunStore(run.runDir);
  assert.equal(store.config().isBaseline, true);
  assert.equal(store.config().model, 'baseline:copy-retrieved');
  assert.deepEqual(
    store.candidates().map((c) => [c.taskId, c.raw, c.output]),
    [
      ['shapes-length', '', ''],
      ['shapes-center', '((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)', '((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)'],
      ['geometry-hypot', '', ''],
      ['counter-add', '', ''],
    ],
  );
  store.close();
});
