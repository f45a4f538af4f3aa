// The demo: the whole pipeline on the built-in samples (its own file: it is the longest CLI test).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openRunStore } from '../../src/runstore/store.ts';

const CLI = new URL('../../bin/ctxbench.js', import.meta.url).pathname;
const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

test('the demo runs the pipeline on the sample repositories and writes its runs and report', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'ctxbench-demo-')), 'demo');
  const demo = cli('demo', '--out', out);
  assert.equal(demo.status, 0, demo.stderr);
  for (const family of ['function', 'crossfile', 'node']) {
    const tasks = readFileSync(join(out, 'tasks', `${family}.jsonl`), 'utf8')
      .trim()
      .split('\n');
    assert.ok(tasks.length >= 10, `${family}: ${tasks.length} tasks`);
    assert.ok(existsSync(join(out, 'tasks', `${family}.jsonl.manifest.json`)));
  }
  assert.ok(existsSync(join(out, 'runs', 'crossfile-infile', 'run.db')));
  assert.ok(existsSync(join(out, 'runs', 'crossfile-bm25', 'run.db')));
  const html = readFileSync(join(out, 'report.html'), 'utf8');
  assert.match(html, /<svg/);
  // agent mode beside the static strategies: the scripted agent's run, each candidate with its trace (a search, then
  // the answer)
  assert.match(html, /crossfile-agent/);
  const agent = openRunStore(join(out, 'runs', 'crossfile-agent'), { readonly: true });
  try {
    const candidates = agent.candidates();
    assert.ok(candidates.length >= 10);
    for (const candidate of candidates) {
      const trace = agent.trace(candidate.taskId, candidate.sample)!;
      assert.deepEqual(
        [trace.stoppedBy, trace.turns.length, trace.turns[0]!.toolCalls.map((call) => [call.name, call.error])],
        ['answer', 2, [['search', null]]],
        candidate.taskId,
      );
    }
  } finally {
    agent.close();
  }
  // With no retrieved context the copy baseline has nothing to copy; with BM25 it scores on every language.
  const rows = [...demo.stdout.matchAll(/^crossfile-(infile|bm25)\s+(\w+)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)/gm)];
  const es = (context: string, language: string) =>
    Number(rows.find((r) => r[1] === context && r[2] === language)?.[6]);
  for (const language of ['c', 'python']) {
    assert.equal(es('infile', language), 0);
    assert.ok(es('bm25', language) > 0, `${language} bm25 es`);
  }
});
