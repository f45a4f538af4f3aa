// `ctxbench prompt`: prints the assembled prompt and its token counts; user mistakes are one line.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { copyRepo, mainTask } from './helpers.ts';

const CLI = new URL('../../bin/ctxbench.js', import.meta.url).pathname;
const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, 'prompt', ...args], { encoding: 'utf8' });

function tasksFile() {
  const root = copyRepo();
  const file = join(root, 'tasks.jsonl');
  const task = mainTask(root);
  writeFileSync(file, `${JSON.stringify(task)}\n${JSON.stringify({ ...task, id: 'other' })}\n`);
  return { file, task, root };
}

test('prints the prompt, the token counts per part and the snippets', () => {
  const { file, task } = tasksFile();
  const result = cli(file, '--id', task.id, '--context', 'bm25', '--template', 'cceval', '--budget', '300');
  assert.equal(result.status, 0, result.stderr);
  assert.ok(result.stdout.startsWith('# Here are some relevant code fragments from other files of the repo:\n'));
  assert.ok(result.stdout.includes(`${task.prefix}\n\n=== tokens (o200k_base) ===\n`));
  assert.match(result.stdout, /\ntotal +\d+\n/);
  assert.match(result.stdout, /=== snippets \(5\) ===\nretrieved pkg\/models\.py:13-14 {2}score \d+\.\d{4}\n/);
});

test('--json gives the prompt record; --repo overrides the task root', () => {
  const { task, root } = tasksFile();
  const stripped = join(root, 'stripped.jsonl');
  writeFileSync(stripped, `${JSON.stringify({ ...task, repo: { name: 'x', commit: null } })}\n`);
  const result = cli(
    stripped,
    '--id',
    task.id,
    '--context',
    'jaccard',
    '--template',
    'starcoder',
    '--repo',
    root,
    '--json',
    '--top-k',
    '2',
  );
  assert.equal(result.status, 0, result.stderr);
  const record = JSON.parse(result.stdout) as {
    tokenizer: string;
    prompt: string;
    snippets: unknown[];
    tokens: Record<string, number>;
  };
  assert.equal(record.tokenizer, 'o200k_base');
  assert.equal(record.snippets.length, 2);
  assert.ok(record.prompt.startsWith('<fim_prefix>'));
  assert.equal(typeof record.tokens.total, 'number');
});

test('mistakes are one clear line with exit code 2', () => {
  const { file, task } = tasksFile();
  const cases: [string[], string][] = [
    [
      [file, '--id', 'nope', '--context', 'infile'],
      `ctxbench prompt: ${file}: no task with id 'nope' (2 tasks, the first: '${task.id}', 'other')`,
    ],
    [[file, '--id', task.id], 'ctxbench prompt: --context is required (as for eval)\nSee: ctxbench prompt --help'],
    [
      [file, '--id', task.id, '--context', 'infile', '--template', 'gpt-9'],
      "ctxbench prompt: unknown template 'gpt-9' (known: yabloco, cceval, cceval-chat, m2rc-chat, m2rc, starcoder, " +
        'starcoder2, deepseek-coder, codellama, qwen2.5-coder, codegemma; or a .json/.yaml template file)',
    ],
    [
      [file, '--id', task.id, '--context', 'infile', '--budget', 'lots'],
      "ctxbench prompt: --budget must be an integer >= 0, got 'lots'",
    ],
    [
      [file, '--id', task.id, '--context', 'infile', '--tokenizer', '/nonexistent/tokenizer.json'],
      'ctxbench prompt: /nonexistent/tokenizer.json: tokenizer file not found (give o200k_base or cl100k_base or the ' +
        'path of a Hugging Face tokenizer.json)',
    ],
    [[file], 'ctxbench prompt: --id is required'],
  ];
  for (const [args, message] of cases) {
    const result = cli(...args);
    assert.equal(result.status, 2, args.join(' '));
    assert.equal(result.stderr.trim(), message);
  }
  const broken = join(file, '..', 'broken.jsonl');
  writeFileSync(broken, '{"id": "x", "kind": "crossfile"}\n');
  const result = cli(broken, '--id', 'x', '--context', 'infile');
  assert.equal(result.stderr.trim(), `ctxbench prompt: ${broken}, line 1, field 'language': missing field`);
});
