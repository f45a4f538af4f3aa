// Bad input to the indexer: each problem gets one clear line and the rest is still indexed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { indexRepository } from '../../src/index/indexer.ts';
import { listFunctions } from '../../src/index/query.ts';
import { listSources } from '../../src/index/walk.ts';

const CLI = new URL('../../bin/ctxbench.js', import.meta.url).pathname;

function cli(...args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
}

test('a repository path that does not exist is one clear error', () => {
  const result = cli('index', '/nonexistent/ctxbench-repo');
  assert.equal(result.status, 2);
  assert.equal(result.stderr.trim(), 'ctxbench index: repository path does not exist: /nonexistent/ctxbench-repo');
});

test('an empty repository indexes to an empty summary', async () => {
  const root = mkdtempSync(join(tmpdir(), 'ctxbench-empty-'));
  const run = await indexRepository(root);
  assert.deepEqual(run.warnings, []);
  assert.equal(run.store.functions().length, 0);
  assert.equal(run.store.files().length, 0);
  run.store.close();
});

test('huge and binary files and escaping or looping links are skipped, a UTF-16 file is decoded, a non-UTF-8 file is decoded as Latin-1, with one line each', async () => {
  const root = mkdtempSync(join(tmpdir(), 'ctxbench-bad-'));
  const outside = mkdtempSync(join(tmpdir(), 'ctxbench-outside-'));
  writeFileSync(join(outside, 'secret.c'), 'int secret(void) { return 42; }\n');
  mkdirSync(join(root, 'src'));
  writeFileSync(
    join(root, 'src', 'good.c'),
    '/* Adds two numbers together. */\nint add(int a, int b) {\n  return a + b;\n}\n',
  );
  writeFileSync(join(root, 'src', 'huge.c'), Buffer.alloc(50 * 1024 * 1024, 'a'));
  writeFileSync(join(root, 'src', 'binary.c'), Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0x02]));
  writeFileSync(join(root, 'src', 'latin1.c'), Buffer.from('int caf\xe9(void) { return 1; }\n', 'latin1'));
  // UTF-16 without a byte order mark: its zero high bytes say so
  writeFileSync(join(root, 'src', 'wide.c'), Buffer.from('int wide(void) { return 2; }\n', 'utf16le'));
  writeFileSync(join(root, 'src', 'broken.c'), 'int fine(void) { return 1; }\nint broken(void) { return (; }\n');
  symlinkSync(join(outside, 'secret.c'), join(root, 'src', 'escape.c'));
  symlinkSync(outside, join(root, 'outside-dir'));
  symlinkSync('..', join(root, 'src', 'loop'));
  const run = await indexRepository(root);
  assert.deepEqual(run.warnings, [
    'outside-dir: skipped, link points outside the repository',
    'src/binary.c: skipped, binary content (NUL byte)',
    'src/escape.c: skipped, link points outside the repository',
    `src/huge.c: skipped, ${50 * 1024 * 1024} bytes is over the ${2 * 1024 * 1024}-byte limit (--max-file-bytes)`,
    'src/latin1.c: not valid UTF-8, decoded as Latin-1 (text in another encoding, such as Shift_JIS, reads garbled)',
    'src/loop: skipped, link to an enclosing directory (symlink loop)',
    'src/wide.c: UTF-16 (little-endian), decoded',
  ]);
  assert.deepEqual(
    run.inputs.map((input) => `${input.path} ${input.action} ${input.reason}`),
    [
      'outside-dir skipped link',
      'src/binary.c skipped binary',
      'src/escape.c skipped link',
      'src/huge.c skipped over the size limit',
      'src/latin1.c decoded latin1',
      'src/loop skipped link',
      'src/wide.c decoded utf-16',
    ],
  );
  const names = listFunctions(run.store).map((f) => `${f.path}:${f.name}`);
  assert.deepEqual(names, [
    'src/broken.c:fine',
    'src/broken.c:broken',
    'src/good.c:add',
    'src/latin1.c:caf\u00e9',
    'src/wide.c:wide',
  ]);
  const latin1 = listFunctions(run.store).find((f) => f.path === 'src/latin1.c')!;
  assert.deepEqual([latin1.startLine, latin1.endLine, latin1.code], [1, 1, 'int caf\u00e9(void) { return 1; }']);
  assert.equal(run.store.files().find((f) => f.path === 'src/broken.c')?.hasErrors, true);
  run.store.close();
});

test('a file gone between listing and reading is skipped with a warning in walk order, and the rest is read', () => {
  const root = mkdtempSync(join(tmpdir(), 'ctxbench-gone-'));
  writeFileSync(join(root, 'a.c'), 'int a(void) { return 1; }\n');
  writeFileSync(join(root, 'b.c'), 'int b(void) { return 2; }\n');
  writeFileSync(join(root, 'c.c'), 'int c(void) { return 3; }\n');
  writeFileSync(join(root, 'd.c'), Buffer.from([105, 0, 110]));
  const listing = listSources(root);
  assert.deepEqual(
    listing.entries.map((entry) => entry.path),
    ['a.c', 'b.c', 'c.c', 'd.c'],
  );
  rmSync(join(root, 'b.c'));
  // read out of order, as the index does (largest batches first): warnings still come in walk order
  const read = [...listing.entries].reverse().map((entry) => listing.read(entry)?.path ?? null);
  assert.deepEqual(read, [null, 'c.c', null, 'a.c']);
  assert.deepEqual(listing.warnings(), ['b.c: skipped (ENOENT)', 'd.c: skipped, binary content (NUL byte)']);
});
