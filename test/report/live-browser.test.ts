// `report --by window` on a live benchmark, end to end: the fixture library's history refreshed into three
// monthly windows, two baselines run over their function tasks (the reference with in-file context, the
// retrieved chunk copied with BM25 over each window's checkout), scored, reported as HTML and opened in
// Chromium. The per-window cells in the DOM equal means computed here from the runs' stored metrics.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { openRunStore } from '../../src/runstore/store.ts';
import { cli } from '../capture-cli.ts';
import { makeHistory, liveSpec } from '../fixtures/live/history.ts';
import { launchChromium } from '../fixtures/web/browser.ts';
import { scratchDir } from '../fixtures/report/runs.ts';

const WINDOWS = ['2024-01-01', '2024-02-01', '2024-03-01'];
const RUNS = [
  { name: 'reference', model: 'baseline:reference', context: 'infile' },
  { name: 'copy-retrieved', model: 'baseline:copy-retrieved', context: 'bm25' },
];

let root: string;
let browser: Browser;
let page: Page;
/** per run: es per window (and `all`), computed from the stored candidates' metrics and the tasks' window labels. */
const expected = new Map<string, Map<string, number>>();

before(async () => {
  root = scratchDir();
  makeHistory(join(root, 'lib'), ['jan', 'feb', 'mar']);
  writeFileSync(join(root, 'stats.yaml'), liveSpec());
  const refreshed = await cli(['refresh', join(root, 'stats.yaml'), '--until', '2024-04-01']);
  assert.equal(refreshed.code, 0, refreshed.stderr);
  for (const run of RUNS) {
    const dir = join(root, run.name);
    const made = await cli([
      'eval',
      `${join(root, 'stats.live')}#function`,
      '--model',
      run.model,
      '--context',
      run.context,
      '--run',
      dir,
    ]);
    assert.equal(made.code, 0, made.stderr);
    assert.equal((await cli(['score', dir, '--metrics', 'em,es'])).code, 0);
    const store = openRunStore(dir, { readonly: true });
    const windowOf = new Map(store.tasks().map((task) => [task.id, String(task.labels.window)]));
    const sums = new Map<string, number[]>();
    for (const candidate of store.candidates()) {
      for (const group of [windowOf.get(candidate.taskId)!, 'all'])
        sums.set(group, [...(sums.get(group) ?? []), candidate.metrics!.es!]);
    }
    store.close();
    expected.set(
      run.name,
      new Map(
        [...sums].map(([group, values]) => [
          group,
          Math.round((100 * values.reduce((a, b) => a + b, 0)) / values.length) / 100,
        ]),
      ),
    );
  }
  const out = join(root, 'windows.html');
  const report = await cli([
    'report',
    ...RUNS.map((run) => join(root, run.name)),
    '--by',
    'window',
    '--metrics',
    'em,es',
    '--cutoff',
    'baseline:copy-retrieved=2024-02-01',
    '--html',
    '--out',
    out,
  ]);
  assert.equal(report.code, 0, report.stderr);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`file://${out}`);
});
after(async () => {
  await browser?.close();
  rmSync(root, { recursive: true, force: true });
});

test("the run x window table: each cell in the DOM equals the mean of its window's stored scores", async () => {
  const head = await page.$$eval('#fig-table-window thead th', (cells) => cells.map((cell) => cell.textContent));
  assert.deepEqual(head, ['run x window', ...WINDOWS, 'all']);
  const rows = await page.$$eval('#fig-table-window tbody tr', (trs) =>
    trs.map((tr) =>
      Array.from(tr.children).map((cell, index) =>
        index === 0 ? cell.textContent : Number(cell.getAttribute('data-value')),
      ),
    ),
  );
  assert.deepEqual(
    rows,
    RUNS.map((run) => [run.name, ...[...WINDOWS, 'all'].map((group) => expected.get(run.name)!.get(group)!)]),
  );
  // the reference is exact everywhere; copying a retrieved chunk is not
  assert.deepEqual([...expected.get('reference')!.values()], [100, 100, 100, 100]);
  assert.ok([...expected.get('copy-retrieved')!.values()].every((value) => value < 100));
});

test('the line over the windows: one point per run and window; the cut-off table and its note', async () => {
  const points = await page.$$eval('#fig-line-window svg [role="graphics-symbol"]', (nodes) =>
    nodes
      .filter((node) => node.getAttribute('aria-roledescription') === 'point')
      .map((node) => node.getAttribute('aria-label')),
  );
  assert.equal(points.length, RUNS.length * WINDOWS.length);
  for (const run of RUNS) {
    for (const window of WINDOWS) {
      const mean = expected.get(run.name)!.get(window)!;
      assert.ok(
        points.some(
          (label) => label!.includes(window) && label!.includes(`run: ${run.name}`) && label!.includes(`es: ${mean}`),
        ),
        `${run.name} ${window} ${mean}: ${points.join(' | ')}`,
      );
    }
  }
  const cutoff = await page.$$eval('#fig-window-cutoff tbody tr', (trs) =>
    trs.map((tr) => Array.from(tr.children).map((cell) => cell.getAttribute('data-value') ?? cell.textContent)),
  );
  const copy = expected.get('copy-retrieved')!;
  const stored = openRunStore(join(root, 'copy-retrieved'), { readonly: true });
  const after = stored
    .candidates()
    .filter((candidate) => candidate.taskId.endsWith('@2024-02-01') || candidate.taskId.endsWith('@2024-03-01'))
    .map((candidate) => candidate.metrics!.es!);
  stored.close();
  const afterMean = Math.round((100 * after.reduce((a, b) => a + b, 0)) / after.length) / 100;
  assert.equal(cutoff.length, 1);
  assert.deepEqual(cutoff[0]!.slice(0, 6), [
    'copy-retrieved',
    '2024-02-01',
    String(copy.get('2024-01-01')),
    '2',
    String(afterMean),
    String(after.length),
  ]);
  assert.match(cutoff[0]![6]!, /cut-off/);
  assert.match(
    readFileSync(join(root, 'windows.html'), 'utf8'),
    /dashed: the first window after a model&#39;s cut-off|dashed: the first window after a model's cut-off/,
  );
});
