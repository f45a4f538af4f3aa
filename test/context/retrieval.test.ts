// CrossCodeEval's retrieval pipeline on the fixture repository: candidate files and their order,
// chunking, query, RG1's next-chunk rule, `-ref`, and one shared index per repository.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { RepoIndex, pathDistance } from '../../src/context/chunks.ts';
import { createPromptBuilder } from '../../src/context/index.ts';
import { queryText } from '../../src/context/retrieve.ts';
import { copyRepo, mainTask } from './helpers.ts';

const where = (snippets: { path: string; startLine: number; endLine: number }[]) =>
  snippets.map((s) => `${s.path}:${s.startLine}-${s.endLine}`);

test("path distance is CrossCodeEval's file_distance", () => {
  assert.equal(pathDistance('a/b.py', 'a/c.py'), 0);
  assert.equal(pathDistance('b.py', 'c.py'), 0);
  assert.equal(pathDistance('top.py', 'app/main.py'), 1);
  assert.equal(pathDistance('src/a.py', 'test/b.py'), 2);
  assert.equal(pathDistance('pkg/sub/deep.py', 'app/main.py'), 3);
});

test('candidates: other files of the language, nearest first, hidden and node_modules skipped', () => {
  const root = copyRepo();
  const index = RepoIndex.for(root, 10, 10);
  const set = index.candidates('app/main.py', new Set(['.py', '.pyi']), 1000, 1000);
  assert.deepEqual(where(set.ranked), [
    'app/helpers.py:1-3',
    'top.py:1-4',
    'pkg/models.py:1-12',
    'pkg/models.py:13-14',
    'pkg/utils.py:1-7',
    'pkg/sub/deep.py:1-1',
  ]);
  // limits: first 2 files, then first 3 chunks
  assert.deepEqual(where(index.candidates('app/main.py', new Set(['.py']), 2, 1000).ranked), [
    'app/helpers.py:1-3',
    'top.py:1-4',
  ]);
  assert.deepEqual(where(index.candidates('app/main.py', new Set(['.py']), 1000, 3).ranked), [
    'app/helpers.py:1-3',
    'top.py:1-4',
    'pkg/models.py:1-12',
  ]);
  // the chunk text keeps indentation and drops blank lines
  assert.equal(set.ranked[1]!.text, 'import app.main\nif __name__ == "__main__":\n    print(app.main.report(1))');
});

test('one index per repository, built once and reused across tasks and builders', async () => {
  const root = copyRepo();
  assert.equal(RepoIndex.for(root, 10, 10), RepoIndex.for(`${root}/`, 10, 10));
  assert.notEqual(RepoIndex.for(root, 10, 10), RepoIndex.for(root, 5, 5));
  const index = RepoIndex.for(root, 10, 10);
  const first = index.candidates('app/main.py', new Set(['.py', '.pyi']), 1000, 1000);
  assert.equal(index.candidates('app/main.py', new Set(['.pyi', '.py']), 1000, 1000), first);
  const builder = await createPromptBuilder({ strategy: 'bm25', template: 'cceval' });
  const before = await builder.build(mainTask(root));
  // Files are read once: a change on disk after the first build is not seen by later tasks.
  writeFileSync(join(root, 'pkg', 'utils.py'), 'def unrelated():\n    pass\n');
  const again = await (await createPromptBuilder({ strategy: 'bm25', template: 'cceval' })).build(mainTask(root));
  assert.deepEqual(again.retrieved, before.retrieved);
});

test('query: last N non-blank lines of the prompt, plus the reference for -ref', () => {
  const task = mainTask(copyRepo());
  assert.equal(
    queryText(task, 3, false),
    'def report(account_id):\n    account = Account.load(account_id)\n    total = account.balance + account.pending\n    return '
      .split('\n')
      .slice(-3)
      .join('\n'),
  );
  assert.equal(queryText(task, 2, true), '    return \nformat_balance(total)');
  const fn = {
    ...task,
    kind: 'function' as const,
    name: 'report',
    docstring: 'Report a balance.',
    signature: 'def report(account_id):',
  };
  assert.equal(queryText(fn, 10, false), 'Report a balance.\ndef report(account_id):');
});

test('RG1: each hit is replaced by the next chunk of its file; duplicates are skipped', async () => {
  const root = copyRepo();
  const task = mainTask(root);
  const hits = await (
    await createPromptBuilder({
      strategy: 'bm25',
      template: 'cceval',
      retrieval: { nextChunk: false, compatibility: 'ctxbench' },
    })
  ).build(task);
  assert.deepEqual(where(hits.retrieved), [
    'pkg/models.py:1-12',
    'top.py:1-4',
    'pkg/utils.py:1-7',
    'pkg/models.py:13-14',
    'pkg/sub/deep.py:1-1',
  ]);
  const rg1 = await (await createPromptBuilder({ strategy: 'bm25', template: 'cceval' })).build(task);
  // models.py:1-12 → its next chunk 13-14 (with the hit's score); models.py:13-14 as a hit has no next
  // chunk and is already in, so it is skipped; zero scores are ordered by chunk id, descending.
  assert.deepEqual(where(rg1.retrieved), [
    'pkg/models.py:13-14',
    'top.py:1-4',
    'pkg/utils.py:1-7',
    'pkg/sub/deep.py:1-1',
    'app/helpers.py:1-3',
  ]);
  assert.equal(rg1.retrieved[0]!.score, hits.retrieved[0]!.score);
  assert.equal(rg1.retrieved[0]!.text, '        self.balance = 0\n        self.pending = 0');
  // top-k
  const two = await (
    await createPromptBuilder({ strategy: 'jaccard', template: 'cceval', retrieval: { topK: 2 } })
  ).build(task);
  assert.equal(two.retrieved.length, 2);
});

test('-ref adds the reference to the query and turns the next-chunk rule off', async () => {
  const task = mainTask(copyRepo());
  const plain = await (
    await createPromptBuilder({ strategy: 'bm25', template: 'cceval', retrieval: { nextChunk: false } })
  ).build(task);
  const ref = await (await createPromptBuilder({ strategy: 'bm25-ref', template: 'cceval' })).build(task);
  // format_balance(total) adds the utils chunk's two matching tokens a second time
  const utils = (result: typeof ref) => result.retrieved.find((s) => s.path === 'pkg/utils.py')!.score!;
  assert.ok(utils(ref) > utils(plain));
  assert.deepEqual(where(ref.retrieved).slice(0, 3), ['pkg/models.py:1-12', 'pkg/utils.py:1-7', 'top.py:1-4']);
});

test('retrieval needs the repository: option repoRoot overrides task.repo.root, none is a clear error', async () => {
  const root = copyRepo();
  const task = { ...mainTask(root), repo: { name: 'x', commit: null, root: null } };
  await assert.rejects(
    (await createPromptBuilder({ strategy: 'bm25', template: 'cceval' })).build(task),
    /task 'fixture\/crossfile': retrieval needs the repository checkout \(give --repo DIR or set repo\.root\)/,
  );
  const built = await (await createPromptBuilder({ strategy: 'bm25', template: 'cceval', repoRoot: root })).build(task);
  assert.equal(built.retrieved.length, 5);
  await assert.rejects(
    (await createPromptBuilder({ strategy: 'bm25', template: 'cceval', repoRoot: join(root, 'missing') })).build(task),
    /cannot read repository folder: ENOENT/,
  );
});

test('the whole repository is ranked (a fragment past the 1,000 nearest chunks can be the best); CrossCodeEval mode keeps its 1,000-chunk cap; maxChunks sets one', async () => {
  const root = copyRepo();
  // 110 files of 10 ten-line chunks each nearer to app/main.py than the one file that holds the answer
  mkdirSync(join(root, 'app', 'filler'), { recursive: true });
  for (let file = 0; file < 110; file++) {
    const lines = Array.from({ length: 100 }, (_, line) => `value_${file}_${line} = compute_${file}(${line})`);
    writeFileSync(join(root, 'app', `filler_${String(file).padStart(3, '0')}.py`), `${lines.join('\n')}\n`);
  }
  mkdirSync(join(root, 'zzz', 'far'), { recursive: true });
  // the prompt's own lines, again: the best fragment by far
  writeFileSync(
    join(root, 'zzz', 'far', 'balance.py'),
    'from pkg.models import Account\nfrom pkg.utils import format_balance\ndef report(account_id):\n    account = ' +
      'Account.load(account_id)\n    total = account.balance + account.pending\n    return format_balance(total)\n',
  );
  const task = mainTask(root);
  const index = RepoIndex.for(root, 10, 10);
  assert.ok(index.candidates(task.path, new Set(['.py']), Infinity, Infinity).ranked.length > 1100);
  const top = async (retrieval: Record<string, unknown>) =>
    where(
      (
        await (
          await createPromptBuilder({
            strategy: 'bm25',
            template: 'cceval',
            retrieval: { nextChunk: false, topK: 1, ...retrieval },
          })
        ).build(task)
      ).retrieved,
    );
  assert.deepEqual(await top({ compatibility: 'ctxbench' }), ['zzz/far/balance.py:1-6']);
  // the capped rankings never see it: CrossCodeEval's own rule, or a cap asked for
  assert.notDeepEqual(await top({ compatibility: 'crosscodeeval' }), ['zzz/far/balance.py:1-6']);
  assert.notDeepEqual(await top({ compatibility: 'ctxbench', maxChunks: 1000 }), ['zzz/far/balance.py:1-6']);
});
