// `-n` samples: one request with the API's `n` per prompt where the server honours it (the prompt is
// sent and paid once), one request per sample where it does not; cached and resumed per sample.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createPromptBuilder } from '../../src/context/index.ts';
import { createBackend } from '../../src/models/provider.ts';
import { runGeneration, type GenerationOptions } from '../../src/models/runner.ts';
import { dumpRun, openRunStore } from '../../src/runstore/store.ts';
import { startServer } from './openai-server.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-samples-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;
const tasksPath = new URL('../fixtures/models/tasks.jsonl', import.meta.url).pathname;

async function options(baseUrl: string, overrides: Partial<GenerationOptions> = {}): Promise<GenerationOptions> {
  return {
    tasksPath,
    runDir: join(scratch, `run-${counter++}`),
    backend: await createBackend('openai:completion:coder', { baseUrl, env: {} }),
    promptBuilder: await createPromptBuilder({ strategy: 'infile', template: 'cceval' }),
    samples: 3,
    temperature: null,
    topP: null,
    maxTokens: 48,
    stop: [],
    seed: 7,
    concurrency: 2,
    cacheFile: null,
    retryErrors: false,
    toolVersion: 'test',
    baseUrl,
    budget: null,
    progress: null,
    retry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 100 },
    ...overrides,
  };
}
/** The dump without the endpoint and completion token counts (unknown per choice of an n request). */
const normalise = (dump: string) =>
  dump.replace(/"baseUrl":"[^"]*"/, '"baseUrl":null').replace(/"completionTokens":\d+/g, '"completionTokens":null');

test('a server that honours n gets one request per task (n = 3); the run equals the one made sample by sample', async () => {
  const withN = await startServer(() => ({}), { honourN: true });
  const withoutN = await startServer();
  try {
    const batched = await options(withN.url);
    const single = await options(withoutN.url);
    const summary = await runGeneration(batched);
    await runGeneration(single);
    assert.equal(withN.requests.length, 4);
    assert.deepEqual(
      withN.requests.map((request) => [request.body.n, request.body.seed]),
      [
        [3, 7],
        [3, 7],
        [3, 7],
        [3, 7],
      ],
    );
    assert.equal(summary.calls, 4);
    assert.equal(summary.candidates, 12);
    // A server that ignores n answers the first request with one choice; every later call is one sample.
    assert.equal(withoutN.requests.length, 12);
    assert.equal(normalise(dumpRun(batched.runDir)), normalise(dumpRun(single.runDir)));
    // Each candidate keeps the prompt's size; completion tokens are unknown per choice of an n request.
    const store = openRunStore(batched.runDir, { readonly: true });
    for (const candidate of store.candidates()) {
      assert.equal(candidate.promptTokens, store.prompt(candidate.taskId)!.prompt!.length);
      assert.equal(candidate.completionTokens, null);
    }
    store.close();
  } finally {
    await withN.close();
    await withoutN.close();
  }
});

test('a resumed run asks only for the missing samples, with the cache per sample', async () => {
  const server = await startServer(() => ({}), { honourN: true });
  try {
    const cacheFile = join(scratch, 'cache.db');
    const first = await options(server.url, { samples: 2, cacheFile });
    await runGeneration(first);
    assert.deepEqual(
      server.requests.map((request) => request.body.n),
      [2, 2, 2, 2],
    );
    // Three samples now, in a new run folder: samples 0 and 1 come from the cache, sample 2 is one request each.
    const more = await options(server.url, { samples: 3, cacheFile });
    const summary = await runGeneration(more);
    assert.equal(summary.cacheHits, 8);
    assert.deepEqual(
      server.requests.slice(4).map((request) => [request.body.n, request.body.seed]),
      [
        [undefined, 9],
        [undefined, 9],
        [undefined, 9],
        [undefined, 9],
      ],
    );
    assert.equal(summary.candidates, 12);
  } finally {
    await server.close();
  }
});
