// `ctxbench exec` on a real run store, as a user runs it: verdicts land in the store, a second run
// resumes (nothing left to run), and `exec check` prints its report.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openRunStore } from '../../src/runstore/store.ts';
import type { RunConfig } from '../../src/runstore/types.ts';
import { FIXTURES, functionTask, functionText, makeWorkDir } from './helpers.ts';

const BIN = fileURLToPath(new URL('../../bin/ctxbench.js', import.meta.url));
const work = makeWorkDir('cli');
after(work.remove);

const config: RunConfig = {
  model: 'baseline:fixture',
  context: 'infile',
  template: 'plain',
  tokenizer: 'o200k_base',
  samples: 3,
  temperature: 0,
  topP: 1,
  maxTokens: 256,
  seed: 1,
  tasksPath: 'tasks.jsonl',
  tasksHash: 'h',
  toolVersion: '0.1.0',
  createdAt: '2026-01-01T00:00:00.000Z',
};

function ctxbench(...args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 120_000 });
}

test('exec runs the check first, stores a verdict per candidate, resumes and regrades from logs; check reports on the environment', () => {
  const repo = join(FIXTURES, 'c', 'repo');
  // A copy of the environment file: the check state is written beside it.
  const envFile = join(work.dir, 'c-env.yaml');
  writeFileSync(envFile, readFileSync(join(FIXTURES, 'c', 'env.yaml'), 'utf8').replace(/^repo: .*$/m, `repo: ${repo}`));
  const reference = functionText(repo, 'src/mathx.c', 'long factorial(');
  const task = functionTask(repo, 'src/mathx.c', 'c', reference, 'factorial');
  const runDir = join(work.dir, 'run');
  const store = openRunStore(runDir, { create: config, tasks: [task] });
  const candidate = (sample: number, output: string | null) => ({
    taskId: 'factorial',
    sample,
    raw: output,
    output,
    postprocess: null,
    error: output === null ? 'timeout' : null,
    promptTokens: null,
    completionTokens: null,
    latencyMs: null,
  });
  store.putCandidate(candidate(0, reference));
  store.putCandidate(candidate(1, 'long factorial(int n)\n{\n    return n;\n}'));
  store.putCandidate(candidate(2, null));
  store.close();

  const first = ctxbench('exec', runDir, '--env', envFile, '--workers', '2', '--work-dir', work.dir);
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stderr, /no check state for .*c-env\.yaml: running `ctxbench exec check` first/);
  assert.match(first.stderr, /exec: 2 candidates to run \(1 skipped/);
  assert.match(first.stderr, /exec 2\/2 · pass 1 · fail 1 \(test-fail 1\)/);
  assert.match(first.stdout, /^verdict\s+now\s+in the run$/m);
  assert.match(first.stdout, /^pass\s+1\s+1$/m);
  assert.match(first.stdout, /^test-fail\s+1\s+1$/m);
  const stored = openRunStore(runDir, { readonly: true });
  const verdicts = new Map(stored.candidates().map((c) => [c.sample, c.verdict]));
  stored.close();
  assert.equal(verdicts.get(0)?.verdict, 'pass');
  assert.deepEqual(verdicts.get(0)?.selectedTests, ['factorial']);
  assert.equal(verdicts.get(1)?.verdict, 'test-fail');
  assert.equal(verdicts.get(2), null);

  const again = ctxbench('exec', runDir, '--env', envFile, '--work-dir', work.dir);
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stderr, /exec: 0 candidates to run \(3 skipped/);
  // a later session's table counts the whole run, not only what it ran (#38.5)
  assert.match(again.stdout, /^pass\s+0\s+1$/m);
  assert.match(again.stdout, /^test-fail\s+0\s+1$/m);

  // Regrading reads the saved logs and runs nothing: the same grading gives the same verdicts; a stricter one changes
  // them.
  const regrade = ctxbench('exec', runDir, '--env', envFile, '--regrade');
  assert.equal(regrade.status, 0, regrade.stderr);
  assert.match(regrade.stdout, /regraded 2 verdicts from their logs: 0 changed/);
  writeFileSync(
    envFile,
    `${readFileSync(envFile, 'utf8').replace(/^passPattern: .*$/m, 'passPattern: never printed')}`,
  );
  const stricter = ctxbench('exec', runDir, '--env', envFile, '--regrade');
  assert.match(stricter.stdout, /regraded 2 verdicts from their logs: 1 changed/);
  const regraded = openRunStore(runDir, { readonly: true });
  assert.equal(regraded.candidates().find((c) => c.sample === 0)?.verdict?.verdict, 'test-fail');
  regraded.close();

  const bad = ctxbench('exec', runDir, '--env', envFile, '--sandbox', 'docker');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--sandbox must be one of bwrap, none, not 'docker'/);

  const check = ctxbench('exec', 'check', envFile, '--work-dir', work.dir);
  assert.equal(check.status, 0, check.stderr);
  assert.match(check.stdout, /4 tests; mean time per test/);
  assert.match(check.stdout, /flaky \(excluded\): none/);
  assert.match(check.stdout, /coverage: \d+ executed functions recorded/);
  assert.match(check.stdout, new RegExp(`state written to ${join(work.dir, 'c-env.state.json')}`));
});

test('Ctrl-C during exec says how many verdicts are stored and how to resume; the same command then judges the rest (#38.5)', async () => {
  const repo = join(FIXTURES, 'c', 'repo');
  const envFile = join(work.dir, 'c-interrupt.yaml');
  writeFileSync(envFile, readFileSync(join(FIXTURES, 'c', 'env.yaml'), 'utf8').replace(/^repo: .*$/m, `repo: ${repo}`));
  const reference = functionText(repo, 'src/mathx.c', 'long factorial(');
  const runDir = join(work.dir, 'run-interrupted');
  const store = openRunStore(runDir, {
    create: config,
    tasks: [functionTask(repo, 'src/mathx.c', 'c', reference, 'factorial')],
  });
  // the first is quick, the second sleeps: the interrupt comes while it runs
  const slow = reference.replace(
    'long result = 1;',
    'long result = 1;\n    { unsigned int sleep(unsigned int); sleep(20); }',
  );
  for (const [sample, output] of [
    [0, reference],
    [1, slow],
  ] as const) {
    store.putCandidate({
      taskId: 'factorial',
      sample,
      raw: output,
      output,
      postprocess: null,
      error: null,
      promptTokens: null,
      completionTokens: null,
      latencyMs: null,
    });
  }
  store.close();
  const child = spawn(process.execPath, [
    BIN,
    'exec',
    runDir,
    '--env',
    envFile,
    '--workers',
    '1',
    '--work-dir',
    work.dir,
  ]);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const stored = () => {
    const reader = openRunStore(runDir, { readonly: true });
    try {
      return reader.candidates().filter((c) => c.verdict !== null).length;
    } finally {
      reader.close();
    }
  };
  // its progress line for the first verdict comes after the verdict is stored
  await new Promise<void>((resolve) => child.stderr.on('data', () => /^exec 1\/2 /m.test(stderr) && resolve()));
  child.kill('SIGINT');
  const code = await new Promise<number | null>((resolve) => child.on('exit', (status) => resolve(status)));
  assert.equal(code, 130, stderr);
  assert.match(
    stderr,
    new RegExp(
      `ctxbench exec: interrupted; 1 verdict stored now, 1 of 2 candidates judged in ` +
        `${runDir.replace(/[.]/g, '\\.')}\\. Run the same command again to resume \\(judged candidates are ` +
        `skipped\\)\\.\\n$`,
    ),
  );
  assert.equal(stored(), 1);
});

test('a run over several repositories with one --env executes the repository of its folder name or checkout and skips the other, said once (#38.8)', () => {
  const repo = join(FIXTURES, 'c', 'repo');
  const envFile = join(work.dir, 'c-two-repos.yaml');
  writeFileSync(envFile, readFileSync(join(FIXTURES, 'c', 'env.yaml'), 'utf8').replace(/^repo: .*$/m, `repo: ${repo}`));
  const reference = functionText(repo, 'src/mathx.c', 'long factorial(');
  const here = {
    ...functionTask(repo, 'src/mathx.c', 'c', reference, 'factorial'),
    repo: { name: 'repo', commit: null },
  };
  // a task of another repository, at a path this checkout has too: run in the wrong tree, it would get a verdict
  const elsewhere = { ...here, id: 'other-factorial', repo: { name: 'other', commit: null } };
  // an import names the repository as its data does (`bullet3` for a `bullet3-6bb8d11/` checkout): its root matches
  const imported = { ...here, id: 'imported-factorial', repo: { name: 'mathlib', commit: null, root: repo } };
  const runDir = join(work.dir, 'run-two-repos');
  const store = openRunStore(runDir, { create: config, tasks: [here, elsewhere, imported] });
  for (const taskId of ['factorial', 'other-factorial', 'imported-factorial']) {
    store.putCandidate({
      taskId,
      sample: 0,
      raw: reference,
      output: reference,
      postprocess: null,
      error: null,
      promptTokens: null,
      completionTokens: null,
      latencyMs: null,
    });
  }
  store.close();
  const result = ctxbench('exec', runDir, '--env', envFile, '--workers', '1', '--work-dir', work.dir);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stderr, /exec: 1 candidates skipped: no --env for their repository \(other\)\n/);
  assert.match(result.stderr, /exec: 2 candidates to run\n/);
  const stored = openRunStore(runDir, { readonly: true });
  const verdicts = new Map(stored.candidates().map((c) => [c.taskId, c.verdict?.verdict ?? null]));
  stored.close();
  assert.deepEqual(
    [verdicts.get('factorial'), verdicts.get('other-factorial'), verdicts.get('imported-factorial')],
    ['pass', null, 'pass'],
  );
});
