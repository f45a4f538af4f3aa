// Real builds and tests in C (make), C++ (CMake), Python (unittest), JavaScript (node --test) and
// Java (javac + a runner), all in the bubblewrap sandbox: the reference passes, hand-written wrong
// candidates get the right verdict, and coverage selects exactly the tests that run the function.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Verdict } from '../../src/runstore/types.ts';
import { fixtureEnv, functionTask, functionText, makeWorkDir, runAll } from './helpers.ts';

interface Case {
  language: 'c' | 'cpp' | 'python' | 'javascript' | 'java';
  path: string;
  head: string;
  /** line that ends the function (`''`: the first blank line or the end of the file). */
  last?: string;
  /** tests coverage selects for the task ([] = the whole suite: no coverage). */
  selection: string[];
  wrong: Partial<Record<Verdict, string>>;
}

const CASES: Case[] = [
  {
    language: 'c',
    path: 'src/mathx.c',
    head: 'int gcd(',
    selection: ['gcd'],
    wrong: {
      'build-error': 'int gcd(int a, int b)\n{\n    return a +;\n}',
      'test-fail': 'int gcd(int a, int b)\n{\n    return a * b;\n}',
      crash: 'int gcd(int a, int b)\n{\n    volatile int *p = 0;\n    return *p + a + b;\n}',
      timeout: 'int gcd(int a, int b)\n{\n    volatile int x = 0;\n    while (1) x++;\n    return a + b;\n}',
    },
  },
  {
    language: 'cpp',
    path: 'src/geo.cpp',
    head: 'int Stack::pop()',
    selection: ['stack'],
    wrong: {
      'build-error': 'int Stack::pop()\n{\n    return items_.back()\n}',
      'test-fail': 'int Stack::pop()\n{\n    return items_.front();\n}',
      crash: 'int Stack::pop()\n{\n    volatile int *p = nullptr;\n    return *p;\n}',
    },
  },
  {
    language: 'python',
    path: 'calc/stats.py',
    head: 'def median(',
    last: '',
    selection: ['tests.test_stats.StatsTest.test_median'],
    wrong: {
      'build-error': 'def median(values):\n    return sorted(values)[len(values) // 2',
      'test-fail': 'def median(values):\n    return sorted(values)[0]',
      crash: 'def median(values):\n    import os\n    os.abort()',
      timeout: 'def median(values):\n    while True:\n        pass',
    },
  },
  {
    language: 'javascript',
    path: 'src/strings.js',
    head: 'function isPalindrome(',
    selection: ['test/palindrome.test.js'],
    wrong: {
      'build-error': 'function isPalindrome(text) {\n  return text ===;\n}',
      'test-fail': 'function isPalindrome(text) {\n  return text.length > 0;\n}',
      crash: 'function isPalindrome(text) {\n  process.abort();\n}',
    },
  },
  {
    language: 'java',
    path: 'src/Numbers.java',
    head: '    public static int clamp(',
    last: '    }',
    selection: [],
    wrong: {
      'build-error':
        '    public static int clamp(int value, int low, int high) {\n        return Math.max(low, value)\n    }',
      'test-fail': '    public static int clamp(int value, int low, int high) {\n        return value;\n    }',
    },
  },
];

const work = makeWorkDir('fixtures');
after(work.remove);

for (const fixture of CASES) {
  test(`${fixture.language}: the reference passes, wrong candidates get their verdicts, coverage selects the tests`, async () => {
    const env = fixtureEnv(fixture.language, work.dir);
    const reference = functionText(env.repo, fixture.path, fixture.head, fixture.last);
    const task = functionTask(env.repo, fixture.path, fixture.language, reference, `${fixture.language}-task`);
    const items = [
      { task, candidate: reference, key: 'reference' },
      ...Object.entries(fixture.wrong).map(([verdict, candidate]) => ({ task, candidate, key: verdict })),
    ];
    const results = await runAll(env, items, { workDir: work.dir, workers: 2 });
    assert.equal(results.size, items.length);
    const reference_ = results.get('reference')!;
    assert.equal(reference_.verdict, 'pass', reference_.logTail);
    assert.deepEqual(reference_.selectedTests, fixture.selection);
    assert.equal(reference_.cached, false);
    for (const verdict of Object.keys(fixture.wrong)) {
      const result = results.get(verdict)!;
      assert.equal(result.verdict, verdict, `${verdict} candidate:\n${result.logTail}`);
      assert.match(result.logTail, new RegExp(`\\[ctxbench\\] ${verdict}: `));
    }
  });
}

test('a broken candidate followed by the original in the same worker: the original passes and the tree is back to the prepared state', async () => {
  const env = fixtureEnv('c', work.dir);
  const reference = functionText(env.repo, 'src/strx.c', 'char *reverse(');
  const task = functionTask(env.repo, 'src/strx.c', 'c', reference, 'reverse');
  // The test-fail candidate also leaves a stray file and deletes a source file of the tree.
  const vandal = 'char *reverse(char *s)\n{\n    system("touch build/stray && rm -f src/mathx.h");\n    return s;\n}';
  const items = [
    { task, candidate: `#include <stdlib.h>\n${vandal}`, key: 'vandal' },
    { task, candidate: 'char *reverse(char *s)\n{\n    return s +;\n}', key: 'broken' },
    { task, candidate: reference, key: 'original' },
  ];
  const results = await runAll(env, items, { workDir: work.dir, workers: 1, cache: false });
  assert.equal(results.get('vandal')!.verdict, 'test-fail', results.get('vandal')!.logTail);
  assert.equal(results.get('broken')!.verdict, 'build-error');
  assert.equal(results.get('original')!.verdict, 'pass', results.get('original')!.logTail);
  const { fingerprintTree, createContext } = await import('../../src/exec/index.ts');
  const context = createContext(env, { workDir: work.dir });
  assert.equal(fingerprintTree(`${context.workDir}/w0`), fingerprintTree(context.base));
  // make agrees that the restored worker is up to date (consistent timestamps: no rebuild needed).
  const { runCommand } = await import('../../src/exec/index.ts');
  const upToDate = await runCommand({
    mode: 'bwrap',
    tree: `${context.workDir}/w0`,
    command: 'make -q',
    env: {},
    timeoutMs: 10_000,
    limits: env.limits,
  });
  assert.equal(upToDate.exitCode, 0, upToDate.output);
});

test('identical candidates run once; a second run is answered from the cache', async () => {
  const env = fixtureEnv('c', work.dir);
  const reference = functionText(env.repo, 'src/mathx.c', 'long factorial(');
  const task = functionTask(env.repo, 'src/mathx.c', 'c', reference, 'factorial');
  const variant = reference;
  const first = await runAll(
    env,
    [
      { task, candidate: reference, key: 'a' },
      { task, candidate: variant, key: 'b' },
    ],
    { workDir: work.dir, workers: 2 },
  );
  assert.equal(first.get('a')!.verdict, 'pass');
  assert.equal(first.get('a')!.cached, false);
  assert.deepEqual(first.get('b'), { ...first.get('a')!, cached: true });
  const second = await runAll(env, [{ task, candidate: reference, key: 'c' }], { workDir: work.dir });
  assert.deepEqual(second.get('c'), { ...first.get('a')!, cached: true });
});
