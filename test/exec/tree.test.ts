// Resetting a worker tree to the prepared one: every kind of change goes back, timestamps included.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyTree, fingerprintTree, resetTree, snapshotTree } from '../../src/exec/index.ts';
import { makeWorkDir } from './helpers.ts';

const work = makeWorkDir('tree');
after(work.remove);

test('reset undoes edits, deletions, additions, mode changes and type changes, and keeps mtimes', () => {
  const base = join(work.dir, 'base');
  mkdirSync(join(base, 'src/deep'), { recursive: true });
  writeFileSync(join(base, 'src/a.c'), 'int a;\n');
  writeFileSync(join(base, 'src/deep/b.c'), 'int b;\n');
  writeFileSync(join(base, 'build.o'), 'object\n');
  symlinkSync('src/a.c', join(base, 'link'));
  utimesSync(join(base, 'src/a.c'), 1_000_000, 1_000_000);
  const worker = join(work.dir, 'w0');
  copyTree(base, worker);
  const clean = snapshotTree(worker);
  assert.equal(fingerprintTree(worker), fingerprintTree(base));

  // Same size and restored mtime: only the ctime shows the edit.
  writeFileSync(join(worker, 'src/a.c'), 'int z;\n');
  utimesSync(join(worker, 'src/a.c'), 1_000_000, 1_000_000);
  rmSync(join(worker, 'src/deep'), { recursive: true });
  writeFileSync(join(worker, 'stray.txt'), 'left behind\n');
  mkdirSync(join(worker, 'tmp/x'), { recursive: true });
  chmodSync(join(worker, 'src'), 0o500);
  rmSync(join(worker, 'build.o'));
  mkdirSync(join(worker, 'build.o'));
  rmSync(join(worker, 'link'));
  writeFileSync(join(worker, 'link'), 'not a link\n');

  const { changed, snapshot } = resetTree(worker, base, clean, null);
  // '': the root folder itself (entries came and went, so its ctime moved: its mode and owner are restored).
  assert.deepEqual(changed, ['', 'build.o', 'link', 'src', 'src/a.c', 'src/deep', 'stray.txt', 'tmp']);
  assert.equal(fingerprintTree(worker), fingerprintTree(base));
  assert.equal(readFileSync(join(worker, 'src/a.c'), 'utf8'), 'int a;\n');
  assert.equal(statSync(join(worker, 'src/a.c')).mtimeMs, statSync(join(base, 'src/a.c')).mtimeMs);
  assert.equal(statSync(join(worker, 'src')).mode & 0o777, statSync(join(base, 'src')).mode & 0o777);
  // A clean worker needs nothing.
  assert.deepEqual(resetTree(worker, base, snapshot, null).changed, []);
});

test("a repository's fingerprint ignores its history and ctxbench's index (neither reaches a prepared tree)", () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-fingerprint-'));
  try {
    writeFileSync(join(repo, 'a.c'), 'int a;\n');
    const before = fingerprintTree(repo);
    mkdirSync(join(repo, '.ctxbench'));
    writeFileSync(join(repo, '.ctxbench', 'index.db'), 'rebuilt by another process');
    mkdirSync(join(repo, '.git'));
    writeFileSync(join(repo, '.git', 'HEAD'), 'ref');
    assert.equal(fingerprintTree(repo), before);
    writeFileSync(join(repo, 'a.c'), 'int b;\n');
    assert.notEqual(fingerprintTree(repo), before);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});

test('a file of the repository named like an option (`-t..`) is restored as a file: the reset writes only the worker', () => {
  const root = mkdtempSync(join(work.dir, 'option-names-'));
  const base = join(root, 'base');
  mkdirSync(join(base, '-t..', 'w1'), { recursive: true });
  writeFileSync(join(base, '-t..', 'w1', 'f.c'), 'int f;\n');
  writeFileSync(join(base, 'a.c'), 'int a;\n');
  const worker = join(root, 'w0');
  copyTree(base, worker);
  const clean = snapshotTree(worker);
  // the candidate turns the folder into a file and edits another file: both are restored, in one cp
  rmSync(join(worker, '-t..'), { recursive: true });
  writeFileSync(join(worker, '-t..'), 'now a file\n');
  writeFileSync(join(worker, 'a.c'), 'int z;\n');
  resetTree(worker, base, clean, null);
  assert.equal(fingerprintTree(worker), fingerprintTree(base));
  assert.deepEqual(readdirSync(root).sort(), ['base', 'w0']);
  assert.deepEqual(readdirSync(base).sort(), ['-t..', 'a.c']);
});
