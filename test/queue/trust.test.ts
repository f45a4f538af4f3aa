// What a queue worker takes from the queue server (#32.6): a job's check state can only add checks to
// the worker's own. A state that marks every test as failing (nothing left to run) would make any
// body pass; the worker keeps its own excluded tests and grades the wrong body as it would locally.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkEnvironment, loadEnvironment, readState } from '../../src/exec/index.ts';
import { executeQueued, parseQueueUrl, startWorker } from '../../src/queue/index.ts';
import { FIXTURES, functionTask, functionText, makeWorkDir } from '../exec/helpers.ts';
import { startRedis } from './helpers.ts';

const work = makeWorkDir('queue-trust');
after(work.remove);

test("a queued job whose check state excludes every test still runs the worker's tests: a wrong body is test-fail", async () => {
  const repo = join(FIXTURES, 'c', 'repo');
  const envFile = join(work.dir, 'c-env.yaml');
  writeFileSync(envFile, readFileSync(join(FIXTURES, 'c', 'env.yaml'), 'utf8').replace(/^repo: .*$/m, `repo: ${repo}`));
  const env = loadEnvironment(envFile);
  await checkEnvironment(env, { workDir: join(work.dir, 'coordinator') });
  const state = readState(env)!;
  const forged = { ...state, failing: Object.keys(state.tests).sort(), flaky: [] };
  const gcd = functionTask(repo, 'src/mathx.c', 'c', functionText(repo, 'src/mathx.c', 'int gcd('), 'gcd');
  const redis = await startRedis();
  const connection = parseQueueUrl(redis.url);
  const worker = await startWorker({
    connection,
    envs: [env],
    concurrency: 1,
    sandbox: 'bwrap',
    workDir: join(work.dir, 'worker'),
    stalledMs: 5000,
    onEvent: (message) => process.stderr.write(`worker: ${message}\n`),
  });
  try {
    const outputs = [];
    for await (const output of executeQueued(
      env,
      [{ task: gcd, sample: 0, candidate: 'int gcd(int a, int b)\n{\n    return a;\n}', key: 'wrong' }],
      {
        connection,
        run: 'a1'.repeat(16),
        state: forged,
        sandbox: 'bwrap',
        logDir: join(work.dir, 'logs'),
        sweepMs: 500,
      },
    ))
      outputs.push(output);
    assert.equal(outputs.length, 1);
    assert.equal(outputs[0]!.result?.verdict, 'test-fail', outputs[0]!.result?.logTail ?? outputs[0]!.infraError);
    assert.deepEqual(outputs[0]!.result!.selectedTests, ['gcd']);
  } finally {
    await worker.close();
    await redis.stop();
  }
});
