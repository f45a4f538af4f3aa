// No leakage: app/main.py carries a unique marker after the hole. Retrieval never takes chunks of
// the target file (CrossCodeEval excludes it), given snippets of the target file at or after the
// hole are dropped, and the marker reaches a prompt only inside the FIM suffix slot.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isFunctionTask, type TaskRecord } from '../../src/datasets/types.ts';
import { createPromptBuilder, listTemplates, RETRIEVERS } from '../../src/context/index.ts';
import { copyRepo, MARKER, mainTask, startEmbeddingServer, type EmbeddingServer } from './helpers.ts';

const STRATEGIES = [
  'none',
  'infile',
  'oracle',
  'precomputed',
  // every registered retriever, with and without the reference
  ...RETRIEVERS.names().flatMap((name) => [name, `${name}-ref`]),
  'oracle+precomputed+bm25+dense',
];

let server: EmbeddingServer;
before(async () => {
  server = await startEmbeddingServer();
});
after(() => server.close());

/** The fixture task with given snippets that would leak if they were used. */
function leakyTask(root: string, kind: TaskRecord['kind']): TaskRecord {
  const lines = readFileSync(join(root, 'app', 'main.py'), 'utf8').split('\n');
  const from = (start: number, end: number) => ({
    path: 'app/main.py',
    startLine: start,
    endLine: end,
    text: lines.slice(start - 1, end).join('\n'),
    score: 1,
  });
  const task = mainTask(root, kind);
  const given = {
    // the target itself through the hole and on (e.g. a recursive call) must not be used
    oracle: [
      { ...from(5, 11), score: null, name: 'report', docstring: null },
      {
        path: 'pkg/utils.py',
        startLine: 1,
        endLine: 3,
        text: 'def format_balance(total):\n    """Two decimals and a currency sign."""\n    return f"${total:.2f}"',
        score: null,
        name: 'format_balance',
        docstring: 'Two decimals and a currency sign.',
      },
    ],
    // an imported retrieval that contains text after the hole
    retrieved: [
      from(9, 11),
      from(1, 2),
      { path: 'pkg/models.py', startLine: 1, endLine: 1, text: 'class Account:', score: 0.5 },
    ],
  };
  return isFunctionTask(task)
    ? { ...task, ...given, docstring: 'Formatted balance of an account.' }
    : { ...task, ...given };
}

test('the marker never reaches a prompt, for every strategy and template', async () => {
  const root = copyRepo();
  const cacheDir = mkdtempSync(join(tmpdir(), 'ctxbench-emb-'));
  let checked = 0;
  for (const strategy of STRATEGIES) {
    for (const { name, fim, kind } of listTemplates()) {
      const task = leakyTask(root, kind === 'chat' ? 'function' : 'crossfile');
      const builder = await createPromptBuilder({
        strategy,
        template: name,
        embeddings: { baseUrl: server.url, cacheDir, model: 'bow-16' },
      });
      const built = await builder.build(task);
      const text = built.prompt ?? built.messages!.map((m) => m.content).join('\n');
      // FIM templates carry the task's suffix on purpose; everything else must be marker-free.
      const withoutSuffix = fim && text.includes(task.suffix) ? text.replace(task.suffix, '') : text;
      assert.ok(!withoutSuffix.includes(MARKER), `${strategy} / ${name} leaks the marker`);
      assert.ok(
        built.retrieved.every((s) => s.path !== 'app/main.py' || s.endLine < task.span.startLine),
        `${strategy} / ${name}`,
      );
      for (const snippet of built.retrieved) assert.ok(!snippet.text.includes(MARKER));
      checked++;
    }
  }
  assert.equal(checked, STRATEGIES.length * listTemplates().length);
});

test('given snippets of the target file before the hole are kept, those reaching the hole are dropped', async () => {
  const root = copyRepo();
  const built = await (await createPromptBuilder({ strategy: 'precomputed+oracle', template: 'cceval' })).build(
    leakyTask(root, 'crossfile'),
  );
  assert.deepEqual(
    built.snippets.map((s) => `${s.source} ${s.path}:${s.startLine}-${s.endLine}`),
    ['retrieved app/main.py:1-2', 'retrieved pkg/models.py:1-1', 'oracle pkg/utils.py:1-3'],
  );
});

test('retrievers never return chunks of the target file, even when it is the best match', async () => {
  const root = copyRepo();
  // the query is made of the target's own lines: the target file would win every ranking
  for (const strategy of ['bm25', 'jaccard', 'tfidf', 'bm25-ref']) {
    const built = await (
      await createPromptBuilder({ strategy, template: 'cceval', retrieval: { topK: 50, nextChunk: false } })
    ).build(mainTask(root));
    assert.equal(built.retrieved.length, 6, strategy); // every other chunk, none of app/main.py
    assert.ok(
      built.retrieved.every((s) => s.path !== 'app/main.py'),
      strategy,
    );
  }
});
