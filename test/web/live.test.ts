// A live run in the viewer: a poll rereads only the tasks the store's change log names, the rows
// since a version are exactly the changed ones (and equal what a fresh viewer computes), and the
// diff of a very different candidate falls back to a side-by-side within its work budget.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openRunStore, type RunStore } from '../../src/runstore/store.ts';
import { diffTexts, formatDiff } from '../../src/web/diff.ts';
import { answerApi } from '../../src/web/server.ts';
import { RunCollection, RunView } from '../../src/web/run-view.ts';
import { createSampleRun, FUNCTIONS, sampleTasks, writeCandidate } from '../fixtures/web/sample.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-web-live-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

test('a poll of a live run rereads only the changed tasks and serves only their rows', async () => {
  const dir = join(scratch, 'live');
  createSampleRun(dir, 'infile', 2);
  const runs = new RunCollection([dir]);
  const view = runs.get('live')!;
  try {
    const rowBefore = view.rows()[3];
    const version = view.version();
    assert.equal(view.candidates().length, FUNCTIONS[0]!.infile.length + FUNCTIONS[1]!.infile.length);

    // What a poll reads: count the candidates the viewer asks the store for.
    const store = (view as unknown as { store: RunStore }).store;
    const asked: Parameters<RunStore['candidateHeads']>[0][] = [];
    let wholeReads = 0;
    const candidateHeads = store.candidateHeads.bind(store);
    const candidates = store.candidates.bind(store);
    store.candidateHeads = (which) => (asked.push(which), candidateHeads(which));
    store.candidates = () => (wholeReads++, candidates());

    const tasks = sampleTasks();
    const writer = openRunStore(dir);
    writeCandidate(writer, tasks[3]!, FUNCTIONS[3]!, 0, FUNCTIONS[3]!.infile[0]!);
    writer.close();

    const changed = view.rowsSince(version);
    assert.deepEqual(asked, [[tasks[3]!.id]]);
    assert.equal(wholeReads, 0);
    assert.deepEqual(
      changed!.map((row) => row.id),
      [tasks[3]!.id],
    );
    assert.equal(view.version(), version + 1);
    assert.deepEqual(view.rowsSince(view.version()), []);
    assert.equal(view.rowsSince(version - 1), null, 'a version before the last whole read is too old');

    const answer = answerApi(runs, `/api/runs/live/tasks?since=${version}`) as {
      version: number;
      since: number;
      rows: { id: string }[];
    };
    assert.deepEqual(
      { version: answer.version, since: answer.since, rows: answer.rows.map((row) => row.id) },
      { version: version + 1, since: version, rows: [tasks[3]!.id] },
    );

    const fresh = new RunView('fresh', dir);
    const prepared = new RunView('prepared', dir);
    try {
      // The list read in slices between other requests is the list read at once.
      await prepared.prepare();
      assert.deepEqual(prepared.rows(), fresh.rows());
      assert.deepEqual(prepared.info(), { ...fresh.info(), id: 'prepared' });
      assert.deepEqual(view.rows(), fresh.rows());
      assert.deepEqual(view.candidates(), fresh.candidates());
      assert.deepEqual(view.progress().counts, fresh.progress().counts);
    } finally {
      fresh.close();
      prepared.close();
    }
    assert.notDeepEqual(view.rows()[3], rowBefore);
  } finally {
    runs.close();
  }
});

test('the diff of a very different candidate is a side-by-side within the work budget', () => {
  const reference = Array.from({ length: 200 }, (_, i) => `a${i}`).join('\n');
  const candidate = Array.from({ length: 200 }, (_, i) => (i % 2 ? `a${i}` : `b${i}`)).join('\n');
  const shortest = diffTexts(reference, candidate);
  assert.equal(shortest.method, 'myers');
  assert.equal(shortest.lines.filter((line) => line.op === 'equal').length, 100);

  const bounded = diffTexts('head\nx1\nx2\nx3\ntail\n', 'head\ny1\nx2\ny3\ny4\ntail\n', 1);
  assert.equal(bounded.method, 'side-by-side');
  assert.deepEqual(formatDiff(bounded.lines), ['  head', '- x1', '+ y1', '  x2', '- x3', '+ y3', '+ y4', '  tail']);
  assert.deepEqual(
    bounded.lines.map((line) => [line.oldLine, line.newLine]),
    [
      [1, 1],
      [2, null],
      [null, 2],
      [3, 3],
      [4, null],
      [null, 4],
      [null, 5],
      [5, 6],
    ],
  );
});
