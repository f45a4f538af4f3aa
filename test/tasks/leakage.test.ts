// Leakage controls: n-gram overlap labels of each reference with a corpus (files and JSONL
// records, documents never joined), reports split by those labels with the exact-match share,
// and signature obfuscation.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { buildReport, parseDimensions } from '../../src/report/aggregate.ts';
import { cachedReader } from '../../src/report/cached-reader.ts';
import { openRunStore } from '../../src/runstore/store.ts';
import { buildFromIndexes } from '../../src/tasks/build.ts';
import { measureContamination } from '../../src/tasks/contamination.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { publishedSchema } from '../../src/cli/schemas.ts';
import { readTaskLabels } from '../../src/tasks/labels.ts';
import { applyRenaming, renamingOf, type Renaming } from '../../src/tasks/obfuscate.ts';
import { readTasks } from '../../src/datasets/io.ts';
import { cli } from '../capture-cli.ts';
import { copyFixture, openRepository, tempDir } from './helpers.ts';

describe('contamination', () => {
  let dir: string;
  let cleanup: () => void;
  let tasks: TaskRecord[];
  let corpus: string;
  before(async () => {
    ({ dir, cleanup } = tempDir());
    const repo = await openRepository(
      copyFixture('fn-splits', dir, [{ date: '2021-04-01T00:00:00Z', paths: ['.'] }]),
      dir,
    );
    tasks = (await buildFromIndexes([repo], { family: 'function', seed: 0, command: 'test', toolVersion: 'test' }))
      .tasks;
    repo.store.close();
    corpus = join(dir, 'corpus');
    mkdirSync(join(corpus, 'sub'), { recursive: true });
    // alpha_sum verbatim inside another file
    writeFileSync(
      join(corpus, 'sub', 'copy.c'),
      `#include <stdio.h>\n${tasks.find((t) => t.name === 'alpha_sum')!.reference}int main(void) { return 0; }\n`,
    );
    writeFileSync(
      join(corpus, 'chat.jsonl'),
      [
        // beta_scale's signature line: 10 tokens, 7 of its 30 4-grams
        JSON.stringify({ messages: [{ role: 'user', content: 'double beta_scale(double measure, double ratio) {' }] }),
        // theta_swap: `*left = *right;` is 6 tokens, 3 of its 30 4-grams
        JSON.stringify({ text: 'x: *left = *right;' }),
        // eta_parse's first tokens split over two strings: no 4-gram spans them
        JSON.stringify({ prompt: 'unsigned eta_parse', completion: '(const char' }),
      ].join('\n'),
    );
  });
  after(() => cleanup());

  const overlaps = (labels: { id: string; labels: Record<string, string | number> }[]) =>
    labels.map((record) => [
      tasks.find((t) => t.id === record.id)!.name,
      record.labels.overlap,
      record.labels.contaminated,
    ]);

  it('labels each reference with the share of its n-grams found in the corpus', () => {
    const result = measureContamination(tasks, [corpus], { n: 4, threshold: 0.2 });
    assert.deepEqual(overlaps(result.labels), [
      ['alpha_sum', 1, 'yes'],
      ['beta_scale', 0.2333, 'yes'], // 7 / 30
      ['eta_parse', 0, 'no'],
      ['theta_swap', 0.1, 'no'], // 3 / 30
      ['iota_floor', 0, 'no'],
    ]);
    // one C file and five strings of three records
    assert.equal(result.documents, 6);
  });

  it('a reference shorter than n is one gram of its own length', () => {
    // alpha_sum has 44 tokens, beta_scale 33: with n = 40, alpha's 5 grams are found, beta's one gram is not
    const result = measureContamination(tasks, [corpus], { n: 40, threshold: 0.5 });
    assert.deepEqual(overlaps(result.labels).slice(0, 2), [
      ['alpha_sum', 1, 'yes'],
      ['beta_scale', 0, 'no'],
    ]);
  });

  it('names the file and line of a bad corpus record, and a missing corpus path', () => {
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"text": "a"}\n{"text": \n');
    assert.throws(
      () => measureContamination(tasks, [bad]),
      (error: Error) => error.message.startsWith(`${bad}, line 2: malformed JSON`),
    );
    assert.throws(() => measureContamination(tasks, [join(dir, 'nowhere')]), /nowhere: corpus path does not exist/);
  });

  it('writes labels from the command line; report --labels --by contaminated splits scores and shows the exact-match share', async () => {
    const taskFile = join(dir, 'fn.jsonl');
    writeFileSync(taskFile, `${tasks.map((t) => JSON.stringify(t)).join('\n')}\n`);
    const labelsFile = join(dir, 'labels.jsonl');
    const { code, stdout } = await cli([
      'contamination',
      taskFile,
      '--corpus',
      join(corpus, 'sub'),
      '--corpus',
      join(corpus, 'chat.jsonl'),
      '--n',
      '4',
      '--threshold',
      '0.2',
      '--out',
      labelsFile,
    ]);
    assert.equal(code, 0);
    assert.match(stdout, /^2 of 5 tasks contaminated \(overlap >= 0.2\); mean overlap 0.2667$/m);
    const labels = readTaskLabels(labelsFile);
    // every line also satisfies the published JSON Schema, and a bad one does not
    const validate = new Ajv2020({ allowUnionTypes: true }).compile(publishedSchema('task-labels'));
    for (const line of readFileSync(labelsFile, 'utf8').trim().split('\n')) assert.ok(validate(JSON.parse(line)), line);
    assert.equal(validate({ id: 'a', labels: { x: true } }), false);
    // `--corpus A B`: the usage error says to repeat the flag, and nothing is written
    const twoPaths = await cli([
      'contamination',
      taskFile,
      '--corpus',
      join(corpus, 'sub'),
      join(corpus, 'chat.jsonl'),
      '--out',
      join(dir, 'none.jsonl'),
    ]);
    assert.equal(twoPaths.code, 2);
    assert.match(
      twoPaths.stderr,
      /expected one task set \(got '.*chat\.jsonl' too: give each corpus path its own --corpus\)/,
    );
    assert.equal(existsSync(join(dir, 'none.jsonl')), false);
    assert.deepEqual(labels.get(tasks[1]!.id), { contaminated: 'yes', overlap: 0.2333 });

    // a run where alpha_sum and eta_parse are reproduced exactly
    const runDir = join(dir, 'run');
    const store = openRunStore(runDir, {
      create: {
        model: 'baseline:empty',
        context: 'none',
        template: 'yabloco',
        tokenizer: 'o200k_base',
        samples: 1,
        temperature: 0,
        topP: 1,
        maxTokens: 64,
        seed: null,
        tasksPath: taskFile,
        tasksHash: 'x',
        toolVersion: '0',
        createdAt: '2026-01-01T00:00:00Z',
        isBaseline: true,
      },
      tasks,
    });
    tasks.forEach((task, index) => {
      store.putCandidate({
        taskId: task.id,
        sample: 0,
        raw: 'x',
        output: 'x',
        postprocess: 'none',
        error: null,
        promptTokens: 1,
        completionTokens: 1,
        latencyMs: 1,
      });
      store.putMetrics(task.id, 0, { em: index === 0 || index === 2 ? 1 : 0 });
    });
    const report = buildReport(
      [cachedReader(store, labels)],
      parseDimensions('contaminated', ['contaminated', 'overlap']),
    );
    assert.deepEqual(
      report.rows.map((row) => [row.group[0], row.tasks, row.means.em]),
      [
        ['no', 3, 100 / 3],
        ['yes', 2, 50],
      ],
    );
    assert.ok(report.notes.includes(`${runDir}: exact matches 2 of 5 candidates (40.0%), the memorisation signal`));
    store.close();
    const csv = join(dir, 'report.csv');
    const printed = await cli([
      'report',
      runDir,
      '--labels',
      labelsFile,
      '--by',
      'contaminated',
      '--format',
      'csv',
      '--out',
      csv,
    ]);
    assert.equal(printed.code, 0, printed.stderr);
    assert.deepEqual(readFileSync(csv, 'utf8').trim().split('\n').slice(0, 3), [
      'run,contaminated,tasks,missing,em',
      `${runDir},no,3,0,33.3333`,
      `${runDir},yes,2,0,50.0000`,
    ]);
    const refused = await cli(['report', runDir, '--by', 'contaminated']);
    assert.match(refused.stderr, /unknown dimension 'contaminated'/);
    const bad = join(dir, 'bad-labels.jsonl');
    writeFileSync(bad, `${JSON.stringify({ id: 'a', labels: { x: true } })}\n`);
    const invalid = await cli(['report', runDir, '--labels', bad, '--by', 'x']);
    assert.match(invalid.stderr, /bad-labels\.jsonl, line 1, field 'labels\.x'/);
  });
});

describe('obfuscate', () => {
  let dir: string;
  let cleanup: () => void;
  before(() => ({ dir, cleanup } = tempDir()));
  after(() => cleanup());

  it('renames a C target and its parameters in prompt and reference, keeping ids', async () => {
    const root = copyFixture('fn-splits', dir);
    const taskFile = join(dir, 'fn.jsonl');
    assert.equal((await cli(['build', 'function', root, '--out', taskFile, '--db', join(dir, 'fn.db')])).code, 0);
    const out = join(dir, 'obfuscated.jsonl');
    const { code, stdout } = await cli(['obfuscate', taskFile, '--out', out]);
    assert.equal(code, 0);
    assert.match(stdout, /^5 of 5 tasks obfuscated/m);
    const [original, renamed] = [readTasks(taskFile), readTasks(out)];
    assert.deepEqual(
      renamed.map((t) => t.id),
      original.map((t) => t.id),
    );
    const alpha = renamed.find((t) => (t.meta!.obfuscated as Renaming).name.from === 'alpha_sum')!;
    const to = (alpha.meta!.obfuscated as Renaming).name.to;
    assert.match(to, /^fn_[0-9a-f]{6}$/);
    assert.deepEqual((alpha.meta!.obfuscated as Renaming).parameters, [
      { from: 'values', to: 'arg1' },
      { from: 'n', to: 'arg2' },
    ]);
    assert.equal(
      alpha.reference,
      `int ${to}(const int *arg1, int arg2) {\n    int total = 0;\n    for (int i = 0; i < arg2; i++) total += ` +
        `arg1[i];\n    return total;\n}\n`,
    );
    assert.equal(alpha.signature, `int ${to}(const int *arg1, int arg2)`);
    assert.equal(alpha.name, to);
    // the caller in the rest of the file calls the new name; nothing else changed
    assert.match(alpha.suffix, new RegExp(`running = ${to}\\(buckets, b \\+ 1\\);`));
    assert.equal(alpha.suffix.replaceAll(to, 'alpha_sum'), original.find((t) => t.id === alpha.id)!.suffix);
  });

  it('skips types and default values when finding parameters (Python)', async () => {
    const task: TaskRecord = {
      id: 't1',
      kind: 'function',
      language: 'python',
      repo: { name: 'r', commit: null },
      path: 'a.py',
      prefix: 'SCALE = 2\n\n',
      reference:
        'def area(width: int, height=SCALE):\n    """Area of width by height. width > 0."""\n    return width * ' +
        'height * SCALE.width\n',
      suffix: '\nprint(area(2, 3))\n',
      span: { startLine: 3, startColumn: 1, endLine: 5, endColumn: 25 },
      labels: { lines: 3 },
      name: 'area',
      signature: 'def area(width: int, height=SCALE):',
      docstring: 'Area of width by height. width > 0.',
    };
    const renaming = (await renamingOf(task))!;
    assert.deepEqual(renaming.parameters, [
      { from: 'width', to: 'arg1' },
      { from: 'height', to: 'arg2' },
    ]);
    const renamed = applyRenaming(task, renaming);
    const to = renaming.name.to;
    // a member of the same name (SCALE.width) is not the parameter
    assert.equal(
      renamed.reference,
      `def ${to}(arg1: int, arg2=SCALE):\n    """Area of arg1 by arg2. arg1 > 0."""\n    return arg1 * arg2 * ` +
        `SCALE.width\n`,
    );
    assert.equal(renamed.docstring, 'Area of arg1 by arg2. arg1 > 0.');
    assert.equal(renamed.suffix, `\nprint(${to}(2, 3))\n`);
  });
});
