// Docstring review end to end: three reviewers mark a task set in real Chromium through the review
// page (keys - ? +, a note, a reload that resumes), then `review stats` and `review apply` are
// checked against figures computed by hand below.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { readTasks, writeTasks } from '../../src/datasets/io.ts';
import { ReviewStore, reviewsPath, type ReviewStats } from '../../src/review/index.ts';
import { startReviewServer } from '../../src/web/review-server.ts';
import { cli } from '../capture-cli.ts';
import { launchChromium } from '../fixtures/web/browser.ts';
import { sampleTasks } from '../fixtures/web/sample.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-review-e2e-'));
const tasksPath = join(scratch, 'tasks.db');
let browser: Browser;
const pageErrors: string[] = [];

before(async () => {
  writeTasks(tasksPath, sampleTasks());
  browser = await launchChromium();
});
after(async () => {
  assert.deepEqual(pageErrors, [], 'no script errors in the pages');
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const NAMES = [
  'store_count',
  'store_find',
  'store_reserve',
  'store_put',
  'store_get',
  'store_free',
  'str_dup',
  'str_trim',
];
/** Each reviewer's marks of the eight tasks, in the set's order. */
const MARKS: Record<string, string[]> = {
  alice: ['+', '-', '?', '-', '+', '-', '?', '+'],
  bob: ['+', '-', '?', '+', '+', '-', '+', '-'],
  carol: ['+', '?', '+', '+', '+', '-', '?', '?'],
};

async function openPage(url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  await page.waitForSelector('#task-title');
  return page;
}

const text = async (page: Page, selector: string) => (await page.textContent(selector))?.trim();
const waitForText = (page: Page, selector: string, expected: string) =>
  page.waitForFunction(([s, e]) => document.querySelector(s!)?.textContent?.trim() === e, [selector, expected], {
    timeout: 5000,
  });

test('three reviewers mark every task in the browser; stats and apply match a hand computation', async () => {
  // alice: keys only, a note on store_find.
  const alice = await startReviewServer(tasksPath, { reviewer: 'alice', port: 0 });
  let page = await openPage(alice.url);
  assert.equal(await text(page, '#progress'), '0 of 8 reviewed');
  assert.equal(await text(page, '#task-title'), 'store_count');
  assert.equal(await text(page, '#docstring'), 'Returns the number of entries in the store.');
  for (const [index, mark] of MARKS.alice!.entries()) {
    await waitForText(page, '#task-title', NAMES[index]!);
    if (index === 1) {
      await page.keyboard.press('n');
      await page.keyboard.type('returns -1 (a long) when absent; is that "unsuitable"?');
      await page.keyboard.press('Escape');
    }
    await page.keyboard.press(mark);
    await waitForText(page, '#progress', `${index + 1} of 8 reviewed`);
  }
  await page.close();
  await alice.close();

  // bob: three marks, a reload resumes at the fourth task; a second session (carol) runs at the same time.
  const bob = await startReviewServer(tasksPath, { reviewer: 'bob', port: 0 });
  const carol = await startReviewServer(tasksPath, { reviewer: 'carol', port: 0 });
  page = await openPage(bob.url);
  const carolPage = await openPage(carol.url);
  for (const index of [0, 1, 2]) {
    await waitForText(page, '#task-title', NAMES[index]!);
    await page.keyboard.press(MARKS.bob![index]!);
  }
  await waitForText(page, '#progress', '3 of 8 reviewed');
  await page.reload();
  await page.waitForSelector('#task-title');
  assert.equal(await text(page, '#task-title'), 'store_put');
  assert.equal(await text(page, '#position'), 'task 4 of 8');
  assert.equal(await text(page, '#progress'), '3 of 8 reviewed');
  for (const index of [3, 4, 5, 6, 7]) {
    await waitForText(page, '#task-title', NAMES[index]!);
    await page.keyboard.press(MARKS.bob![index]!);
  }
  await waitForText(page, '#progress', '8 of 8 reviewed');
  // Going back shows the stored mark; a changed mark replaces it.
  await page.keyboard.press('k');
  await waitForText(page, '#task-title', 'str_dup');
  assert.equal(await text(page, '#current-mark'), 'marked +');
  await page.close();
  await bob.close();

  // carol clicks the buttons instead of typing.
  for (const [index, mark] of MARKS.carol!.entries()) {
    await waitForText(carolPage, '#task-title', NAMES[index]!);
    await carolPage.click(`button[data-mark="${mark}"]`);
    await waitForText(carolPage, '#progress', `${index + 1} of 8 reviewed`);
  }
  await carolPage.close();
  await carol.close();

  const store = new ReviewStore(reviewsPath(tasksPath), { readonly: true });
  const stored = store.all();
  store.close();
  const ids = readTasks(tasksPath).map((task) => task.id);
  for (const reviewer of Object.keys(MARKS)) {
    assert.deepEqual(
      ids.map((id) => stored.find((r) => r.taskId === id && r.reviewer === reviewer)?.mark),
      MARKS[reviewer],
      reviewer,
    );
  }
  assert.equal(
    stored.find((r) => r.reviewer === 'alice' && r.taskId.endsWith(':store_find'))!.note,
    'returns -1 (a long) when absent; is that "unsuitable"?',
  );
  assert.ok(stored.every((r) => r.kind === 'original'));

  // By hand: '-' 7, '?' 6, '+' 11. Agreement alice/bob 5 of 8 (tasks 1, 2, 3, 5, 6), alice/carol 4, bob/carol 4.
  // Fleiss: per-task P_i = 1, 1/3, 1/3, 1/3, 1, 1, 1/3, 0 -> P = 13/24; p = (7, 6, 11)/24 -> Pe = 206/576; kappa =
  // 106/370. Cohen alice/bob: po = 5/8, pe = (3*4 + 3*3 + 2*1)/64 = 23/64 -> 17/41.
  const result = await cli(['review', 'stats', tasksPath, '--json']);
  assert.equal(result.code, 0, result.stderr);
  const stats = JSON.parse(result.stdout) as ReviewStats;
  assert.deepEqual(stats.counts, { '-': 7, '?': 6, '+': 11 });
  assert.deepEqual(
    stats.pairs.map((p) => [p.a, p.b, p.agree, p.tasks]),
    [
      ['alice', 'bob', 5, 8],
      ['alice', 'carol', 4, 8],
      ['bob', 'carol', 4, 8],
    ],
  );
  assert.ok(Math.abs(stats.fleiss.kappa! - 106 / 370) < 1e-12, String(stats.fleiss.kappa));
  assert.equal(stats.fleiss.tasks, 8);
  assert.ok(Math.abs(stats.pairs[0]!.cohenKappa! - 17 / 41) < 1e-12);
  assert.deepEqual(stats.minuses, { '0': 4, '1': 2, '2': 1, '3': 1 });
  const textStats = await cli(['review', 'stats', tasksPath]);
  assert.match(textStats.stdout, /^Fleiss' kappa: 0\.2865 \(3 raters, 8 tasks marked by all\)$/m);

  // YABLoCo's rule drops store_find (two '-') and store_free (three); a stricter rule from the registry drops any '-'.
  const out = join(scratch, 'reviewed.db');
  const applied = await cli(['review', 'apply', tasksPath, '--out', out]);
  assert.equal(applied.code, 0, applied.stderr);
  assert.equal(applied.stdout, `yabloco: kept 6 of 8 tasks, dropped 2 (0 unreviewed) -> ${out}`);
  assert.deepEqual(
    readTasks(out),
    readTasks(tasksPath).filter((task) => !/:(store_find|store_free)$/.test(task.id)),
  );
  const manifest = JSON.parse(readFileSync(`${out}.manifest.json`, 'utf8'));
  assert.equal(manifest.transform, 'review-apply');
  assert.equal(manifest.tasks, 6);
  assert.equal(manifest.command, `ctxbench review apply ${tasksPath} --out ${out} --rule yabloco`);
  assert.deepEqual(manifest.details.counts, { tasks: 8, kept: 6, dropped: 2, unreviewed: 0, byReviews: { '3': 8 } });
  assert.equal(manifest.details.rule, 'yabloco');
  assert.deepEqual(manifest.details.dropped, ['kvstore/src/store.c:store_find', 'kvstore/src/store.c:store_free']);
  const strict = await cli(['review', 'apply', tasksPath, '--out', join(scratch, 'strict.db'), '--rule', 'any-minus']);
  assert.equal(
    strict.stdout,
    `any-minus: kept 4 of 8 tasks, dropped 4 (0 unreviewed) -> ${join(scratch, 'strict.db')}`,
  );
});

test('the review API refuses cross-origin writes, non-JSON bodies, unknown tasks and bad marks', async () => {
  const server = await startReviewServer(tasksPath, { reviewer: 'dave', port: 0 });
  try {
    const put = (id: string, body: string, headers: Record<string, string>) =>
      fetch(`${server.url}api/review/${encodeURIComponent(id)}`, { method: 'PUT', headers, body });
    const id = 'kvstore/src/store.c:store_get';
    assert.equal((await put(id, '{"mark":"+"}', { 'content-type': 'text/plain' })).status, 415);
    assert.equal(
      (await put(id, '{"mark":"+"}', { 'content-type': 'application/json', origin: 'http://evil.example' })).status,
      403,
    );
    assert.equal((await put('no-such-task', '{"mark":"+"}', { 'content-type': 'application/json' })).status, 404);
    const bad = await put(id, '{"mark":"x"}', { 'content-type': 'application/json' });
    assert.equal(bad.status, 400);
    assert.match(((await bad.json()) as { error: string }).error, /field 'mark'/);
    assert.equal((await put(id, '{"mark":"?","note":"ok"}', { 'content-type': 'application/json' })).status, 200);
    const store = new ReviewStore(reviewsPath(tasksPath), { readonly: true });
    assert.deepEqual(
      store.all('dave').map((r) => [r.taskId, r.mark, r.note]),
      [[id, '?', 'ok']],
    );
    store.close();
  } finally {
    await server.close();
  }
});
