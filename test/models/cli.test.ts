// The `eval` and `results` commands as a user runs them: child processes of bin/ctxbench.js against
// a scripted server, including SIGKILL at random (seeded) points and resuming.
import { randomFor } from '../../src/util/random.ts';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { dumpRun, openRunStore } from '../../src/runstore/store.ts';
import { promptOf, startServer, type RecordedRequest } from './openai-server.ts';
import { lockFolder } from '../../src/util/lock.ts';
import { spawnCli, type Finished } from './spawn-cli.ts';

const root = new URL('../../', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-cli-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const SECRET = 'sk-test-secret-never-logged-4242';

const runCli = (
  args: string[],
  env: Record<string, string>,
  onStart?: (child: ChildProcess) => void,
): Promise<Finished> => spawnCli(args, { OPENAI_API_KEY: SECRET, ...env }, onStart);

/** One crossfile task per non-blank line of the fixture's Python files: the line's code is the hole. */
function lineTasks(): TaskRecord[] {
  const tasks: TaskRecord[] = [];
  for (const path of ['pkg/geometry.py', 'pkg/shapes.py']) {
    const text = readFileSync(join(root, 'test/fixtures/models/repo', path), 'utf8');
    const lines = text.split('\n');
    let offset = 0;
    lines.forEach((line, index) => {
      const indent = line.length - line.trimStart().length;
      if (index > 0 && line.trim() !== '') {
        const start = offset + indent;
        tasks.push({
          id: `${path}:${index + 1}`,
          kind: 'crossfile',
          language: 'python',
          repo: { name: 'models-fixture', commit: null, root: 'test/fixtures/models/repo' },
          path,
          prefix: text.slice(0, start),
          suffix: text.slice(offset + line.length),
          reference: line.trim(),
          span: { startLine: index + 1, startColumn: indent + 1, endLine: index + 1, endColumn: line.length + 1 },
          labels: { lines: 1 },
        });
      }
      offset += line.length + 1;
    });
  }
  return tasks;
}

const keyOf = (request: RecordedRequest) => `${promptOf(request.body)}\u0000${String(request.body.seed)}`;

/** Keys (prompt, seed) of the candidates a run store holds. */
function storedKeys(runDir: string, seed: number): Set<string> {
  if (!existsSync(join(runDir, 'run.db'))) return new Set();
  const store = openRunStore(runDir, { readonly: true });
  try {
    const keys = store.candidates().map((c) => `${store.prompt(c.taskId)!.prompt}\u0000${seed + c.sample}`);
    return new Set(keys);
  } finally {
    store.close();
  }
}

function filesContain(dir: string, needle: string): boolean {
  return readdirSync(dir).some((name) => readFileSync(join(dir, name)).includes(needle));
}

test('eval killed with SIGKILL at seeded points resumes to the same store as an uninterrupted run, repeating no finished call', async () => {
  const tasks = lineTasks();
  const tasksFile = join(scratch, 'line-tasks.jsonl');
  writeFileSync(tasksFile, `${tasks.map((t) => JSON.stringify(t)).join('\n')}\n`);
  const random = randomFor(20240611, 'kill-points').next;
  // A worker asks for its next call only once its last candidate is committed: the call after the
  // first four (the concurrency) comes after a stored candidate, so each kill leaves some stored.
  const killAfter = [5, 6, 7].map((base) => base + Math.floor(random() * 4));
  let session = -1;
  let sessionRequests = 0;
  let child: ChildProcess | null = null;
  const sessionOf: number[] = [];
  const server = await startServer((request) => {
    sessionOf.push(session);
    sessionRequests++;
    if (child && session >= 0 && session < killAfter.length && sessionRequests === killAfter[session]) {
      child.kill('SIGKILL');
    }
    // Deterministic answers, varied latency so that calls finish out of order.
    return { delayMs: 10 + (promptOf(request.body).length % 7) * 8 };
  });
  const args = (runDir: string) => [
    'eval',
    tasksFile,
    '--model',
    'openai:completion:coder',
    '--base-url',
    server.url,
    '--context',
    'infile',
    '--run',
    runDir,
    '-n',
    '2',
    '--seed',
    '1',
    '--concurrency',
    '4',
  ];
  try {
    const killedRun = join(scratch, 'killed-run');
    const env = { CTXBENCH_CACHE_DIR: join(scratch, 'cache-killed') };
    const completedAtStart: Set<string>[] = [];
    const outcomes: Finished[] = [];
    for (session = 0; session < 10; session++) {
      completedAtStart.push(storedKeys(killedRun, 1));
      sessionRequests = 0;
      const outcome = await runCli(args(killedRun), env, (started) => (child = started));
      child = null;
      outcomes.push(outcome);
      if (outcome.code === 0) break;
    }
    assert.deepEqual(
      outcomes.map((o) => o.signal),
      ['SIGKILL', 'SIGKILL', 'SIGKILL', null],
      outcomes.map((o) => o.stderr).join('\n'),
    );
    assert.equal(outcomes.at(-1)!.code, 0);
    const killedRequests = server.requests.length;
    // Each kill landed mid-run: every restart found some candidates stored, never all of them.
    const storedAtRestart = completedAtStart.slice(1).map((keys) => keys.size);
    assert.ok(
      storedAtRestart.every((size, i) => size > 0 && size < tasks.length * 2 && size >= (storedAtRestart[i - 1] ?? 0)),
      `stored at restarts: ${storedAtRestart}`,
    );

    session = -1;
    const referenceRun = join(scratch, 'reference-run');
    const reference = await runCli(args(referenceRun), { CTXBENCH_CACHE_DIR: join(scratch, 'cache-reference') });
    assert.equal(reference.code, 0, reference.stderr);
    assert.equal(server.requests.length - killedRequests, tasks.length * 2);

    assert.equal(dumpRun(killedRun), dumpRun(referenceRun));
    assert.equal(storedKeys(killedRun, 1).size, tasks.length * 2);
    // No call whose candidate was already stored is made again in a later session.
    server.requests.slice(0, killedRequests).forEach((request, index) => {
      const inSession = sessionOf[index]!;
      assert.ok(!completedAtStart[inSession]!.has(keyOf(request)), `session ${inSession} repeated a stored call`);
    });
    // Only calls in flight at a kill may repeat: at most concurrency (4) per kill.
    const counts = new Map<string, number>();
    for (const request of server.requests.slice(0, killedRequests))
      counts.set(keyOf(request), (counts.get(keyOf(request)) ?? 0) + 1);
    const repeats = [...counts.values()].reduce((sum, count) => sum + count - 1, 0);
    assert.ok(repeats <= 3 * 4, `${repeats} repeated calls`);
    assert.equal(counts.size, tasks.length * 2);
    // The API key was sent, and never written to the store, the cache or the output.
    assert.ok(server.requests.every((request) => request.headers.authorization === `Bearer ${SECRET}`));
    assert.ok(!filesContain(killedRun, SECRET) && !filesContain(join(scratch, 'cache-killed'), SECRET));
    assert.ok(outcomes.every((o) => !o.stdout.includes(SECRET) && !o.stderr.includes(SECRET)));
    // Not a terminal: a plain progress line at the end, and the summary on stdout.
    assert.match(
      reference.stderr,
      new RegExp(
        `^eval: ${tasks.length}/${tasks.length} tasks, ${tasks.length * 2}/${tasks.length * 2} calls, [\\d.]+ ` +
          `calls/s, ETA 0:00, 0 errors$`,
        'm',
      ),
    );
    assert.match(
      reference.stdout,
      new RegExp(
        `^${tasks.length * 2} candidates for ${tasks.length} tasks in .*reference-run: ${tasks.length * 2} written ` +
          `now \\(${tasks.length * 2} calls, 0 from cache\\) in [\\d.]+ s; 0 failed$`,
        'm',
      ),
    );
  } finally {
    await server.close();
  }
});

test('results --jsonl prints one object per candidate; a run where every call fails exits 1 with the reasons', async () => {
  const server = await startServer((request) =>
    String(request.body.model) === 'missing'
      ? { status: 404, json: { error: { message: 'The model `missing` does not exist.' } } }
      : {},
  );
  const env = { CTXBENCH_CACHE_DIR: join(scratch, 'cache-results') };
  const tasksFile = join(root, 'test/fixtures/models/tasks.jsonl');
  try {
    const runDir = join(scratch, 'results-run');
    const ok = await runCli(
      [
        'eval',
        tasksFile,
        '--model',
        'openai:completion:coder',
        '--base-url',
        server.url,
        '--context',
        'infile',
        '--template',
        'cceval',
        '--run',
        runDir,
      ],
      env,
    );
    assert.equal(ok.code, 0, ok.stderr);
    const listed = await runCli(['results', runDir, '--jsonl'], env);
    assert.equal(listed.code, 0, listed.stderr);
    const lines = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(
      lines.map((l) => [l.taskId, l.sample, l.error]),
      [
        ['shapes-length', 0, null],
        ['shapes-center', 0, null],
        ['geometry-hypot', 0, null],
        ['counter-add', 0, null],
      ],
    );
    assert.deepEqual(Object.keys(lines[0]!), [
      'taskId',
      'sample',
      'raw',
      'output',
      'postprocess',
      'error',
      'promptTokens',
      'completionTokens',
      'latencyMs',
      'finishReason',
      'cached',
    ]);
    assert.match(String(lines[0]!.raw), /^answer_[0-9a-f]{8}\(none\)\n/);
    // Metrics and verdicts appear once another stage has written them.
    const store = openRunStore(runDir);
    store.putMetrics('shapes-center', 0, { em: 0, es: 41 });
    store.putVerdict('shapes-center', 0, {
      verdict: 'pass',
      selectedTests: [],
      buildMs: 10,
      testMs: 20,
      logTail: '',
      cached: false,
    });
    store.close();
    const scored = (await runCli(['results', runDir, '--jsonl'], env)).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(scored[1]!.metrics, { em: 0, es: 41 });
    assert.deepEqual((scored[1]!.verdict as { verdict: string }).verdict, 'pass');
    assert.equal(scored[0]!.metrics, undefined);

    const failing = await runCli(
      [
        'eval',
        tasksFile,
        '--model',
        'openai:completion:missing',
        '--base-url',
        server.url,
        '--context',
        'infile',
        '--run',
        join(scratch, 'failing-run'),
        '--template',
        'cceval',
      ],
      env,
    );
    assert.equal(failing.code, 1);
    assert.match(failing.stdout, /4 failed \(4 HTTP 404 model or endpoint not found\)/);
    assert.match(failing.stdout, /--retry-errors/);
  } finally {
    await server.close();
  }
});

test('a second eval on a run folder that another process is using stops, naming that process; nothing is generated', async () => {
  const tasksFile = join(root, 'test/fixtures/models/tasks.jsonl');
  const runDir = join(scratch, 'locked-run');
  mkdirSync(runDir);
  const lock = lockFolder(runDir, 'eval (the first one)');
  try {
    const outcome = await runCli(
      ['eval', tasksFile, '--model', 'baseline:empty', '--context', 'infile', '--template', 'cceval', '--run', runDir],
      {},
    );
    assert.equal(outcome.code, 2, outcome.stderr);
    assert.match(
      outcome.stderr,
      new RegExp(`in use by another ctxbench process: pid ${process.pid} on .*eval \\(the first one\\)`),
    );
    assert.equal(existsSync(join(runDir, 'run.db')), false);
  } finally {
    lock.release();
  }
  // once released, the same command runs and releases the folder again
  const outcome = await runCli(
    ['eval', tasksFile, '--model', 'baseline:empty', '--context', 'infile', '--template', 'cceval', '--run', runDir],
    {},
  );
  assert.equal(outcome.code, 0, outcome.stderr);
  assert.equal(existsSync(join(runDir, '.ctxbench.lock')), false);
});

test('usage mistakes exit 2 with one line naming the problem', async () => {
  const tasksFile = join(root, 'test/fixtures/models/tasks.jsonl');
  const broken = join(scratch, 'broken.jsonl');
  writeFileSync(broken, `${readFileSync(tasksFile, 'utf8').split('\n')[0]}\n{"id": "x", "kind": \n`);
  // A build whose filters removed every task writes an empty set beside its manifest.
  const empty = join(scratch, 'empty.jsonl');
  writeFileSync(empty, '');
  writeFileSync(`${empty}.manifest.json`, '{}\n');
  const cases: [string[], RegExp][] = [
    [
      [
        'eval',
        broken,
        '--model',
        'baseline:empty',
        '--context',
        'infile',
        '--template',
        'cceval',
        '--run',
        join(scratch, 'x'),
      ],
      /broken\.jsonl, line 2: malformed JSON/,
    ],
    [
      [
        'eval',
        join(scratch, 'absent.jsonl'),
        '--model',
        'baseline:empty',
        '--context',
        'infile',
        '--template',
        'cceval',
        '--run',
        join(scratch, 'x'),
      ],
      /absent\.jsonl: cannot read: ENOENT/,
    ],
    [['eval', tasksFile, '--model', 'baseline:empty', '--context', 'infile'], /--run is required/],
    [
      ['eval', tasksFile, '--model', 'gpt-4', '--context', 'infile', '--run', join(scratch, 'x')],
      /unknown model 'gpt-4' \(forms: openai:chat:<model>/,
    ],
    [
      ['eval', tasksFile, '--model', 'baseline:empty', '--context', 'infile', '--run', join(scratch, 'x'), '-n', '0'],
      /--samples must be an integer >= 1, got '0'/,
    ],
    [
      [
        'eval',
        tasksFile,
        '--model',
        'baseline:empty',
        '--context',
        'infile',
        '--run',
        join(scratch, 'x'),
        '--temperature',
        'hot',
      ],
      /--temperature must be a number between 0 and 2, got 'hot'/,
    ],
    [
      ['eval', tasksFile, '--model', 'baseline:empty', '--context', 'infile', '--run', join(scratch, 'x')],
      /the tasks mix kinds \(crossfile, node, function\); choose a template with --template/,
    ],
    [['results', join(scratch, 'nowhere')], /no run store here/],
    [
      ['eval', empty, '--model', 'baseline:empty', '--context', 'infile', '--run', join(scratch, 'x')],
      /empty\.jsonl: no tasks in this file \(.*empty\.jsonl\.manifest\.json shows what each filter removed\)$/m,
    ],
    [
      [
        'eval',
        empty,
        '--model',
        'baseline:empty',
        '--context',
        'infile',
        '--template',
        'cceval',
        '--run',
        join(scratch, 'x'),
      ],
      /empty\.jsonl: no tasks in this file/,
    ],
  ];
  for (const [args, message] of cases) {
    const outcome = await runCli(args, {});
    assert.equal(outcome.code, 2, `${args.join(' ')}: ${outcome.stderr}`);
    assert.match(outcome.stderr, message);
    assert.equal(outcome.stderr.trim().split('\n').length <= 2, true, outcome.stderr);
  }
});
