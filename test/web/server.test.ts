import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { after, before, test } from 'node:test';
import Database from 'better-sqlite3';
import { openRunStore, type RunStore } from '../../src/runstore/store.ts';
import { decodeRows, type RowColumns } from '../../src/web/client/columns.ts';
import { expandDiff, splitLines } from '../../src/web/diff.ts';
import { exportViewer } from '../../src/web/export.ts';
import { staticFiles } from '../../src/web/assets.ts';
import { HttpError } from '../../src/web/listen.ts';
import { RunView } from '../../src/web/run-view.ts';
import { taskRow } from '../../src/web/view-model.ts';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { startViewer, type Viewer } from '../../src/web/server.ts';
import { allowedHosts, exposureWarning } from '../../src/web/listen.ts';
import type { QueryResult, RunComparison, RunInfo, RunProgress, RunSummary, TaskDetail } from '../../src/web/types.ts';
import { createSampleRun, FUNCTIONS, sampleConfig, sampleTasks, writeCandidate } from '../fixtures/web/sample.ts';
import { clockOf } from '../fixtures/clock.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-web-'));
const oracleDir = join(scratch, 'oracle');
const infileDir = join(scratch, 'infile');
let viewer: Viewer;

before(async () => {
  createSampleRun(oracleDir, 'oracle');
  createSampleRun(infileDir, 'infile');
  viewer = await startViewer([oracleDir, infileDir], { port: 0 });
});
after(async () => {
  await viewer.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A raw request: the path goes out exactly as written (fetch would normalise `..`). */
function raw(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: viewer.port, path, method, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body, headers: response.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function json<T>(path: string): Promise<T> {
  const response = await raw(path);
  assert.equal(response.status, 200, `${path}: ${response.body}`);
  return JSON.parse(response.body) as T;
}

const putId = 'kvstore/src/store.c:store_put';

test('the server binds 127.0.0.1 and answers only there', async () => {
  assert.equal(viewer.host, '127.0.0.1');
  assert.match(viewer.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  const external = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal);
  if (external) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: external.address, port: viewer.port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    assert.equal(refused, true, `port ${viewer.port} must not be reachable on ${external.address}`);
  }
});

test('the viewer serves its pages, its style sheet and one bundled classic script per page, no script source', async () => {
  assert.deepEqual([...staticFiles().keys()].sort(), [
    '/app.js',
    '/index.html',
    '/review.html',
    '/review.js',
    '/style.css',
  ]);
  const script = await raw('/app.js');
  assert.equal(script.status, 200);
  assert.equal(script.headers['content-type'], 'text/javascript; charset=utf-8');
  // esbuild's IIFE: the client modules inlined, their types stripped, no import left for the browser to resolve
  assert.ok(script.body.startsWith('"use strict";\n(() => {\n'), script.body.slice(0, 80));
  assert.doesNotMatch(script.body, /^\s*(import|export)\b/m);
  assert.match(script.body, /^ {2}\/\/ src\/web\/client\/columns\.ts$/m);
  assert.doesNotThrow(() => new Script(script.body));
  for (const source of ['/api.ts', '/client/api.ts', '/columns.js', '/dom.js'])
    assert.equal((await raw(source)).status, 404, source);
});

test('/api/runs lists the runs under their directory names with counts and config', async () => {
  const runs = await json<RunInfo[]>('/api/runs');
  assert.deepEqual(
    runs.map((r) => [r.id, r.tasks, r.candidates, r.expected, r.config.context]),
    [
      ['oracle', 8, 24, 24, 'oracle'],
      ['infile', 8, 24, 24, 'infile'],
    ],
  );
});

test('/rows sends the list column by column, the whole or its first tasks, and decodes to the same rows', async () => {
  const rows = (await json<QueryResult>('/api/runs/oracle/tasks')).rows;
  const whole = await json<RowColumns & { version: number; total: number }>('/api/runs/oracle/rows');
  assert.equal(whole.total, 8);
  assert.deepEqual(decodeRows(whole), rows);
  // Repeated values go as a dictionary and a code per row; unique ones as they are.
  assert.deepEqual(whole.columns.repo, {
    dictionary: ['kvstore', 'strlib'],
    codes: rows.map((row) => (row.repo === 'kvstore' ? 0 : 1)),
  });
  assert.deepEqual(whole.columns.id, { values: rows.map((row) => row.id) });
  const first = await json<RowColumns & { total: number; first: boolean }>('/api/runs/oracle/rows?limit=3');
  assert.deepEqual([first.total, first.first, first.count], [8, true, 3]);
  assert.deepEqual(decodeRows(first), rows.slice(0, 3));
  assert.equal((await raw('/api/runs/oracle/rows?limit=x')).status, 400);
});

test('a fresh viewer serves the first rows of a run from those tasks only, before reading the whole run', async () => {
  const fresh = await startViewer([oracleDir], { port: 0 });
  try {
    const store = (fresh.runs.get('oracle') as unknown as { store: RunStore }).store;
    const asked: unknown[] = [];
    const taskHeads = store.taskHeads.bind(store);
    const candidateHeads = store.candidateHeads.bind(store);
    store.taskHeads = (range) => (asked.push(['tasks', range]), taskHeads(range));
    store.candidateHeads = (which) => (
      asked.push(['candidates', Array.isArray(which) ? which.length : which]), candidateHeads(which)
    );
    const get = async <T>(path: string) => (await (await fetch(`${fresh.url}${path}`)).json()) as T;
    assert.deepEqual(
      (await get<RunInfo[]>('api/runs')).map((run) => run.tasks),
      [8],
    );
    const first = await get<RowColumns & { total: number }>('api/runs/oracle/rows?limit=2');
    assert.deepEqual(asked, [
      ['tasks', { limit: 2 }],
      ['candidates', 2],
    ]);
    const whole = await get<RowColumns & { total: number }>('api/runs/oracle/rows');
    assert.deepEqual(asked.slice(2), [
      ['tasks', { from: 0, limit: 5000 }],
      ['candidates', { after: null, limit: 5000 }],
    ]);
    assert.deepEqual([first.total, whole.total], [8, 8]);
    assert.deepEqual(decodeRows(first), decodeRows(whole).slice(0, 2));
  } finally {
    await fresh.close();
  }
});

test('a viewer stopped while it reads a large run in slices stops reading: a 503, not a closed database', async () => {
  const dir = join(scratch, 'large');
  const base = sampleTasks()[0]!;
  // One task more than a slice: reading pauses once.
  openRunStore(dir, {
    create: sampleConfig('infile', 1),
    tasks: Array.from({ length: 5001 }, (_, i) => ({ ...base, id: `${base.id}#${i}` })),
  }).close();
  const view = new RunView('large', dir);
  const reading = view.prepare();
  view.close();
  await assert.rejects(
    reading,
    (error) =>
      error instanceof HttpError &&
      error.status === 503 &&
      error.message === "the viewer stopped while reading run 'large'",
  );
});

test('/tasks filters by facet, text and metric range, counts facets, sorts and pages', async () => {
  const all = await json<QueryResult & { count: number }>('/api/runs/oracle/tasks');
  assert.equal(all.count, 8);
  assert.deepEqual(all.facets.repo, { kvstore: 6, strlib: 2 });
  assert.deepEqual(all.facets.level, { none: 1, stdlib: 4, file: 2, package: 1 });
  assert.deepEqual(all.facets.verdict, { passed: 4, failed: 1, built: 1, timeout: 1, 'not-run': 1 });
  assert.deepEqual(all.facets.lines, { '4-5 (hard)': 2, '6+': 6 });

  const stdlib = await json<QueryResult & { count: number }>('/api/runs/oracle/tasks?level=stdlib');
  assert.deepEqual(
    stdlib.rows.map((r) => r.name),
    ['store_find', 'store_reserve', 'store_free', 'str_dup'],
  );
  assert.deepEqual(stdlib.facets.verdict, { passed: 3, failed: 1 });
  assert.deepEqual(stdlib.facets.level, { none: 1, stdlib: 4, file: 2, package: 1 });

  const text = await json<QueryResult & { count: number }>('/api/runs/oracle/tasks?q=STORE_F');
  assert.deepEqual(
    text.rows.map((r) => r.name),
    ['store_find', 'store_free'],
  );
  const byPath = await json<QueryResult & { count: number }>('/api/runs/oracle/tasks?q=lib%2Fstr.c');
  assert.deepEqual(
    byPath.rows.map((r) => r.name),
    ['str_dup', 'str_trim'],
  );

  // pass@1 per task: store_count passes 2 of 3 samples, store_find, store_free and str_dup 1 of 3.
  const passing = await json<QueryResult & { count: number }>('/api/runs/oracle/tasks?range=pass%401%3A50%3A');
  assert.deepEqual(
    passing.rows.map((r) => [r.name, Number(r.metrics['pass@1']!.toFixed(2))]),
    [['store_count', 66.67]],
  );
  const sorted = await json<QueryResult & { count: number; offset: number }>(
    '/api/runs/oracle/tasks?sort=pass%401&desc=1&offset=1&limit=3',
  );
  assert.equal(sorted.count, 8);
  assert.deepEqual(
    sorted.rows.map((r) => r.name),
    ['store_find', 'store_free', 'str_dup'],
  );
});

test('a task: the original facts, every candidate with class, scores, time and its diff against the reference', async () => {
  const detail = await json<TaskDetail>(`/api/runs/oracle/tasks/${encodeURIComponent(putId)}`);
  assert.equal(detail.task.name, 'store_put');
  assert.deepEqual(detail.facts, {
    lastCommit: '2024-05-17',
    testHits: 120,
    callers: 2,
    callees: { file: 1, package: 0, project: 0, stdlib: 0, external: 0 },
    calleesFrom: 'index',
  });
  assert.deepEqual(
    detail.candidates.map((c) => [c.sample, c.class, c.verdict?.verdict]),
    [
      [0, 'built', 'test-fail'],
      [1, 'built', 'test-fail'],
      [2, 'failed', 'build-error'],
    ],
  );
  assert.equal(detail.candidates[0]!.scores.em, 0);
  assert.equal(detail.candidates[0]!.timeMs, 900 + 4000 + 2500);
  const candidate = detail.candidates[0]!;
  assert.match(candidate.diff!, /^=+-\+\+=+$/);
  const changed = expandDiff(candidate.diff!, splitLines(detail.task.reference), splitLines(candidate.output!)).filter(
    (line) => line.op !== 'equal',
  );
  assert.deepEqual(changed, [
    { op: 'delete', text: '    s->count++;', oldLine: 13, newLine: null },
    { op: 'insert', text: '    s->count += 1;', oldLine: null, newLine: 13 },
    { op: 'insert', text: '    s->dirty = 1;', oldLine: null, newLine: 14 },
  ]);
  assert.deepEqual(detail.prompt!.snippets, [
    { source: 'oracle', path: 'src/store.c', startLine: 12, endLine: 19, score: null },
  ]);

  const published = await json<TaskDetail>(`/api/runs/oracle/tasks/${encodeURIComponent('strlib/lib/str.c:str_trim')}`);
  assert.deepEqual(published.facts, {
    lastCommit: '02.03.2024',
    testHits: 40,
    callers: 3,
    callees: { file: 0, package: 1, project: 0, stdlib: 0, external: 0 },
    calleesFrom: 'published',
  });
  assert.deepEqual(
    published.candidates.map((c) => c.class),
    ['not-run', 'not-run', 'not-run'],
  );

  const missing = await raw(`/api/runs/oracle/tasks/${encodeURIComponent('no/such:task')}`);
  assert.equal(missing.status, 404);
  assert.equal((await raw('/api/runs/nope/tasks')).status, 404);
});

test('summary, progress and comparison come from the report stage', async () => {
  const summary = await json<RunSummary>('/api/runs/oracle/summary');
  assert.deepEqual(
    summary.tables.map((t) => t.by),
    [[], ['repo'], ['level'], ['lines']],
  );
  assert.deepEqual(summary.tables[0]!.report.metrics, ['em', 'es', 'pass@1', 'pass@1-first']);
  assert.equal(summary.tables[0]!.report.rows[0]!.tasks, 8);
  assert.deepEqual(
    summary.tables[1]!.report.rows.map((r) => [r.group[0], r.tasks]),
    [
      ['kvstore', 6],
      ['strlib', 2],
    ],
  );

  const progress = await json<RunProgress>('/api/runs/oracle/progress');
  assert.deepEqual([progress.generated, progress.scored, progress.executed, progress.expected], [24, 23, 20, 24]);
  assert.deepEqual(progress.counts, {
    passed: 5,
    flagged: 0,
    built: 6,
    failed: 6,
    timeout: 3,
    'not-run': 3,
    'no-output': 1,
  });
  assert.equal(progress.time.generationMs, 24 * 900 + 8 * (100 + 200));
  assert.equal(progress.perRepo.metrics.join(), 'pass@1,em,es');
  assert.deepEqual(
    progress.perRepo.rows.map((r) => r.group[0]),
    ['kvstore', 'strlib'],
  );

  const comparison = await json<RunComparison>('/api/compare?a=oracle&b=infile');
  assert.equal(comparison.tasks.length, 8);
  assert.deepEqual(
    comparison.tasks.map((t) => `${t.a.verdict}>${t.b.verdict}`),
    [
      'passed>passed',
      'passed>built',
      'failed>failed',
      'built>passed',
      'timeout>no-output',
      'passed>failed',
      'passed>passed',
      'not-run>passed',
    ],
  );
  // em of sample 0: oracle same,edit,broken,edit,timeout(=reference),same,broken,unexecuted(=reference); infile
  // edit,edit,broken,same,error,broken,same,edit.
  assert.deepEqual(
    comparison.comparison!.transitions.map((t) => [
      t.tasks,
      t.stayedCorrect,
      t.correctToWrong,
      t.wrongToCorrect,
      t.stayedWrong,
    ]),
    [[7, 0, 3, 2, 2]],
  );
  // On the report scale, as `ctxbench report` shows it: em differences -1, 0, 0, +1, -1, +1, -1 over 7 paired tasks,
  // x100.
  const em = comparison.comparison!.differences.find((d) => d.metric === 'em')!;
  assert.equal(em.tasks, 7);
  assert.equal(em.meanDifference.toFixed(4), (-100 / 7).toFixed(4));
  assert.ok(
    em.low < em.meanDifference && em.high > em.meanDifference && em.low >= -100 && em.high <= 100,
    `${em.low} ${em.high}`,
  );
});

test('runs that share no task: the comparison is refused with one line naming both, each run still shows', async () => {
  const otherDir = join(scratch, 'other');
  openRunStore(otherDir, {
    create: sampleConfig('infile'),
    tasks: sampleTasks().map((task) => ({ ...task, id: `other/${task.id}` })),
  }).close();
  const refusal = `runs ${oracleDir} and ${otherDir} share no tasks: only runs made from the same tasks can be compared`;
  const unrelated = await startViewer([oracleDir, otherDir], { port: 0 });
  try {
    const response = await fetch(`${unrelated.url}api/compare?a=oracle&b=other`);
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: refusal });
    assert.equal((await fetch(`${unrelated.url}api/runs/other/summary`)).status, 200);
  } finally {
    await unrelated.close();
  }
  const out = join(scratch, 'export-unrelated');
  exportViewer([oracleDir, otherDir], out);
  assert.equal(
    readFileSync(join(out, 'data/compare/oracle/other.js'), 'utf8'),
    `ctxbenchData("/api/compare?a=oracle&b=other", ${JSON.stringify({ error: refusal })});\n`,
  );
});

test('path traversal, plain or encoded, and files outside the static folder are refused', async () => {
  const attempts = [
    '/../package.json',
    '/../../../../etc/passwd',
    '/%2e%2e/package.json',
    '/%2E%2E/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/%2e%2e%2f%2e%2e%2fpackage.json',
    '/..%5c..%5cpackage.json',
    '/.%2e/package.json',
    '/api/../package.json',
    '/api/runs/oracle/../../package.json',
    '/run.db',
    '/oracle/run.db',
    '/query.d.ts',
    '/%00app.js',
    '/app.js%00',
    '/static/app.js',
  ];
  for (const path of attempts) {
    const response = await raw(path);
    assert.ok(response.status === 403 || response.status === 404, `${path} -> ${response.status}`);
    assert.ok(!response.body.includes('"devDependencies"') && !response.body.includes('root:'), path);
  }
  assert.equal((await raw('/../package.json')).status, 403);
  assert.equal((await raw('/..%2fpackage.json')).status, 403);
  assert.equal((await raw('/%2e%2e/package.json')).status, 403);
  const page = await raw('/');
  assert.equal(page.status, 200);
  assert.match(page.body, /<main id="main">/);
  assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
  assert.equal((await raw('/app.js')).headers['content-type'], 'text/javascript; charset=utf-8');
  assert.equal((await raw('/api/runs', {}, 'POST')).status, 405);
});

test('a Host header naming another host is refused (DNS rebinding)', async () => {
  assert.equal((await raw('/api/runs', { host: 'attacker.example' })).status, 403);
  assert.equal((await raw('/api/runs', { host: `localhost:${viewer.port}` })).status, 200);
  assert.equal((await raw('/api/runs', { host: `LocalHost:${viewer.port}` })).status, 200);
  for (const host of ['localhost.attacker.example', '127.0.0.1.attacker.example', `attacker.example:${viewer.port}`])
    assert.equal((await raw('/api/runs', { host })).status, 403, host);
});

test('bound to a loopback alias or beyond loopback, the Host check stays: only the bound name and loopback names are answered (#32.7)', async () => {
  const alias = await startViewer([oracleDir], { port: 0, host: '127.0.0.2' });
  try {
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.2', port: alias.port, path: '/api/runs', headers: { host } },
          (response) => {
            response.resume();
            resolve(response.statusCode!);
          },
        );
        req.on('error', reject);
        req.end();
      });
    assert.equal(await get('attacker.example'), 403);
    assert.equal(await get(`127.0.0.2:${alias.port}`), 200);
    assert.equal(await get(`localhost:${alias.port}`), 200);
  } finally {
    await alias.close();
  }
  assert.match(exposureWarning('127.0.0.2', 'these runs')!, /127\.0\.0\.2 is a loopback alias: requests must name it/);
  assert.match(
    exposureWarning('0.0.0.0', 'these runs')!,
    /not loopback: anyone who can reach this machine can read these runs/,
  );
  assert.equal(exposureWarning('127.0.0.1', 'these runs'), null);
  assert.ok(allowedHosts('0.0.0.0').has('127.0.0.1'));
  assert.ok(!allowedHosts('0.0.0.0').has('attacker.example'));
});

test("progress gives the wall time of the run's writing sessions, null for a run written before they were recorded", async () => {
  const timed = join(scratch, 'timed');
  createSampleRun(timed, 'oracle', 4, clockOf('2025-03-01T10:00:00.000Z', '2025-03-01T10:03:02.000Z'));
  const writer = openRunStore(timed, { now: clockOf('2025-03-01T10:20:00.000Z', '2025-03-01T10:21:00.000Z') });
  writeCandidate(writer, sampleTasks()[4]!, FUNCTIONS[4]!, 0, 'same');
  writer.close();
  const old = join(scratch, 'old');
  createSampleRun(old, 'oracle', 4);
  const db = new Database(join(old, 'run.db'));
  db.exec('DROP TABLE sessions');
  db.close();
  const fresh = await startViewer([timed, old], { port: 0 });
  try {
    const wall = async (run: string) => {
      const { wallMs, sessions } = ((await (await fetch(`${fresh.url}api/runs/${run}/progress`)).json()) as RunProgress)
        .time;
      return { wallMs, sessions };
    };
    // [10:00:00, 10:03:02] and [10:20, 10:21]
    assert.deepEqual(await wall('timed'), { wallMs: 3 * 60_000 + 2_000 + 60_000, sessions: 2 });
    assert.deepEqual(await wall('old'), { wallMs: null, sessions: 0 });
  } finally {
    await fresh.close();
  }
});

test('a run written by another connection is seen on the next request, and only then reloaded', () => {
  const dir = join(scratch, 'growing');
  createSampleRun(dir, 'oracle', 2);
  const view = new RunView('growing', dir);
  try {
    const first = view.version();
    assert.equal(view.rows()[2]!.verdict, 'no-candidates');
    assert.equal(view.version(), first, 'nothing changed: same snapshot');
    const writer = openRunStore(dir);
    const task = sampleTasks()[2]!;
    writeCandidate(writer, task, FUNCTIONS[2]!, 0, 'same');
    writer.close();
    assert.equal(view.version(), first + 1);
    assert.equal(view.rows()[2]!.verdict, 'passed');
    assert.equal(view.progress().generated, 7);
  } finally {
    view.close();
  }
});

test('--export writes the API answers as script files and one classic script that compiles', () => {
  const out = join(scratch, 'export');
  const summary = exportViewer([oracleDir, infileDir], out);
  assert.deepEqual([summary.runs, summary.tasks], [2, 16]);
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  assert.match(html, /data-mode="static"/);
  assert.match(html, /<script src="app.js" defer><\/script>/);
  assert.match(html, /http-equiv="Content-Security-Policy"/);
  const bundle = readFileSync(join(out, 'app.js'), 'utf8');
  assert.doesNotThrow(() => new Script(bundle, { filename: 'app.js' }));
  assert.doesNotMatch(bundle, /^(import|export)\b/m);
  const rows = readFileSync(join(out, 'data/oracle/rows.js'), 'utf8');
  assert.ok(rows.startsWith('ctxbenchData("/api/runs/oracle/rows", {'));
  for (const file of [
    'data/runs.js',
    'data/oracle/run.js',
    'data/oracle/summary.js',
    'data/oracle/progress.js',
    'data/oracle/task-7.js',
    'data/infile/task-0.js',
    'data/compare/oracle/infile.js',
    'data/compare/infile/oracle.js',
    'style.css',
  ]) {
    assert.ok(existsSync(join(out, file)), file);
  }
});

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['bin/ctxbench.js', ...args], { cwd: new URL('../../', import.meta.url) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test('ctxbench view: serves until interrupted, prints the URL; usage errors exit 2', async () => {
  const child = spawn(process.execPath, ['bin/ctxbench.js', 'view', oracleDir, '--port', '0'], {
    cwd: new URL('../../', import.meta.url),
  });
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.once('close', (code) => reject(new Error(`exited ${code} before serving`)));
  });
  const runs = (await (await fetch(`${url}api/runs`)).json()) as RunInfo[];
  assert.deepEqual(
    runs.map((r) => r.id),
    ['oracle'],
  );
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  child.kill('SIGINT');
  assert.equal(await exited, 0);

  // Bound beyond loopback, it says so at start (the runs are readable by anyone who can reach the machine).
  const exposed = spawn(process.execPath, ['bin/ctxbench.js', 'view', oracleDir, '--port', '0', '--host', '0.0.0.0'], {
    cwd: new URL('../../', import.meta.url),
  });
  let warning = '';
  exposed.stderr.on('data', (chunk) => (warning += chunk));
  const exposedUrl = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    exposed.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /:(\d+)\/ /.exec(stdout);
      if (match) resolve(`http://127.0.0.1:${match[1]}/`);
    });
    exposed.once('close', (code) => reject(new Error(`exited ${code}: ${warning}`)));
  });
  assert.equal((await fetch(`${exposedUrl}api/runs`)).status, 200);
  const stopped = new Promise<number | null>((resolve) => exposed.once('close', resolve));
  exposed.kill('SIGINT');
  assert.equal(await stopped, 0);
  assert.equal(
    warning,
    'ctxbench view: warning: listening on 0.0.0.0, not loopback: anyone who can reach this machine can read these ' +
      'runs (there is no authentication); requests must name this machine by one of its addresses or its host name ' +
      '(DNS rebinding is refused)\n',
  );

  const missing = await runCli(['view']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /expected at least one run directory/);
  const badPort = await runCli(['view', oracleDir, '--port', 'http']);
  assert.equal(badPort.code, 2);
  assert.match(badPort.stderr, /--port must be an integer/);
  const noRun = await runCli(['view', join(scratch, 'nothing-here'), '--port', '0']);
  assert.equal(noRun.code, 2);
  assert.match(noRun.stderr, /no run store here/);
  const exported = await runCli(['view', oracleDir, '--export', join(scratch, 'cli-export')]);
  assert.equal(exported.code, 0, exported.stderr);
  assert.match(exported.stdout, /wrote a static copy of 1 run\(s\), 8 task\(s\)/);
});

test('a cross-file task, which has no name, is listed by the name its hole uses (#38.6)', () => {
  const [fn] = sampleTasks();
  const { name: _name, signature: _signature, docstring: _docstring, ...rest } = fn!;
  const crossfile = {
    ...rest,
    id: 'cf-util-max',
    kind: 'crossfile',
    meta: { crossFileName: 'util_max' },
  } as TaskRecord;
  const store = openRunStore(join(scratch, 'crossfile-run'), { create: sampleConfig('bm25'), tasks: [crossfile, fn!] });
  try {
    assert.deepEqual(
      store.taskHeads().map((head, ord) => taskRow(head, ord, []).name),
      ['util_max', fn!.name],
    );
  } finally {
    store.close();
  }
});
