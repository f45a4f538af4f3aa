// The report's figures: exact aggregates of every figure kind for fixture runs, seeded bootstrap
// intervals, McNemar p-values against a reference (scipy's binomtest), pass@k curves against the
// closed form, and SVG, PNG, LaTeX and HTML outputs that are produced and well-formed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import { buildReport } from '../../src/report/aggregate.ts';
import { writeFigureFiles } from '../../src/report/export.ts';
import {
  buildFigures,
  FIGURE_KINDS,
  figureInput,
  figureSvg,
  PRESETS,
  svgToPng,
  vegaLiteSpec,
  type Figure,
  type FigureInput,
} from '../../src/report/figures/index.ts';
import { figureLatex } from '../../src/report/latex.ts';
import { renderReport } from '../../src/report/render.ts';
import { bootstrapMean, mcnemarExact, NORMAL_LIMIT, pairedBootstrapTest } from '../../src/report/stats.ts';
import type { RunStore } from '../../src/runstore/store.ts';
import { cli } from '../capture-cli.ts';
import { makeRun, scratchDir, type TaskSpec } from '../fixtures/report/runs.ts';

const TASKS: TaskSpec[] = [
  {
    id: 't1',
    language: 'python',
    level: 'file',
    bucket: 1,
    semantic: 'Expression/call',
    lines: 1,
    repo: 'alpha',
    tokens: 300,
    window: '2024-01-01',
  },
  {
    id: 't2',
    language: 'python',
    level: 'project',
    bucket: 2,
    semantic: 'Statement/if',
    lines: 2,
    repo: 'alpha',
    tokens: 800,
    window: '2024-01-01',
  },
  {
    id: 't3',
    language: 'python',
    level: 'project',
    bucket: 1,
    semantic: 'Expression/call',
    lines: 1,
    repo: 'beta',
    tokens: 1500,
    window: '2024-02-01',
  },
  {
    id: 't4',
    language: 'c',
    level: 'file',
    bucket: 2,
    semantic: 'Statement/if',
    lines: 4,
    repo: 'beta',
    tokens: 300,
    window: '2024-02-01',
  },
  {
    id: 't5',
    language: 'c',
    level: 'project',
    bucket: 1,
    semantic: 'Expression/call',
    lines: 1,
    repo: 'beta',
    tokens: 800,
    window: '2024-03-01',
  },
  {
    id: 't6',
    language: 'c',
    level: 'file',
    bucket: 2,
    semantic: 'Expression/call',
    lines: 7,
    repo: 'alpha',
    tokens: 5000,
    window: '2024-03-01',
  },
];

const scores = (em: number[], es: number[]) =>
  Object.fromEntries(TASKS.map((t, i) => [t.id, [{ em: em[i]!, es: es[i]! }]]));

let root: string;
let infile: RunStore;
let bm25: RunStore;
let sampled: RunStore;
let input: FigureInput;
let figures: Figure[];

before(() => {
  root = scratchDir();
  infile = makeRun(root, TASKS, {
    name: 'infile',
    samples: 1,
    metrics: scores([1, 0, 0, 1, 0, 0], [100, 20, 40, 100, 10, 30]),
  });
  // The reference `value = util.load(x)` has 4 identifiers: t1's context holds 2 of them, t2's all 4, the others none.
  bm25 = makeRun(root, TASKS, {
    name: 'bm25',
    samples: 1,
    metrics: scores([1, 1, 1, 0, 1, 0], [100, 100, 100, 50, 100, 60]),
    retrieved: { t1: 'util.load()', t2: 'value = util.load(x)', t3: '', t4: '', t5: '', t6: '' },
  });
  const report = buildReport([infile, bm25], []);
  input = figureInput([infile, bm25], report);
  figures = buildFigures(input, { seed: 3 });
  sampled = makeRun(root, TASKS.slice(0, 2), {
    name: 'sampled',
    samples: 5,
    metrics: { t1: Array.from({ length: 5 }, () => ({ em: 0 })), t2: Array.from({ length: 5 }, () => ({ em: 0 })) },
    passes: { t1: [false, false, true, false, false], t2: [false, false, false, false, false] },
  });
});
after(() => {
  for (const store of [infile, bm25, sampled]) store?.close();
  rmSync(root, { recursive: true, force: true });
});

const figure = (id: string) => {
  const found = figures.find((f) => f.id === id);
  assert.ok(found, `no figure ${id} (have ${figures.map((f) => f.id).join(', ')})`);
  return found;
};
const pick = (records: Figure['data'], ...fields: string[]) => records.map((r) => fields.map((f) => r[f]));

test('every figure kind that applies is drawn, in registry order', () => {
  assert.deepEqual(
    figures.map((f) => f.id),
    [
      'overall-table',
      'table-repo',
      'table-language',
      'table-level',
      'table-semantic',
      'table-bucket',
      'table-lines',
      'table-prompt-tokens',
      'table-window',
      'heatmap-language-bucket-infile',
      'heatmap-language-bucket-bm25',
      'heatmap-language-semantic-infile',
      'heatmap-language-semantic-bm25',
      'line-prompt-length',
      'line-completion-lines',
      'line-window',
      'line-identifier-coverage',
      'bars-level',
      'bars-repo',
      'bars-semantic',
      'transitions',
      'chunk-sources',
    ],
  );
  assert.deepEqual(
    new Set(figures.map((f) => f.kind)),
    new Set(FIGURE_KINDS.names().filter((id) => id !== 'pass-at-k')),
    'all kinds but pass@k (no verdicts)',
  );
});

test('tables: exact means per run and group on the report scale, intervals around them', () => {
  assert.deepEqual(pick(figure('overall-table').data, 'run', 'metric', 'mean', 'tasks'), [
    ['infile', 'em', 33.33, 6],
    ['infile', 'es', 50, 6],
    ['bm25', 'em', 66.67, 6],
    ['bm25', 'es', 85, 6],
  ]);
  assert.deepEqual(pick(figure('table-language').data, 'run', 'group', 'mean'), [
    ['infile', 'c', 46.67],
    ['infile', 'python', 53.33],
    ['infile', 'all', 50],
    ['bm25', 'c', 70],
    ['bm25', 'python', 100],
    ['bm25', 'all', 85],
  ]);
  for (const record of figure('table-language').data)
    assert.ok(Number(record.low) <= Number(record.mean) && Number(record.mean) <= Number(record.high));
  // All of bm25's python tasks score 100: a zero-width interval.
  assert.deepEqual(
    pick(
      figure('table-language').data.filter((r) => r.run === 'bm25' && r.group === 'python'),
      'low',
      'high',
    ),
    [[100, 100]],
  );
  // The table shows runs as rows, groups as columns, the colour scale from the lowest to the highest cell.
  const table = figure('table-language').table!;
  assert.deepEqual(table.head, ['run x language', 'c', 'python', 'all']);
  assert.deepEqual(
    table.rows.map((row) => row.map((c) => c.shade ?? c.text)),
    [
      ['infile', 0, (53.33 - 46.67) / (100 - 46.67), (50 - 46.67) / (100 - 46.67)],
      ['bm25', (70 - 46.67) / (100 - 46.67), 1, (85 - 46.67) / (100 - 46.67)],
    ],
  );
  assert.deepEqual(
    pick(
      figure('table-prompt-tokens').data.filter((r) => r.run === 'infile'),
      'group',
      'tasks',
    ),
    [
      ['<=512', 2],
      ['<=1024', 2],
      ['<=2048', 1],
      ['>4096', 1],
      ['all', 6],
    ],
  );
});

test('heatmaps, lines and bars: exact cells', () => {
  assert.deepEqual(pick(figure('heatmap-language-bucket-bm25').data, 'row', 'column', 'mean', 'tasks'), [
    ['c', '01', 100, 1],
    ['c', '02', 55, 2],
    ['python', '01', 100, 2],
    ['python', '02', 100, 1],
  ]);
  assert.deepEqual(pick(figure('heatmap-language-bucket-infile').data, 'row', 'column', 'mean'), [
    ['c', '01', 10],
    ['c', '02', 65],
    ['python', '01', 70],
    ['python', '02', 20],
  ]);
  assert.deepEqual(pick(figure('bars-level').data, 'group', 'run', 'mean'), [
    ['file', 'bm25', 70],
    ['file', 'infile', 76.67],
    ['project', 'bm25', 100],
    ['project', 'infile', 23.33],
  ]);
  assert.deepEqual(
    pick(
      figure('line-completion-lines').data.filter((r) => r.run === 'infile'),
      'group',
      'mean',
      'tasks',
    ),
    [
      ['1', 50, 3],
      ['2', 20, 1],
      ['4', 100, 1],
      ['6-10', 30, 1],
    ],
  );
  assert.deepEqual(
    pick(
      figure('line-prompt-length').data.filter((r) => r.run === 'bm25'),
      'group',
      'mean',
    ),
    [
      ['<=512', 75],
      ['<=1024', 100],
      ['<=2048', 100],
      ['>4096', 60],
    ],
  );
  assert.deepEqual(pick(figure('line-identifier-coverage').data, 'run', 'group', 'mean', 'tasks'), [
    ['bm25', '0%', 77.5, 4],
    ['bm25', '26-50%', 100, 1],
    ['bm25', '100%', 100, 1],
  ]);
  assert.deepEqual(
    pick(figure('chunk-sources').data, 'source', 'chunks').filter(([, n]) => n !== 0).length,
    1,
    'every chunk comes from lib/util.py: one source',
  );
});

test("time windows: the chart metric per window, and each model's scores before and after its cut-off", () => {
  // es: infile 100, 20 | 40, 100 | 10, 30; bm25 100, 100 | 100, 50 | 100, 60 (January | February | March)
  assert.deepEqual(pick(figure('line-window').data, 'run', 'group', 'mean', 'tasks', 'cutoff'), [
    ['bm25', '2024-01-01', 100, 2, null],
    ['infile', '2024-01-01', 60, 2, null],
    ['bm25', '2024-02-01', 75, 2, null],
    ['infile', '2024-02-01', 70, 2, null],
    ['bm25', '2024-03-01', 80, 2, null],
    ['infile', '2024-03-01', 20, 2, null],
  ]);
  // infile's cut-off on the 1st of February: January before, February and March after; bm25's in mid-February: the
  // February window holds it (neither side), January before, March after.
  const cut = buildFigures(input, { seed: 3, cutoffs: { infile: '2024-02-01', bm25: '2024-02-15' } });
  const line = cut.find((f) => f.id === 'line-window')!;
  assert.deepEqual(
    line.data.filter((r) => r.cutoff !== null).map((r) => [r.run, r.group, r.cutoff]),
    [
      ['infile', '2024-02-01', '2024-02-01'],
      ['bm25', '2024-03-01', '2024-02-15'],
    ],
  );
  const table = cut.find((f) => f.id === 'window-cutoff')!;
  assert.deepEqual(pick(table.data, 'run', 'cutoff', 'before', 'beforeTasks', 'after', 'afterTasks'), [
    ['infile', '2024-02-01', 60, 2, 45, 4],
    ['bm25', '2024-02-15', 100, 2, 80, 2],
  ]);
  assert.deepEqual(
    table.data.map((r) => r.note),
    [
      'lower after the cut-off (60.0 -> 45.0), within the intervals',
      'lower after the cut-off (100.0 -> 80.0), within the intervals',
    ],
  );
  // a model that does much worse on the windows after its cut-off: intervals apart
  const windows = Array.from(
    { length: 20 },
    (_, i): TaskSpec => ({ ...TASKS[0]!, id: `w${i}`, window: i < 10 ? '2024-01-01' : '2024-02-01' }),
  );
  const dropping = makeRun(root, windows, {
    name: 'dropping',
    samples: 1,
    metrics: Object.fromEntries(windows.map((t, i) => [t.id, [{ es: i < 10 ? 90 + (i % 3) : 20 + (i % 4) }]])),
  });
  try {
    const drop = buildFigures(figureInput([dropping], buildReport([dropping], [])), {
      seed: 3,
      cutoffs: { dropping: '2024-02-01' },
    }).find((f) => f.id === 'window-cutoff')!;
    assert.deepEqual(
      drop.data.map((r) => r.note),
      ['drops after the cut-off (90.9 -> 21.7, intervals apart): the windows before may be in its training data'],
    );
    assert.deepEqual(
      buildFigures(figureInput([dropping], buildReport([dropping], [])), { seed: 3, cutoffs: { other: '2024-02-01' } })
        .map((f) => f.id)
        .includes('window-cutoff'),
      false,
    );
  } finally {
    dropping.close();
  }
});

test('transitions: gained and lost, McNemar exact p, paired bootstrap of the difference', () => {
  const [row] = figure('transitions').data;
  // t1 stays correct; t2, t3, t5 are gained; t4 is lost; t6 stays wrong. p = 2 * (C(4,0) + C(4,1)) / 2^4.
  assert.deepEqual(pick([row!], 'from', 'to', 'tasks', 'both', 'gained', 'lost', 'neither', 'mcnemarP'), [
    ['infile', 'bm25', 6, 1, 3, 1, 1, 0.625],
  ]);
  // es differences 0, 80, 60, -50, 90, 30: mean 35.
  assert.equal(row!.difference, 35);
  assert.ok(
    Number(row!.low) < 35 && Number(row!.high) > 35 && Number(row!.bootstrapP) > 0 && Number(row!.bootstrapP) <= 1,
  );
  assert.deepEqual(
    figure('transitions')
      .table!.rows[0]!.map((c) => c.text)
      .slice(0, 7),
    ['infile → bm25', '6', '1', '+3', '−1', '1', '0.625'],
  );
});

test('transitions of YABLoCo-style runs count exact matches by em-nows', () => {
  const runs = [
    [1, 1, 0],
    [1, 0, 1],
  ].map((values, r) =>
    makeRun(root, TASKS.slice(0, 3), {
      name: `nows-${r}`,
      samples: 1,
      metrics: Object.fromEntries(values.map((v, i) => [`t${i + 1}`, [{ 'em-nows': v, es: 50 * v }]])),
    }),
  );
  const [row] = buildFigures(figureInput(runs, buildReport(runs, [])), { seed: 1 }).find(
    (f) => f.id === 'transitions',
  )!.data;
  assert.deepEqual(pick([row!], 'by', 'tasks', 'both', 'gained', 'lost', 'neither', 'mcnemarP'), [
    ['em-nows', 3, 1, 1, 1, 0, 1],
  ]);
  for (const run of runs) run.close();
});

test('McNemar exact p equals the two-sided binomial test (scipy.stats.binomtest vectors)', () => {
  const vectors: [number, number, number][] = [
    [5, 1, 0.21875],
    [0, 10, 0.001953125],
    [3, 3, 1],
    [12, 4, 0.076812744140625],
    [40, 25, 0.08168153394154003],
    [600, 520, 0.018207019279300136],
    [0, 0, 1],
  ];
  for (const [gained, lost, p] of vectors)
    assert.ok(
      Math.abs(mcnemarExact(gained, lost) - p) < 1e-12 * Math.max(1, 1 / p),
      `${gained}/${lost}: ${mcnemarExact(gained, lost)} vs ${p}`,
    );
});

test('bootstrap intervals: seeded, and close to the normal approximation for a proportion', () => {
  const values = [...Array(30).fill(100), ...Array(70).fill(0)] as number[];
  const interval = bootstrapMean(values, 1, 'cell')!;
  assert.deepEqual(interval, bootstrapMean(values, 1, 'cell'), 'same seed and key: same interval');
  const spread = Array.from({ length: 40 }, (_, i) => (i * i) % 37);
  assert.notDeepEqual(
    bootstrapMean(spread, 1, 'cell'),
    bootstrapMean(spread, 2, 'cell'),
    'another seed: another resampling',
  );
  assert.notDeepEqual(
    bootstrapMean(spread, 1, 'cell'),
    bootstrapMean(spread, 1, 'other cell'),
    'another cell: another resampling',
  );
  // p = 0.3, n = 100: 30 ± 1.96 * sqrt(0.3 * 0.7 / 100) * 100 = [21.0, 39.0].
  assert.equal(interval.mean, 30);
  assert.ok(
    Math.abs(interval.low - 21.02) <= 1.5 && Math.abs(interval.high - 38.98) <= 1.5,
    `${interval.low}, ${interval.high}`,
  );
  assert.deepEqual(bootstrapMean([42, 42, 42], 1, 'x'), { mean: 42, low: 42, high: 42 });
  // Above NORMAL_LIMIT tasks: the normal limit, mean ± 1.96 sd/sqrt(n); at the limit the resampled interval is within
  // 0.3 of it.
  const proportion = (n: number) => Array.from({ length: n }, (_, i) => (i % 20 === 0 ? 100 : 0));
  const large = bootstrapMean(proportion(NORMAL_LIMIT + 20), 1, 'x')!;
  const halfWidth = 1.959963984540054 * Math.sqrt((5 * 95) / (NORMAL_LIMIT + 20));
  assert.ok(
    Math.abs(large.low - (5 - halfWidth)) < 1e-9 && Math.abs(large.high - (5 + halfWidth)) < 1e-9,
    `${large.low}, ${large.high}`,
  );
  const atLimit = bootstrapMean(proportion(NORMAL_LIMIT), 1, 'x')!;
  const limitHalfWidth = 1.959963984540054 * Math.sqrt((5 * 95) / NORMAL_LIMIT);
  assert.ok(
    Math.abs(atLimit.low - (5 - limitHalfWidth)) < 0.3 && Math.abs(atLimit.high - (5 + limitHalfWidth)) < 0.3,
    `${atLimit.low}, ${atLimit.high}`,
  );
  assert.equal(bootstrapMean([], 1, 'x'), null);
  const test = pairedBootstrapTest(Array(50).fill(1) as number[], 1, 'x')!;
  assert.deepEqual([test.mean, test.low, test.high, test.p], [1, 1, 1, 0], 'every difference positive: p = 0');
  assert.equal(pairedBootstrapTest([-1, 1, -1, 1], 1, 'x')!.p > 0.5, true);
});

test('pass@k curve for k = 1..n equals the unbiased estimator averaged over tasks', () => {
  const sampledInput = figureInput([sampled], buildReport([sampled], []));
  const curve = buildFigures(sampledInput, { seed: 1 }).find((f) => f.id === 'pass-at-k')!;
  // t1: n = 5, c = 1, pass@k = 1 - C(4, k)/C(5, k) = k/5; t2: c = 0, pass@k = 0. Mean: 10k.
  assert.deepEqual(pick(curve.data, 'k', 'mean', 'tasks'), [
    [1, 10, 2],
    [2, 20, 2],
    [3, 30, 2],
    [4, 40, 2],
    [5, 50, 2],
  ]);
  const table = buildFigures(sampledInput, { seed: 1 }).find((f) => f.id === 'overall-table')!;
  assert.deepEqual(table.table!.head, ['run', 'pass@1', 'pass@5', 'em']);
});

test("presets lay out the papers' figures from the same registry", () => {
  const m2rc = buildFigures(input, { preset: 'm2rc', seed: 3 });
  assert.deepEqual(
    m2rc.map((f) => f.id),
    [
      'overall-table',
      'table-language-em',
      'table-language-es',
      'heatmap-language-bucket-infile',
      'heatmap-language-bucket-bm25',
      'heatmap-language-semantic-infile',
      'heatmap-language-semantic-bm25',
      'bars-semantic',
      'line-completion-lines',
      'line-prompt-length',
    ],
  );
  const cceval = buildFigures(figureInput([infile, bm25], buildReport([infile, bm25], []), { retrievalMetric: 'em' }), {
    preset: 'cceval',
    seed: 3,
  });
  assert.deepEqual(
    cceval.map((f) => f.id),
    [
      'overall-table',
      'table-language-em',
      'table-language-es',
      'transitions',
      'line-identifier-coverage',
      'chunk-sources',
    ],
  );
  assert.equal(
    cceval.find((f) => f.id === 'line-identifier-coverage')!.title,
    'em by identifier coverage of the retrieved context',
  );
  const yabloco = buildFigures(figureInput([sampled], buildReport([sampled], [])), { preset: 'yabloco', seed: 1 });
  // Both sampled tasks are in one repository: no per-repository table or bars.
  assert.deepEqual(
    yabloco.map((f) => f.id),
    ['overall-table', 'table-level', 'bars-level', 'pass-at-k'],
  );
  assert.deepEqual(yabloco[0]!.table!.head, ['run', 'pass@1', 'em']);
  assert.equal(yabloco[1]!.title, 'pass@5 by level', 'pass@10 falls back to the largest k the runs have');
  assert.deepEqual(
    PRESETS.map((p) => p.name),
    ['yabloco', 'cceval', 'm2rc'],
  );
  assert.throws(
    () => buildFigures(input, { preset: 'humaneval' }),
    /field '--preset': unknown preset 'humaneval' \(known: yabloco, cceval, m2rc\)/,
  );
  assert.throws(() => buildFigures(input, { metric: 'bleurt' }), /the runs have no metric 'bleurt'/);
});

test("SVG: the same document as Vega's View.toSVG, one mark per aggregate, labels escaped", async () => {
  const bars = figure('bars-level');
  const svg = figureSvg(bars)!;
  const reference = await new vega.View(
    vega.parse(compile(vegaLiteSpec(bars) as unknown as Parameters<typeof compile>[0]).spec),
    { renderer: 'none' },
  ).toSVG();
  const normalize = (text: string) => text.replace(/clip\d+/g, 'clip');
  assert.equal(normalize(svg), normalize(reference));
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* width="\d+" height="\d+"/);
  const labels = [...svg.matchAll(/aria-label="([^"]+)" role="graphics-symbol" aria-roledescription="bar"/g)].map(
    (m) => m[1],
  );
  assert.deepEqual(
    labels,
    bars.data.map((d) => `level: ${d.group}; es: ${d.mean}; run: ${d.run}`),
  );
  const hostile = figureSvg({ ...bars, data: bars.data.map((d) => ({ ...d, group: '<script>alert(1)</script>' })) })!;
  assert.ok(!hostile.includes('<script>') && hostile.includes('&lt;script&gt;'));
});

test('PNG of a chart, LaTeX of a table, files of every figure', () => {
  const svg = figureSvg(figure('bars-level'))!;
  const png = svgToPng(svg)!;
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'PNG signature');
  assert.equal(png.readUInt32BE(16), 2 * Number(/width="(\d+)"/.exec(svg)![1]), 'drawn at twice the SVG width');
  const latex = figureLatex(figure('table-language'));
  assert.equal(
    latex,
    [
      '\\begin{table}[t]',
      '\\centering',
      '\\small',
      '\\begin{tabular}{lrrr}',
      '\\toprule',
      'run x language & c & python & all \\\\',
      '\\midrule',
      `infile & 46.7 {\\scriptsize [${cells('infile', 'c')}]} & 53.3 {\\scriptsize [${cells('infile', 'python')}]} & ` +
        `50.0 {\\scriptsize [${cells('infile', 'all')}]} \\\\`,
      `bm25 & 70.0 {\\scriptsize [${cells('bm25', 'c')}]} & 100.0 {\\scriptsize [100.0, 100.0]} & 85.0 {\\scriptsize [${cells('bm25', 'all')}]} \\\\`,
      '\\bottomrule',
      '\\end{tabular}',
      '\\caption{es by language. Mean es per run and language, 95\\% bootstrap interval over tasks.}',
      '\\label{tab:table-language}',
      '\\end{table}',
      '',
    ].join('\n'),
  );
  const dir = join(root, 'figures');
  const files = writeFigureFiles(figures, dir);
  assert.equal(
    files.length,
    figures.length + 3 * figures.filter((f) => f.chart).length + figures.filter((f) => f.table).length,
  );
  assert.deepEqual(JSON.parse(readFileSync(join(dir, 'bars-level.json'), 'utf8')).data, figure('bars-level').data);
  assert.match(
    readFileSync(join(dir, 'transitions.tex'), 'utf8'),
    /infile \$\\rightarrow\$ bm25 & 6 & 1 & \+3 & \$-\$1 & 1 & 0\.625/,
  );
});

function cells(run: string, group: string): string {
  const record = figure('table-language').data.find((r) => r.run === run && r.group === group)!;
  return `${Number(record.low).toFixed(1)}, ${Number(record.high).toFixed(1)}`;
}

test('runs with nothing scored yet: no figures, and the HTML report still renders', () => {
  const empty = makeRun(root, TASKS, { name: 'unscored', samples: 1, metrics: {} });
  const report = buildReport([empty], []);
  const none = buildFigures(figureInput([empty], report));
  assert.deepEqual(none, []);
  assert.match(renderReport(report, 'html', undefined, none), /<h1>ctxbench report<\/h1>/);
  empty.close();
});

test('HTML: one offline file with every figure, nothing fetched', () => {
  const report = buildReport([infile, bm25], ['language']);
  const html = renderReport(report, 'html', undefined, figures);
  assert.ok(
    !/<script|<link|<img|\ssrc=|url\((?!#|%23)/i.test(html),
    'no script, stylesheet link, image or url() to fetch (url(#id) is a local reference)',
  );
  assert.deepEqual(
    [...html.matchAll(/href="([^"#][^"]*)"/g)].map((m) => m[1]!.slice(0, 5)).filter((h) => h !== 'data:'),
    [],
    'links are anchors or data: downloads',
  );
  assert.deepEqual(
    [...html.matchAll(/<section class="figure" id="fig-([^"]+)"/g)].map((m) => m[1]),
    figures.map((f) => f.id),
  );
  assert.equal((html.match(/<svg /g) ?? []).length, figures.filter((f) => f.chart).length);
  assert.equal(
    (html.match(/<table class="fig-table/g) ?? []).length,
    figures.filter((f) => f.table).length + 1,
    'figure tables and the detailed table',
  );
  for (const kind of FIGURE_KINDS.list())
    assert.ok(html.includes(`<tr><th>${kind.id}</th>`), `the kinds table lists ${kind.id}`);
  assert.equal(
    renderReport(report, 'latex', undefined, figures),
    figures
      .filter((f) => f.table)
      .map(figureLatex)
      .join('\n'),
  );
});

test('without the optional chart packages: the report says so once, chart figures show their tables or how to install them, figure files keep their specs', () => {
  const out = join(root, 'no-charts');
  const hide = fileURLToPath(new URL('../fixtures/hide-packages.mjs', import.meta.url));
  const bin = fileURLToPath(new URL('../../bin/ctxbench.js', import.meta.url));
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      hide,
      bin,
      'report',
      infile.dir,
      bm25.dir,
      '--preset',
      'm2rc',
      '--html',
      '--out',
      join(out, 'report.html'),
      '--figures',
      join(out, 'figures'),
      '--seed',
      '3',
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, CTXBENCH_TEST_HIDE_PACKAGES: 'vega,vega-lite' },
    },
  );
  assert.equal(result.status, 0, result.stderr);
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    peerDependencies: Record<string, string>;
  };
  const install =
    `npm install vega@${pkg.peerDependencies.vega} vega-lite@${pkg.peerDependencies['vega-lite']} ` +
    `@resvg/resvg-js@${pkg.peerDependencies['@resvg/resvg-js']}`;
  assert.equal(
    result.stderr.split('\n')[0],
    `ctxbench report: charts are not drawn: they need the optional packages vega, vega-lite and @resvg/resvg-js ` +
      `(${install})`,
  );
  const expected = buildFigures(input, { preset: 'm2rc', seed: 3 });
  const charts = expected.filter((f) => f.chart);
  assert.ok(charts.length > 0);
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.equal((html.match(/<svg /g) ?? []).length, 0);
  assert.equal(
    html.split(
      `<p class="note">chart not drawn: it needs the optional packages vega, vega-lite and @resvg/resvg-js ` +
        `(${install})</p>`,
    ).length - 1,
    charts.length,
  );
  assert.deepEqual(
    readdirSync(join(out, 'figures'))
      .filter((f) => /\.(svg|png|vl\.json)$/.test(f))
      .sort(),
    charts.map((f) => `${f.id}.vl.json`).sort(),
  );
});

test("ctxbench report --preset --html --figures: the preset's figures in one HTML file and as files; bad input named", async () => {
  const out = join(root, 'cli');
  const result = await cli([
    'report',
    infile.dir,
    bm25.dir,
    '--preset',
    'm2rc',
    '--html',
    '--out',
    join(out, 'report.html'),
    '--figures',
    join(out, 'figures'),
    '--seed',
    '3',
  ]);
  assert.equal(result.code, 0, result.stderr);
  const expected = buildFigures(input, { preset: 'm2rc', seed: 3 });
  assert.match(result.stderr, new RegExp(`wrote ${expected.length} figure\\(s\\)`));
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.deepEqual(
    [...html.matchAll(/<section class="figure" id="fig-([^"]+)"/g)].map((m) => m[1]),
    expected.map((f) => f.id),
  );
  assert.deepEqual(
    readdirSync(join(out, 'figures'))
      .filter((f) => f.endsWith('.png'))
      .sort(),
    expected
      .filter((f) => f.chart)
      .map((f) => `${f.id}.png`)
      .sort(),
  );
  assert.deepEqual(
    JSON.parse(readFileSync(join(out, 'figures', 'table-language-es.json'), 'utf8')).data,
    expected.find((f) => f.id === 'table-language-es')!.data,
  );
  assert.equal(
    (
      await cli([
        'report',
        infile.dir,
        bm25.dir,
        '--preset',
        'cceval',
        '--format',
        'latex',
        '--out',
        join(out, 'tables.tex'),
      ])
    ).code,
    0,
  );
  assert.equal(
    (readFileSync(join(out, 'tables.tex'), 'utf8').match(/\\begin\{table\}/g) ?? []).length,
    4,
    'overall, em and es by language, transitions',
  );
  assert.equal(
    (await cli(['report', infile.dir, bm25.dir, '--preset', 'cceval', '--out', join(out, 'report.txt')])).code,
    0,
  );
  assert.match(
    readFileSync(join(out, 'report.txt'), 'utf8'),
    /Transitions between runs[^\n]*\nruns\s+tasks\s+both correct\s+gained\s+lost/,
  );
  // --out's extension chooses the format when --format and --html are not given (#38.7)
  assert.equal(
    (await cli(['report', infile.dir, bm25.dir, '--preset', 'cceval', '--out', join(out, 'inferred.html')])).code,
    0,
  );
  assert.match(readFileSync(join(out, 'inferred.html'), 'utf8'), /^<!doctype html>/i);
  assert.equal((await cli(['report', infile.dir, '--out', join(out, 'inferred.json')])).code, 0);
  assert.doesNotThrow(() => JSON.parse(readFileSync(join(out, 'inferred.json'), 'utf8')));
  const unknown = await cli(['report', infile.dir, '--preset', 'humaneval', '--html']);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown preset 'humaneval' \(known: yabloco, cceval, m2rc\)/);
  const badSeed = await cli(['report', infile.dir, '--seed', 'x']);
  assert.equal(badSeed.code, 2);
  const intoFile = await cli(['report', infile.dir, '--figures', join(out, 'report.html', 'figures')]);
  assert.equal(intoFile.code, 2);
  assert.match(intoFile.stderr, /field '--figures': cannot write the figures there: ENOTDIR/);
});
