// Python string semantics, syntax-ok, the registry and run scoring over a real SQLite run store.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { listMetrics, resolveMetrics, scorePair, scoreRun } from '../../src/metrics/index.ts';
import { pySplit, pySplitLines, pyStrip, roundHalfEven } from '../../src/metrics/pystr.ts';
import { openRunStore } from '../../src/runstore/index.ts';
import type { RunConfig } from '../../src/runstore/types.ts';
import { InputError } from '../../src/util/errors.ts';

test('Python whitespace: strip/split/splitlines follow str, not String.prototype.trim', () => {
  assert.equal(pyStrip('\u001f\u0085 x \u3000'), 'x');
  assert.equal(pyStrip('\ufeffx'), '\ufeffx');
  assert.deepEqual(pySplit(' a\u00a0b\n\tc '), ['a', 'b', 'c']);
  assert.deepEqual(pySplitLines('a\r\nb\rc\u2028d\n'), ['a', 'b', 'c', 'd']);
  assert.deepEqual([0.5, 1.5, 2.5, 2.4999, 62.5, 37.5000001].map(roundHalfEven), [0, 2, 2, 2, 62, 38]);
});

test('syntax-ok parses the completed file, or the prediction alone', async () => {
  const ok = (prediction: string, language: string, context?: { prefix?: string; suffix?: string }) =>
    scorePair(prediction, '', language, ['syntax-ok'], context).then((scores) => scores['syntax-ok']);
  assert.equal(await ok('return x + 1', 'python', { prefix: 'def f(x):\n    ', suffix: '\n' }), 1);
  assert.equal(await ok('return x +', 'python', { prefix: 'def f(x):\n    ', suffix: '\n' }), 0);
  assert.equal(await ok('int y = x', 'java', { prefix: 'class A { void f(int x) { ', suffix: '; } }' }), 1);
  // A missing `;` is a MISSING node, not an ERROR node: still not ok.
  assert.equal(await ok('int y = x', 'java', { prefix: 'class A { void f(int x) { ', suffix: ' } }' }), 0);
  assert.equal(await ok('x = [1, 2]', 'python'), 1);
  assert.equal(await ok('x = [1, 2', 'python'), 0);
  // an empty answer shows only that the rest of the file parses (#38.7)
  assert.equal(await ok('', 'python', { prefix: 'x = 1\n', suffix: '\n' }), 0);
  assert.equal(await ok('  \n', 'python'), 0);
});

test('syntax-no-new-errors fails only the errors a prediction adds to those the file has with its reference', async () => {
  const score = (
    prediction: string,
    reference: string,
    language: string,
    context: { prefix: string; suffix: string },
  ) => scorePair(prediction, reference, language, ['syntax-ok', 'syntax-no-new-errors'], context);
  // a macro the grammar cannot read puts an error in the file before the hole, whatever fills it
  const c = { prefix: 'DECLARE_THING(a, b) DECLARE_MORE\nint f(int x) {\n', suffix: '\n}\n' };
  assert.deepEqual(await score('    return x + 1;', '    return x;', 'c', c), {
    'syntax-ok': 0,
    'syntax-no-new-errors': 1,
  });
  assert.deepEqual(await score('    return x +;', '    return x;', 'c', c), {
    'syntax-ok': 0,
    'syntax-no-new-errors': 0,
  });
  const python = { prefix: 'def f(x):\n    ', suffix: '\n' };
  assert.deepEqual(await score('return x + 1', 'return x', 'python', python), {
    'syntax-ok': 1,
    'syntax-no-new-errors': 1,
  });
  assert.deepEqual(await score('return x +', 'return x', 'python', python), {
    'syntax-ok': 0,
    'syntax-no-new-errors': 0,
  });
  // a MISSING node counts as an error too
  const java = { prefix: 'class A { void f(int x) { ', suffix: ' } }' };
  assert.deepEqual(await score('int y = x', 'int y = x;', 'java', java), { 'syntax-ok': 0, 'syntax-no-new-errors': 0 });
});

test('unknown metrics and languages are InputErrors naming them', async () => {
  await assert.rejects(
    scorePair('a', 'a', 'python', ['em', 'bogus']),
    (error: unknown) => error instanceof InputError && /'bogus'/.test(String(error)),
  );
  await assert.rejects(
    scorePair('a', 'a', 'klingon'),
    (error: unknown) => error instanceof InputError && /'klingon'/.test(String(error)),
  );
  assert.ok(listMetrics().every((metric) => ['binary', 'percent', 'fraction'].includes(metric.scale)));
  assert.deepEqual(
    resolveMetrics('python').map((m) => m.name),
    listMetrics().map((m) => m.name),
  );
});

test('every metric lands on its scale', async () => {
  const scores = await scorePair('total = price * count  # sum', 'total = price * quantity', 'python');
  for (const metric of listMetrics()) {
    const value = scores[metric.name]!;
    if (metric.scale === 'binary') assert.ok(value === 0 || value === 1, metric.name);
    if (metric.scale === 'percent') assert.ok(Number.isInteger(value) && value >= 0 && value <= 100, metric.name);
    if (metric.scale === 'fraction') assert.ok(value >= 0 && value <= 1, metric.name);
  }
  assert.equal(scores.em, 0);
  assert.equal(scores['id-f1'], (2 * 2) / (2 * 2 + 1 + 1));
});

function task(id: string, prefix: string, reference: string): TaskRecord {
  return {
    id,
    kind: 'crossfile',
    language: 'python',
    repo: { name: 'demo', commit: null },
    path: 'demo.py',
    prefix,
    suffix: '\n',
    reference,
    span: { startLine: 2, startColumn: 4, endLine: 2, endColumn: 4 + reference.length },
    labels: { lines: 1 },
  };
}

test('scoreRun stores metrics per candidate and leaves failed calls unscored', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-metrics-'));
  try {
    const config: RunConfig = {
      model: 'baseline:test',
      context: 'infile',
      template: 'plain',
      tokenizer: 'o200k_base',
      samples: 2,
      temperature: 0,
      topP: 1,
      maxTokens: 64,
      seed: null,
      tasksPath: 'tasks.jsonl',
      tasksHash: 'x',
      toolVersion: '0',
      createdAt: '2025-01-01T00:00:00Z',
    };
    const kotlinTask: TaskRecord = {
      ...task('t2', 'fun f(x: Int) =\n    ', 'x + 1'),
      language: 'kotlin',
      path: 'demo.kt',
    };
    const store = openRunStore(dir, {
      create: config,
      tasks: [task('t1', 'def f(x):\n    ', 'return x + 1'), kotlinTask],
    });
    const base = { raw: null, postprocess: null, promptTokens: null, completionTokens: null, latencyMs: null };
    store.putCandidate({ ...base, taskId: 't1', sample: 0, output: 'return x + 1', error: null });
    store.putCandidate({ ...base, taskId: 't1', sample: 1, output: null, error: 'HTTP 500' });
    store.putCandidate({ ...base, taskId: 't2', sample: 0, output: 'x + 2', error: null });
    // CodeBLEU is not defined for Kotlin: left out there (shown as missing), computed for Python.
    const summary = await scoreRun(store, ['em', 'es', 'syntax-ok', 'codebleu']);
    assert.equal(summary.scored, 2);
    assert.deepEqual(summary.missing, [{ taskId: 't1', sample: 1, reason: 'HTTP 500' }]);
    assert.deepEqual(summary.unsupported, { kotlin: ['codebleu'] });
    await assert.rejects(scoreRun(store, ['em', 'bleurt']), /unknown metric 'bleurt'/);
    store.close();
    const reread = openRunStore(dir, { readonly: true });
    const [scored, failed, kotlin] = reread.candidates();
    assert.deepEqual(scored!.metrics, { em: 1, es: 100, 'syntax-ok': 1, codebleu: 1 });
    assert.equal(failed!.metrics, null);
    assert.deepEqual(kotlin!.metrics, { em: 0, es: 80, 'syntax-ok': 1 });
    reread.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
