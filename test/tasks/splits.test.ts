// Test, dev and train splits (YABLoCo) on a fixture with planted near-duplicates, and the date
// filters (`--after`, `--created-after`) on the same fixture made a git repository with dated commits.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readTasks } from '../../src/datasets/io.ts';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { buildFromIndexes } from '../../src/tasks/build.ts';
import type { BuildManifest, BuildOptions, RepositoryInput } from '../../src/tasks/types.ts';
import { cli } from '../capture-cli.ts';
import { copyFixture, openRepository, tempDir } from './helpers.ts';

const names = (tasks: TaskRecord[]) => tasks.map((task) => task.name);
const steps = (manifest: BuildManifest) => manifest.filters.map((step) => [step.filter, step.removed, step.remaining]);

describe('function splits', () => {
  let repo: RepositoryInput;
  let dir: string;
  let cleanup: () => void;
  before(async () => {
    ({ dir, cleanup } = tempDir());
    repo = await openRepository(copyFixture('fn-splits', dir), dir);
  });
  after(() => {
    repo.store.close();
    cleanup();
  });
  const build = (options: Partial<BuildOptions> = {}) =>
    buildFromIndexes([repo], {
      family: 'function',
      seed: 0,
      command: 'test',
      toolVersion: 'test',
      perLevel: 1,
      dev: 1,
      train: true,
      ...options,
    });

  it('takes test, then dev, per level; train keeps no test or dev function, caller, body or near-duplicate', async () => {
    const output = await build();
    // one level (none): in path and line order, the first is test, the second dev
    assert.deepEqual(names(output.tasks), ['alpha_sum']);
    assert.deepEqual(names(output.splits.dev!.tasks), ['beta_scale']);
    assert.deepEqual(names(output.splits.train!.tasks), ['eta_parse', 'theta_swap', 'iota_floor', 'zeta_table']);
    assert.deepEqual(steps(output.manifest), [
      ['functions in the index', 0, 12],
      ['docstring missing, too short, licence or code', 1, 11], // kappa_undocumented
      ['body not 2-15 lines', 2, 9], // epsilon_report (16), zeta_table (19)
      ['"test" in path or name', 1, 8], // helper_test_parse
      ['more than 7 callers', 0, 8],
      ['near-duplicate (BLEU-2 >= 0.2)', 3, 5], // gamma_total, delta_scale, iota_ceiling
      ['beyond --per-level 1 per repository and level', 4, 1],
    ]);
    assert.deepEqual(steps(output.splits.train!.manifest), [
      ['functions in the index', 0, 12],
      ['docstring missing, too short, licence or code', 1, 11],
      ['body not 2-50 lines', 0, 11],
      ['"test" in path or name', 1, 10],
      ['more than 10 callers', 0, 10],
      ['a test or dev function', 2, 8], // alpha_sum, beta_scale
      ['calls a test or dev function', 1, 7], // epsilon_report calls alpha_sum
      ['near-duplicate (BLEU-2 >= 0.2)', 1, 6], // iota_ceiling duplicates iota_floor
      ['same body as a test or dev function', 1, 5], // gamma_total has alpha_sum's body
      ['near-duplicate of a test or dev function (BLEU-2 >= 0.2)', 1, 4], // delta_scale, beta_scale renamed
    ]);
    assert.equal(output.splits.train!.manifest.split, 'train');
    assert.equal(output.manifest.split, 'test');
  });

  it('writes each split with its manifest from the command line, and refuses splits of other families', async () => {
    const out = join(dir, 'test.jsonl');
    const devOut = join(dir, 'dev.jsonl');
    const trainOut = join(dir, 'train.jsonl');
    const root = join(dir, 'fn-splits');
    const { code, stdout } = await cli([
      'build',
      'function',
      root,
      '--out',
      out,
      '--per-level',
      '1',
      '--dev',
      '1',
      '--dev-out',
      devOut,
      '--train',
      trainOut,
      '--db',
      join(dir, 'fn-splits.db'),
    ]);
    assert.equal(code, 0);
    assert.deepEqual(names(readTasks(devOut)), ['beta_scale']);
    assert.deepEqual(names(readTasks(trainOut)), ['eta_parse', 'theta_swap', 'iota_floor', 'zeta_table']);
    const manifest = JSON.parse(readFileSync(`${trainOut}.manifest.json`, 'utf8')) as BuildManifest;
    assert.equal(manifest.split, 'train');
    assert.equal(manifest.tasks, 4);
    assert.match(stdout, /^4 train tasks written to /m);
    const refused = await cli(['build', 'node', root, '--out', join(dir, 'n.jsonl'), '--train', trainOut]);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /--dev and --train split the function family only/);
    const alone = await cli(['build', 'function', root, '--out', join(dir, 'n.jsonl'), '--dev', '3']);
    assert.match(alone.stderr, /--dev N and --dev-out FILE go together/);
  });
});

describe('date filters', () => {
  let repo: RepositoryInput;
  let cleanup: () => void;
  before(async () => {
    const temp = tempDir();
    cleanup = temp.cleanup;
    const root = copyFixture('fn-splits', temp.dir, [{ date: '2020-03-01T12:00:00Z', paths: ['.'] }]);
    // A later commit changes one line of beta_scale and one of eta_parse.
    const edit = (file: string, from: string, to: string) =>
      writeFileSync(join(root, file), readFileSync(join(root, file), 'utf8').replace(from, to));
    edit('src/a.c', 'return (double)(long)(scaled + 0.5);', 'return (double)(long)(scaled + 0.25 + 0.25);');
    edit(
      'src/b.c',
      "value = value * 10u + (unsigned)(*text++ - '0');",
      'value = value * 10u + (unsigned)(*text++ - 48);',
    );
    const date = '2023-05-10T08:00:00Z';
    execFileSync('git', ['-C', root, 'commit', '-q', '-am', 'later'], {
      env: {
        ...process.env,
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.com',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.com',
      },
    });
    repo = await openRepository(root, temp.dir);
  });
  after(() => {
    repo.store.close();
    cleanup();
  });
  const build = (options: Partial<BuildOptions>) =>
    buildFromIndexes([repo], { family: 'function', seed: 0, command: 'test', toolVersion: 'test', ...options });

  it('--after keeps the holes changed after the date (newest blame date of their lines)', async () => {
    const all = await build({});
    assert.deepEqual(names(all.tasks), ['beta_scale', 'eta_parse', 'alpha_sum', 'theta_swap', 'iota_floor']);
    const recent = await build({ after: '2023-05-09' });
    assert.deepEqual(names(recent.tasks), ['beta_scale', 'eta_parse']);
    assert.deepEqual(steps(recent.manifest).slice(-2), [
      ['hole not dated (untracked file or no git)', 0, 5],
      ['hole last changed on or before 2023-05-09', 3, 2],
    ]);
    assert.deepEqual(names((await build({ after: '2023-05-10' })).tasks), []);
    // the dev split is an evaluation set too; the training split keeps every date
    const split = await build({ after: '2023-05-09', perLevel: 1, dev: 1, train: true });
    assert.deepEqual(names(split.tasks), ['beta_scale']);
    assert.deepEqual(names(split.splits.dev!.tasks), ['eta_parse']);
    // alpha_sum is no longer held out: it and its caller epsilon_report join training (its twin gamma_total goes as a
    // near-duplicate)
    assert.deepEqual(names(split.splits.train!.tasks), [
      'alpha_sum',
      'epsilon_report',
      'theta_swap',
      'iota_floor',
      'zeta_table',
    ]);
  });

  it("--created-after compares the repository's first commit date", async () => {
    assert.equal((await build({ createdAfter: '2020-02-29' })).tasks.length, 5);
    const old = await build({ createdAfter: '2020-03-01' });
    assert.deepEqual(steps(old.manifest).slice(-1), [['repository created on or before 2020-03-01', 5, 0]]);
  });
});
