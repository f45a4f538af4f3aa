// CodeBLEU against the k4black/codebleu 0.7.1 parity values (shared/parity/codebleu.md), its
// comment/docstring removal against CPython's run of the reference function, and its edge cases.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { codeBleu, combineCodeBleu } from '../../src/metrics/codebleu/index.ts';
import { removeCommentsAndDocstrings } from '../../src/metrics/codebleu/comments.ts';
import type { LanguageId } from '../../src/languages/types.ts';
import type { CodeBleuLanguage } from '../../src/metrics/codebleu/keywords.ts';
import { resolveMetrics, scorePair } from '../../src/metrics/registry.ts';
import { InputError } from '../../src/util/errors.ts';

const close = (actual: number, expected: number, what: string) =>
  assert.ok(
    Math.abs(actual - expected) <= 0.01 * Math.max(1, Math.abs(expected)),
    `${what}: ${actual} is not within 0.01 of ${expected}`,
  );

test('Python parity values (BLEU, weighted n-gram, CodeBLEU)', async () => {
  const table: [string, string | string[], number, number, number][] = [
    ['some rannnndom words in length more than 3', 'def test ( ) :\n pass', 0, 0, 0.25],
    [
      'def bar ( y , x ) :\n    a = x * x\n    return a',
      'def foo ( x ) :\n    return x',
      0.0808529808,
      0.1728603923,
      0.36,
    ],
    ['def foo ( x ) :\n    return x * x', 'def bar ( x ) :\n    return x', 0.5372849659, 0.7194089029, 0.61],
    ['def bar ( x ) :\n    return x', 'def foo ( x ) :\n    return x', 0.7071067812, 0.7194089029, 0.85],
    ['def foo ( x ) : pass', ['def bar ( x ) : pass', 'def foo ( x ) : pass'], 1, 0.8337996085, 0.95],
    [
      'def add ( a , b ) :\n return a + b',
      'def sum ( first , second ) :\n return second + first',
      0.1041904464,
      0.1109466047,
      0.5537,
    ],
  ];
  for (const [prediction, references, ngram, weighted, codebleu] of table) {
    const scores = await codeBleu(prediction, references, 'python');
    close(scores.ngramMatch, ngram, `${prediction}: ngram`);
    close(scores.weightedNgramMatch, weighted, `${prediction}: weighted`);
    close(scores.codebleu, codebleu, `${prediction}: codebleu`);
  }
  const random = await codeBleu('some rannnndom words in length more than 3', 'def test ( ) :\n pass', 'python');
  assert.equal(random.syntaxMatch, 0);
  assert.equal(random.dataflowMatch, 0);
  const renamed = await codeBleu(
    'def add ( a , b ) :\n return a + b',
    'def sum ( first , second ) :\n return second + first',
    'python',
  );
  assert.equal(renamed.syntaxMatch, 1);
  assert.equal(renamed.dataflowMatch, 1);
});

test('Java parity values with every component', async () => {
  const reference = 'public static int Sign ( double d ) { return ( int ) ( ( d == 0 ) ? 0 : ( d < 0 ) ? -1 : 1 ) ; }';
  const table: [string, number, number, number, number, number][] = [
    [
      'public static int Sign ( double c ) { return ( int ) ( ( c == 0 ) ? 0 : ( c < 0 ) ? -1 : 1 ) ; }',
      0.7571389553,
      0.7646075309,
      1,
      1,
      0.8804,
    ],
    [
      'public static int Sign ( double d ) { return ( float ) ( ( d == 0 ) ? 0 : ( c < 0.0 ) ? -1 : 1 ) ; }',
      0.7846263093,
      0.7775489116,
      11 / 19,
      2 / 3,
      0.7019,
    ],
    [
      'public static int Sign ( double d ) { return ( float ) ( ( d == 0 ) ? 0 : ( c < 0.0 ) ? -1 : 1 ) ;',
      0.7542511015,
      0.7491381163,
      11 / 19,
      2 / 3,
      0.6873,
    ],
  ];
  for (const [prediction, ngram, weighted, syntax, dataflow, codebleu] of table) {
    const scores = await codeBleu(prediction, reference, 'java');
    close(scores.ngramMatch, ngram, 'ngram');
    close(scores.weightedNgramMatch, weighted, 'weighted');
    close(scores.syntaxMatch, syntax, 'syntax');
    close(scores.dataflowMatch, dataflow, 'dataflow');
    close(scores.codebleu, codebleu, 'codebleu');
  }
});

const SAMPLES: Partial<Record<LanguageId, string>> = {
  c: 'int add(int a, int b) {\n  int s = a + b;\n  s = s * 2;\n  return s;\n}',
  cpp:
    'std::vector<int> twice(const std::vector<int>& v) {\n  std::vector<int> out;\n  for (int x : v) ' +
    'out.push_back(x * 2);\n  return out;\n}',
  csharp: 'public int Add(int a, int b) {\n    var s = a + b;\n    s += 1;\n    return s;\n}',
  go: 'func add(a int, b int) int {\n\ts := a + b\n\ts = s * 2\n\treturn s\n}',
  java: 'public int add(int a, int b) {\n    int s = a + b;\n    s = s * 2;\n    return s;\n}',
  javascript: 'function add(a, b) {\n  let s = a + b;\n  s = s * 2;\n  return s;\n}',
  php: '<?php\nfunction add($a, $b) {\n    $s = $a + $b;\n    $s = $s * 2;\n    return $s;\n}',
  python: 'def add(a, b):\n    """Adds."""\n    s = a + b\n    s = s * 2\n    return s',
  ruby: 'def add(a, b)\n  s = a + b\n  s = s * 2\n  s\nend',
  rust: 'fn add(a: i32, b: i32) -> i32 {\n    let mut s = a + b;\n    s = s * 2;\n    s\n}',
};

test('identical inputs score exactly 1.0 in all ten languages', async () => {
  assert.equal(Object.keys(SAMPLES).length, 10);
  for (const [language, code] of Object.entries(SAMPLES) as [LanguageId, string][]) {
    const scores = await codeBleu(code, code, language);
    assert.equal(scores.codebleu, 1, `${language}: ${JSON.stringify(scores)}`);
    assert.equal(scores.syntaxMatch, 1, language);
  }
});

test('an unsupported language is an error naming it', async () => {
  await assert.rejects(
    codeBleu('let x = 1;', 'let x = 1;', 'typescript'),
    (error: unknown) => error instanceof InputError && /typescript/.test(String(error)),
  );
  await assert.rejects(
    scorePair('x', 'x', 'kotlin', ['codebleu']),
    (error: unknown) => error instanceof InputError && /codebleu.*kotlin/.test(String(error)),
  );
  assert.deepEqual(
    resolveMetrics('typescript')
      .map((m) => m.name)
      .filter((name) => name.includes('bleu')),
    [],
  );
});

test('the dataflow 0 -> 1 quirk is an option; codebleu-strict switches it off', async () => {
  const prediction = 'some rannnndom words in length more than 3';
  const reference = 'def test ( ) :\n pass';
  assert.equal((await codeBleu(prediction, reference, 'python')).codebleu, 0.25);
  assert.equal((await codeBleu(prediction, reference, 'python', { dataflowZeroAsOne: false })).codebleu, 0);
  const scores = await scorePair(prediction, reference, 'python', ['codebleu', 'codebleu-strict', 'bleu']);
  assert.deepEqual(scores, { codebleu: 0.25, 'codebleu-strict': 0, bleu: 0 });
  assert.equal(
    combineCodeBleu(
      { ngramMatch: 1, weightedNgramMatch: 1, syntaxMatch: 1, dataflowMatch: 0 },
      { weights: [0.1, 0.2, 0.3, 0.4] },
    ),
    0.1 + 0.2 + 0.3 + 0.4,
  );
});

test('variables are renamed before data-flow edges are compared; comments do not count', async () => {
  const scores = await codeBleu('x = a + b\ny = x * a', 'p = q + r\ns = p * q', 'python');
  assert.equal(scores.dataflowMatch, 1);
  assert.equal(scores.syntaxMatch, 1);
  const swapped = await codeBleu('x = a + b\ny = x * b', 'p = q + r\ns = p * q', 'python');
  assert.ok(swapped.dataflowMatch < 1);
  // C goes through the C# extractor: the assignment's edges still match after renaming.
  const c = await codeBleu('x = a + b; /* sum */', 'y = c + d; // total', 'c');
  assert.equal(c.dataflowMatch, 1);
  assert.equal(c.syntaxMatch, 1);
});

test('comment and docstring removal equals the reference function on 1,040 inputs', () => {
  const cases = JSON.parse(
    readFileSync(new URL('../fixtures/metrics/comment_removal.json', import.meta.url), 'utf8'),
  ) as {
    lang: CodeBleuLanguage;
    source: string;
    expected: string;
  }[];
  assert.equal(cases.length, 1040);
  const failed = cases
    .filter((c) => removeCommentsAndDocstrings(c.source, c.lang) !== c.expected)
    .map((c) => JSON.stringify(c));
  assert.deepEqual(failed, []);
});
