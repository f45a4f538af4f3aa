// `ctxbench corpus`: a fine-tuning corpus from repositories with an evaluation set kept out (its
// repository refused, samples from its files, with its references or near-duplicates dropped),
// as chat JSONL and FIM text, with counts per language and filter.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CorpusManifest } from '../../src/context/corpus.ts';
import { readTasks } from '../../src/datasets/io.ts';
import { cli } from '../capture-cli.ts';
import { copyFixture, tempDir } from '../tasks/helpers.ts';

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('ctxbench corpus', () => {
  let dir: string;
  let cleanup: () => void;
  before(() => ({ dir, cleanup } = tempDir()));
  after(() => cleanup());

  it('keeps every file, reference and near-duplicate of the evaluation set out', async () => {
    const evaluated = copyFixture('fn-splits', dir);
    const other = copyFixture('fn-corpus', dir);
    const evaluation = join(dir, 'eval.jsonl');
    assert.equal((await cli(['build', 'function', evaluated, '--out', evaluation])).code, 0);
    const out = join(dir, 'corpus');
    const { code, stdout } = await cli([
      'corpus',
      evaluated,
      other,
      '--out',
      out,
      '--family',
      'function',
      '--exclude',
      evaluation,
      '--template',
      'starcoder2',
    ]);
    assert.equal(code, 0);
    assert.match(stdout, /^fn-splits: refused: in the evaluation set$/m);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as CorpusManifest;
    assert.deepEqual(
      manifest.repositories.map((repo) => [repo.name, repo.status]),
      [
        ['fn-splits', 'refused: in the evaluation set'],
        ['fn-corpus', 'used'],
      ],
    );
    // fn-corpus under the training rules: alpha_sum, beta_scale, epsilon_report from a copy of an
    // evaluated file; eta_parse copied into another file; swap_names = theta_swap renamed; mix_checksum
    assert.deepEqual(manifest.counts, {
      c: { built: 6, fileOfEvaluationSet: 3, sameReference: 1, nearDuplicate: 1, written: 1 },
    });
    assert.deepEqual(manifest.exclude, [{ path: evaluation, tasks: 5 }]);
    const chat = lines(join(out, 'chat.jsonl'));
    const reference =
      'unsigned char mix_checksum(const unsigned char *bytes, unsigned long length) {\n    unsigned char folded = ' +
      '0;\n    while (length--) folded ^= *bytes++;\n    return folded;\n}';
    assert.deepEqual(chat, [
      {
        messages: [
          { role: 'system', content: 'Generate code on C:\n' },
          {
            role: 'user',
            content:
              'Function signature: unsigned char mix_checksum(const unsigned char *bytes, unsigned long length). ' +
              'Function description: Folds every byte of a buffer into an eight bit xor checksum..',
          },
          { role: 'assistant', content: `\`\`\`c\n${reference}\n\`\`\`` },
        ],
        meta: {
          id: (chat[0]!.meta as { id: string }).id,
          repo: 'fn-corpus',
          path: 'src/mix.c',
          language: 'c',
          kind: 'function',
        },
      },
    ]);
    const fim = lines(join(out, 'fim.jsonl'));
    assert.equal(
      fim[0]!.text,
      `<repo_name>fn-corpus<file_sep><fim_prefix>src/mix.c\n// Folds every byte of a buffer into an eight bit xor ` +
        `checksum.\n<fim_suffix><fim_middle>${reference}\n`,
    );
    const written = readFileSync(join(out, 'chat.jsonl'), 'utf8') + readFileSync(join(out, 'fim.jsonl'), 'utf8');
    for (const task of readTasks(evaluation))
      assert.ok(!written.includes(JSON.stringify(task.reference).slice(1, -1)), `${task.name} leaked`);
  });

  it('node holes with cross-file context (M2RC-Instruct), chat and FIM alike, counted per language', async () => {
    const evaluation = join(dir, 'node-eval.jsonl');
    assert.equal(
      (await cli(['build', 'node', copyFixture('node-mix', join(dir, 'n')), '--out', evaluation, '--seed', '3'])).code,
      0,
    );
    const out = join(dir, 'node-corpus');
    const { code } = await cli([
      'corpus',
      copyFixture('cf-mix', join(dir, 'n')),
      '--out',
      out,
      '--family',
      'node',
      '--exclude',
      evaluation,
      '--template',
      'deepseek-coder',
    ]);
    assert.equal(code, 0);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as CorpusManifest;
    assert.equal(manifest.strategy, 'bm25');
    assert.deepEqual(
      Object.fromEntries(
        Object.entries(manifest.counts).map(([language, c]) => [language, [c.built, c.nearDuplicate, c.written]]),
      ),
      {
        java: [2, 0, 2],
        python: [7, 1, 6],
        c: [3, 0, 3],
        typescript: [2, 0, 2],
      },
    );
    const chat = lines(join(out, 'chat.jsonl'));
    const fim = lines(join(out, 'fim.jsonl'));
    assert.equal(chat.length, 13);
    assert.equal(fim.length, 13);
    const first = chat[0]!.messages as { role: string; content: string }[];
    assert.match(first[1]!.content, /Here are some relevant code fragments from other files of the repo/);
    // the FIM text ends with the reference that the chat sample gives as its answer
    chat.forEach((record, index) => {
      const answer = (record.messages as { content: string }[])[2]!.content
        .replace(/^```\w+\n/, '')
        .replace(/\n```$/, '');
      assert.ok((fim[index]!.text as string).trimEnd().endsWith(answer.trimEnd()), `sample ${index}`);
    });
  });

  it('refuses a template of the wrong shape', async () => {
    const { code, stderr } = await cli([
      'corpus',
      copyFixture('fn-corpus', join(dir, 'again')),
      '--out',
      join(dir, 'x'),
      '--family',
      'function',
      '--template',
      'yabloco',
    ]);
    assert.equal(code, 2);
    assert.match(stderr, /'yabloco' is not a FIM template/);
  });
});
