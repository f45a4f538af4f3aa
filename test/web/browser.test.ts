// End to end in headless Chromium: the viewer served over real HTTP from real run stores.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { openRunStore } from '../../src/runstore/store.ts';
import { exportViewer } from '../../src/web/export.ts';
import { startViewer, type Viewer } from '../../src/web/server.ts';
import type { RunComparison } from '../../src/web/types.ts';
import { launchChromium } from '../fixtures/web/browser.ts';
import {
  candidateText,
  createSampleRun,
  FUNCTIONS,
  sampleConfig,
  sampleTasks,
  STORE_C,
  writeCandidate,
} from '../fixtures/web/sample.ts';
import { clockOf } from '../fixtures/clock.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-web-e2e-'));
const dirs = { oracle: join(scratch, 'oracle'), infile: join(scratch, 'infile'), live: join(scratch, 'live') };
let viewer: Viewer;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

before(async () => {
  createSampleRun(dirs.oracle, 'oracle');
  createSampleRun(dirs.infile, 'infile');
  createSampleRun(dirs.live, 'oracle', 4, clockOf('2025-03-01T10:00:00.000Z', '2025-03-01T10:03:02.000Z'));
  viewer = await startViewer([dirs.oracle, dirs.infile, dirs.live], { port: 0 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
after(async () => {
  assert.deepEqual(pageErrors, [], 'no script errors in the pages');
  await browser?.close();
  await viewer?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const taskHash = (id: string, sample: number, view?: string) =>
  `#/run/oracle/task/${encodeURIComponent(id)}/${sample}${view ? `?view=${view}` : ''}`;
const text = async (selector: string) => (await page.textContent(selector))?.trim();
const waitForText = (selector: string, expected: string) =>
  page.waitForFunction(([s, e]) => document.querySelector(s!)?.textContent?.trim() === e, [selector, expected], {
    timeout: 5000,
  });
const diffLines = (pane = '#pane-0') =>
  page.$$eval(`${pane} .diff .dl`, (lines) =>
    lines.map((l) => `${l.querySelector('.sign')!.textContent} ${l.querySelector('.tx')!.textContent}`),
  );
const names = () => page.$$eval('.vt-row .vt-cell:nth-child(5)', (cells) => cells.map((c) => c.textContent));

test('the list: filters change the count to the exact number, facet counts follow, keys open a task', async () => {
  await page.goto(`${viewer.url}#/run/oracle`);
  await page.waitForSelector('.vt-row');
  assert.equal(await text('#count'), '8 of 8 tasks');
  await page.selectOption('#facet-level', 'stdlib');
  assert.equal(await text('#count'), '4 of 8 tasks');
  assert.deepEqual(await names(), ['store_find', 'store_reserve', 'store_free', 'str_dup']);
  assert.deepEqual(await page.$$eval('#facet-verdict option', (options) => options.map((o) => o.textContent)), [
    'verdict: any',
    'passed (3)',
    'built (0)',
    'failed (1)',
    'timeout (0)',
    'not-run (0)',
  ]);
  await page.fill('#search', 'store_f');
  await waitForText('#count', '2 of 8 tasks');
  assert.deepEqual(await names(), ['store_find', 'store_free']);
  assert.match(page.url(), /#\/run\/oracle\?q=store_f&level=stdlib$/);

  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#task-title');
  assert.match((await text('#task-title'))!, /^store_free/);
  assert.equal(await text('#position'), 'task 2 of 2');
  await page.keyboard.press('k');
  await page.waitForFunction(() => document.querySelector('#task-title')?.textContent?.startsWith('store_find'));
  assert.equal(await text('#position'), 'task 1 of 2');
  await page.keyboard.press('u');
  await page.waitForSelector('.vt-row');
  assert.equal(await text('#count'), '2 of 8 tasks');
});

test('a task: switch candidates with n and the tabs, read the diff, the output, the raw text and the spliced file', async () => {
  const putId = 'kvstore/src/store.c:store_put';
  await page.goto(`${viewer.url}${taskHash(putId, 0, 'diff')}`);
  await page.waitForSelector('#pane-0 .diff');
  assert.deepEqual(await diffLines(), [
    '  int store_put(struct store *s, const char *key, const char *value)',
    '  {',
    '      long slot = store_find(s, key);',
    '      if (slot >= 0) {',
    '          free(s->values[slot]);',
    '          s->values[slot] = strdup(value);',
    '          return s->values[slot] ? 0 : -1;',
    '      }',
    '      if (store_reserve(s, s->count + 1) != 0)',
    '          return -1;',
    '      s->keys[s->count] = strdup(key);',
    '      s->values[s->count] = strdup(value);',
    '-     s->count++;',
    '+     s->count += 1;',
    '+     s->dirty = 1;',
    '      return 0;',
    '  }',
  ]);
  assert.equal(await text('#pane-0 .tab[aria-selected="true"]'), '#0');
  assert.equal(await text('#pane-0 .candidate-facts .badge'), 'built (test-fail)');

  await page.keyboard.press('n');
  assert.equal(await text('#pane-0 .tab[aria-selected="true"]'), '#1');
  assert.match(page.url(), /\/1\?view=diff$/);
  await page.click('#pane-0 .tab[data-sample="2"]');
  assert.equal(await text('#pane-0 .tab[aria-selected="true"]'), '#2');
  assert.deepEqual(
    (await diffLines()).filter((line) => !line.startsWith(' ')),
    ['-     return 0;', '+     return 0'],
  );
  assert.equal(await text('#pane-0 .candidate-facts .badge'), 'failed (build-error)');
  assert.match((await text('#pane-0 .log'))!, /expected ';' before '}' token/);

  const task = sampleTasks()[3]!;
  const broken = candidateText(task, FUNCTIONS[3]!, 'broken')!;
  await page.click('#pane-0 .mode[data-view="output"]');
  assert.equal(await page.textContent('#pane-0 .code .text'), broken);
  await page.keyboard.press('r');
  assert.equal(await page.textContent('#pane-0 .code .text'), `\`\`\`c\n${broken}\`\`\`\n`);
  await page.keyboard.press('f');
  assert.equal(await page.textContent('#pane-0 mark.hole'), broken);
  assert.equal(await page.textContent('#pane-0 .code.file .text'), task.prefix + broken + task.suffix);
  assert.equal(task.prefix + task.reference + task.suffix, STORE_C);
  assert.match(page.url(), /\/2\?view=file$/);
  assert.deepEqual(await page.$$eval('#original table.callees td', (cells) => cells.map((c) => c.textContent)), [
    '1',
    '0',
    '0',
    '0',
    '0',
  ]);
});

test('a deep link opens the task, candidate and view it names', async () => {
  await page.goto('about:blank');
  await page.goto(`${viewer.url}${taskHash('kvstore/src/store.c:store_find', 2, 'file')}`);
  await page.waitForSelector('#pane-0 mark.hole');
  assert.equal(await text('#pane-0 .tab[aria-selected="true"]'), '#2');
  assert.equal(await text('#pane-0 .mode.selected'), 'in file');
  assert.match((await text('#task-title'))!, /^store_find/);
});

test('live progress updates without a reload while candidates are written to the store', async () => {
  await page.goto(`${viewer.url}#/run/live/progress`);
  await page.waitForSelector('#generated');
  assert.equal(await text('#generated .meter-value'), '12 / 24');
  assert.equal(await text('#count-passed .counter-value'), '3');
  assert.equal(await text('#count-timeout .counter-value'), '1');
  assert.equal(await text('#time-wall td'), '3 min 2 s over 1 session');
  const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  // a second session overlapping the first: the wall time is their union, [10:00, 10:05]
  const writer = openRunStore(dirs.live, { now: clockOf('2025-03-01T10:02:00.000Z', '2025-03-01T10:05:00.000Z') });
  const tasks = sampleTasks();
  for (const index of [4, 5])
    FUNCTIONS[index]!.oracle.forEach((outcome, sample) =>
      writeCandidate(writer, tasks[index]!, FUNCTIONS[index]!, sample, outcome),
    );
  writer.close();
  await waitForText('#generated .meter-value', '18 / 24');
  assert.equal(await text('#count-passed .counter-value'), '4');
  assert.equal(await text('#count-timeout .counter-value'), '3');
  assert.equal(await text('#count-no-output .counter-value'), '1');
  assert.equal(await text('#time-wall td'), '5 min 0 s over 2 sessions');
  assert.equal(
    await page.evaluate(() => (window as unknown as { marker: number }).marker),
    marker,
    'the page was not reloaded',
  );
});

test('comparison: transitions, differing tasks, and a task page with both runs side by side', async () => {
  await page.goto(`${viewer.url}#/compare/oracle/infile`);
  await page.waitForSelector('.transitions');
  assert.deepEqual(await page.$$eval('.transitions tbody td', (cells) => cells.map((c) => c.textContent)), [
    'oracle → infile',
    '7',
    '0',
    '3',
    '2',
    '2',
  ]);
  assert.equal(await text('#compare-count'), '7 of 8 shared tasks');
  // Differences on the report scale, with the digits of `ctxbench report`: em -1/7 of a task is -14.29.
  const { comparison } = (await (await fetch(`${viewer.url}api/compare?a=oracle&b=infile`)).json()) as RunComparison;
  const em = comparison!.differences.find((d) => d.metric === 'em')!;
  assert.deepEqual(
    await page.$$eval('.differences tbody tr:first-child td', (cells) => cells.map((c) => c.textContent)),
    ['em', 'infile − oracle', '7', '-14.29', `[${em.low.toFixed(2)}, ${em.high.toFixed(2)}]`],
  );
  await page.click('#only-differing');
  assert.equal(await text('#compare-count'), '8 of 8 shared tasks');
  await page.click('.vt-row >> nth=3');
  await page.waitForSelector('#pane-1 .tabs');
  assert.match((await text('#task-title'))!, /^store_put/);
  assert.match((await text('#pane-0 h2'))!, /^Candidates · oracle/);
  assert.match((await text('#pane-1 h2'))!, /^Candidates · infile/);
  assert.equal(await text('#pane-1 .candidate-facts .badge'), 'passed (pass)');
});

test('at 1,280 px no table of the task, comparison and compared-task pages reaches past its card, nor the page past the window (#38.6)', async () => {
  const narrow = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  narrow.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    // per table: how far it reaches past its card (0 when it fits or scrolls inside it); and the page's own overflow
    const overflow = () =>
      narrow.evaluate(() => ({
        tables: Array.from(document.querySelectorAll('table'))
          .map((table) => {
            const card = table.closest('.panel, section') ?? document.body;
            return Math.max(
              0,
              Math.round(table.getBoundingClientRect().right - card.getBoundingClientRect().right) -
                (table.closest('.table-wrap') ? table.getBoundingClientRect().width : 0),
            );
          })
          .filter((past) => past > 0).length,
        tableCount: document.querySelectorAll('table').length,
        page: document.documentElement.scrollWidth - window.innerWidth,
      }));
    // a candidate scored by many metrics (as a real run's are): its scores table is wider than the card
    const store = openRunStore(dirs.live);
    const scored = store.candidates().find((c) => c.output !== null)!;
    store.putMetrics(
      scored.taskId,
      scored.sample,
      Object.fromEntries(Array.from({ length: 16 }, (_, index) => [`metric-with-a-long-name-${index}`, 0.5])),
    );
    store.close();
    const pages: [string, () => Promise<unknown>, string][] = [
      [
        'task',
        () => narrow.goto(`${viewer.url}#/run/live/task/${encodeURIComponent(scored.taskId)}/${scored.sample}`),
        '#pane-0 table.scores',
      ],
      ['comparison', () => narrow.goto(`${viewer.url}#/compare/oracle/infile`), '.differences'],
      ['compared task', () => narrow.click('.vt-row >> nth=3'), '#pane-1 .tabs'],
    ];
    for (const [name, open, ready] of pages) {
      await open();
      await narrow.waitForSelector(ready);
      const measured = await overflow();
      assert.ok(measured.tableCount > 0, name);
      assert.deepEqual({ tables: measured.tables, page: Math.max(0, measured.page) }, { tables: 0, page: 0 }, name);
    }
  } finally {
    await narrow.close();
  }
});

test('the summary shows the report figures and tables', async () => {
  await page.goto(`${viewer.url}#/run/oracle/summary`);
  await page.waitForSelector('.report');
  const summary = (await (await fetch(`${viewer.url}api/runs/oracle/summary`)).json()) as {
    tables: { report: { rows: { means: Record<string, number> }[] } }[];
  };
  const overall = summary.tables[0]!.report.rows[0]!.means;
  assert.deepEqual(
    await page.$$eval('.report >> nth=0', (tables) =>
      Array.from(tables[0]!.querySelectorAll('tbody td')).map((c) => c.textContent),
    ),
    [
      '8',
      '24',
      '1',
      overall.em!.toFixed(2),
      overall.es!.toFixed(2),
      overall['pass@1']!.toFixed(2),
      overall['pass@1-first']!.toFixed(2),
    ],
  );
  // The report stage's figures: charts as SVG images, tables with their intervals.
  const figures = (await (await fetch(`${viewer.url}api/runs/oracle/summary`)).json()) as {
    figures: { id: string; svg: string | null; table: unknown }[];
  };
  assert.deepEqual(
    await page.$$eval('section.figure', (sections) => sections.map((s) => s.id)),
    figures.figures.map((f) => `fig-${f.id}`),
  );
  assert.equal(
    await page.locator('section.figure img.figure-svg').count(),
    figures.figures.filter((f) => f.svg).length,
  );
  assert.ok(
    await page.$$eval('section.figure img.figure-svg', (images) =>
      images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
    ),
    'every chart image decodes',
  );
});

test('runs that share no task: the comparison page says so, served and exported', async () => {
  const otherDir = join(scratch, 'other');
  openRunStore(otherDir, {
    create: sampleConfig('infile'),
    tasks: sampleTasks().map((task) => ({ ...task, id: `other/${task.id}` })),
  }).close();
  const refusal = `runs ${dirs.oracle} and ${otherDir} share no tasks: only runs made from the same tasks can be compared`;
  const unrelated = await startViewer([dirs.oracle, otherDir], { port: 0 });
  try {
    await page.goto(`${unrelated.url}#/compare/oracle/other`);
    await waitForText('[role=alert]', refusal);
  } finally {
    await unrelated.close();
  }
  const out = join(scratch, 'export-unrelated');
  exportViewer([dirs.oracle, otherDir], out);
  await page.goto(`file://${out}/index.html#/compare/oracle/other`);
  await waitForText('[role=alert]', refusal);
});

test('the exported copy works from the file system', async () => {
  const out = join(scratch, 'export');
  exportViewer([dirs.oracle, dirs.infile], out);
  await page.goto(`file://${out}/index.html#/run/oracle`);
  await page.waitForSelector('.vt-row');
  assert.equal(await text('#count'), '8 of 8 tasks');
  await page.selectOption('#facet-verdict', 'passed');
  assert.equal(await text('#count'), '4 of 8 tasks');
  await page.click('.vt-row >> nth=1');
  await page.waitForSelector('#pane-0 .tabs');
  assert.match((await text('#task-title'))!, /^store_find/);
  await page.keyboard.press('d');
  assert.deepEqual(
    (await diffLines()).filter((line) => !line.startsWith(' ')),
    ['-     return -1;', '+     return 0;'],
  );
  await page.keyboard.press('j');
  await page.waitForFunction(() => document.querySelector('#task-title')?.textContent?.startsWith('store_free'));
});

test('a long list shows its first 100 tasks at once, then the whole list in their place, also filtered and sorted', async () => {
  const dir = join(scratch, 'long');
  const base = sampleTasks()[0]!;
  openRunStore(dir, {
    create: sampleConfig('infile', 1),
    tasks: Array.from({ length: 150 }, (_, i) => ({ ...base, id: `${base.id}#${i}` })),
  }).close();
  const long = await startViewer([dir], { port: 0 });
  // The whole list is held back until the first rows have been checked.
  let release!: () => void;
  let held = new Promise<void>((resolve) => (release = resolve));
  const whole = /\/api\/runs\/long\/rows$/;
  const task140 = /\/api\/runs\/long\/tasks\/[^/]*%23140$/;
  await page.route(whole, async (route) => {
    await held;
    await route.continue();
  });
  const ords = () => page.$$eval('.vt-row .vt-cell:first-child', (cells) => cells.map((c) => c.textContent));
  try {
    await page.goto(`${long.url}#/run/long`);
    await waitForText('#count', 'first 100 of 150 tasks (loading the rest)');
    assert.equal(await page.$$eval('.vt-row', (rows) => rows.length > 0), true);
    assert.equal(await page.$eval('.filters', (filters) => (filters as HTMLElement).inert), true);
    release();
    await waitForText('#count', '150 of 150 tasks');
    assert.equal(await page.$eval('.filters', (filters) => (filters as HTMLElement).inert), false);

    // A bookmarked filter and sort: applied to the first tasks while the rest loads, then to all of them.
    held = new Promise<void>((resolve) => (release = resolve));
    await page.goto('about:blank');
    await page.goto(`${long.url}#/run/long?q=%2314&sort=ord&desc=1`);
    await waitForText('#count', '1 of the first 100 of 150 tasks (loading the rest)');
    assert.deepEqual(await ords(), ['15']);
    // A task opened while the list loads shows at once, and its place in the filtered list once the rest arrives;
    // the list is not rebuilt behind it (its keys would take over the task page's).
    await page.click('.vt-row');
    await page.waitForSelector('#task-title');
    assert.equal(await text('#position'), 'loading the task list');
    release();
    await waitForText('#position', 'task 11 of 11');
    // The task asked for by k answers only after the user went back to the list: that late page takes
    // over neither the list's URL nor its keys.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let asked!: () => void;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(task140, async (route) => {
      asked();
      await answered;
      await route.continue();
    });
    await page.keyboard.press('k');
    await page.waitForFunction(() => location.hash.includes('%23140/'));
    // the page asks for the task after the hash changes: going back before it has would leave nothing late to answer
    await requested;
    await page.goBack();
    await page.goBack();
    await waitForText('#count', '11 of 150 tasks');
    const late = page.waitForResponse(task140);
    answer();
    await late;
    // every page asked for has ended: the late one too
    await page.waitForFunction(() => document.documentElement.dataset.loading === '0');
    assert.match(page.url(), /#\/run\/long\?q=%2314&desc=1$/);
    assert.deepEqual(await ords(), ['150', '149', '148', '147', '146', '145', '144', '143', '142', '141', '15']);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash.includes('%23149/'));
  } finally {
    await page.unroute(task140);
    await page.unroute(whole);
    await long.close();
  }
});

test('a degenerate CodeBLEU score is marked where it is shown: a star and its reason on the task page, a note on the summary', async () => {
  const store = openRunStore(dirs.live);
  const scored = store.candidates().filter((c) => c.output !== null)[1]!;
  store.putMetrics(scored.taskId, scored.sample, { codebleu: 0.658113883008419, 'codebleu-strict': 0.408113883008419 });
  store.close();
  const why = 'a dataflow score of 0 counted as 1 (no data flow in the reference, or none matched)';
  await page.goto(`${viewer.url}#/run/live/task/${encodeURIComponent(scored.taskId)}/${scored.sample}`);
  await page.waitForSelector('#pane-0 table.scores');
  assert.deepEqual(
    await page.$$eval('#pane-0 table.scores .caveat', (cells) =>
      cells.map((c) => [c.textContent, c.getAttribute('title')]),
    ),
    [['65.8*', why]],
  );
  assert.equal(await text('#pane-0 .caveat-note'), `* codebleu: ${why}`);
  await page.goto(`${viewer.url}#/run/live/summary`);
  await page.waitForSelector('.report');
  assert.ok(
    (await page.$$eval('p.note', (notes) => notes.map((n) => n.textContent ?? ''))).some((note) =>
      note.endsWith(`codebleu: 1 of 1 candidates with ${why}`),
    ),
  );
});
