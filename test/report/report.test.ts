// Reports: exact aggregates by dimension, pass@k from verdicts, missing candidates marked,
// transitions and paired differences between runs, and every output format.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { buildReport, parseDimensions } from '../../src/report/aggregate.ts';
import {
  chunkSources,
  classifyChunkSource,
  compareRuns,
  pairedBootstrap,
  scoreByIdentifierCoverage,
  transitions,
} from '../../src/report/compare.ts';
import { renderReport } from '../../src/report/render.ts';
import { openRunStore, type RunStore } from '../../src/runstore/store.ts';
import type { RunConfig } from '../../src/runstore/types.ts';
import { escapeMarkdown } from '../../src/util/markdown.ts';
import { scorePair } from '../../src/metrics/index.ts';

function task(id: string, language: 'python' | 'c', level: string, lines: number, bucket: number): TaskRecord {
  return {
    id,
    kind: 'node',
    language,
    repo: { name: 'demo', commit: null },
    path: `src/${id}.${language === 'c' ? 'c' : 'py'}`,
    prefix: 'import util\n',
    suffix: '',
    reference: 'x',
    span: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 2 },
    labels: { level, lines, bucket, semantic: 'Expression/call' },
  };
}

const TASKS = [
  task('a', 'python', 'file', 1, 2),
  task('b', 'python', 'project', 3, 7),
  task('c', 'c', 'file', 1, 2),
  task('d', 'c', 'project', 5, 10),
];

function config(samples: number, context: string): RunConfig {
  return {
    model: 'baseline:empty',
    context,
    template: 'cceval',
    tokenizer: 'o200k_base',
    samples,
    temperature: 0,
    topP: 1,
    maxTokens: 64,
    seed: null,
    tasksPath: '/nonexistent/tasks.jsonl',
    tasksHash: 'x',
    toolVersion: '0.1.0',
    createdAt: '2026-01-01T00:00:00Z',
    isBaseline: true,
  };
}

/** A run where each task's samples have the given em values (null = failed call) and verdicts. */
function makeRun(
  context: string,
  samples: number,
  scores: Record<string, (number | null)[]>,
  passes?: Record<string, (boolean | 'not-covered')[]>,
  tasks = TASKS,
): RunStore {
  const dir = join(mkdtempSync(join(tmpdir(), 'ctxbench-report-')), context);
  const store = openRunStore(dir, { create: config(samples, context), tasks });
  for (const [taskId, values] of Object.entries(scores)) {
    values.forEach((em, sample) => {
      store.putCandidate({
        taskId,
        sample,
        raw: em === null ? null : 'x',
        output: em === null ? null : 'x',
        postprocess: 'none',
        error: em === null ? 'HTTP 500' : null,
        promptTokens: 10,
        completionTokens: 1,
        latencyMs: 5,
      });
      if (em !== null) store.putMetrics(taskId, sample, { em, es: em * 100 });
      const pass = passes?.[taskId]?.[sample];
      if (pass !== undefined)
        store.putVerdict(taskId, sample, {
          verdict: pass === 'not-covered' ? pass : pass ? 'pass' : 'test-fail',
          selectedTests: [],
          buildMs: 1,
          testMs: 1,
          logTail: '',
          cached: false,
        });
    });
  }
  return store;
}

test('aggregates by language and level on the report scale, marking missing candidates', () => {
  const run = makeRun('infile', 1, { a: [1], b: [0], c: [1], d: [null] });
  const report = buildReport([run], parseDimensions('language,level'));
  assert.deepEqual(report.metrics, ['em', 'es']);
  assert.deepEqual(
    report.rows.map((r) => [r.group.join('/'), r.tasks, r.missing, r.means.em, r.means.es]),
    [
      ['c/file', 1, 0, 100, 100],
      ['c/project', 1, 1, null, null],
      ['python/file', 1, 0, 100, 100],
      ['python/project', 1, 0, 0, 0],
    ],
  );
  assert.deepEqual(report.notes, [
    `${run.dir}: 1 candidates missing or unscored; averages are over the scored ones only`,
    `${run.dir}: exact matches 2 of 3 candidates (66.7%), the memorisation signal`,
  ]);
  const text = renderReport(report, 'text');
  assert.match(text, /c\s+project\s+1\s+1\s+missing\s+missing/);
  // the reference baseline's exact matches are no memorisation signal (#38.7)
  const reference = openRunStore(join(mkdtempSync(join(tmpdir(), 'ctxbench-ref-')), 'run'), {
    create: { ...config(1, 'infile'), model: 'baseline:reference' },
    tasks: TASKS,
  });
  reference.putCandidate({
    taskId: 'a',
    sample: 0,
    raw: 'x',
    output: 'x',
    postprocess: null,
    error: null,
    promptTokens: null,
    completionTokens: null,
    latencyMs: null,
  });
  reference.putMetrics('a', 0, { em: 1, es: 1 });
  assert.match(
    buildReport([reference], parseDimensions('language')).notes.join('\n'),
    /exact matches 1 of 1 candidates \(100\.0%\), by construction \(the reference baseline\)/,
  );
  reference.close();
  assert.match(
    text,
    /model baseline:empty \(baseline, no model\), context infile, template cceval, tokenizer o200k_base/,
  );
  run.close();
});

test('lines and bucket groups follow M2RC-Eval', () => {
  const run = makeRun('infile', 1, { a: [1], b: [0], c: [0], d: [1] });
  const report = buildReport([run], parseDimensions('lines'));
  assert.deepEqual(
    report.rows.map((r) => [r.group[0], r.tasks, r.means.em]),
    [
      ['1 (easy)', 2, 50],
      ['2-3 (middle)', 1, 0],
      ['4-5 (hard)', 1, 100],
    ],
  );
  const buckets = buildReport([run], parseDimensions('bucket'));
  assert.deepEqual(
    buckets.rows.map((r) => r.group[0]),
    ['02', '07', '10'],
  );
  run.close();
});

test('pass@k from verdicts: the unbiased estimator and the first-k variant', () => {
  const run = makeRun(
    'oracle',
    5,
    { a: [1, 1, 1, 1, 1], b: [1, 1, 1, 1, 1] },
    { a: [false, false, true, false, false], b: [false, false, false, false, false] },
  );
  const report = buildReport([run], []);
  assert.deepEqual(report.metrics, ['em', 'es', 'pass@1', 'pass@1-first', 'pass@5', 'pass@5-first']);
  const row = report.rows[0]!;
  // task a: n=5, c=1 -> pass@1 = 0.2, pass@5 = 1; first sample failed, one of the first 5 passed. Task b: all 0.
  assert.ok(Math.abs(row.means['pass@1']! - 10) < 1e-9);
  assert.equal(row.means['pass@1-first'], 0);
  assert.equal(row.means['pass@5'], 50);
  assert.equal(row.means['pass@5-first'], 50);
  run.close();
});

test('a run executed for some repositories only: pass@k over the executed tasks, the others blank and said', () => {
  const run = makeRun('infile', 1, { a: [1], b: [0], c: [1], d: [0] }, { a: [true], b: [false] });
  const report = buildReport([run], parseDimensions('language'));
  assert.deepEqual(
    report.rows.map((r) => [r.group[0], r.means['pass@1']]),
    [
      ['c', null],
      ['python', 50],
    ],
  );
  assert.ok(
    report.notes.includes(`${run.dir}: 2 of 4 tasks have no verdict (not executed); pass@k is over the 2 executed`),
  );
  // every task judged: no such note
  const whole = makeRun(
    'whole',
    1,
    { a: [1], b: [0], c: [1], d: [0] },
    { a: [true], b: [false], c: [true], d: [true] },
  );
  assert.ok(!buildReport([whole], []).notes.some((note) => note.includes('no verdict')));
  // a task no test reaches is executed but left out of pass@k: the count says so
  const uncovered = makeRun('uncovered', 1, { a: [1], b: [0], c: [1], d: [0] }, { a: [true], b: ['not-covered'] });
  const notes = buildReport([uncovered], []).notes;
  assert.ok(
    notes.includes(
      `${uncovered.dir}: 2 of 4 tasks have no verdict (not executed); pass@k is over the 1 executed that a test reaches`,
    ),
    notes.join('\n'),
  );
  assert.equal(buildReport([uncovered], []).rows[0]!.means['pass@1'], 100);
  run.close();
  whole.close();
  uncovered.close();
});

test('transitions and a paired bootstrap between runs of the same tasks', () => {
  const infile = makeRun('infile', 1, { a: [1], b: [0], c: [0], d: [1] });
  const bm25 = makeRun('bm25', 1, { a: [1], b: [1], c: [1], d: [0] });
  const [row] = transitions([infile, bm25]);
  assert.deepEqual(
    { ...row, from: undefined, to: undefined },
    {
      from: undefined,
      to: undefined,
      tasks: 4,
      stayedCorrect: 1,
      correctToWrong: 1,
      wrongToCorrect: 2,
      stayedWrong: 0,
    },
  );
  const difference = pairedBootstrap(infile, bm25, 'em', 500, 7);
  assert.equal(difference.tasks, 4);
  assert.equal(difference.meanDifference, 0.25);
  assert.ok(difference.low <= 0.25 && difference.high >= 0.25 && difference.low >= -1 && difference.high <= 1);
  assert.deepEqual(pairedBootstrap(infile, bm25, 'em', 500, 7), difference, 'seeded: the same interval every time');
  infile.close();
  bm25.close();
});

test('runs that share no task are refused, naming both; runs that share some are compared on those', () => {
  const infile = makeRun('infile', 1, { a: [1], b: [0] });
  const other = makeRun('other', 1, { e: [1] }, undefined, [
    task('e', 'python', 'file', 1, 2),
    task('f', 'c', 'file', 1, 2),
  ]);
  assert.throws(
    () => buildReport([infile, other], []),
    (error: Error) =>
      error.message ===
      `runs ${infile.dir} and ${other.dir} share no tasks: only runs made from the same tasks can be compared`,
  );
  // The refusal concerns any two of the runs, not only the first two.
  assert.throws(() => buildReport([infile, infile, other], []), /share no tasks/);
  const partial = makeRun('partial', 1, { a: [0], e: [1] }, undefined, [TASKS[0]!, task('e', 'python', 'file', 1, 2)]);
  const report = buildReport([infile, partial], []);
  assert.deepEqual(
    report.rows.map((r) => [r.tasks, r.means.em]),
    [
      [4, 50],
      [2, 50],
    ],
  );
  assert.equal(compareRuns([infile, partial], report.metrics)!.differences.find((d) => d.metric === 'em')!.tasks, 1);
  for (const store of [infile, other, partial]) store.close();
  const result = spawnSync(
    process.execPath,
    [fileURLToPath(new URL('../../bin/ctxbench.js', import.meta.url)), 'report', infile.dir, other.dir],
    { encoding: 'utf8', timeout: 60_000 },
  );
  assert.equal(result.status, 2, result.stderr);
  assert.equal(result.stdout, '');
  assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
  assert.match(result.stderr, new RegExp(`runs ${infile.dir} and ${other.dir} share no tasks`));
});

test('prompt-token bins and other numeric groups are in numeric order', () => {
  const tasks = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'].map((id) => task(id, 'python', 'file', 1, 2));
  const run = makeRun('tokens', 1, Object.fromEntries(tasks.map((t) => [t.id, [1]])), undefined, tasks);
  [3000, 100, 5000, 700, 1500].forEach((total, index) =>
    run.putPrompt(tasks[index]!.id, { messages: null, prompt: 'x', tokens: { total }, snippets: [] }),
  );
  const report = buildReport([run], parseDimensions('prompt-tokens'));
  assert.deepEqual(
    report.rows.map((r) => r.group[0]),
    ['<=512', '<=1024', '<=2048', '<=4096', '>4096', 'unknown'],
  );
  // Several dimensions: the first orders, then the next, each by value.
  const buckets = [2, 10, 7, 2].map((bucket, index) =>
    task(`q${index}`, index < 2 ? 'c' : 'python', 'file', 1, bucket),
  );
  const byBucket = makeRun('buckets', 1, Object.fromEntries(buckets.map((t) => [t.id, [1]])), undefined, buckets);
  assert.deepEqual(
    buildReport([byBucket], parseDimensions('language,bucket')).rows.map((r) => r.group.join(' ')),
    ['c 02', 'c 10', 'python 02', 'python 07'],
  );
  run.close();
  byBucket.close();
});

test('comparisons are on the report scale, as the report table is', () => {
  const infile = makeRun('infile', 1, { a: [1], b: [1], c: [1], d: [1] });
  const bm25 = makeRun('bm25', 1, { a: [0], b: [0], c: [0], d: [0] });
  const comparison = compareRuns([infile, bm25], ['em', 'es'])!;
  assert.deepEqual(
    comparison.differences.map((d) => [d.metric, d.meanDifference, d.low, d.high]),
    [
      ['em', -100, -100, -100],
      ['es', -100, -100, -100],
    ],
  );
  const text = renderReport(buildReport([infile, bm25], []), 'text', comparison);
  assert.match(text, /em\s+bm25 - infile\s+4\s+-100\.00\s+\[-100\.00, -100\.00\]/);
  infile.close();
  bm25.close();
});

test('formats: csv, markdown and json', () => {
  const run = makeRun('infile', 1, { a: [1], b: [0], c: [1], d: [0] });
  const report = buildReport([run], parseDimensions('language'));
  assert.equal(
    renderReport(report, 'csv'),
    `run,language,tasks,missing,em,es\n${run.dir},c,2,0,50.0000,50.0000\n${run.dir},python,2,0,50.0000,50.0000\n`,
  );
  assert.match(renderReport(report, 'md'), /\| infile \| c \| 2 \| 0 \| 50\.00 \| 50\.00 \|/);
  assert.equal(JSON.parse(renderReport(report, 'json')).rows.length, 2);
  run.close();
});

test('markdown and HTML reports show names as written: no broken table row, no markup', () => {
  assert.equal(
    escapeMarkdown('a|b<script>x</script>\r\n*_`[]~\\&'),
    'a\\|b&lt;script&gt;x&lt;/script&gt;<br>\\*\\_\\`\\[\\]\\~\\\\&amp;',
  );
  // A model name, a run folder and a group value from the user's own labels, each hostile.
  const tasks = [task('a', 'python', 'p|q\n<b>r</b>', 1, 2), task('b', 'c', 'file', 1, 2)];
  const dir = join(mkdtempSync(join(tmpdir(), 'ctxbench-report-')), 'run|<img src=x onerror=alert(1)>');
  const store = openRunStore(dir, {
    create: { ...config(1, 'infile'), model: 'a|b<script>x</script>', isBaseline: false },
    tasks,
  });
  for (const [taskId, em] of [
    ['a', 1],
    ['b', 0],
  ] as const) {
    store.putCandidate({
      taskId,
      sample: 0,
      raw: 'x',
      output: 'x',
      postprocess: 'none',
      error: null,
      promptTokens: 10,
      completionTokens: 1,
      latencyMs: 5,
    });
    store.putMetrics(taskId, 0, { em, es: em * 100 });
  }
  store.close();
  const report = (format: string) => {
    const result = spawnSync(
      process.execPath,
      [
        fileURLToPath(new URL('../../bin/ctxbench.js', import.meta.url)),
        'report',
        dir,
        '--by',
        'level',
        '--preset',
        'cceval',
        '--format',
        format,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    assert.equal(result.status, 0, result.stderr);
    return result.stdout;
  };
  const md = report('md');
  assert.match(
    md,
    /^- run\\\|&lt;img src=x onerror=alert\(1\)&gt;: model a\\\|b&lt;script&gt;x&lt;\/script&gt;, context infile,/m,
  );
  assert.match(
    md,
    /^\| run\\\|&lt;img src=x onerror=alert\(1\)&gt; \| p\\\|q<br>&lt;b&gt;r&lt;\/b&gt; \| 1 \| 0 \| 100\.00 \| 100\.00 \|$/m,
  );
  assert.doesNotMatch(md, /<(?!br>)/, 'no HTML but the line breaks inside cells');
  // Every row of every table has as many cell separators (a `|` not escaped) as its header.
  const tables = md
    .split(/\n(?!\|)/)
    .map((block) => block.split('\n').filter((line) => line.startsWith('|')))
    .filter((rows) => rows.length);
  assert.equal(tables.length, 4, md);
  for (const rows of tables) {
    const separators = rows.map((line) => line.match(/(?<!\\)\|/g)!.length);
    assert.deepEqual(
      separators,
      rows.map(() => separators[0]),
      rows.join('\n'),
    );
  }
  const html = report('html');
  assert.doesNotMatch(html, /<script|<b>|<img/);
  assert.match(html, /model a\|b&lt;script&gt;x&lt;\/script&gt;, context infile/);
  // The terminal table: a line break (or an ANSI sequence) in a name is shown, not obeyed.
  const text = report('text');
  assert.match(text, /^run\|<img src=x onerror=alert\(1\)>\s+p\|q\\n<b>r<\/b>\s+1\s+0\s+100\.00\s+100\.00$/m);
  assert.doesNotMatch(text, /^<b>r<\/b>/m);
});

test('unknown dimensions and metrics are named', () => {
  assert.throws(() => parseDimensions('language,colour'), /field '--by': unknown dimension 'colour'/);
  const run = makeRun('infile', 1, { a: [1] });
  assert.throws(() => buildReport([run], [], ['em', 'bleurt']), /unknown metric 'bleurt'/);
  run.close();
});

test('retrieved chunk sources: imported file, same directory, similar name, other', () => {
  const t = {
    ...task('a', 'python', 'file', 1, 1),
    path: 'app/cart.py',
    prefix: 'from app.util import money\nimport pricing\n',
  };
  assert.equal(classifyChunkSource(t, 'app/util/money.py'), 'imported-file');
  assert.equal(classifyChunkSource(t, 'lib/pricing.py'), 'imported-file');
  assert.equal(classifyChunkSource(t, 'app/orders.py'), 'same-directory');
  assert.equal(classifyChunkSource(t, 'lib/cart_test.py'), 'similar-name');
  assert.equal(classifyChunkSource(t, 'lib/other.py', 'import pricing\n'), 'shares-import');
  assert.equal(classifyChunkSource(t, 'lib/other.py', 'import os\n'), 'other');
});

test('score by the share of reference identifiers in the retrieved context, and chunk sources', () => {
  const run = makeRun('bm25', 1, { a: [1], b: [0], c: [0] });
  const prompt = (text: string, path: string) => ({
    messages: null,
    prompt: 'p',
    tokens: { total: 1 },
    snippets: [{ source: 'retrieved' as const, path, startLine: 1, endLine: 2, score: 1 }],
    retrieved: [{ path, startLine: 1, endLine: 2, text, score: 1 }],
  });
  // References: a = `x`, b = `x`, c = `x` (one identifier each); only a's and b's context has `x`.
  run.putPrompt('a', prompt('x = util.load()', 'src/util.py'));
  run.putPrompt('b', prompt('y = x', 'src/other.py'));
  run.putPrompt('c', prompt('nothing here', 'lib/far.c'));
  run.putMetrics('a', 0, { es: 100 });
  run.putMetrics('b', 0, { es: 40 });
  run.putMetrics('c', 0, { es: 10 });
  assert.deepEqual(
    scoreByIdentifierCoverage(run, 'es').map((b) => [b.bin, b.tasks, b.meanScore]),
    [
      ['0%', 1, 10],
      ['1-25%', 0, 0],
      ['26-50%', 0, 0],
      ['51-75%', 0, 0],
      ['76-99%', 0, 0],
      ['100%', 2, 70],
    ],
  );
  // Task a (src/a.py) imports util: src/util.py is an imported file; src/other.py shares its folder.
  assert.deepEqual(chunkSources(run), {
    'same-file': 0,
    'imported-file': 1,
    'same-directory': 1,
    'similar-name': 0,
    'shares-import': 0,
    other: 1,
  });
  run.close();
});

test("CodeBLEU is not averaged in silence: the languages it is not defined for and the scores whose dataflow 0 counted as 1 are said in the notes (every format, the viewer's summary)", async () => {
  const code = (id: string, language: 'python' | 'lua', reference: string): TaskRecord => ({
    ...task(id, 'python', 'file', 1, 1),
    language,
    reference,
    path: `src/${id}.${language === 'lua' ? 'lua' : 'py'}`,
  });
  const tasks = [
    code('short', 'python', 'return total'),
    code('flow', 'python', 'total = a + b\nreturn total'),
    code('lua', 'lua', 'return total'),
  ];
  const dir = join(mkdtempSync(join(tmpdir(), 'ctxbench-cb-')), 'run');
  const run = openRunStore(dir, { create: config(1, 'infile'), tasks });
  for (const t of tasks) {
    run.putCandidate({
      taskId: t.id,
      sample: 0,
      raw: t.reference,
      output: t.reference,
      postprocess: 'none',
      error: null,
      promptTokens: 1,
      completionTokens: 1,
      latencyMs: 1,
    });
    run.putMetrics(t.id, 0, await scorePair(t.reference, t.reference, t.language));
  }
  const report = buildReport([run], parseDimensions('language'));
  assert.deepEqual(
    report.notes.filter((note) => note.includes('bleu')),
    [
      `${dir}: codebleu is not defined for lua (1 of 3 scored candidates): its means leave them out`,
      `${dir}: codebleu: 1 of 2 candidates with a dataflow score of 0 counted as 1 (no data flow in the reference, or none matched)`,
      `${dir}: codebleu-strict is not defined for lua (1 of 3 scored candidates): its means leave them out`,
      `${dir}: bleu is not defined for lua (1 of 3 scored candidates): its means leave them out`,
    ],
  );
  // the python row averages the two python candidates only: 65.81 (dataflow counted as 1) and 100
  const python = report.rows.find((row) => row.group[0] === 'python')!;
  assert.ok(Math.abs(python.means.codebleu! - (100 * (0.658113883008419 + 1)) / 2) < 1e-9);
  assert.equal(report.rows.find((row) => row.group[0] === 'lua')!.means.codebleu, null);
  for (const format of ['text', 'md', 'html'] as const)
    assert.match(
      renderReport(report, format),
      /codebleu: 1 of 2 candidates with a dataflow score of 0 counted as 1/,
      format,
    );
  run.close();
});
