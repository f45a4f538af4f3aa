// Model output, repository code and paths are untrusted: a run planted with markup must show it as
// text everywhere, and nothing in it may run, in the served viewer and in the exported copy.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { openRunStore } from '../../src/runstore/store.ts';
import { exportViewer } from '../../src/web/export.ts';
import { startViewer, type Viewer } from '../../src/web/server.ts';
import { launchChromium } from '../fixtures/web/browser.ts';
import { sampleConfig } from '../fixtures/web/sample.ts';

const SCRIPT = '<script>window.__pwned=1</script>';
const IMAGE = '<img src=x onerror="window.__pwned=1">';
const BOTH = `${SCRIPT}${IMAGE}`;
// "Trojan Source": a right-to-left override and an isolate would show the code in another order than it compiles in
const BIDI = '\u202e/* hidden */\u2066';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-web-xss-'));
const runDir = join(scratch, 'planted');
const taskId = `evil/${BOTH}`;
let viewer: Viewer;
let browser: Browser;
let page: Page;

function plantedTask(): TaskRecord {
  const reference = `int ok(void)\n{\n    return 1; /* ${SCRIPT} */\n}\n`;
  return {
    id: taskId,
    kind: 'function',
    language: 'c',
    repo: { name: `repo${IMAGE}`, commit: null },
    path: `src/${IMAGE}.c`,
    prefix: `/* ${SCRIPT} */\n`,
    suffix: `\n// ${IMAGE}\n`,
    reference,
    span: { startLine: 2, startColumn: 1, endLine: 5, endColumn: 2 },
    labels: { level: `file${SCRIPT}`, lines: 4, semantic: `${IMAGE}/call` },
    name: `ok${SCRIPT}`,
    signature: `int ok(void) ${IMAGE}`,
    docstring: `Returns 1. ${BOTH}`,
    oracle: [
      {
        path: `lib/${SCRIPT}.h`,
        startLine: 1,
        endLine: 1,
        text: `${IMAGE}\n`,
        score: null,
        name: IMAGE,
        docstring: SCRIPT,
      },
    ],
    meta: { lastCommit: SCRIPT, testHits: 3, callers: 1 },
  };
}

before(async () => {
  const task = plantedTask();
  const store = openRunStore(runDir, {
    create: { ...sampleConfig('oracle', 1), model: `openai:chat:${IMAGE}` },
    tasks: [task],
  });
  store.putPrompt(task.id, {
    messages: [
      { role: 'system', content: SCRIPT },
      { role: 'user', content: `Function signature: ${IMAGE}` },
    ],
    prompt: null,
    tokens: { instruction: 3, [IMAGE]: 4, total: 7 },
    snippets: [{ source: 'retrieved', path: `${SCRIPT}.c`, startLine: 1, endLine: 2, score: 0.5 }],
    retrieved: [{ path: `${IMAGE}.c`, startLine: 1, endLine: 2, text: BOTH, score: 0.5 }],
  });
  const output = `int ok(void)\n{\n    ${BOTH}\n    return 0; ${BIDI}\n}\n`;
  store.putCandidate({
    taskId: task.id,
    sample: 0,
    raw: `\`\`\`c\n${output}\`\`\`\n<!-- ${SCRIPT} -->`,
    output,
    postprocess: IMAGE,
    error: null,
    promptTokens: 5,
    completionTokens: 5,
    latencyMs: 10,
    finishReason: SCRIPT,
    cached: false,
  });
  store.putMetrics(task.id, 0, { em: 0, es: 40 });
  store.putVerdict(task.id, 0, {
    verdict: 'build-error',
    selectedTests: [SCRIPT],
    buildMs: 5,
    testMs: 0,
    logTail: `error: ${BOTH}`,
    cached: false,
  });
  store.close();
  viewer = await startViewer([runDir], { port: 0 });
  browser = await launchChromium();
  page = await browser.newPage();
  await page.clock.install();
});
after(async () => {
  await browser?.close();
  await viewer?.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Nothing ran, no element came from the data, and the planted text is on the page literally. */
async function assertInert(where: string, expectedTexts: string[]): Promise<void> {
  assert.equal(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    undefined,
    `${where}: a planted script ran`,
  );
  assert.equal(
    await page.locator('main img:not(.figure-svg), main script, nav img, nav script').count(),
    0,
    `${where}: planted markup became elements`,
  );
  // The Summary's charts are the report stage's SVG as images (which never run scripts), with the planted text escaped
  // inside.
  for (const src of await page.$$eval('main img.figure-svg', (images) =>
    images.map((image) => image.getAttribute('src')!),
  )) {
    assert.ok(src.startsWith('data:image/svg+xml;charset=utf-8,'), `${where}: a chart image from elsewhere`);
    assert.ok(
      !/<(script|img)\b/i.test(decodeURIComponent(src.slice(src.indexOf(',') + 1))),
      `${where}: planted markup inside a chart`,
    );
  }
  const body = (await page.textContent('body'))!;
  assert.doesNotMatch(
    body,
    /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/,
    `${where}: a bidirectional control applied`,
  );
  for (const expected of expectedTexts)
    assert.ok(body.includes(expected), `${where}: '${expected}' is not shown literally`);
}

async function visitEverything(base: string): Promise<void> {
  await page.goto(`${base}#/run/planted`);
  await page.waitForSelector('.vt-row');
  // The page's clock stands still from here: the list's live refresh (every 2 s) cannot re-render the rows under a
  // click, and the search's 100 ms debounce runs when the clock is moved on. (The jump to the pause may run the
  // refresh once: the run does not change, so it redraws nothing. A target in the past is refused: a margin.)
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 5000));
  await page.fill('#search', 'onerror');
  await page.clock.runFor(100);
  await page.waitForFunction(() => document.querySelector('#count')?.textContent === '1 of 1 tasks');
  await assertInert('list', [`src/${IMAGE}.c:2`, `ok${SCRIPT}`, `file${SCRIPT}`]);

  await page.click('.vt-row');
  await page.waitForSelector('#pane-0 .tabs');
  for (const view of ['output', 'raw', 'diff', 'file']) {
    await page.click(`#pane-0 .mode[data-view="${view}"]`);
    await assertInert(`task, ${view} view`, [BOTH, `Returns 1. ${BOTH}`, `int ok(void) ${IMAGE}`]);
  }
  await page.click('#pane-0 .mode[data-view="raw"]');
  await assertInert('raw view', [`<!-- ${SCRIPT} -->`]);
  await page.click('#pane-0 .mode[data-view="output"]');
  await assertInert('output view, bidirectional controls', ['return 0; <U+202E>/* hidden */<U+2066>']);
  assert.ok((await page.locator('#pane-0 .bidi-control').count()) >= 2);
  for (const details of await page.locator('details').all())
    await details.evaluate((element) => ((element as HTMLDetailsElement).open = true));
  await assertInert('prompt', [
    `Function signature: ${IMAGE}`,
    `${SCRIPT}.c`,
    `lib/${SCRIPT}.h`,
    `error: ${BOTH}`,
    IMAGE,
  ]);

  await page.goto(`${base}#/run/planted/summary`);
  await page.waitForSelector('.report');
  await assertInert('summary', [`model openai:chat:${IMAGE}`]);
  await page.goto(`${base}#/run/planted/progress`);
  await page.waitForSelector('#generated');
  await assertInert('progress', [`repo${IMAGE}`]);
  await page.clock.resume();
}

test('planted <script> and <img onerror> in a candidate, a path, a docstring, a prompt and a log stay text (served)', async () => {
  await visitEverything(viewer.url);
});

test('the same in the exported copy opened from the file system', async () => {
  const out = join(scratch, 'export');
  exportViewer([runDir], out);
  await visitEverything(`file://${out}/index.html`);
});
