// `ctxbench score` as a user runs it: a pairs file in, one JSON object of scores per line out.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { openRunStore } from '../../src/runstore/index.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/metrics/${name}`, import.meta.url));
const ctxbench = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'bin/ctxbench.js'), ...args], { cwd: root, encoding: 'utf8' });

test('score --pairs writes every metric of the language per line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-score-'));
  try {
    const out = join(dir, 'scores.jsonl');
    const result = ctxbench('score', '--pairs', fixture('pairs.jsonl'), '--language', 'python', '--out', out);
    assert.equal(result.status, 0, result.stderr);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, number>);
    assert.equal(rows.length, 3);
    assert.deepEqual(Object.keys(rows[0]!), [
      'em',
      'em-nows',
      'es',
      'es-difflib',
      'es-levenshtein',
      'id-em',
      'id-f1',
      'id-precision',
      'id-recall',
      'codebleu',
      'codebleu-strict',
      'bleu',
      'syntax-no-new-errors',
      'syntax-ok',
    ]);
    // 'result = compute(a, b)' vs '... c)': 21 of 22 characters in common -> 100 * 42/44 = 95.45 -> 95.
    assert.equal(rows[0]!.es, 95);
    assert.equal(rows[0]!['id-f1'], 0.75);
    assert.equal(rows[1]!.em, 1);
    assert.equal(rows[1]!.codebleu, 1);
    // The third pair's comment is deleted before EM; its string literals before identifier match.
    assert.equal(rows[2]!.em, 0);
    assert.equal(rows[2]!['id-em'], 1);
    assert.equal(rows[2]!['syntax-ok'], 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('score --metrics limits the keys; without --out the rows go to stdout', () => {
  const result = ctxbench(
    'score',
    '--pairs',
    fixture('pairs.jsonl'),
    '--language',
    'java',
    '--metrics',
    'em,es-difflib',
  );
  assert.equal(result.status, 0, result.stderr);
  const rows = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  assert.deepEqual(rows[1], { em: 1, 'es-difflib': 100 });
});

test('a malformed line is an error naming the file and line, and nothing is written', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-score-'));
  try {
    const out = join(dir, 'scores.jsonl');
    const result = ctxbench('score', '--pairs', fixture('pairs-malformed.jsonl'), '--language', 'python', '--out', out);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /pairs-malformed\.jsonl, line 2: malformed JSON/);
    assert.equal(existsSync(out), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('unknown metrics and unsupported languages are reported by name', () => {
  const unknown = ctxbench('score', '--pairs', fixture('pairs.jsonl'), '--language', 'python', '--metrics', 'em,nope');
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown metric 'nope'/);
  const unsupported = ctxbench(
    'score',
    '--pairs',
    fixture('pairs.jsonl'),
    '--language',
    'typescript',
    '--metrics',
    'codebleu',
  );
  assert.equal(unsupported.status, 2);
  assert.match(unsupported.stderr, /'codebleu' does not support language 'typescript'/);
});

test('score <run-dir> scores the candidates of a run in place', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-score-run-'));
  try {
    const store = openRunStore(dir, {
      create: {
        model: 'baseline:test',
        context: 'infile',
        template: 'plain',
        tokenizer: 'o200k_base',
        samples: 1,
        temperature: 0,
        topP: 1,
        maxTokens: 16,
        seed: null,
        tasksPath: 'tasks.jsonl',
        tasksHash: 'x',
        toolVersion: '0',
        createdAt: '2025-01-01T00:00:00Z',
      },
      tasks: [
        {
          id: 'java/1',
          kind: 'crossfile',
          language: 'java',
          repo: { name: 'demo', commit: null },
          path: 'A.java',
          prefix: 'class A { int f(int x) { ',
          suffix: ' } }',
          reference: 'return x + 1;',
          span: { startLine: 1, startColumn: 25, endLine: 1, endColumn: 38 },
          labels: { lines: 1 },
        },
      ],
    });
    store.putCandidate({
      taskId: 'java/1',
      sample: 0,
      raw: 'return x+1;',
      output: 'return x+1;',
      postprocess: null,
      error: null,
      promptTokens: null,
      completionTokens: null,
      latencyMs: null,
    });
    store.close();
    const result = ctxbench('score', dir, '--metrics', 'em-nows,es,codebleu,syntax-ok');
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /scored 1 candidate\(s\) \(java: em-nows, es, codebleu, syntax-ok\)/);
    const reread = openRunStore(dir, { readonly: true });
    const metrics = reread.candidates()[0]!.metrics!;
    reread.close();
    assert.equal(metrics['em-nows'], 1);
    assert.equal(metrics['syntax-ok'], 1);
    assert.equal(metrics.es, 92);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
