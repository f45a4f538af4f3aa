// Dense retrieval against a real /v1/embeddings server on 127.0.0.1: cosine top-k, the on-disk
// cache (reused with the server down, kept after a failure), and clear errors for bad answers.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { RepoIndex } from '../../src/context/chunks.ts';
import { createPromptBuilder } from '../../src/context/index.ts';
import { queryText } from '../../src/context/retrieve.ts';
import { cosine } from '../../src/context/retrievers.ts';
import { bagOfWords, copyRepo, mainTask, startEmbeddingServer } from './helpers.ts';

const cache = () => mkdtempSync(join(tmpdir(), 'ctxbench-emb-'));

test("dense: chunks ranked by cosine of the endpoint's embeddings, top-k", async () => {
  const server = await startEmbeddingServer();
  try {
    const root = copyRepo();
    const task = mainTask(root);
    const builder = await createPromptBuilder({
      strategy: 'dense',
      template: 'cceval',
      retrieval: { nextChunk: false, topK: 3 },
      embeddings: { baseUrl: server.url, cacheDir: cache(), model: 'bow-16' },
    });
    const built = await builder.build(task);
    // expected: the server's vectors, cosine against the query vector, best first
    const chunks = RepoIndex.for(root, 10, 10).candidates('app/main.py', new Set(['.py', '.pyi']), 1000, 1000).ranked;
    const query = Float32Array.from(bagOfWords(queryText(task, 10, false)));
    const expected = chunks
      .map((chunk) => ({ chunk, score: cosine(Float32Array.from(bagOfWords(chunk.text)), query) }))
      .sort((a, b) => b.score - a.score || (a.chunk.id < b.chunk.id ? 1 : -1))
      .slice(0, 3);
    assert.deepEqual(
      built.retrieved.map((s) => [s.path, s.startLine, s.score]),
      expected.map((e) => [e.chunk.path, e.chunk.startLine, e.score]),
    );
    // one request: every candidate chunk and the query, in one batch
    assert.equal(server.requests.length, 1);
    assert.equal(server.requests[0]!.length, chunks.length + 1);
  } finally {
    await server.close();
  }
});

test('the cache is reused with the endpoint down, and survives a failure half-way', async () => {
  const root = copyRepo();
  const task = mainTask(root);
  const cacheDir = cache();
  const options = { strategy: 'dense', template: 'cceval', embeddings: { cacheDir, model: 'bow-16', batchSize: 2 } };
  // 1. the second batch fails: the first batch's vectors are stored
  const failing = await startEmbeddingServer('fail-after-first');
  await assert.rejects(
    (await createPromptBuilder({ ...options, embeddings: { ...options.embeddings, baseUrl: failing.url } })).build(
      task,
    ),
    (error: Error) =>
      error.name === 'InputError' &&
      error.message === `${failing.url}/embeddings: embeddings endpoint answered HTTP 500: {"error":"boom"}`,
  );
  const storedFirst = failing.requests[0]!;
  await failing.close();
  // 2. a working endpoint is asked only for what the cache lacks
  const working = await startEmbeddingServer();
  const built = await (
    await createPromptBuilder({ ...options, embeddings: { ...options.embeddings, baseUrl: working.url } })
  ).build(task);
  const asked = working.requests.flat();
  assert.ok(storedFirst.every((text) => !asked.includes(text)));
  assert.equal(asked.length, 6 + 1 - storedFirst.length);
  await working.close();
  // 3. endpoint down: everything comes from the cache, same answer
  const again = await (
    await createPromptBuilder({ ...options, embeddings: { ...options.embeddings, baseUrl: working.url } })
  ).build(task);
  assert.deepEqual(again.retrieved, built.retrieved);
  // a text the cache does not have needs the endpoint: a clear error
  const other = { ...task, prefix: `${task.prefix}audit_everything()\n    return ` };
  await assert.rejects(
    (await createPromptBuilder({ ...options, embeddings: { ...options.embeddings, baseUrl: working.url } })).build(
      other,
    ),
    (error: Error) => error.message.startsWith(`${working.url}/embeddings: embeddings endpoint unreachable (`),
  );
});

test('garbage answers are clear errors naming the endpoint and field', async () => {
  const task = mainTask(copyRepo());
  const cases: [Parameters<typeof startEmbeddingServer>[0], RegExp][] = [
    ['not-json', /embeddings endpoint answered something that is not JSON: "<html>gateway<\/html>"$/],
    ['wrong-count', /field 'data': embeddings answer must have a 'data' array of 7 items$/],
    ['nan', /field 'data\[1\]\.embedding': must be a non-empty array of finite numbers$/],
    ['http-500', /embeddings endpoint answered HTTP 500/],
  ];
  for (const [mode, message] of cases) {
    const server = await startEmbeddingServer(mode);
    try {
      const builder = await createPromptBuilder({
        strategy: 'dense-ref',
        template: 'cceval',
        embeddings: { baseUrl: server.url, cacheDir: cache() },
      });
      await assert.rejects(
        builder.build(task),
        (error: Error) =>
          error.name === 'InputError' &&
          error.message.startsWith(`${server.url}/embeddings`) &&
          message.test(error.message),
        mode,
      );
    } finally {
      await server.close();
    }
  }
});

test('the API key comes from OPENAI_API_KEY and the base URL from OPENAI_BASE_URL', async () => {
  const server = await startEmbeddingServer();
  const saved = { key: process.env.OPENAI_API_KEY, base: process.env.OPENAI_BASE_URL };
  process.env.OPENAI_API_KEY = 'sk-test-ctxbench';
  process.env.OPENAI_BASE_URL = server.url;
  try {
    await (
      await createPromptBuilder({ strategy: 'dense', template: 'cceval', embeddings: { cacheDir: cache() } })
    ).build(mainTask(copyRepo()));
    assert.deepEqual(server.authorizations, ['Bearer sk-test-ctxbench']);
  } finally {
    for (const [name, value] of [
      ['OPENAI_API_KEY', saved.key],
      ['OPENAI_BASE_URL', saved.base],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await server.close();
  }
});
