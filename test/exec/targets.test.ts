// Incremental builds that rebuild only what the selected tests need: a build command's `{tests}`
// takes the build targets of the tests a candidate runs (a CMake fixture whose header both libraries
// include). A header function's candidate rebuilds only the library and test binary that cover it.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkEnvironment } from '../../src/exec/check.ts';
import { CandidatePool, ensureCheckState, type CandidateLog } from '../../src/exec/execute.ts';
import { buildCommands, createContext, prepareEnvironment, testCommand } from '../../src/exec/prepare.ts';
import { fixtureEnv, functionTask, functionText, makeWorkDir, runAll } from './helpers.ts';

const work = makeWorkDir('targets');
after(work.remove);
const measured = makeWorkDir('targets-measured');
after(measured.remove);
const resumed = makeWorkDir('targets-resumed');
after(resumed.remove);

function buildPhase(log: string): { command: string; output: string } {
  const phases = (JSON.parse(readFileSync(log, 'utf8')) as CandidateLog).phases.filter(
    (phase) => phase.phase === 'build',
  );
  assert.equal(phases.length, 1);
  return { command: phases[0]!.command, output: phases[0]!.outcome.output };
}

test('buildCommands writes each test as its build target, shell-quoted; a command without {tests} is left alone', () => {
  const env = fixtureEnv('cmake-targets', work.dir);
  assert.deepEqual(buildCommands(env, ['test_shapes', "it's"]), [
    `cmake --build build --target test_shapes 'it'\\''s'`,
  ]);
  assert.deepEqual(
    buildCommands({ ...env, build: ['make {tests}', 'echo done'], tests: { ...env.tests!, buildArg: 'bin/{test}' } }, [
      'a',
      'b',
    ]),
    ['make bin/a bin/b', 'echo done'],
  );
});

test("a test's pattern with `$'` or `$&` in it (ctest's `-R '^{test}$'`) is written as it reads", () => {
  const env = fixtureEnv('cmake-targets', work.dir);
  const ctest = {
    ...env,
    test: 'ctest -V {tests}',
    tests: { ...env.tests!, arg: "-R '^{test}$'", buildArg: '{test}$&' },
  };
  assert.equal(testCommand(ctest, ['test_shapes', "it's"]), `ctest -V -R '^test_shapes$' -R '^'it'\\''s'$'`);
  assert.deepEqual(buildCommands(ctest, ['a']), ['cmake --build build --target a$&']);
});

test('a header function: coverage selects the one test that runs it, and only its targets are rebuilt', async () => {
  const env = fixtureEnv('cmake-targets', work.dir);
  const dot = functionText(env.repo, 'src/vec.h', 'inline int dot(');
  const task = functionTask(env.repo, 'src/vec.h', 'cpp', dot, 'dot');
  const wrong = dot.replace('a.x * b.x + a.y * b.y', 'a.x * b.x - a.y * b.y');
  const countWords = functionText(env.repo, 'src/text.cpp', 'int countWords(');
  const textTask = functionTask(env.repo, 'src/text.cpp', 'cpp', countWords, 'countWords');
  const scaled = functionText(env.repo, 'src/vec.h', 'inline __attribute__((always_inline)) Vec scaled(');
  const scaledTask = functionTask(env.repo, 'src/vec.h', 'cpp', scaled, 'scaled');
  const results = await runAll(
    env,
    [
      { task, candidate: dot, key: 'reference' },
      { task, candidate: wrong, key: 'wrong' },
      { task: textTask, candidate: countWords, key: 'text' },
      { task: scaledTask, candidate: scaled, key: 'scaled' },
      {
        task: scaledTask,
        candidate: scaled.replace('result.y *= factor;', 'result.y += factor;'),
        key: 'scaled-wrong',
      },
    ],
    { workDir: work.dir, workers: 1, cache: false },
  );

  const reference = results.get('reference')!;
  assert.equal(reference.verdict, 'pass', reference.logTail);
  assert.deepEqual(reference.selectedTests, ['test_shapes']);
  const build = buildPhase(reference.log!);
  assert.equal(build.command, 'cmake --build build --target test_shapes');
  // the header's products were removed (nothing built from the reference is readable): shapes is rebuilt, text is not
  // touched
  assert.match(build.output, /Building CXX object CMakeFiles\/shapes\.dir\/src\/shapes\.cpp\.o/);
  assert.match(build.output, /Building CXX object CMakeFiles\/test_shapes\.dir\/tests\/test_shapes\.cpp\.o/);
  assert.doesNotMatch(build.output, /text\.cpp/);
  assert.equal(results.get('wrong')!.verdict, 'test-fail', results.get('wrong')!.logTail);

  const text = results.get('text')!;
  assert.equal(text.verdict, 'pass', text.logTail);
  assert.deepEqual(text.selectedTests, ['test_text']);
  const textBuild = buildPhase(text.log!);
  assert.equal(textBuild.command, 'cmake --build build --target test_text');
  assert.match(textBuild.output, /text\.cpp\.o/);
  assert.doesNotMatch(textBuild.output, /shapes\.cpp/);

  // an always-inlined function has no gcov record of its own: the test that executed its lines is selected
  assert.equal(results.get('scaled')!.verdict, 'pass', results.get('scaled')!.logTail);
  assert.deepEqual(results.get('scaled')!.selectedTests, ['test_text']);
  assert.equal(results.get('scaled-wrong')!.verdict, 'test-fail', results.get('scaled-wrong')!.logTail);
});

test("CandidatePool.measureProducts: each task file's build products measured once before any candidate, kept for the candidates", async () => {
  const env = fixtureEnv('cmake-targets', measured.dir);
  const events: string[] = [];
  const options = {
    workDir: measured.dir,
    workers: 1,
    cache: false,
    checkFirst: true,
    onEvent: (event: { message: string }) => events.push(event.message),
  };
  await ensureCheckState(env, options);
  const prepared = await prepareEnvironment(env, options);
  const dot = functionText(env.repo, 'src/vec.h', 'inline int dot(');
  const task = functionTask(env.repo, 'src/vec.h', 'cpp', dot, 'dot');
  const scaledTask = functionTask(
    env.repo,
    'src/vec.h',
    'cpp',
    functionText(env.repo, 'src/vec.h', 'inline __attribute__((always_inline)) Vec scaled('),
    'scaled',
  );
  const textTask = functionTask(
    env.repo,
    'src/text.cpp',
    'cpp',
    functionText(env.repo, 'src/text.cpp', 'int countWords('),
    'countWords',
  );
  const pool = new CandidatePool(prepared, 1, { cache: false });
  events.length = 0;
  await pool.measureProducts([task, scaledTask, textTask]);
  // one measurement per file (two tasks in vec.h)
  assert.deepEqual(
    events.filter((message) => message.startsWith('measuring')),
    [
      'measuring the build products of src/vec.h (once per file)',
      'measuring the build products of src/text.cpp (once per file)',
    ],
  );
  const derived = JSON.parse(readFileSync(join(createContext(env, options).workDir, 'derived.json'), 'utf8')) as {
    products: Record<string, string[]>;
  };
  // the header's products: both libraries' objects and archives, both test binaries; text.cpp's: its own chain
  assert.deepEqual(derived.products, {
    'src/text.cpp': ['build/CMakeFiles/text.dir/src/text.cpp.o', 'build/libtext.a', 'build/test_text'],
    'src/vec.h': [
      'build/CMakeFiles/shapes.dir/src/shapes.cpp.o',
      'build/CMakeFiles/test_shapes.dir/tests/test_shapes.cpp.o',
      'build/CMakeFiles/test_text.dir/tests/test_text.cpp.o',
      'build/CMakeFiles/text.dir/src/text.cpp.o',
      'build/libshapes.a',
      'build/libtext.a',
      'build/test_shapes',
      'build/test_text',
    ],
  });

  // the candidates measure nothing again, and the header's reference still passes with its products removed
  events.length = 0;
  const verdicts: string[] = [];
  for await (const { result } of pool.run([{ task, candidate: dot, key: 'dot' }])) verdicts.push(result!.verdict);
  assert.deepEqual(verdicts, ['pass']);
  assert.deepEqual(
    events.filter((message) => message.startsWith('measuring')),
    [],
  );
});

test("a coverage pass stopped after a test resumes at the next (a torn last line dropped), and its map is the uninterrupted pass's", async () => {
  const env = fixtureEnv('cmake-targets', resumed.dir);
  const stopAtSecond = {
    workDir: resumed.dir,
    workers: 1,
    cache: false,
    onEvent: ({ message }: { message: string }) => {
      if (message.startsWith('coverage 2/2')) throw new Error('stopped');
    },
  };
  await assert.rejects(prepareEnvironment(env, stopAtSecond), /stopped/);
  const { workDir } = createContext(env, stopAtSecond);
  const journal = join(workDir, 'coverage.progress.jsonl');
  const lines = readFileSync(journal, 'utf8').trimEnd().split('\n');
  assert.equal(lines.length, 2);
  assert.equal((JSON.parse(lines[1]!) as { test: string }).test, 'test_shapes');
  appendFileSync(journal, '{"test":"test_te');

  const events: string[] = [];
  const options = {
    workDir: resumed.dir,
    workers: 1,
    cache: false,
    onEvent: ({ message }: { message: string }) => events.push(message),
  };
  const resumedMap = (await prepareEnvironment(env, options)).coverage!;
  assert.deepEqual(
    events.filter((message) => message.includes('coverage')),
    [`resuming the coverage pass: 1 of 2 tests recorded in ${journal}`, 'coverage 2/2: test_text'],
  );
  assert.equal(existsSync(journal), false);
  assert.equal(existsSync(join(workDir, 'coverage-tree')), false);

  rmSync(join(workDir, 'coverage.json'));
  events.length = 0;
  const whole = (await prepareEnvironment(env, options)).coverage!;
  assert.deepEqual(
    events.filter((message) => message.startsWith('coverage ')),
    ['coverage 1/2: test_shapes', 'coverage 2/2: test_text'],
  );
  assert.deepEqual(resumedMap, whole);
  assert.ok(whole.functions.some((fn) => fn.path === 'src/vec.h' && fn.tests.length === 1));

  // `exec check` prepares the tree anew: a map recorded from the earlier tree (here one that saw nothing, as when the
  // earlier check's test command was broken) is recorded again, not reused.
  writeFileSync(join(workDir, 'coverage.json'), `${JSON.stringify({ ...whole, functions: [] })}\n`);
  const checked = await checkEnvironment(env, options);
  assert.equal(checked.coverageFunctions, whole.functions.length);
  assert.deepEqual(JSON.parse(readFileSync(join(workDir, 'coverage.json'), 'utf8')), whole);
});
