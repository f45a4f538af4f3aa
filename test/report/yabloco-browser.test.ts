// `report --preset yabloco` over YABLoCo's four repositories, as three baselines would score them
// (ten executed samples per task, context levels), opened in Chromium: YABLoCo's tables per
// repository and per context level, with pass@1, pass@10, EM and ES, and every cell in the DOM equal
// to the runs' aggregates.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { buildReport } from '../../src/report/aggregate.ts';
import { buildFigures, figureInput, type Figure } from '../../src/report/figures/index.ts';
import type { RunStore } from '../../src/runstore/store.ts';
import { cli } from '../capture-cli.ts';
import { launchChromium } from '../fixtures/web/browser.ts';
import { makeRun, scratchDir, type TaskSpec } from '../fixtures/report/runs.ts';

const REPOSITORIES = ['redis', 'bullet3', 'openssl', 'llvm'];
const LEVELS = ['none', 'stdlib', 'file', 'package', 'project'];
const TASKS: TaskSpec[] = REPOSITORIES.flatMap((repo, r) =>
  LEVELS.map((level, l) => ({
    id: `${repo}-${level}`,
    language: 'c',
    level,
    bucket: 1,
    semantic: 'Identifier/variable',
    lines: 3 + l,
    repo,
    tokens: 500 + 100 * r,
  })),
);
const SAMPLES = 10;

let root: string;
let runs: RunStore[];
let figures: Figure[];
let browser: Browser;
let page: Page;

before(async () => {
  root = scratchDir();
  // baseline:reference passes everything exactly; baseline:empty nothing; copy-retrieved some samples of some tasks.
  const runSpecs: [string, (task: number, sample: number) => boolean][] = [
    ['baseline-reference', () => true],
    ['baseline-empty', () => false],
    ['baseline-copy-retrieved', (task, sample) => (task + sample) % 7 === 0],
  ];
  runs = runSpecs.map(([name, passes]) =>
    makeRun(root, TASKS, {
      name,
      samples: SAMPLES,
      metrics: Object.fromEntries(
        TASKS.map((task, t) => [
          task.id,
          Array.from({ length: SAMPLES }, (_, s) => ({
            em: passes(t, s) ? 1 : 0,
            es: passes(t, s) ? 100 : (t * 13 + s * 7) % 60,
          })),
        ]),
      ),
      passes: Object.fromEntries(
        TASKS.map((task, t) => [task.id, Array.from({ length: SAMPLES }, (_, s) => passes(t, s))]),
      ),
    }),
  );
  const out = join(root, 'yabloco.html');
  const result = await cli(['report', ...runs.map((run) => run.dir), '--preset', 'yabloco', '--out', out]);
  assert.equal(result.code, 0, result.stderr);
  figures = buildFigures(figureInput(runs, buildReport(runs, [])), { preset: 'yabloco', seed: 1 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`file://${out}`);
});
after(async () => {
  await browser?.close();
  for (const run of runs ?? []) run.close();
  rmSync(root, { recursive: true, force: true });
});

test("the tables per repository and per context level, in the paper's order, with pass@1, pass@10, EM and ES", async () => {
  const sections = await page.$$eval('section.figure', (nodes) => nodes.map((node) => node.id));
  assert.deepEqual(
    sections,
    figures.map((figure) => `fig-${figure.id}`),
  );
  const overall = await page.$$eval('#fig-overall-table thead th', (cells) => cells.map((cell) => cell.textContent));
  assert.deepEqual(overall.slice(1), ['pass@1', 'pass@10', 'em', 'es']);
  const repoTable = figures.find((figure) => figure.id.startsWith('table-repo'))!;
  const levelTable = figures.find((figure) => figure.id.startsWith('table-level'))!;
  // three runs as rows, the repositories (levels) as columns
  const columns = (id: string) =>
    page.$$eval(`#fig-${id} thead th`, (cells) => cells.slice(1).map((cell) => cell.textContent));
  const rows = (id: string) =>
    page.$$eval(`#fig-${id} tbody tr`, (trs) => trs.map((tr) => tr.children[0]!.textContent));
  assert.deepEqual((await columns(repoTable.id)).sort(), [...REPOSITORIES, 'all'].sort());
  assert.deepEqual((await columns(levelTable.id)).sort(), [...LEVELS, 'all'].sort());
  assert.deepEqual(
    await rows(repoTable.id),
    runs.map((run) => run.dir.split('/').pop()),
  );
});

test("every table cell in the DOM equals the runs' aggregates", async () => {
  const tables = figures.filter((figure) => figure.table);
  assert.ok(tables.length >= 4, tables.map((table) => table.id).join(', '));
  for (const table of tables) {
    const rows = await page.$$eval(`#fig-${table.id} tbody tr`, (trs) =>
      trs.map((tr) => Array.from(tr.children).map((cell) => cell.textContent)),
    );
    assert.deepEqual(
      rows,
      table.table!.rows.map((row) =>
        row.map((cell) =>
          cell.low !== undefined && cell.value !== null
            ? `${cell.value!.toFixed(1)}[${cell.low.toFixed(1)}, ${cell.high!.toFixed(1)}]`
            : cell.text,
        ),
      ),
      table.id,
    );
  }
  // pass@10 of baseline:reference is 100 in every repository, of baseline:empty 0 (the aggregates the cells show)
  const overall = figures.find((figure) => figure.id === 'overall-table')!;
  const passAt10 = (run: string) => overall.data.find((datum) => datum.run === run && datum.metric === 'pass@10')?.mean;
  assert.deepEqual([passAt10('baseline-reference'), passAt10('baseline-empty')], [100, 0]);
  const cells = await page.$$eval('#fig-overall-table td', (nodes) =>
    nodes.map((node) => Number(node.getAttribute('data-value'))),
  );
  assert.deepEqual(
    cells,
    overall.data.map((datum) => datum.mean),
  );
});
