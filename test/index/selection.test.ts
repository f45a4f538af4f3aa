// The files an index is made of: a later run that names no --include/--exclude reads the same ones
// (`functions --db X` used to re-index silently with every file), other globs re-index with a warning;
// hidden folders (Debian's `.pc/` copies of patched files) are never code.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { indexRepository } from '../../src/index/indexer.ts';

test('an index keeps its file selection; other globs re-index it and say so; hidden folders are skipped', async () => {
  const repo = mkdtempSync(join(tmpdir(), 'ctxbench-selection-'));
  for (const [path, text] of [
    ['a/one.c', 'int one(void) { return 1; }\n'],
    ['b/two.c', 'int two(void) { return 2; }\n'],
    ['.pc/fix.patch/a/one.c', 'int one(void) { return 0; }\n'],
  ]) {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  const db = join(repo, 'out', 'index.db');
  const functionsOf = async (options: { include?: string[]; exclude?: string[] }) => {
    const run = await indexRepository(repo, { db, ...options });
    const names = run.store.functions().map((f) => `${f.path}:${f.name}`);
    run.store.close();
    return { names, warnings: run.warnings };
  };
  assert.deepEqual(await functionsOf({}), { names: ['a/one.c:one', 'b/two.c:two'], warnings: [] });
  assert.deepEqual(await functionsOf({ include: ['a/**'] }), {
    names: ['a/one.c:one'],
    warnings: [`${db}: made with every file; indexed again with --include a/**`],
  });
  // no globs: the recorded ones
  assert.deepEqual(await functionsOf({}), { names: ['a/one.c:one'], warnings: [] });
  assert.deepEqual(await functionsOf({ exclude: ['a/**'] }), {
    names: ['b/two.c:two'],
    warnings: [`${db}: made with --include a/**; indexed again with --exclude a/**`],
  });
});
