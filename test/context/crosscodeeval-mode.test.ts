// CrossCodeEval mode of retrieval (`compatibility: 'crosscodeeval'`): candidates as its glob finds
// them (primary extensions, links inside the repository followed, TypeScript under src/), files
// that are not UTF-8 keep their \r, and `-ref` pairs texts and file names as its script does.
// The ctxbench default is checked beside each rule.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { Retrieval } from '../../src/context/retrieve.ts';
import { DEFAULT_RETRIEVAL, type RetrievalOptions } from '../../src/context/types.ts';
import type { LanguageId } from '../../src/languages/types.ts';

function repo(files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(join(tmpdir(), 'ctxbench-cceval-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  return root;
}

function task(root: string, path: string, language: LanguageId, prefix: string, reference = 'x'): TaskRecord {
  return {
    id: `t/${path}`,
    kind: 'crossfile',
    language,
    repo: { name: 'r', commit: null, root },
    path,
    prefix,
    suffix: '',
    reference,
    span: { startLine: 1, startColumn: 0, endLine: 1, endColumn: 1 },
    labels: { lines: 1 },
  };
}

const retrieval = (options: Partial<RetrievalOptions>) =>
  new Retrieval({ ...DEFAULT_RETRIEVAL, nextChunk: false, topK: 50, ...options }, undefined, undefined);
async function paths(t: TaskRecord, options: Partial<RetrievalOptions>): Promise<string[]> {
  return [...new Set((await retrieval(options).retrieve(t, 'jaccard', false)).map((s) => s.path))].sort();
}

test('.pyi, .mts and .cts files are candidates by default, not in CrossCodeEval mode unless asked', async () => {
  const root = repo({
    'a.py': 'value = 1\n',
    'b.py': 'other = 2\n',
    'stubs.pyi': 'def value() -> int: ...\n',
    'src/m.ts': 'export const m = 1;\n',
    'src/n.mts': 'export const n = 1;\n',
    'src/c.cts': 'export const c = 1;\n',
    'src/v.tsx': 'export const v = 1;\n',
    'lib/w.ts': 'export const w = 1;\n',
  });
  const py = task(root, 'a.py', 'python', 'value = ');
  assert.deepEqual(await paths(py, {}), ['b.py', 'stubs.pyi']);
  assert.deepEqual(await paths(py, { compatibility: 'crosscodeeval' }), ['b.py']);
  assert.deepEqual(await paths(py, { compatibility: 'crosscodeeval', secondaryExtensions: true }), [
    'b.py',
    'stubs.pyi',
  ]);
  const ts = task(root, 'src/m.ts', 'typescript', 'export const ');
  assert.deepEqual(await paths(ts, {}), ['lib/w.ts', 'src/c.cts', 'src/n.mts', 'src/v.tsx']);
  // CrossCodeEval globs src/**/*.ts and src/**/*.tsx only
  assert.deepEqual(await paths(ts, { compatibility: 'crosscodeeval' }), ['src/v.tsx']);
});

test('links that stay inside the repository are followed in CrossCodeEval mode only; outside links and cycles never', async () => {
  const outside = repo({ 'far.py': 'value = 3\n' });
  const root = repo({ 'a.py': 'value = 1\n', 'pkg/b.py': 'value = 2\n' });
  symlinkSync(join(root, 'pkg'), join(root, 'linked'));
  symlinkSync(join(root, 'pkg', 'b.py'), join(root, 'alias.py'));
  symlinkSync(outside, join(root, 'escape'));
  symlinkSync(join(outside, 'far.py'), join(root, 'far.py'));
  symlinkSync('..', join(root, 'pkg', 'loop'));
  symlinkSync(join(root, 'missing'), join(root, 'dangling.py'));
  const t = task(root, 'a.py', 'python', 'value = ');
  assert.deepEqual(await paths(t, {}), ['pkg/b.py']);
  assert.deepEqual(await paths(t, { compatibility: 'crosscodeeval' }), ['alias.py', 'linked/b.py', 'pkg/b.py']);
});

test('a file that is not UTF-8 keeps its \\r in CrossCodeEval mode (its bytes-and-replace fallback), Latin-1 otherwise', async () => {
  const latin1 = Buffer.concat([Buffer.from('caf'), Buffer.from([0xe9]), Buffer.from(' = value\r\nnext = value\r\n')]);
  const root = repo({ 'a.py': 'value = 1\n', 'b.py': latin1, 'c.py': 'value = 2\r\nmore = value\r\n' });
  const t = task(root, 'a.py', 'python', 'value = ');
  const text = async (options: Partial<RetrievalOptions>, path: string) =>
    (await retrieval(options).retrieve(t, 'jaccard', false)).find((s) => s.path === path)!.text;
  assert.equal(await text({ compatibility: 'crosscodeeval' }, 'b.py'), 'caf\ufffd = value\r\nnext = value\r');
  // ctxbench's own mode decodes as the index does (Latin-1, each byte one character)
  assert.equal(await text({}, 'b.py'), 'caf\u00e9 = value\nnext = value');
  // UTF-8 files go through text mode: \r\n becomes \n in both modes
  assert.equal(await text({ compatibility: 'crosscodeeval' }, 'c.py'), 'value = 2\nmore = value');
});

test('-ref ties: CrossCodeEval pairs texts ordered by (score, text) with file names ordered by (score, id)', async () => {
  // Both chunks score the same for the query `foo`: a.py's text sorts last, its id first.
  const root = repo({ 'q.py': 'foo\n', 'a.py': 'zzz foo\n', 'b.py': 'aaa foo\n' });
  const t = task(root, 'q.py', 'python', 'foo', 'foo');
  const pairs = async (options: Partial<RetrievalOptions>) =>
    (await retrieval(options).retrieve(t, 'bm25', true)).map((s) => `${s.path}:${s.text}`);
  assert.deepEqual(await pairs({}), ['b.py:aaa foo', 'a.py:zzz foo']);
  assert.deepEqual(await pairs({ compatibility: 'crosscodeeval' }), ['b.py:zzz foo', 'a.py:aaa foo']);
  // with the next-chunk rule (no -ref) both modes follow the ids
  const rg1 = async (options: Partial<RetrievalOptions>) =>
    (await retrieval({ ...options, nextChunk: true }).retrieve(t, 'bm25', false)).map((s) => `${s.path}:${s.text}`);
  assert.deepEqual(await rg1({ compatibility: 'crosscodeeval' }), await rg1({}));
});

test('.R files are retrieval candidates of R tasks (extensions match case-insensitively); CrossCodeEval mode keeps its case-sensitive glob', async () => {
  const root = repo({ 'main.r': 'x <- value\n', 'R/util.R': 'value <- function() 1\n', 'R/more.r': 'value <- 2\n' });
  const t = task(root, 'main.r', 'r', 'x <- value');
  assert.deepEqual(await paths(t, {}), ['R/more.r', 'R/util.R']);
  assert.deepEqual(await paths(t, { compatibility: 'crosscodeeval' }), ['R/more.r']);
});

test('an unknown compatibility is a clear error', () => {
  assert.throws(
    () => retrieval({ compatibility: 'python' as never }),
    /unknown retrieval compatibility 'python' \(known: ctxbench, crosscodeeval\)/,
  );
});

test("node_modules is skipped in both modes (a deliberate difference from CrossCodeEval's glob)", async () => {
  const root = repo({ 'a.py': 'value = 1\n', 'node_modules/dep/b.py': 'value = 2\n' });
  const t = task(root, 'a.py', 'python', 'value = ');
  assert.deepEqual(await paths(t, {}), []);
  assert.deepEqual(await paths(t, { compatibility: 'crosscodeeval' }), []);
});
