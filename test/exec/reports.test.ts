// Per-test report parsers: TAP (node's runner nests subtests), JUnit XML, unittest's verbose lines and
// a runner's own summary through two patterns; and reading a report file only inside the tree.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnvironment, parseReport, readReportFile, type ReportSpec } from '../../src/exec/index.ts';

const spec = (format: ReportSpec['format'], extra: Partial<ReportSpec> = {}): ReportSpec => ({
  format,
  file: null,
  pass: null,
  fail: null,
  ...extra,
});

test('tap: nested subtests, failures, SKIP and TODO directives', () => {
  const text = [
    'TAP version 13',
    '# Subtest: test/stats.test.js',
    '    # Subtest: mean',
    '    ok 1 - mean',
    '    not ok 2 - median # a comment',
    '    ok 3 - later # SKIP not today',
    '    not ok 4 - wip # TODO unfinished',
    '    1..4',
    'not ok 1 - test/stats.test.js',
    '1..1',
  ].join('\n');
  assert.deepEqual(
    [...parseReport(text, spec('tap'))],
    [
      ['mean', 'pass'],
      ['median # a comment', 'fail'],
      ['later', 'skip'],
      ['wip', 'pass'],
      ['test/stats.test.js', 'fail'],
    ],
  );
});

test('junit: classname.name, failure and error fail, skipped skips, entities decoded', () => {
  const xml = `<?xml version="1.0"?><testsuites><testsuite name="s">
  <testcase classname="tests.test_a.T" name="test_ok" time="0.1"/>
  <testcase classname="tests.test_a.T" name="test_bad"><failure message="x">trace</failure></testcase>
  <testcase classname="tests.test_a.T" name="test_err"><error/></testcase>
  <testcase classname='q' name='a &amp; b &lt;c&gt;'><skipped/></testcase>
  </testsuite></testsuites>`;
  assert.deepEqual(
    [...parseReport(xml, spec('junit', { file: 'r.xml' }))],
    [
      ['tests.test_a.T.test_ok', 'pass'],
      ['tests.test_a.T.test_bad', 'fail'],
      ['tests.test_a.T.test_err', 'fail'],
      ['q.a & b <c>', 'skip'],
    ],
  );
});

test('unittest: both id styles; a test reported twice keeps its worst outcome', () => {
  const text = [
    'test_mean (tests.test_stats.StatsTest.test_mean) ... ok',
    'test_median (tests.test_stats.StatsTest) ... FAIL',
    "test_slug (tests.test_text.TextTest.test_slug) ... skipped 'no locale'",
    'test_mean (tests.test_stats.StatsTest.test_mean) ... ERROR',
    'Ran 3 tests in 0.001s',
  ].join('\n');
  assert.deepEqual(
    [...parseReport(text, spec('unittest'))],
    [
      ['tests.test_stats.StatsTest.test_mean', 'fail'],
      ['tests.test_stats.StatsTest.test_median', 'fail'],
      ['tests.test_text.TextTest.test_slug', 'skip'],
    ],
  );
});

test('unittest: what a test writes to stderr (warnings) before its outcome; a printed `ok` does not hide the real outcome', () => {
  // python3.11 -m unittest -v, verbatim: the warnings and the stderr lines split ` ... ` from the outcome.
  const text = [
    'test_doc (pkg.test_w.T.test_doc)',
    'Checks a thing ... carefully. ... progress 1',
    'progress 2',
    'ok',
    'test_fails (pkg.test_w.T.test_fails) ... /tmp/pkg/test_w.py:10: UserWarning: noisy',
    "  warnings.warn('noisy', UserWarning)",
    'FAIL',
    'test_plain (pkg.test_w.T.test_plain) ... ok',
    'test_warns (pkg.test_w.T.test_warns) ... /tmp/pkg/test_w.py:4: ResourceWarning: unclosed file ' +
      "<_io.TextIOWrapper name='/tmp/pkg/test_w.py' mode='r' encoding='UTF-8'>",
    '  open(__file__).read()',
    'ResourceWarning: Enable tracemalloc to get the object allocation traceback',
    'ok',
    // A wrong candidate printing `ok` right after ` ... `: unittest's own FAIL follows.
    'test_median (pkg.test_w.T.test_median) ... ok',
    'FAIL',
    '',
    '='.repeat(70),
    'FAIL: test_fails (pkg.test_w.T.test_fails)',
    '-'.repeat(70),
    'ok',
    'Ran 5 tests in 0.007s',
    '',
    'FAILED (failures=2)',
  ].join('\n');
  assert.deepEqual(
    [...parseReport(text, spec('unittest'))],
    [
      ['pkg.test_w.T.test_doc', 'pass'],
      ['pkg.test_w.T.test_fails', 'fail'],
      ['pkg.test_w.T.test_plain', 'pass'],
      ['pkg.test_w.T.test_warns', 'pass'],
      ['pkg.test_w.T.test_median', 'fail'],
    ],
  );
});

test("regex: a runner's own summary (redis)", () => {
  const redis = spec('regex', {
    pass: '^\\[ok\\]: (.+) \\(\\d+ ms\\)$',
    fail: '^\\[(?:err|exception)\\]: (.+?)(?: in tests/\\S+)?$',
  });
  const text =
    '[ok]: INCR against non existing key (1 ms)\n[err]: SET and GET in tests/unit/type/string.tcl\nExpected 1\n[ok]: ' +
    'Big Quicklist: SORT BY key (123 ms)\n';
  assert.deepEqual(
    [...parseReport(text, redis)],
    [
      ['INCR against non existing key', 'pass'],
      ['Big Quicklist: SORT BY key', 'pass'],
      ['SET and GET', 'fail'],
    ],
  );
});

test("regex: the LLVM environment's patterns read googletest's lines and lit's, and only the per-test ones", () => {
  const { report } = loadEnvironment(fileURLToPath(new URL('../../examples/envs/llvm.yaml', import.meta.url)));
  const text = [
    '[ RUN      ] DemangleTest.Simple',
    '[       OK ] DemangleTest.Simple (0 ms)',
    '[  FAILED  ] ItaniumDemangle.HalfType (3 ms)',
    '[  PASSED  ] 39 tests.',
    '[  FAILED  ] ItaniumDemangle.HalfType',
    '-- Testing: 3 tests, 2 workers --',
    'PASS: LLVM :: TableGen/AsmVariant.td (1 of 3)',
    'FAIL: LLVM :: TableGen/RegisterInfoEmitter-errors.td (2 of 3)',
    'XFAIL: LLVM :: TableGen/self-reference-typeerror.td (3 of 3)',
    'UNSUPPORTED: LLVM :: tools/llvm-cxxfilt/coff-import.test (4 of 4)',
    '  Passed: 1 (33.33%)',
  ].join('\n');
  assert.deepEqual(
    [...parseReport(text, report!)],
    [
      ['DemangleTest.Simple', 'pass'],
      ['TableGen/AsmVariant.td', 'pass'],
      ['TableGen/self-reference-typeerror.td', 'pass'],
      ['ItaniumDemangle.HalfType', 'fail'],
      ['TableGen/RegisterInfoEmitter-errors.td', 'fail'],
    ],
  );
});

test('a report file is read only as a regular file inside the tree', () => {
  const tree = mkdtempSync(join(tmpdir(), 'ctxbench-report-'));
  after(() => rmSync(tree, { recursive: true, force: true }));
  const outside = mkdtempSync(join(tmpdir(), 'ctxbench-secret-'));
  after(() => rmSync(outside, { recursive: true, force: true }));
  writeFileSync(join(outside, 'secret'), 'secret\n');
  mkdirSync(join(tree, 'out'));
  writeFileSync(join(tree, 'out', 'report.xml'), '<testcase name="a"/>');
  symlinkSync(join(outside, 'secret'), join(tree, 'out', 'link.xml'));
  symlinkSync(outside, join(tree, 'dir-link'));
  assert.equal(readReportFile(tree, 'out/report.xml'), '<testcase name="a"/>');
  assert.equal(readReportFile(tree, 'out/link.xml'), null);
  assert.equal(readReportFile(tree, 'dir-link/secret'), null);
  assert.equal(readReportFile(tree, 'out'), null);
  assert.equal(readReportFile(tree, 'missing.xml'), null);
});
