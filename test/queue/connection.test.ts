// Queue addresses and refusals: URLs with password, database and TLS; clear errors for a bad URL
// and an unreachable server (no hang); a worker fails a job made for another environment version
// rather than running it; the password never appears in output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { environmentHash, loadEnvironment } from '../../src/exec/index.ts';
import { describeQueue, execQueueName, parseQueueUrl } from '../../src/queue/index.ts';
import { FIXTURES, makeWorkDir } from '../exec/helpers.ts';
import { BIN, CtxbenchProcess, startRedis } from './helpers.ts';

test('queue URLs: host, port, database, password, TLS; the description never shows the password', () => {
  assert.deepEqual(parseQueueUrl('redis://queue.lan:6380/2'), {
    host: 'queue.lan',
    port: 6380,
    db: 2,
    maxRetriesPerRequest: null,
  });
  assert.deepEqual(parseQueueUrl('redis://:p%40ss@10.0.0.5'), {
    host: '10.0.0.5',
    port: 6379,
    db: 0,
    password: 'p@ss',
    maxRetriesPerRequest: null,
  });
  const tls = parseQueueUrl('rediss://ctx:secret@[::1]:7000/1');
  assert.deepEqual(tls, {
    host: '::1',
    port: 7000,
    db: 1,
    username: 'ctx',
    password: 'secret',
    tls: { servername: '::1' },
    maxRetriesPerRequest: null,
  });
  assert.equal(describeQueue(tls), 'rediss://[::1]:7000/1');
  assert.throws(
    () => parseQueueUrl('http://queue.lan:6379'),
    /field 'queue': the queue URL must start with redis:\/\/ or rediss:\/\/, not http:\/\//,
  );
  assert.throws(() => parseQueueUrl('redis://queue.lan/x'), /database must be a number 0-15, not 'x'/);
  assert.throws(() => parseQueueUrl('redis://queue.lan/16'), /database must be a number 0-15, not '16'/);
  assert.throws(() => parseQueueUrl('queue.lan:6379'), /must start with redis:\/\//);
});

test('a worker refuses a job made for another version of its environment; a wrong password and an unreachable server are one-line errors', async () => {
  const work = makeWorkDir('queue-refuse');
  const redis = await startRedis('pw-123');
  try {
    const envFile = join(work.dir, 'c-env.yaml');
    writeFileSync(
      envFile,
      readFileSync(join(FIXTURES, 'c', 'env.yaml'), 'utf8').replace(
        /^repo: .*$/m,
        `repo: ${join(FIXTURES, 'c', 'repo')}`,
      ),
    );
    // A password in the URL on the command line (visible in `ps`) is refused, naming where it goes.
    const inUrl = spawnSync(
      process.execPath,
      [BIN, 'worker', '--queue', redis.url, '--env', envFile, '--work-dir', work.dir],
      { encoding: 'utf8', timeout: 30_000 },
    );
    assert.equal(inUrl.status, 2);
    assert.match(
      inUrl.stderr,
      /--queue holds a password, which `ps` shows to every user of this machine: leave it out of the URL and set CTXBENCH_QUEUE_PASSWORD/,
    );
    assert.doesNotMatch(inUrl.stderr, /pw-123/);
    const worker = new CtxbenchProcess(
      ['worker', '--queue', redis.address, '--env', envFile, '--work-dir', work.dir, '--name', 'only'],
      { env: redis.env },
    );
    await worker.waitFor(/connected to/);
    const connection = parseQueueUrl(redis.url);
    const name = execQueueName('c-env', environmentHash(loadEnvironment(envFile), 'bwrap'));
    const queue = new Queue(name, { connection });
    const events = new QueueEvents(name, { connection });
    await events.waitUntilReady();
    const other = 'f'.repeat(64);
    const job = await queue.add(
      'exec',
      {
        run: 'a'.repeat(32),
        taskId: 't\u001b[2J\nworker: forged line',
        sample: 0,
        candidateHash: 'b'.repeat(32),
        envHash: other,
        task: 'c'.repeat(64),
        state: 'd'.repeat(64),
        candidate: 'x',
        rerun: false,
      },
      { attempts: 3 },
    );
    await assert.rejects(
      job.waitUntilFinished(events),
      /is for environment ffffffffffff, not c-env \([0-9a-f]{12}\) that this worker allows/,
    );
    // Its id reaches the log escaped (#32.7): no terminal escape, no line of its own.
    await worker.waitFor(/failed: job/);
    assert.match(worker.stderr, /c-env: t\\x1b\[2J\\x0aworker: forged line#0 failed: job/);
    assert.doesNotMatch(worker.stderr, /\u001b|^worker: forged line/m);
    // Refused at once, not retried: the same job fails the same way everywhere.
    assert.equal((await queue.getJob(job.id!))!.attemptsMade, 1);
    // A second worker on the same work folder stops at start, naming the first.
    const second = spawnSync(
      process.execPath,
      [BIN, 'worker', '--queue', redis.address, '--env', envFile, '--work-dir', work.dir],
      { encoding: 'utf8', timeout: 60_000, env: redis.env },
    );
    assert.equal(second.status, 2);
    assert.match(
      second.stderr,
      new RegExp(
        `in use by another ctxbench process: pid ${worker.child.pid} on \\S+, worker ${envFile.replace(/[.]/g, '\\.')}`,
      ),
    );

    await Promise.all([events.close(), queue.close()]);
    await worker.kill('SIGTERM');
    assert.match(worker.stderr, /stopped; no candidates run/);
    assert.doesNotMatch(worker.stderr, /pw-123/);

    const wrong = spawnSync(process.execPath, [BIN, 'worker', '--queue', redis.address, '--env', envFile], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...redis.env, CTXBENCH_QUEUE_PASSWORD: 'nope' },
    });
    assert.equal(wrong.status, 2);
    assert.match(
      wrong.stderr,
      /^ctxbench worker: field 'queue': cannot use the queue server at redis:\/\/127\.0\.0\.1:\d+\/0: WRONGPASS/m,
    );
    assert.doesNotMatch(wrong.stderr, /nope|\n\s+at /);
  } finally {
    await redis.stop();
    work.remove();
  }
  const closed = spawnSync(
    process.execPath,
    [BIN, 'exec', join(work.dir, 'run'), '--env', join(FIXTURES, 'c', 'env.yaml'), '--queue', 'redis://127.0.0.1:1'],
    { encoding: 'utf8', timeout: 30_000 },
  );
  assert.notEqual(closed.status, 0);
  assert.match(closed.stderr, /ctxbench exec: /);
  assert.doesNotMatch(closed.stderr, /\n\s+at /);
});

test('without the optional bullmq and ioredis, a queue command names them and how to install them; the rest of ctxbench runs', () => {
  const withoutQueue = ['--import', join(FIXTURES, '..', 'hide-packages.mjs'), BIN];
  const env = { ...process.env, CTXBENCH_TEST_HIDE_PACKAGES: 'bullmq,ioredis' };
  const tasks = join(FIXTURES, '..', 'models', 'tasks.jsonl');
  const work = makeWorkDir('queue-missing');
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      peerDependencies: Record<string, string>;
    };
    const queued = spawnSync(
      process.execPath,
      [
        ...withoutQueue,
        'eval',
        tasks,
        '--model',
        'openai:chat:m',
        '--context',
        'infile',
        '--queue',
        'redis://127.0.0.1:9',
        '--run',
        join(work.dir, 'run'),
      ],
      { encoding: 'utf8', env },
    );
    assert.equal(
      queued.stderr,
      `ctxbench eval: the queue needs the optional packages bullmq and ioredis, which are not installed: npm install ` +
        `bullmq@${pkg.peerDependencies.bullmq} ioredis@${pkg.peerDependencies.ioredis}\n`,
    );
    assert.equal(queued.status, 2);
    const local = spawnSync(
      process.execPath,
      [
        ...withoutQueue,
        'eval',
        tasks,
        '--model',
        'baseline:reference',
        '--context',
        'infile',
        '--template',
        'cceval',
        '--run',
        join(work.dir, 'local'),
      ],
      { encoding: 'utf8', env },
    );
    assert.equal(local.status, 0, local.stderr);
  } finally {
    work.remove();
  }
});
