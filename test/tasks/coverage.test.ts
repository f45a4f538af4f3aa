// Coverage inputs for the function family: gcov text, gcov JSON (gzipped), CSV of per-function hits.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, it } from 'node:test';
import { hitsFor, normaliseFunctionName, readCoverage } from '../../src/tasks/coverage.ts';
import { FIXTURES, tempDir } from './helpers.ts';

const fn = (path: string, name: string, startLine: number, endLine: number) => ({
  path,
  name,
  qualifiedName: name,
  startLine,
  endLine,
});

describe('coverage', () => {
  it('reads gcov text and CSV from a folder: line sums and summed function rows', () => {
    const coverage = readCoverage(join(FIXTURES, 'fn-c', 'coverage-data'));
    // ../lib/util.c lines 5-11: 7 + 7 + 7 + 0 (#####) + 7; `-` lines are not code
    assert.equal(hitsFor(coverage, fn('lib/util.c', 'util_alloc', 5, 11)), 28);
    assert.equal(hitsFor(coverage, fn('lib/util.c', 'other', 1, 4)), null);
    // two CSV rows of store_hash(const char*) add up; `void app_show` is normalised to app_show
    assert.equal(hitsFor(coverage, fn('src/store.c', 'store_hash', 13, 20)), 120);
    assert.equal(hitsFor(coverage, fn('src/main.c', 'app_show', 5, 9)), 1);
    assert.equal(hitsFor(coverage, fn('src/store.c', 'store_unused', 126, 133)), 0);
    assert.equal(hitsFor(coverage, fn('src/other.c', 'store_get', 1, 2)), null);
  });

  it('reads gcov JSON (gzipped) and matches paths by suffix', () => {
    const { dir, cleanup } = tempDir();
    try {
      const data = {
        format_version: '1',
        files: [
          {
            file: '/build/project/src/a.c',
            functions: [],
            lines: [
              { line_number: 3, count: 4 },
              { line_number: 4, count: 0 },
              { line_number: 9, count: 2 },
            ],
          },
        ],
      };
      mkdirSync(join(dir, 'cov'));
      writeFileSync(join(dir, 'cov', 'a.gcov.json.gz'), gzipSync(JSON.stringify(data)));
      const coverage = readCoverage(join(dir, 'cov'));
      assert.equal(hitsFor(coverage, fn('src/a.c', 'f', 2, 5)), 4);
      assert.equal(hitsFor(coverage, fn('src/a.c', 'g', 4, 4)), 0);
      assert.equal(hitsFor(coverage, fn('src/a.c', 'h', 5, 8)), null);
    } finally {
      cleanup();
    }
  });

  it('parses gcov counts: suffixes, unexecuted markers, human-readable scales', () => {
    const { dir, cleanup } = tempDir();
    try {
      const file = join(dir, 'x.c.gcov');
      writeFileSync(
        file,
        [
          '        -:    0:Source:x.c',
          '       3*:    1:a();',
          '     1.2k:    2:b();',
          '    =====:    3:c();',
          'function f called 3 returned 100%',
          '',
        ].join('\n'),
      );
      assert.equal(hitsFor(readCoverage(file), fn('x.c', 'f', 1, 3)), 1203);
    } finally {
      cleanup();
    }
  });

  it('names the file and line of bad input', () => {
    const { dir, cleanup } = tempDir();
    try {
      const csv = join(dir, 'hits.csv');
      writeFileSync(csv, 'path,function,hits\nsrc/a.c,f,many\n');
      assert.throws(() => readCoverage(csv), { message: `${csv}, line 2, field 'hits': hits is not a number: 'many'` });
      const gcov = join(dir, 'bad.gcov');
      writeFileSync(gcov, 'nothing here\n');
      assert.throws(() => readCoverage(gcov), /no '-: 0:Source:' line/);
      assert.throws(() => readCoverage(join(dir, 'missing')), /does not exist/);
    } finally {
      cleanup();
    }
  });

  it('normalises function names as merge_test_cov.py does', () => {
    assert.equal(normaliseFunctionName('void btVector3::setValue(float, float)'), 'btVector3::setValue');
    assert.equal(normaliseFunctionName('foo<int>'), 'foo');
  });
});
