// git-blame dates per function, and TypeScript ESM imports written with the compiled `.js` name.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { indexRepository } from '../../src/index/indexer.ts';
import { listFunctions } from '../../src/index/query.ts';

function git(root: string, date: string, ...args: string[]) {
  execFileSync('git', ['-C', root, ...args], {
    env: {
      ...process.env,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@x',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@x',
    },
    stdio: 'ignore',
  });
}

test('lastCommit is the newest commit date over the function lines, computed on demand and cached', async () => {
  const root = mkdtempSync(join(tmpdir(), 'ctxbench-blame-'));
  git(root, '2020-01-01T00:00:00Z', 'init', '-q');
  writeFileSync(
    join(root, 'm.py'),
    'def old():\n    """Old one."""\n    return 1\n\n\ndef changed():\n    """Changed later."""\n    return 2\n',
  );
  git(root, '2021-03-04T12:00:00Z', 'add', '.');
  git(root, '2021-03-04T12:00:00Z', 'commit', '-qm', 'first');
  writeFileSync(
    join(root, 'm.py'),
    'def old():\n    """Old one."""\n    return 1\n\n\ndef changed():\n    """Changed later."""\n    return 3\n',
  );
  git(root, '2023-07-08T09:00:00Z', 'commit', '-qam', 'second');
  writeFileSync(join(root, 'untracked.py'), 'def fresh():\n    return 0\n');
  const run = await indexRepository(root);
  assert.deepEqual(
    listFunctions(run.store).map((f) => f.lastCommit),
    [null, null, null],
    'not computed unless asked',
  );
  const dates = () => Object.fromEntries(listFunctions(run.store, { blame: true }).map((f) => [f.name, f.lastCommit]));
  assert.deepEqual(dates(), { old: '2021-03-04', changed: '2023-07-08', fresh: null });
  assert.equal(
    run.store.blameTimes('m.py', run.store.files().find((f) => f.path === 'm.py')!.hash)!.length,
    8,
    'cached per file hash',
  );
  assert.deepEqual(
    run.store.blameTimes('untracked.py', run.store.files().find((f) => f.path === 'untracked.py')!.hash),
    [],
    'a failed blame is cached too',
  );
  assert.deepEqual(dates(), { old: '2021-03-04', changed: '2023-07-08', fresh: null });
  run.store.close();
});

test('TypeScript imports of `./x.js` resolve to x.ts', async () => {
  const root = mkdtempSync(join(tmpdir(), 'ctxbench-tsimport-'));
  mkdirSync(join(root, 'src', 'util'), { recursive: true });
  writeFileSync(
    join(root, 'src', 'util', 'time.ts'),
    '/** Seconds to milliseconds. */\nexport function toMs(seconds: number): number {\n  return seconds * 1000;\n}\n',
  );
  writeFileSync(
    join(root, 'src', 'queue.ts'),
    "import { toMs } from './util/time.js';\n\n/** Delay of a job in ms. */\nexport function delay(seconds: number): " +
      'number {\n  return toMs(seconds);\n}\n',
  );
  const run = await indexRepository(root);
  const delay = listFunctions(run.store).find((f) => f.name === 'delay')!;
  assert.deepEqual(
    delay.callees.map((c) => `${c.name}@${c.path}/${c.level}`),
    ['toMs@src/util/time.ts/project'],
  );
  run.store.close();
});
