// The HTML report in Chromium at 1,280 px: no horizontal overflow with 18 languages and three runs,
// each chart's marks in the DOM equal to the figure's aggregates, each table's cells to its data.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGES } from '../../src/languages/registry.ts';
import { buildReport } from '../../src/report/aggregate.ts';
import { buildFigures, FIGURE_KINDS, figureInput, type Figure } from '../../src/report/figures/index.ts';
import { renderReport } from '../../src/report/render.ts';
import type { RunStore } from '../../src/runstore/store.ts';
import { launchChromium } from '../fixtures/web/browser.ts';
import { makeRun, scratchDir, type TaskSpec } from '../fixtures/report/runs.ts';

const SEMANTIC = [
  'Identifier/variable',
  'Function call/method',
  'Variable declaration/local',
  'Control flow/if',
  'Expression/binary',
  'Statement/return',
  'Class definition/class',
  'Import/module',
];
// Three tasks per language (18 of them, long class names), levels and buckets: the widest tables the papers have.
const TASKS: TaskSpec[] = LANGUAGES.names()
  .filter((id) => id !== 'tsx')
  .flatMap((language, l) =>
    [0, 1, 2].map((i) => ({
      id: `${language}-${i}`,
      language,
      level: ['file', 'package', 'project'][i]!,
      bucket: 1 + ((l + i) % 9),
      semantic: SEMANTIC[(l + i) % SEMANTIC.length]!,
      lines: 1 + i * 2,
      repo: `repository-with-a-long-name-${l % 4}`,
      tokens: 400 * (1 + i + (l % 3)),
      window: ['2024-01-01', '2024-02-01', '2024-03-01'][i]!,
    })),
  );

let root: string;
let runs: RunStore[];
let figures: Figure[];
let browser: Browser;
let page: Page;

before(async () => {
  root = scratchDir();
  // Three samples per task, executed; the two retrieval runs have retrieved context: every figure kind applies.
  runs = ['infile-context-only', 'bm25-retrieval', 'bm25-retrieval-with-reference'].map((name, r) =>
    makeRun(root, TASKS, {
      name,
      samples: 3,
      metrics: Object.fromEntries(
        TASKS.map((t, i) => [
          t.id,
          [0, 1, 2].map((s) => ({ em: (i + r + s) % 3 === 0 ? 1 : 0, es: (i * 37 + r * 11 + s) % 101 })),
        ]),
      ),
      passes: Object.fromEntries(TASKS.map((t, i) => [t.id, [0, 1, 2].map((s) => (i + r * 2 + s) % 4 === 0)])),
      ...(r === 0
        ? {}
        : { retrieved: Object.fromEntries(TASKS.map((t, i) => [t.id, i % 2 ? 'value = util.load(x)' : 'util'])) }),
    }),
  );
  figures = buildFigures(figureInput(runs, buildReport(runs, [])), { seed: 1 });
  writeFileSync(
    join(root, 'report.html'),
    renderReport(buildReport(runs, ['language', 'level']), 'html', undefined, figures),
  );
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`file://${join(root, 'report.html')}`);
});
after(async () => {
  await browser?.close();
  for (const run of runs ?? []) run.close();
  rmSync(root, { recursive: true, force: true });
});

test('no horizontal overflow at 1,280 px: neither the page nor any table scrolls sideways', async () => {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
    scrolling: Array.from(document.querySelectorAll('.table-wrap'))
      .filter((wrap) => wrap.scrollWidth > wrap.clientWidth)
      .map((wrap) => wrap.closest('section')?.id),
    charts: Array.from(document.querySelectorAll('.chart svg')).filter(
      (svg) => svg.getBoundingClientRect().right > document.documentElement.clientWidth,
    ).length,
  }));
  assert.equal(widths.viewport, 1280);
  assert.ok(widths.page <= widths.viewport, `page is ${widths.page} px wide`);
  assert.deepEqual(widths.scrolling, [], 'tables that need a scroll bar');
  assert.equal(widths.charts, 0);
  // 18 languages and 3 runs: the run x language table is transposed (languages as rows).
  assert.deepEqual(await page.$$eval('#fig-table-language thead th', (cells) => cells.map((c) => c.textContent)), [
    'language x run',
    'infile-context-only',
    'bm25-retrieval',
    'bm25-retrieval-with-reference',
  ]);
});

test('each chart has one mark per aggregate, labelled with its value', async () => {
  const charts = figures.filter((f) => f.chart);
  assert.deepEqual(new Set(figures.map((f) => f.kind)), new Set(FIGURE_KINDS.names()), 'every kind drawn');
  for (const chart of charts) {
    const marks = await page.$$eval(`#fig-${chart.id} svg [role="graphics-symbol"]`, (nodes) =>
      nodes.map((n) => ({ role: n.getAttribute('aria-roledescription'), label: n.getAttribute('aria-label') })),
    );
    if (chart.kind.startsWith('bars-')) {
      const bars = marks.filter((m) => m.role === 'bar');
      assert.equal(bars.length, chart.data.length, chart.id);
      assert.deepEqual(
        bars.map((b) => Number(/: ([\d.]+); run/.exec(b.label!)![1])),
        chart.data.map((d) => d.mean),
        chart.id,
      );
      assert.equal(marks.filter((m) => m.role === 'errorbar').length, chart.data.length, `${chart.id} error bars`);
    } else if (chart.kind.startsWith('heatmap-')) {
      assert.equal(marks.filter((m) => m.role === 'rect mark').length, chart.data.length, chart.id);
      assert.equal(
        marks.filter((m) => m.role === 'text mark').length,
        chart.data.length,
        `${chart.id} values written in the cells`,
      );
    } else if (chart.kind.startsWith('line-') || chart.kind === 'pass-at-k') {
      assert.equal(marks.filter((m) => m.role === 'point').length, chart.data.length, chart.id);
    } else if (chart.kind === 'chunk-sources') {
      const bars = marks.filter((m) => m.role === 'bar');
      assert.deepEqual(
        bars.map((b) => Number(/retrieved chunks: ([\d.]+)/.exec(b.label!)![1])).sort(),
        chart.data.map((d) => Number(d.share)).sort(),
        chart.id,
      );
    } else {
      assert.fail(`no mark check for ${chart.kind}`);
    }
  }
});

test("table cells carry the figure's values and their colour scale", async () => {
  for (const table of figures.filter((f) => f.table)) {
    const rows = await page.$$eval(`#fig-${table.id} tbody tr`, (trs) =>
      trs.map((tr) => Array.from(tr.children).map((c) => c.textContent)),
    );
    assert.deepEqual(
      rows,
      table.table!.rows.map((row) =>
        row.map((c) =>
          c.low !== undefined && c.value !== null
            ? `${c.value!.toFixed(1)}[${c.low.toFixed(1)}, ${c.high!.toFixed(1)}]`
            : c.text,
        ),
      ),
      table.id,
    );
  }
  const table = figures.find((f) => f.id === 'overall-table')!;
  const values = await page.$$eval('#fig-overall-table td', (cells) =>
    cells.map((c) => [Number(c.getAttribute('data-value')), getComputedStyle(c).backgroundColor]),
  );
  assert.deepEqual(
    values.map(([v]) => v),
    table.data.map((d) => d.mean),
  );
  assert.equal(new Set(values.map(([, colour]) => colour)).size > 1, true, 'shaded by value');
});
