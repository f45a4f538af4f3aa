// The index store's streaming replacement: written as produced, committed at once or not at all.
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import Database from 'better-sqlite3';
import { indexRepository } from '../../src/index/indexer.ts';
import { IndexStore, functionRow } from '../../src/index/store.ts';
import { IndexWriter } from '../../src/index/store-writer.ts';
import { ResolutionPlan } from '../../src/index/resolution-plan.ts';
import type { ContextLevel, FunctionCall } from '../../src/index/types.ts';

const FIXTURES = new URL('../fixtures/repos/', import.meta.url).pathname;

function copyOf(repo: string): string {
  const root = mkdtempSync(join(tmpdir(), 'ctxbench-store-'));
  cpSync(join(FIXTURES, repo), root, { recursive: true });
  return root;
}

/** What an index holds, as a reader of the file sees it (its lookup indexes too). */
function contents(db: string): { indexes: string[]; files: string[]; functions: string[] } {
  const reader = new Database(db, { readonly: true });
  try {
    return {
      indexes: (
        reader
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'functions' AND sql IS NOT NULL " +
              'ORDER BY name',
          )
          .all() as { name: string }[]
      ).map((row) => row.name),
      files: (
        reader.prepare('SELECT path, hash FROM files ORDER BY path').all() as { path: string; hash: string }[]
      ).map((row) => `${row.path} ${row.hash}`),
      functions: (
        reader
          .prepare(
            `SELECT qualified_name, coalesce(count, 0) AS callers, calls FROM functions LEFT JOIN callers ON ` +
              `function_row = functions.rowid ORDER BY id`,
          )
          .all() as { qualified_name: string; callers: number; calls: string }[]
      ).map((row) => `${row.qualified_name} callers=${row.callers} ${row.calls}`),
    };
  } finally {
    reader.close();
  }
}

test('a replacement is invisible to readers until finish, which sets the callers counts', async () => {
  const root = copyOf('py-app');
  const db = join(root, 'index.db');
  const first = await indexRepository(root, { db });
  const before = contents(db);
  assert.equal(before.files.length, 2);
  assert.deepEqual(before.indexes, ['functions_by_name', 'functions_by_path']);
  const [fn] = first.store.functions();
  const replacement = first.store.beginReplace(['shop/util/money.py']);
  replacement.putFile(
    { path: 'new.py', language: 'python', hash: 'h1', size: 1, lines: 1, hasErrors: false },
    JSON.stringify({
      path: 'new.py',
      language: 'python',
      lineCount: 1,
      functions: [],
      imports: [],
      declarations: [],
      hasErrors: false,
    }),
  );
  replacement.putFunctionRow(
    functionRow(
      { ...fn!, id: 'f1', qualifiedName: 'only' },
      JSON.stringify([{ name: 'only', line: 1, level: 'file', calleeIds: ['f1'], ambiguous: false }]),
      0,
    ),
  );
  assert.deepEqual(contents(db), before);
  replacement.finish(new Map([[0, 1]]));
  const after = contents(db);
  assert.deepEqual(after.indexes, before.indexes);
  assert.deepEqual(after.functions, [
    'only callers=1 [{"name":"only","line":1,"level":"file","calleeIds":["f1"],"ambiguous":false}]',
  ]);
  assert.deepEqual(
    after.files,
    [...before.files.filter((line) => !line.startsWith('shop/util/money.py ')), 'new.py h1'].sort(),
  );
  assert.throws(
    () => replacement.putFunctionRow(functionRow(fn!, '[]', 1)),
    /index replacement already finished or aborted/,
  );
  first.store.close();
});

test('an aborted replacement leaves the old index exactly as it was', async () => {
  const root = copyOf('py-app');
  const db = join(root, 'index.db');
  const first = await indexRepository(root, { db });
  const before = contents(db);
  const [fn] = first.store.functions();
  const replacement = first.store.beginReplace(['shop/util/money.py']);
  replacement.putFile({ path: 'new.py', language: 'python', hash: 'h1', size: 1, lines: 1, hasErrors: false }, '{}');
  replacement.putFunctionRow(functionRow({ ...fn!, id: 'f1' }, '[]', 0));
  replacement.abort();
  replacement.abort();
  assert.deepEqual(contents(db), before);
  assert.equal(first.store.functions().length, before.functions.length);
  first.store.close();
});

test('the writer thread makes the rows of the functions resolved elsewhere from the facts and texts it keeps, in any order, and resolves the rest; its SQLite error reaches the caller and nothing is kept', async () => {
  const root = copyOf('py-app');
  const db = join(root, 'index.db');
  const first = await indexRepository(root, { db });
  const whole = first.store.db.prepare('SELECT rowid, * FROM functions ORDER BY rowid').all();
  const files = first.store.files();
  const facts = first.store.facts(files.map((file) => file.path));
  const factsJson = files.map(
    (file) =>
      (first.store.db.prepare('SELECT facts FROM files WHERE path = ?').get(file.path) as { facts: string }).facts,
  );
  const texts = files.map((file) => readFileSync(join(root, file.path), 'utf8'));
  first.store.close();
  const before = contents(db);
  const plan = ResolutionPlan.forFiles(files, 0.5);
  const splitPath = plan.split;
  const resolver = plan.resolver(facts, root);
  const split = plan.range(resolver, 'calling').to;
  assert.ok(split > 0 && split < whole.length, `split ${split} of ${whole.length}`);

  const writer = new IndexWriter(db, [], splitPath);
  files.forEach((file, i) => writer.putFile(file, factsJson[i]!, texts[i]!));
  writer.resolveRest(root, []);
  const resolved: [number, FunctionCall[], ContextLevel][] = [];
  const callers = resolver.resolveEach((number, calls, level) => resolved.push([number, calls, level]), {
    from: 0,
    to: split,
  });
  // rows may come in any order: each goes to its place
  for (const [number, calls, level] of resolved.reverse()) writer.putResolved(number, calls, level);
  await writer.finish(callers);
  const reader = new Database(db, { readonly: true });
  assert.deepEqual(reader.prepare('SELECT rowid, * FROM functions ORDER BY rowid').all(), whole);
  reader.close();
  assert.deepEqual(contents(db), before);

  const failing = new IndexWriter(db, [], splitPath);
  files.forEach((file, i) => failing.putFile(file, factsJson[i]!, texts[i]!));
  failing.resolveRest(root, []);
  // a function the writer resolves itself, sent again: its row exists
  failing.putResolved(split, [], 'none');
  await assert.rejects(failing.finish(new Map()), /UNIQUE constraint failed: functions\./);
  await failing.abort();
  assert.deepEqual(contents(db), before);
});

test('a re-index that fails midway (its progress callback throws) keeps the old index, and the next one completes', async () => {
  const root = copyOf('py-app');
  const db = join(root, 'index.db');
  (await indexRepository(root, { db })).store.close();
  const before = contents(db);
  appendFileSync(
    join(root, 'shop', 'util', 'money.py'),
    '\n\ndef cents(amount):\n    return round_cents(amount) * 100\n',
  );
  await assert.rejects(
    indexRepository(root, {
      db,
      onProgress: () => {
        throw new Error('interrupted');
      },
    }),
    /interrupted/,
  );
  assert.deepEqual(contents(db), before);
  const again = await indexRepository(root, { db });
  assert.equal(again.parsed, 1);
  assert.ok(again.store.functions().some((f) => f.name === 'cents'));
  // round_cents had 2 callers: the new function is the third.
  assert.match(contents(db).functions.find((line) => line.startsWith('round_cents '))!, /^round_cents callers=3 /);
  again.store.close();
  // A store opened afterwards sees the committed index.
  const reopened = new IndexStore(db);
  assert.ok(reopened.functions().some((f) => f.name === 'cents'));
  reopened.close();
});

test('a first index is written through a rollback journal (each page once) and left in WAL mode; one with a reader open keeps the log', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-store-'));
  const journal = (store: IndexStore) => store.db.pragma('journal_mode', { simple: true });
  const file = { path: 'a.py', language: 'python' as const, hash: 'h', size: 1, lines: 1, hasErrors: false };
  const facts = JSON.stringify({
    path: 'a.py',
    language: 'python',
    lineCount: 1,
    functions: [],
    imports: [],
    declarations: [],
    hasErrors: false,
  });
  const first = new IndexStore(join(dir, 'first.db'));
  assert.equal(journal(first), 'wal');
  const replacement = first.beginReplace([]);
  assert.equal(journal(first), 'delete');
  replacement.putFile(file, facts);
  replacement.finish(new Map());
  assert.equal(journal(first), 'wal');
  assert.deepEqual(contents(join(dir, 'first.db')).files, ['a.py h']);
  // an index already holding files keeps the log, so readers see the old index meanwhile
  first.beginReplace([]).abort();
  assert.equal(journal(first), 'wal');
  first.close();

  const shared = new IndexStore(join(dir, 'shared.db'));
  const reader = new Database(join(dir, 'shared.db'), { readonly: true });
  reader.prepare('SELECT 1 FROM meta').get();
  const kept = shared.beginReplace([]);
  assert.equal(journal(shared), 'wal');
  kept.putFile(file, facts);
  kept.abort();
  assert.equal(journal(shared), 'wal');
  reader.close();
  shared.close();
});
