// The function family (YABLoCo) on a fixture C repository made a real git repository with two
// commits at fixed dates: every filter removes exactly the functions built to fail it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildFromIndexes } from '../../src/tasks/build.ts';
import { readCoverage } from '../../src/tasks/coverage.ts';
import { bodyLineCount, docstringProblem, looksLikeTest } from '../../src/tasks/function.ts';
import type { RepositoryInput } from '../../src/tasks/types.ts';
import { copyFixture, FIXTURES, openRepository, tempDir } from './helpers.ts';

const COMMITS = [
  { date: '2020-01-01T12:00:00Z', paths: ['src/store.c', 'src/store.h', 'src/callers.c', 'tests', 'lib/util.h'] },
  { date: '2021-06-01T12:00:00Z', paths: ['.'] },
];

describe('function family', () => {
  let repo: RepositoryInput;
  let cleanup: () => void;
  before(async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    repo = await openRepository(copyFixture('fn-c', temp.dir, COMMITS), temp.dir);
  });
  after(() => {
    repo.store.close();
    cleanup();
  });
  const build = (options: { perLevel?: number; coverage?: string; limit?: number } = {}) =>
    buildFromIndexes([repo], {
      family: 'function',
      seed: 7,
      command: 'test',
      toolVersion: 'test',
      perLevel: options.perLevel,
      limit: options.limit,
      coverage: options.coverage ? readCoverage(options.coverage) : undefined,
    });

  it('removes exactly what each filter targets, in YABLoCo order', async () => {
    const { manifest } = await build();
    assert.deepEqual(
      manifest.filters.map((step) => [step.filter, step.removed, step.remaining]),
      [
        ['functions in the index', 0, 25],
        // 8 callers without docs, store_count (none), store_clear (2 words), store_banner (Copyright), store_reset
        // (code)
        ['docstring missing, too short, licence or code', 12, 13],
        // store_empty (1 line), store_long (16 lines)
        ['body not 2-15 lines', 2, 11],
        // test_store_helper (name), check_roundtrip (tests/)
        ['"test" in path or name', 2, 9],
        // store_popular (8 callers)
        ['more than 7 callers', 1, 8],
        // store_get_long duplicates store_get_int (BLEU-2 0.846)
        ['near-duplicate (BLEU-2 >= 0.2)', 1, 7],
      ],
    );
  });

  it('builds exact tasks: ids, spans, levels, dates and oracle callees', async () => {
    const { tasks, manifest } = await build();
    assert.deepEqual(
      tasks.map((t) => [
        t.id,
        t.name,
        t.path,
        t.span.startLine,
        t.span.endLine,
        t.labels.level,
        t.labels.lines,
        (t.meta as { lastCommit: string }).lastCommit,
      ]),
      [
        ['eefcba8f2fdca953', 'util_alloc', 'lib/util.c', 5, 11, 'stdlib', 7, '2021-06-01'],
        ['9bc902aaa4db99db', 'store_hash', 'src/store.c', 13, 20, 'stdlib', 8, '2020-01-01'],
        ['4e5e45b8670ee3f3', 'store_unused', 'src/store.c', 126, 133, 'stdlib', 8, '2020-01-01'],
        ['0fa1d7743857f487', 'app_show', 'src/main.c', 5, 9, 'package', 5, '2021-06-01'],
        ['45d66ac653ecf185', 'store_put', 'src/store.c', 23, 31, 'project', 9, '2020-01-01'],
        ['4b7844a1c82fef61', 'store_get', 'src/store.c', 34, 40, 'file', 7, '2020-01-01'],
        ['5e559085bef6c308', 'store_get_int', 'src/store.c', 108, 114, 'file', 7, '2020-01-01'],
      ],
    );
    const put = tasks.find((t) => t.name === 'store_put')!;
    assert.deepEqual(
      put.oracle!.map((o) => [o.name, o.path, o.startLine, o.endLine, o.docstring]),
      [
        ['store_hash', 'src/store.c', 13, 20, 'Computes the FNV-1a hash of a key for bucket selection.'],
        ['util_alloc', 'lib/util.c', 5, 11, 'Allocates size bytes and aborts the program when memory runs out.'],
      ],
    );
    assert.equal(put.signature, 'int store_put(store *db, const char *name, const char *text)');
    assert.equal(put.docstring, 'Copies name into a fresh buffer and files text under it, replacing what was there.');
    const get = tasks.find((t) => t.name === 'store_get')!;
    assert.equal(
      get.reference,
      [
        'const char *store_get(store *s, const char *key)',
        '{',
        '    unsigned long slot = store_hash(key) % 64;',
        '    if (s->keys[slot] == NULL)',
        '        return NULL;',
        '    return s->values[slot];',
        '}',
        '',
      ].join('\n'),
    );
    assert.deepEqual(get.span, { startLine: 34, startColumn: 1, endLine: 40, endColumn: 2 });
    for (const task of tasks) {
      assert.equal(task.prefix + task.reference + task.suffix, readFileSync(join(repo.root, task.path), 'utf8'));
      assert.equal(task.repo.name, 'fn-c');
      assert.match(task.repo.commit!, /^[0-9a-f]{40}$/);
    }
    assert.deepEqual(manifest.counts.level, { stdlib: 3, package: 1, project: 1, file: 2 });
  });

  it('keeps only covered functions and takes the newest, then the most tested, per level', async () => {
    const { tasks, manifest } = await build({ perLevel: 1, coverage: join(FIXTURES, 'fn-c', 'coverage-data') });
    // the functions of files the coverage never saw (all but src/store.c, src/main.c, lib/util.c) first, then those no
    // test ran
    assert.deepEqual(
      manifest.filters.slice(0, 3).map((s) => [s.filter, s.removed, s.remaining]),
      [
        ['functions in the index', 0, 25],
        ['file not in the coverage (not compiled, or not instrumented)', 9, 16],
        ['no test hits', 9, 7],
      ],
    );
    assert.deepEqual(manifest.filters.at(-1), {
      filter: 'beyond --per-level 1 per repository and level',
      removed: 2,
      remaining: 4,
    });
    // stdlib: util_alloc (2021) beats store_hash (2020); file: store_get (55 hits) beats store_get_int (3).
    assert.deepEqual(
      tasks.map((t) => [t.name, t.labels.level, (t.meta as { testHits: number }).testHits]),
      [
        ['util_alloc', 'stdlib', 28],
        ['app_show', 'package', 1],
        ['store_put', 'project', 30],
        ['store_get', 'file', 55],
      ],
    );
  });

  it('is deterministic and samples --limit with the seed', async () => {
    const first = await build({ limit: 3 });
    const second = await build({ limit: 3 });
    assert.deepEqual(first.tasks, second.tasks);
    assert.equal(first.tasks.length, 3);
    assert.deepEqual(first.manifest.filters.at(-1), {
      filter: 'beyond --limit 3 per repository and language',
      removed: 4,
      remaining: 3,
    });
  });
});

describe('function filters', () => {
  it('docstrings: more than 3 words, no licence banner, no code (YABLoCo has_docstring)', () => {
    assert.equal(docstringProblem(null), 'none');
    assert.equal(docstringProblem('  '), 'none');
    assert.equal(docstringProblem('Frees the store.'), 'fewer than 4 words');
    assert.equal(docstringProblem('Frees the whole store.'), null);
    assert.equal(docstringProblem('Copyright 2020 Someone, all rights reserved here'), 'licence banner');
    assert.equal(docstringProblem('==== Section header of the file ===='), 'licence banner');
    assert.equal(docstringProblem('SPDX-License-Identifier: MIT and more words'), 'licence banner');
    assert.equal(docstringProblem('Example: int add(int a, int b) { return a + b; }'), 'code');
    // YABLoCo's code pattern needs a closing brace somewhere in the text.
    assert.equal(docstringProblem('Calls frob(x) { and then returns'), null);
  });

  it('body lines are counted between the braces, stripped', () => {
    const text = 'int f(void)\n{\n    return 1;\n}\nint g(void) {\n\n  a();\n  b();\n\n}\n';
    assert.equal(bodyLineCount(text, { bodySpan: { startLine: 2, startColumn: 1, endLine: 4, endColumn: 2 } }), 1);
    assert.equal(bodyLineCount(text, { bodySpan: { startLine: 5, startColumn: 13, endLine: 10, endColumn: 2 } }), 2);
    const python = 'def f():\n    x = 1\n    return x\n';
    assert.equal(bodyLineCount(python, { bodySpan: { startLine: 2, startColumn: 5, endLine: 3, endColumn: 13 } }), 2);
  });

  it('"test" anywhere in the path or name, any case', () => {
    assert.equal(looksLikeTest('src/test/java/A.java', 'run'), true);
    assert.equal(looksLikeTest('pkg/server.go', 'TestServe'), true);
    assert.equal(looksLikeTest('src/store.c', 'store_get'), false);
  });
});
