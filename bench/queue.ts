// Queue benchmark: the C execution fixture's candidates run through BullMQ on a local redis-server
// with 1 and then 2 `ctxbench worker` processes, against a local run (the exec stage's own pool)
// of the same candidates in the same process and run: wall time per candidate, and the queue's
// overhead per job (queued with one worker minus local with one worker copy, per candidate).
// Every run starts from prepared trees (workers are warmed up first) and distinct programs (each
// candidate differs, so no result cache answers), and all verdicts must agree with the local run.
//
// Usage: node --import tsx bench/queue.ts [--candidates N]
import { mkdtempSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CandidatePool,
  ensureCheckState,
  loadEnvironment,
  prepareEnvironment,
  removeTree,
  type ExecItem,
} from '../src/exec/index.ts';
import { executeQueued, parseQueueUrl, type QueuedItem } from '../src/queue/index.ts';
import type { TaskRecord } from '../src/datasets/types.ts';
import { FIXTURES, functionTask, functionText } from '../test/exec/helpers.ts';
import { CtxbenchProcess, startRedis } from '../test/queue/helpers.ts';

const { values } = parseArgs({ options: { candidates: { type: 'string', default: '16' } } });
const count = Number(values.candidates);
const ROUNDS = 3;
const scratch = mkdtempSync('/var/tmp/ctxbench-bench-queue-');
chmodSync(scratch, 0o755);
const repo = join(FIXTURES, 'c', 'repo');
const envFile = join(scratch, 'c-env.yaml');
writeFileSync(envFile, readFileSync(join(FIXTURES, 'c', 'env.yaml'), 'utf8').replace(/^repo: .*$/m, `repo: ${repo}`));
const env = loadEnvironment(envFile);
const factorial = functionText(repo, 'src/mathx.c', 'long factorial(');
const task: TaskRecord = functionTask(repo, 'src/mathx.c', 'c', factorial, 'factorial');

/** `n` distinct programs (a numbered comment each): two in three pass, one in three fails its test. */
function candidates(label: string, n: number): QueuedItem[] {
  return Array.from({ length: n }, (_, index) => {
    const body = index % 3 === 2 ? 'long factorial(int n)\n{\n    return n;\n}' : factorial;
    return { task, sample: index, candidate: body.replace('{', `{ /* ${label} ${index} */`), key: `${label}#${index}` };
  });
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/** A local pool of `workers` copies, warmed up (its copies made and built once) before it is measured. */
async function localPool(workers: number): Promise<CandidatePool> {
  const options = { workers, workDir: join(scratch, `local-${workers}`) };
  const pool = new CandidatePool(await prepareEnvironment(env, options), workers);
  for await (const _ of pool.run(candidates(`local warm-up ${workers}`, 2 * workers))) void _;
  return pool;
}

async function local(pool: CandidatePool, items: ExecItem[]): Promise<Measured> {
  const started = performance.now();
  const verdicts = new Map<string, string>();
  for await (const output of pool.run(items))
    verdicts.set(output.key, output.result?.verdict ?? `infra: ${output.infraError}`);
  return { seconds: seconds(started), verdicts: items.map((item) => verdicts.get(item.key)!), perWorker: new Map() };
}

interface Measured {
  seconds: number;
  verdicts: string[];
  perWorker: Map<string, number>;
}

const redis = await startRedis();
const connection = parseQueueUrl(redis.url);
const workers: CtxbenchProcess[] = [];
try {
  const state = await ensureCheckState(env, { checkFirst: true, workDir: join(scratch, 'check') });
  const queued = async (label: string, items: QueuedItem[]): Promise<Measured> => {
    const started = performance.now();
    const verdicts = new Map<string, string>();
    const perWorker = new Map<string, number>();
    for await (const output of executeQueued(env, items, {
      connection,
      run: label.padEnd(32, '0').replace(/[^0-9a-f]/g, 'a'),
      state,
      sandbox: 'bwrap',
      logDir: join(scratch, `logs-${label}`),
    })) {
      verdicts.set(output.key, output.result?.verdict ?? `infra: ${output.infraError}`);
      if (output.worker) perWorker.set(output.worker, (perWorker.get(output.worker) ?? 0) + 1);
    }
    return { seconds: seconds(started), verdicts: items.map((item) => verdicts.get(item.key)!), perWorker };
  };
  const startWorkers = async (n: number) => {
    while (workers.length < n) {
      const index = workers.length + 1;
      workers.push(
        new CtxbenchProcess([
          'worker',
          '--queue',
          redis.url,
          '--env',
          envFile,
          '--work-dir',
          join(scratch, `worker-${index}`),
          '--name',
          `w${index}`,
        ]),
      );
    }
    await Promise.all(workers.map((worker) => worker.waitFor(/connected to/)));
    // Warm-up: until every worker has prepared the environment (the preparation is once per machine, not per job).
    for (let round = 0; !workers.every((worker) => /c-env: prepared/.test(worker.stderr)); round++)
      await queued(`warm${n}${round}`, candidates(`warm-up ${n} ${round}`, 2 * n));
  };

  console.log(
    `C fixture (test/fixtures/exec/c): ${count} distinct candidates of factorial (2/3 pass, 1/3 fail) per ` +
      `measurement, sandboxed, from warm trees; each configuration measured ${ROUNDS} times (alternating), the ` +
      `fastest kept; machine: 2 cores shared with other jobs`,
  );
  const runs = new Map<string, Measured[]>();
  const measure = async (name: string, run: (items: QueuedItem[]) => Promise<Measured>, round: number) => {
    const result = await run(candidates(`${name} ${round}`, count));
    runs.set(name, [...(runs.get(name) ?? []), result]);
  };
  const local1 = await localPool(1);
  await startWorkers(1);
  for (let round = 0; round < ROUNDS; round++) {
    await measure('local, 1 worker copy', (items) => local(local1, items), round);
    await measure('queue, 1 worker process', (items) => queued(`q1${round}`, items), round);
  }
  const local2 = await localPool(2);
  await startWorkers(2);
  for (let round = 0; round < ROUNDS; round++) {
    await measure('local, 2 worker copies', (items) => local(local2, items), round);
    await measure('queue, 2 worker processes', (items) => queued(`q2${round}`, items), round);
  }
  const best = new Map(
    [...runs].map(([name, results]) => [name, results.reduce((a, b) => (a.seconds <= b.seconds ? a : b))]),
  );
  for (const [name, results] of runs) {
    const fastest = best.get(name)!;
    const workersLine =
      fastest.perWorker.size > 0
        ? ` (${[...fastest.perWorker].map(([worker, n]) => `${worker} ${n}`).join(', ')})`
        : '';
    console.log(
      `${`${name}:`.padEnd(28)} ${fastest.seconds.toFixed(1)} s, ${(fastest.seconds / count).toFixed(3)} s per candidate${workersLine}; all rounds ${results.map((result) => result.seconds.toFixed(1)).join(', ')} s`,
    );
  }
  const reference = best.get('local, 1 worker copy')!;
  const agree = [...runs.values()]
    .flat()
    .every((run) => run.verdicts.every((verdict, index) => verdict === reference.verdicts[index]));
  const queue1 = best.get('queue, 1 worker process')!;
  const overheadMs = ((queue1.seconds - reference.seconds) / count) * 1000;
  console.log(
    `verdicts identical to the local run: ${agree ? 'yes' : 'NO'} ` +
      `(${reference.verdicts.filter((verdict) => verdict === 'pass').length} pass, ` +
      `${reference.verdicts.filter((verdict) => verdict !== 'pass').length} fail)`,
  );
  console.log(
    `queue overhead per job (1 worker process vs local with 1 copy): ${overheadMs.toFixed(0)} ms ` +
      `(${((queue1.seconds / reference.seconds - 1) * 100).toFixed(1)}% of local); 2 worker processes vs 1: ` +
      `${(queue1.seconds / best.get('queue, 2 worker processes')!.seconds).toFixed(2)}x; local 2 copies vs 1: ` +
      `${(reference.seconds / best.get('local, 2 worker copies')!.seconds).toFixed(2)}x`,
  );
  if (!agree) process.exitCode = 1;
} finally {
  await Promise.all(workers.map((worker) => worker.kill('SIGTERM')));
  await redis.stop();
  removeTree(scratch);
}
