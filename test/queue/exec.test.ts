// Queued execution end to end: a real redis-server, three `ctxbench worker` processes with their own
// work folders, and `ctxbench exec --queue` on a run of the C fixture. The verdicts equal a local
// `exec` of the same run; a worker killed (-9) in the middle of a job and a coordinator killed once
// change nothing: every candidate ends with exactly one verdict, each job completed exactly once.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { openRunStore } from '../../src/runstore/store.ts';
import type { RunConfig } from '../../src/runstore/types.ts';
import { environmentHash, loadEnvironment } from '../../src/exec/index.ts';
import { execQueueName, parseQueueUrl } from '../../src/queue/index.ts';
import { FIXTURES, functionTask, functionText, makeWorkDir } from '../exec/helpers.ts';
import { BIN, CtxbenchProcess, startRedis } from './helpers.ts';

const work = makeWorkDir('queue');
after(work.remove);

const config: RunConfig = {
  model: 'baseline:fixture',
  context: 'infile',
  template: 'plain',
  tokenizer: 'o200k_base',
  samples: 3,
  temperature: 0,
  topP: 1,
  maxTokens: 256,
  seed: 1,
  tasksPath: 'tasks.jsonl',
  tasksHash: 'h',
  toolVersion: '0.1.0',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** verdict and selected tests per `task#sample`. */
function verdicts(runDir: string): Map<string, string> {
  const store = openRunStore(runDir, { readonly: true });
  try {
    return new Map(
      store
        .candidates()
        .filter((c) => c.verdict)
        .map((c) => [`${c.taskId}#${c.sample}`, `${c.verdict!.verdict} [${c.verdict!.selectedTests.join(',')}]`]),
    );
  } finally {
    store.close();
  }
}

test('exec --queue on three workers gives the local verdicts, once each, through a killed worker and a killed coordinator', async () => {
  const repo = join(FIXTURES, 'c', 'repo');
  const envFile = join(work.dir, 'c-env.yaml');
  writeFileSync(envFile, readFileSync(join(FIXTURES, 'c', 'env.yaml'), 'utf8').replace(/^repo: .*$/m, `repo: ${repo}`));
  const factorial = functionText(repo, 'src/mathx.c', 'long factorial(');
  const gcd = functionText(repo, 'src/mathx.c', 'int gcd(');
  const runDir = join(work.dir, 'run');
  const store = openRunStore(runDir, {
    create: config,
    tasks: [
      functionTask(repo, 'src/mathx.c', 'c', factorial, 'factorial'),
      functionTask(repo, 'src/mathx.c', 'c', gcd, 'gcd'),
    ],
  });
  const candidates: [string, number, string][] = [
    // Sample 0 is first in the queue and slow (2 s in the test): the worker running it is the one killed.
    [
      'factorial',
      0,
      factorial.replace(
        'long result = 1;',
        'long result = 1;\n    if (n == 10) { unsigned int sleep(unsigned int); sleep(2); }',
      ),
    ],
    ['factorial', 1, 'long factorial(int n)\n{\n    return n;\n}'],
    ['factorial', 2, 'long factorial(int n)\n{\n    return n +;\n}'],
    ['factorial', 3, factorial],
    ['gcd', 0, gcd],
    ['gcd', 1, 'int gcd(int a, int b)\n{\n    return a;\n}'],
    ['gcd', 2, gcd],
  ];
  for (const [taskId, sample, output] of candidates) {
    store.putCandidate({
      taskId,
      sample,
      raw: output,
      output,
      postprocess: null,
      error: null,
      promptTokens: null,
      completionTokens: null,
      latencyMs: null,
    });
  }
  store.close();
  const localDir = join(work.dir, 'run-local');
  cpSync(runDir, localDir, { recursive: true });
  const local = spawnSync(
    process.execPath,
    [BIN, 'exec', localDir, '--env', envFile, '--work-dir', join(work.dir, 'local')],
    { encoding: 'utf8', timeout: 120_000 },
  );
  assert.equal(local.status, 0, local.stderr);
  const expected = verdicts(localDir);
  assert.equal(expected.size, candidates.length);
  assert.equal(expected.get('factorial#0'), 'pass [factorial]');
  assert.equal(expected.get('factorial#2'), 'build-error [factorial]');
  assert.equal(expected.get('gcd#1'), 'test-fail [gcd]');

  const redis = await startRedis('s3cret');
  const workers = [1, 2, 3].map(
    (index) =>
      new CtxbenchProcess(
        [
          'worker',
          '--queue',
          redis.address,
          '--env',
          envFile,
          '--work-dir',
          join(work.dir, `w${index}`),
          '--name',
          `w${index}`,
          '--stalled-ms',
          '3000',
        ],
        { env: redis.env },
      ),
  );
  try {
    await Promise.all(workers.map((worker) => worker.waitFor(/connected to redis:\/\/127\.0\.0\.1:\d+\/0;/)));
    for (const worker of workers) assert.doesNotMatch(worker.stderr, /s3cret/);
    const coordinatorArgs = ['exec', runDir, '--env', envFile, '--queue', redis.address];
    const first = new CtxbenchProcess(coordinatorArgs, { env: redis.env });
    await first.waitFor(
      /queued 7 candidates on ctxbench-exec-c-env-[0-9a-f]{12} at redis:\/\/127\.0\.0\.1:\d+\/0; 3 workers serving it/,
    );
    assert.doesNotMatch(first.stderr, /s3cret/);
    // Kill -9 the worker that runs the slow candidate, while it runs.
    const running = /c-env: factorial#0 running/;
    await Promise.race(workers.map((worker) => worker.waitFor(running)));
    const victim = workers.find((worker) => running.test(worker.stderr))!;
    await victim.kill();
    // Kill -9 the coordinator once it has stored a verdict.
    await first.waitFor(/^exec 1\/7 /m);
    await first.kill();
    const storedBefore = verdicts(runDir).size;
    assert.ok(storedBefore < candidates.length, 'the coordinator was killed before the end');

    const changesBefore = openRunStore(runDir, { readonly: true });
    const seqBefore = changesBefore.lastChange()!;
    changesBefore.close();
    const second = new CtxbenchProcess(coordinatorArgs, { env: redis.env });
    assert.equal(await second.exited, 0, second.stderr);
    assert.match(
      second.stderr,
      new RegExp(`exec: ${candidates.length - storedBefore} candidates to run \\(${storedBefore} skipped`),
    );
    assert.match(second.stderr, /workers (w[123] \d+(, )?)+/);

    assert.deepEqual(verdicts(runDir), expected);
    // The viewer's live progress follows the store's change log: queued verdicts are logged like local ones.
    const changesAfter = openRunStore(runDir, { readonly: true });
    assert.ok(changesAfter.changesSince(seqBefore)!.taskIds.length > 0);
    changesAfter.close();
    // Each candidate completed exactly once over all workers (the killed worker's job was taken over, not repeated).
    const done = workers
      .flatMap((worker) => [...worker.stderr.matchAll(/c-env: (\S+) done: /g)].map((match) => match[1]!))
      .sort();
    assert.deepEqual(done, candidates.map(([taskId, sample]) => `${taskId}#${sample}`).sort());
    // Nothing is left on the queue server: every job was removed once its verdict was stored.
    const queue = new Queue(execQueueName('c-env', environmentHash(loadEnvironment(envFile), 'bwrap')), {
      connection: parseQueueUrl(redis.url),
    });
    const counts = await queue.getJobCounts();
    await queue.close();
    assert.deepEqual(
      Object.entries(counts).filter(([, count]) => count > 0),
      [],
    );
    // `exec --regrade` reads the logs the workers sent back.
    const regrade = spawnSync(process.execPath, [BIN, 'exec', runDir, '--env', envFile, '--regrade'], {
      encoding: 'utf8',
    });
    assert.match(regrade.stdout, /regraded 7 verdicts from their logs: 0 changed/);
  } finally {
    await Promise.all(workers.map((worker) => worker.kill()));
    await redis.stop();
  }
});
