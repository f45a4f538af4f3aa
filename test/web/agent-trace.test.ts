// An agent run in the viewer (headless Chromium, real HTTP): the candidate's trace as a timeline of turns and tool
// calls, with the tokens each result added; what the model wrote is shown as text, never as markup.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { writeTasks } from '../../src/datasets/io.ts';
import { openRunStore } from '../../src/runstore/store.ts';
import { startViewer } from '../../src/web/server.ts';
import { agentFixture } from '../agent-fixture.ts';
import { cli } from '../capture-cli.ts';
import { launchChromium } from '../fixtures/web/browser.ts';
import { answerBody, startServer, toolCallBody } from '../models/openai-server.ts';

test("the viewer shows an agent run's trace beside its candidate, as text", async () => {
  const { task } = await agentFixture();
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-agent-view-'));
  const tasksFile = join(dir, 'tasks.jsonl');
  writeTasks(tasksFile, [task]);
  const run = join(dir, 'agent');
  const hostile = '<img src=x onerror="document.title=\'owned\'">';
  const server = await startServer((request, index) => ({
    json:
      index === 0
        ? toolCallBody(request, [
            { name: 'grep', arguments: { pattern: hostile } },
            { name: 'open', arguments: { path: '/etc/passwd' } },
          ])
        : answerBody(request, `${hostile}\nvoid report_area(void) {}`),
  }));
  try {
    const result = await cli([
      'eval',
      tasksFile,
      '--model',
      'openai:chat:m',
      '--base-url',
      server.url,
      '--context',
      'agent',
      '--run',
      run,
    ]);
    assert.equal(result.code, 0, result.stderr);
  } finally {
    await server.close();
  }
  const store = openRunStore(run, { readonly: true });
  const trace = store.trace(task.id, 0)!;
  store.close();
  const viewer = await startViewer([run], { port: 0 });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${viewer.url}#/run/agent/task/${encodeURIComponent(task.id)}/0`);
    await page.waitForSelector('.agent-trace');
    assert.equal(
      (await page.textContent('.agent-trace .trace-summary'))?.trim(),
      '2 turns, 2 tool calls, ended by its answer · tools: search, grep, open, list, definition, callers',
    );
    const turns = await page.$$eval('.agent-trace .turn-head', (heads) => heads.map((head) => head.textContent));
    assert.deepEqual(
      turns.map((head) => head!.replace(/ · \d+ ms · /, ' · T · ')),
      [
        `turn 1 · T · ${trace.turns[0]!.promptTokens} prompt + 10 completion tokens`,
        `turn 2 · T · ${trace.turns[1]!.promptTokens} prompt + ${trace.turns[1]!.completionTokens} completion tokens`,
      ],
    );
    const calls = await page.$$eval('.agent-trace .tool-call', (items) =>
      items.map((item) => item.textContent!.replace(/ · \d+ ms$/, '')),
    );
    assert.deepEqual(calls, [
      `grep(${JSON.stringify({ pattern: hostile })}) +${trace.turns[0]!.toolCalls[0]!.resultTokens} prompt tokens (8 ` +
        `characters)`,
      `open({"path":"/etc/passwd"}) refused: path '/etc/passwd' is not a path inside the repository`,
    ]);
    assert.ok(trace.turns[0]!.toolCalls[0]!.resultTokens > 0);
    assert.equal((await page.textContent('.agent-trace .turn-text'))?.trim(), `${hostile}\nvoid report_area(void) {}`);
    assert.equal(await page.$$eval('.agent-trace img', (images) => images.length), 0);
    assert.notEqual(await page.title(), 'owned');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    await viewer.close();
  }
});
