// `eval --queue`: a worker holding an OpenAI-compatible backend (its key in its own environment
// only) answers the coordinator's calls through a real redis-server; the run store equals a local
// eval against the same server, and the key is nowhere on the queue server or in the coordinator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { openRunStore } from '../../src/runstore/store.ts';
import { startServer } from '../models/openai-server.ts';
import { CtxbenchProcess, startRedis } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SECRET = 'sk-queue-secret-7731';

function outputs(runDir: string): string[] {
  const store = openRunStore(runDir, { readonly: true });
  try {
    return store
      .candidates()
      .map(
        (c) => `${c.taskId}#${c.sample} ${JSON.stringify(c.output)} ${c.error} ${c.promptTokens}/${c.completionTokens}`,
      );
  } finally {
    store.close();
  }
}

test('eval --queue: a worker with the model backend answers; the store equals a local eval; the key stays on the worker', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-queue-eval-'));
  const server = await startServer();
  const redis = await startRedis();
  const withoutKey = { ...process.env, OPENAI_API_KEY: '', CTXBENCH_CACHE_DIR: join(scratch, 'cache') };
  const worker = new CtxbenchProcess(
    [
      'worker',
      '--queue',
      redis.url,
      '--model',
      'openai:completion:coder',
      '--base-url',
      server.url,
      '--concurrency',
      '2',
      '--name',
      'gpu1',
    ],
    { cwd: ROOT, env: { ...process.env, OPENAI_API_KEY: SECRET } },
  );
  try {
    await worker.waitFor(/connected to/);
    const args = (runDir: string) => [
      'eval',
      'test/fixtures/models/tasks.jsonl',
      '--model',
      'openai:completion:coder',
      '--context',
      'infile',
      '--template',
      'cceval',
      '--run',
      runDir,
      '-n',
      '2',
      '--seed',
      '3',
      '--no-cache',
    ];
    // Not spawnSync: the scripted server answers from this process.
    const queued = new CtxbenchProcess([...args(join(scratch, 'queued')), '--queue', redis.url], {
      cwd: ROOT,
      env: withoutKey,
    });
    assert.equal(await queued.exited, 0, queued.stderr);
    const queuedRequests = server.requests.length;
    assert.equal(queuedRequests, 8);
    // The worker sent its own key; the coordinator had none.
    assert.ok(server.requests.every((request) => request.headers.authorization === `Bearer ${SECRET}`));
    const local = new CtxbenchProcess([...args(join(scratch, 'local')), '--base-url', server.url], {
      cwd: ROOT,
      env: { ...withoutKey, OPENAI_API_KEY: SECRET },
    });
    assert.equal(await local.exited, 0, local.stderr);
    assert.deepEqual(outputs(join(scratch, 'queued')), outputs(join(scratch, 'local')));
    assert.equal(outputs(join(scratch, 'queued')).length, 8);
    assert.match(worker.stderr, /openai:completion:coder: \S+#1 done: answered/);
    // Nothing on the queue server holds the key (jobs, results, blobs).
    const client = new Redis({ host: '127.0.0.1', port: redis.port });
    const keys = await client.keys('*');
    assert.ok(keys.some((key) => key.startsWith('ctxbench:blob:')));
    for (const key of keys) {
      const type = await client.type(key);
      const dump =
        type === 'string'
          ? await client.get(key)
          : type === 'hash'
            ? JSON.stringify(await client.hgetall(key))
            : type === 'stream'
              ? JSON.stringify(await client.xrange(key, '-', '+'))
              : '';
      assert.ok(!dump?.includes(SECRET), key);
    }
    client.disconnect();
  } finally {
    await worker.kill('SIGTERM');
    await redis.stop();
    await server.close();
    rmSync(scratch, { recursive: true, force: true });
  }
});
