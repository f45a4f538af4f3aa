import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import Database from 'better-sqlite3';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { openResponseCache, responseCacheFile } from '../../src/runstore/cache.ts';
import { dumpRun, openRunStore, type CandidateWrite } from '../../src/runstore/store.ts';
import { wallTimeMs, type ExecResult, type RunConfig, type RunSession } from '../../src/runstore/types.ts';
import type { PromptParts } from '../../src/context/prompt-parts.ts';
import { InputError } from '../../src/util/errors.ts';
import { clockOf } from '../fixtures/clock.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-runstore-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
let counter = 0;
const freshDir = () => join(scratch, `run-${counter++}`);

const tasks = readFileSync(new URL('../fixtures/models/tasks.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as TaskRecord);

const config: RunConfig = {
  model: 'openai:completion:test',
  context: 'infile',
  template: 'cceval',
  tokenizer: 'o200k_base',
  samples: 2,
  temperature: 0.8,
  topP: 0.95,
  maxTokens: 64,
  seed: 7,
  stop: [],
  isBaseline: false,
  baseUrl: 'http://127.0.0.1:1/v1',
  budget: null,
  tasksPath: 'tasks.jsonl',
  tasksHash: 'abc',
  toolVersion: '0.1.0',
  createdAt: '2025-01-01T00:00:00.000Z',
};

const prompt: PromptParts = {
  messages: null,
  prompt: 'def f():\n    return ',
  tokens: { infile: 5, total: 5 },
  snippets: [],
};

function candidate(taskId: string, sample: number, overrides: Partial<CandidateWrite> = {}): CandidateWrite {
  return {
    taskId,
    sample,
    raw: `raw ${taskId} ${sample}`,
    output: `out ${taskId} ${sample}`,
    postprocess: 'cceval-python',
    error: null,
    promptTokens: 5,
    completionTokens: 3,
    latencyMs: 12.5,
    finishReason: 'stop',
    cached: false,
    ...overrides,
  };
}

const verdict: ExecResult = {
  verdict: 'pass',
  selectedTests: ['t1'],
  buildMs: 1200,
  testMs: 300,
  logTail: 'ok',
  cached: false,
};

test('a new store keeps the config, the task snapshot, prompts and candidates, read back in task then sample order', () => {
  const dir = freshDir();
  const store = openRunStore(dir, { create: config, tasks });
  store.putPrompt('geometry-hypot', prompt);
  // Written in a scrambled order: reading back must not depend on it.
  store.putCandidate(candidate('counter-add', 1));
  store.putCandidate(
    candidate('shapes-length', 1, {
      raw: null,
      output: null,
      postprocess: null,
      error: 'HTTP 404 model or endpoint not found: no such model',
      promptTokens: null,
      completionTokens: null,
      latencyMs: null,
      finishReason: null,
    }),
  );
  store.putCandidate(candidate('counter-add', 0));
  store.putCandidate(candidate('shapes-length', 0, { cached: true }));
  store.close();

  const reopened = openRunStore(dir);
  assert.deepEqual(reopened.config(), config);
  assert.deepEqual(reopened.tasks(), tasks);
  assert.deepEqual(reopened.prompt('geometry-hypot'), prompt);
  assert.equal(reopened.prompt('shapes-length'), null);
  assert.deepEqual(reopened.promptTaskIds(), new Set(['geometry-hypot']));
  assert.deepEqual(
    reopened.candidates().map((c) => [c.taskId, c.sample, c.error === null, c.cached]),
    [
      ['shapes-length', 0, true, true],
      ['shapes-length', 1, false, false],
      ['counter-add', 0, true, false],
      ['counter-add', 1, true, false],
    ],
  );
  assert.deepEqual(reopened.candidates()[1], {
    ...candidate('shapes-length', 1, {
      raw: null,
      output: null,
      postprocess: null,
      error: 'HTTP 404 model or endpoint not found: no such model',
      promptTokens: null,
      completionTokens: null,
      latencyMs: null,
      finishReason: null,
    }),
    metrics: null,
    verdict: null,
  });
  assert.deepEqual(
    reopened.candidateStates(),
    new Map([
      [
        'shapes-length',
        new Map([
          [0, false],
          [1, true],
        ]),
      ],
      [
        'counter-add',
        new Map([
          [1, false],
          [0, false],
        ]),
      ],
    ]),
  );
  reopened.close();
});

test('candidate heads read a slice at a time come in key order (task id, sample) and join up to every head', () => {
  const store = openRunStore(freshDir(), { create: config, tasks });
  for (const [taskId, sample] of [
    ['shapes-length', 1],
    ['counter-add', 1],
    ['shapes-length', 0],
    ['counter-add', 0],
  ] as const)
    store.putCandidate(candidate(taskId, sample));
  store.putMetrics('shapes-length', 0, { em: 1 });
  const slices: [string, number][][] = [];
  for (let after: { taskId: string; sample: number } | null = null; ; ) {
    const slice = store.candidateHeads({ after, limit: 3 });
    slices.push(slice.map((head) => [head.taskId, head.sample]));
    if (slice.length < 3) break;
    after = slice[2]!;
  }
  // shapes-length's two candidates fall in two slices.
  assert.deepEqual(slices, [
    [
      ['counter-add', 0],
      ['counter-add', 1],
      ['shapes-length', 0],
    ],
    [['shapes-length', 1]],
  ]);
  const byKey = (head: { taskId: string; sample: number }) => `${head.taskId}\0${head.sample}`;
  const whole = store.candidateHeads().sort((a, b) => byKey(a).localeCompare(byKey(b)));
  assert.deepEqual(
    [...store.candidateHeads({ after: null, limit: 3 }), ...store.candidateHeads({ after: whole[2]!, limit: 3 })],
    whole,
  );
  assert.deepEqual(whole[2]!.metrics, { em: 1 });
  store.close();
});

test("counting a run's candidates reads their keys, not their texts (the viewer asks on every poll)", () => {
  const dir = freshDir();
  const store = openRunStore(dir, { create: config, tasks });
  for (const [taskId, sample] of [
    ['shapes-length', 0],
    ['counter-add', 0],
    ['counter-add', 1],
  ] as const)
    store.putCandidate(candidate(taskId, sample));
  assert.deepEqual(store.counts(), { tasks: tasks.length, candidates: 3 });
  store.close();
  const db = new Database(join(dir, 'run.db'), { readonly: true });
  const plan = (db.prepare('EXPLAIN QUERY PLAN SELECT count(*) FROM candidates').all() as { detail: string }[]).map(
    (row) => row.detail,
  );
  db.close();
  assert.deepEqual(plan, ['SCAN candidates USING COVERING INDEX candidates_keys']);
});

test('reopening a run with results with a different config names the differing field; timing and location fields may differ', () => {
  const dir = freshDir();
  const store = openRunStore(dir, { create: config, tasks });
  store.putCandidate(candidate('counter-add', 0));
  store.close();
  openRunStore(dir, {
    create: {
      ...config,
      createdAt: '2026-02-02T00:00:00.000Z',
      toolVersion: '9.9.9',
      tasksPath: '/elsewhere/tasks.jsonl',
      baseUrl: 'http://other/v1',
    },
    tasks,
  }).close();
  assert.throws(
    () => openRunStore(dir, { create: { ...config, temperature: 0 }, tasks }),
    (error: Error) => {
      assert.ok(error instanceof InputError);
      assert.match(error.message, /field 'temperature'/);
      assert.match(error.message, /made with temperature = 0\.8, the command asks for 0;/);
      return true;
    },
  );
  assert.throws(() => openRunStore(dir, { create: { ...config, tasksHash: 'def' }, tasks }), /field 'tasksHash'/);
  assert.throws(() => openRunStore(dir, { create: { ...config, stop: ['\n\n'] }, tasks }), /field 'stop'/);
});

test('a run without results (nothing stored, or every attempt failed) is started afresh by a command with other settings', () => {
  const dir = freshDir();
  const failed = openRunStore(dir, { create: config, tasks });
  failed.putPrompt('counter-add', { prompt: 'p', messages: null, tokens: { total: 1 }, snippets: [] });
  failed.putCandidate(
    candidate('counter-add', 0, {
      raw: null,
      output: null,
      postprocess: null,
      error: 'template builds completion prompts but openai:chat:m takes chat prompts',
      promptTokens: null,
      completionTokens: null,
      latencyMs: null,
      finishReason: null,
    }),
  );
  failed.close();
  const corrected = openRunStore(dir, {
    create: { ...config, template: 'cceval-chat', model: 'openai:chat:m' },
    tasks: tasks.slice(0, 1),
  });
  assert.equal(corrected.config().template, 'cceval-chat');
  assert.deepEqual(corrected.tasks(), tasks.slice(0, 1));
  assert.deepEqual(corrected.candidates(), []);
  assert.deepEqual(corrected.sessions(), []);
  assert.equal(corrected.prompt('counter-add'), null);
  corrected.putCandidate(candidate('counter-add', 0));
  corrected.close();
  // Now it has a result: its settings bind.
  assert.throws(() => openRunStore(dir, { create: config, tasks }), /field 'model'/);
});

test('each opening that writes records a session from its first to its last write; the wall time counts overlapping sessions once', () => {
  const dir = freshDir();
  const at = (time: string) => `2025-03-01T${time}.000Z`;
  const evalRun = openRunStore(dir, {
    create: config,
    tasks,
    now: clockOf(at('10:00:00'), at('10:01:00'), at('10:02:00')),
  });
  for (const sample of [0, 1]) evalRun.putCandidate(candidate('counter-add', sample));
  evalRun.putCandidate(candidate('shapes-length', 0));
  // exec beside it: starts before eval's last write
  const exec = openRunStore(dir, { now: clockOf(at('10:01:30'), at('10:04:00')) });
  exec.putVerdict('counter-add', 0, verdict);
  exec.putVerdict('counter-add', 1, verdict);
  exec.close();
  evalRun.close();
  // score later, apart from both
  const score = openRunStore(dir, { now: clockOf(at('10:10:00'), at('10:10:30')) });
  score.putMetrics('counter-add', 0, { em: 1 });
  score.batch(() => score.putMetrics('counter-add', 1, { em: 0 }));
  score.close();
  // neither a read-only opening nor a writing one that writes nothing adds a session
  const clock = clockOf(at('11:00:00'));
  openRunStore(dir, { readonly: true, now: clock }).close();
  openRunStore(dir, { now: clock }).close();

  const store = openRunStore(dir, { readonly: true });
  assert.deepEqual(store.sessions(), [
    { id: 1, stage: 'eval', startedAt: at('10:00:00'), lastWriteAt: at('10:02:00') },
    { id: 2, stage: 'exec', startedAt: at('10:01:30'), lastWriteAt: at('10:04:00') },
    { id: 3, stage: 'score', startedAt: at('10:10:00'), lastWriteAt: at('10:10:30') },
  ]);
  // [10:00, 10:04] and [10:10, 10:10:30]
  assert.equal(wallTimeMs(store.sessions()), 4 * 60_000 + 30_000);
  store.close();
});

test('the wall time: a session inside another adds nothing, disjoint ones add up, none is null', () => {
  const session = (id: number, startedAt: string, lastWriteAt: string): RunSession => ({
    id,
    stage: 'exec',
    startedAt: `2025-03-01T${startedAt}Z`,
    lastWriteAt: `2025-03-01T${lastWriteAt}Z`,
  });
  assert.equal(wallTimeMs([session(1, '10:00:00', '10:05:00'), session(2, '10:01:00', '10:02:00')]), 5 * 60_000);
  assert.equal(wallTimeMs([session(2, '10:06:00', '10:06:01'), session(1, '10:00:00', '10:00:00.5')]), 1500);
  assert.equal(wallTimeMs([]), null);
});

test('a write rolled back takes its session with it: the next write starts the session, leaving the session that took its id alone', () => {
  const dir = freshDir();
  const at = (time: string) => `2025-03-01T${time}.000Z`;
  const store = openRunStore(dir, {
    create: config,
    tasks,
    now: clockOf(at('10:00:00'), at('10:00:05'), at('10:00:09')),
  });
  assert.throws(
    () =>
      store.batch(() => {
        store.putCandidate(candidate('counter-add', 0));
        throw new Error('interrupted');
      }),
    /interrupted/,
  );
  assert.deepEqual(store.sessions(), []);
  // another process's session gets the id the rolled-back one had
  const other = openRunStore(dir, { now: clockOf(at('10:00:02')) });
  other.putCandidate(candidate('shapes-length', 0));
  other.close();
  store.putCandidate(candidate('counter-add', 0));
  store.putCandidate(candidate('counter-add', 1));
  assert.deepEqual(store.sessions(), [
    { id: 1, stage: 'eval', startedAt: at('10:00:02'), lastWriteAt: at('10:00:02') },
    { id: 2, stage: 'eval', startedAt: at('10:00:05'), lastWriteAt: at('10:00:09') },
  ]);
  store.close();
});

test('a run store made before sessions were recorded opens, without a wall time; a session row is validated on read', () => {
  const dir = freshDir();
  openRunStore(dir, { create: config, tasks }).close();
  const db = new Database(join(dir, 'run.db'));
  db.exec('DROP TABLE sessions');
  db.close();
  const old = openRunStore(dir, { readonly: true });
  assert.deepEqual(old.sessions(), []);
  assert.equal(wallTimeMs(old.sessions()), null);
  old.close();

  // opened for writing, it gets the table
  const writer = openRunStore(dir, { now: clockOf('2025-03-01T10:00:00.000Z') });
  writer.putCandidate(candidate('counter-add', 0));
  writer.close();
  const raw = new Database(join(dir, 'run.db'));
  raw
    .prepare(
      `INSERT INTO sessions (stage, started_at, last_write_at) VALUES ('deploy', '2025-03-01T10:00:00.000Z', ` +
        `'yesterday')`,
    )
    .run();
  raw.close();
  const reader = openRunStore(dir, { readonly: true });
  assert.throws(
    () => reader.sessions(),
    (error: Error) =>
      error instanceof InputError && error.message.includes('(session 2)') && /stage/.test(error.message),
  );
  reader.close();
});

test('opening a directory without a run store is a user error naming it', () => {
  const dir = freshDir();
  assert.throws(
    () => openRunStore(dir),
    (error: Error) => error instanceof InputError && error.message.includes(dir) && /no run store/.test(error.message),
  );
});

test('metrics merge per name, verdicts replace, and rewriting a candidate drops both (they would be stale)', () => {
  const dir = freshDir();
  const store = openRunStore(dir, { create: config, tasks });
  store.putCandidate(candidate('shapes-center', 0));
  store.putMetrics('shapes-center', 0, { em: 1, es: 87 });
  store.putMetrics('shapes-center', 0, { es: 90, idF1: 0.5 });
  store.putVerdict('shapes-center', 0, { ...verdict, verdict: 'build-error' });
  store.putVerdict('shapes-center', 0, verdict);
  assert.deepEqual(store.candidates()[0]!.metrics, { em: 1, es: 90, idF1: 0.5 });
  assert.deepEqual(store.candidates()[0]!.verdict, verdict);
  assert.throws(() => store.putMetrics('shapes-center', 1, { em: 0 }), /no candidate shapes-center#1/);
  assert.throws(() => store.putVerdict('nope', 0, verdict), /no candidate nope#0/);
  assert.throws(() => store.putMetrics('shapes-center', 0, { em: Number.NaN }), /not a number/);

  store.putCandidate(candidate('shapes-center', 0, { output: 'rewritten' }));
  const [rewritten] = store.candidates();
  assert.equal(rewritten!.output, 'rewritten');
  assert.equal(rewritten!.metrics, null);
  assert.equal(rewritten!.verdict, null);
  store.close();
});

test('the store file is SQLite in WAL mode with one candidate row per (task, sample)', () => {
  const dir = freshDir();
  const store = openRunStore(dir, { create: config, tasks });
  store.putCandidate(candidate('shapes-center', 0));
  store.putCandidate(candidate('shapes-center', 0, { output: 'again' }));
  store.close();
  const db = new Database(join(dir, 'run.db'), { readonly: true });
  assert.equal(db.pragma('journal_mode', { simple: true }), 'wal');
  assert.deepEqual(db.prepare('SELECT task_id, sample, output FROM candidates').all(), [
    { task_id: 'shapes-center', sample: 0, output: 'again' },
  ]);
  db.close();
});

test('dumpRun is independent of write order, latency, cache hits, creation time and exec durations', () => {
  const first = freshDir();
  const second = freshDir();
  const a = openRunStore(first, { create: config, tasks });
  const b = openRunStore(second, {
    create: { ...config, createdAt: '2030-01-01T00:00:00.000Z', toolVersion: '0.2.0' },
    tasks,
  });
  for (const task of tasks) a.putPrompt(task.id, prompt);
  for (const task of [...tasks].reverse()) b.putPrompt(task.id, prompt);
  for (const task of tasks) for (const sample of [0, 1]) a.putCandidate(candidate(task.id, sample));
  for (const task of [...tasks].reverse())
    for (const sample of [1, 0]) b.putCandidate(candidate(task.id, sample, { latencyMs: 999, cached: true }));
  a.putVerdict('counter-add', 0, verdict);
  b.putVerdict('counter-add', 0, { ...verdict, buildMs: 1, testMs: 2 });
  a.close();
  b.close();
  assert.equal(dumpRun(first), dumpRun(second));
  const dump = dumpRun(first).trim().split('\n');
  assert.equal(dump.length, 1 + tasks.length + tasks.length + tasks.length * 2);
  assert.deepEqual(JSON.parse(dump[0]!), {
    config: Object.fromEntries(Object.entries(config).filter(([key]) => key !== 'createdAt' && key !== 'toolVersion')),
  });

  const changed = openRunStore(second);
  changed.putCandidate(candidate('counter-add', 1, { output: 'different' }));
  changed.close();
  assert.notEqual(dumpRun(first), dumpRun(second));
});

test('the response cache is shared across opens; its location follows --cache-dir, then CTXBENCH_CACHE_DIR, then ~/.cache', () => {
  const file = join(scratch, 'cache', 'responses.db');
  const cache = openResponseCache(file);
  assert.equal(cache.get('k1'), null);
  cache.put('k1', { text: 'x = 1', promptTokens: 10, completionTokens: 3, finishReason: 'stop', latencyMs: 40 });
  cache.close();
  const again = openResponseCache(file);
  assert.deepEqual(again.get('k1'), {
    text: 'x = 1',
    promptTokens: 10,
    completionTokens: 3,
    finishReason: 'stop',
    latencyMs: 40,
  });
  again.close();

  assert.equal(responseCacheFile('/opt/c', { CTXBENCH_CACHE_DIR: '/env/c' }), '/opt/c/responses.db');
  assert.equal(responseCacheFile(null, { CTXBENCH_CACHE_DIR: '/env/c' }), '/env/c/responses.db');
  assert.match(responseCacheFile(null, {}), /\/\.cache\/ctxbench\/responses\.db$/);
});
