// `exec check`: the unmodified repository is set up, built and tested twice (the second time in
// reverse order); flaky and failing tests land in the state file and are excluded afterwards.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkEnvironment, loadEnvironment } from '../../src/exec/index.ts';
import { FIXTURES, functionTask, functionText, makeWorkDir, runAll } from './helpers.ts';

const work = makeWorkDir('check');
after(work.remove);

test('check finds the order-dependent and the failing test, writes the state beside the environment, and candidates skip them', async () => {
  // A copy of the environment file in the work folder, so the state file lands there.
  const envFile = join(work.dir, 'flaky.yaml');
  writeFileSync(
    envFile,
    readFileSync(join(FIXTURES, 'flaky', 'env.yaml'), 'utf8').replace(
      /^repo: .*$/m,
      `repo: ${join(FIXTURES, 'flaky', 'repo')}`,
    ),
  );
  const env = loadEnvironment(envFile);
  const report = await checkEnvironment(env, { workDir: work.dir });
  assert.equal(report.statePath, join(work.dir, 'flaky.state.json'));
  const saved = JSON.parse(readFileSync(report.statePath, 'utf8'));
  assert.deepEqual(saved, report.state);
  assert.deepEqual(report.state.flaky, ['tests.test_all.Checks.test_second']);
  assert.deepEqual(report.state.failing, ['tests.test_all.Checks.test_broken']);
  assert.equal(report.state.rounds.length, 2);
  assert.deepEqual(report.state.tests['tests.test_all.Checks.test_second']!.passed, [false, true]);
  assert.deepEqual(report.state.tests['tests.test_all.Checks.test_good']!.passed, [true, true]);
  assert.ok(report.state.rounds.every((round) => round.testMs > 0));
  // the failing test's output says why, once
  assert.equal(report.warnings.length, 1);
  assert.match(
    report.warnings[0]!,
    /^1 test\(s\) failed in both rounds on the unmodified repository and will not run for candidates; the end of tests\.test_all\.Checks\.test_broken's output:\n[^]*AssertionError: 1 != 2/,
  );
  assert.equal(report.coverageFunctions, null);

  const reference = functionText(env.repo, 'lib/answer.py', 'def answer(', '');
  const task = functionTask(env.repo, 'lib/answer.py', 'python', reference, 'answer');
  const results = await runAll(
    env,
    [
      { task, candidate: reference, key: 'reference' },
      { task, candidate: 'def answer():\n    return 41', key: 'wrong' },
    ],
    { workDir: work.dir, workers: 1 },
  );
  const passed = results.get('reference')!;
  assert.equal(passed.verdict, 'pass', passed.logTail);
  assert.deepEqual(passed.selectedTests, []);
  assert.match(passed.logTail, /test_first/);
  assert.doesNotMatch(passed.logTail, /test_second|test_broken/);
  assert.equal(results.get('wrong')!.verdict, 'test-fail');
});

test('every test failing on the unmodified repository: the check says the environment is the likely cause', async () => {
  const envFile = join(work.dir, 'all-failing.yaml');
  writeFileSync(
    envFile,
    readFileSync(join(FIXTURES, 'flaky', 'env.yaml'), 'utf8')
      .replace(/^repo: .*$/m, `repo: ${join(FIXTURES, 'flaky', 'repo')}`)
      .replace(/^test: .*$/m, "test: python3 -m unittest {tests} && echo 'no such runner flag' && exit 3"),
  );
  const report = await checkEnvironment(loadEnvironment(envFile), { workDir: work.dir });
  assert.equal(report.state.failing.length, 4);
  assert.equal(report.warnings.length, 1);
  assert.match(
    report.warnings[0]!,
    /^every test \(4\) failed in both rounds on the unmodified repository and will not run for candidates: check the environment's `test` and `tests\.arg`; the end of tests\.test_all\.Checks\.test_broken's output:\n/,
  );
});
