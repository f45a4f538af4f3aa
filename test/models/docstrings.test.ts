// `ctxbench docstrings generate` as a user runs it: a child process of bin/ctxbench.js against a
// real local OpenAI-compatible server, killed with SIGKILL mid-run and resumed; the hard variant's
// docstrings are the model's answers (comment markers removed), the originals kept in meta.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readTasks, writeTasks } from '../../src/datasets/io.ts';
import type { FunctionTask } from '../../src/datasets/types.ts';
import {
  DEFAULT_DOCSTRING_TEMPLATE,
  docstringOf,
  docstringPrompt,
  loadDocstringTemplate,
} from '../../src/models/docstrings.ts';
import { sampleTasks } from '../fixtures/web/sample.ts';
import { answerBody, promptOf, startServer } from './openai-server.ts';
import { spawnCli } from './spawn-cli.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-docstrings-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const runCli = (args: string[], env: Record<string, string>, onStart?: (child: ChildProcess) => void) =>
  spawnCli(args, { OPENAI_API_KEY: 'sk-test', ...env }, onStart);

/** The fake model's description of a prompt: named after the prompt's hash, wrapped in a C comment inside a fence. */
const description = (prompt: string) =>
  `Synthetic ${createHash('sha256').update(prompt).digest('hex').slice(0, 10)}: describes the function.`;
const answerOf = (prompt: string) => `\`\`\`c\n/**\n * ${description(prompt)}\n */\n\`\`\``;

test('generate: the hard variant through a real HTTP server, killed with SIGKILL and resumed without repeating finished calls', async () => {
  const tasks = sampleTasks();
  const tasksPath = join(scratch, 'tasks.db');
  writeTasks(tasksPath, tasks);
  let child: ChildProcess | null = null;
  const server = await startServer((request, index) => {
    // The first session dies while its fourth request is answered.
    if (index === 3 && child) setTimeout(() => child!.kill('SIGKILL'), 20);
    return { delayMs: 60, json: answerBody(request, answerOf(promptOf(request.body))) };
  });
  const out = join(scratch, 'hard.db');
  const args = [
    'docstrings',
    'generate',
    tasksPath,
    '--model',
    'openai:chat:writer',
    '--base-url',
    server.url,
    '--out',
    out,
    '--concurrency',
    '1',
  ];
  const env = { CTXBENCH_CACHE_DIR: join(scratch, 'cache') };
  try {
    const killed = await runCli(args, env, (started) => (child = started));
    child = null;
    assert.equal(killed.signal, 'SIGKILL', killed.stderr);
    const firstSession = server.requests.length;
    assert.ok(firstSession >= 4 && firstSession < tasks.length, `requests before the kill: ${firstSession}`);
    const resumed = await runCli(args, env);
    assert.equal(resumed.code, 0, resumed.stderr);
    // Answers stored before the kill are not asked again: only the call in flight at the kill repeats.
    const prompts = server.requests.map((request) => promptOf(request.body));
    assert.equal(new Set(prompts).size, tasks.length);
    assert.ok(server.requests.length <= tasks.length + 1, `${server.requests.length} requests`);
    assert.match(
      resumed.stdout,
      new RegExp(
        `^8 of 8 docstrings generated \\((\\d) calls, 0 from cache\\) -> ` +
          `${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
        'm',
      ),
    );

    const template = loadDocstringTemplate(DEFAULT_DOCSTRING_TEMPLATE);
    const hard = readTasks(out);
    assert.deepEqual(
      hard.map((task) => task.id),
      tasks.map((task) => task.id),
    );
    for (const [index, task] of tasks.entries()) {
      const prompt = docstringPrompt(template.template, task);
      const sent = prompt.messages!.map((message) => message.content).join('\n');
      assert.equal(hard[index]!.docstring, description(sent));
      assert.equal(hard[index]!.meta!.originalDocstring, task.docstring);
      assert.deepEqual({ ...hard[index]!, docstring: task.docstring, meta: undefined }, { ...task, meta: undefined });
    }
    // The prompt is the template filled with the task's docstring, signature and body.
    const find = tasks[1]!;
    const user = (
      server.requests.find((r) => promptOf(r.body).includes(find.signature!))!.body.messages as {
        role: string;
        content: string;
      }[]
    )[1]!.content;
    assert.ok(
      user.includes(`Documentation:\n${find.docstring}\n\nSignature:\n${find.signature}\n\nCode:\n${find.reference}`),
      user,
    );
    const manifest = JSON.parse(readFileSync(`${out}.manifest.json`, 'utf8'));
    assert.equal(manifest.transform, 'docstrings');
    assert.equal(manifest.details.model, 'openai:chat:writer');
    assert.equal(manifest.details.template.sha256, template.hash);
    assert.deepEqual([manifest.details.generated, manifest.details.failed, manifest.tasks], [8, [], 8]);
  } finally {
    await server.close();
  }
});

test('a user template (completion form) changes the prompt; a failed task is left out and retried with --retry-errors', async () => {
  const tasks = sampleTasks().slice(0, 3);
  const tasksPath = join(scratch, 'three.jsonl');
  writeTasks(tasksPath, tasks);
  const templateFile = join(scratch, 'mine.yaml');
  writeFileSync(
    templateFile,
    'name: mine\nprompt: "// {name} in {path}\\n{body}\\n// One line on what {name} does:"\n',
  );
  let refuse = true;
  const server = await startServer((request) => {
    const prompt = promptOf(request.body);
    if (refuse && prompt.includes('store_find'))
      return { status: 400, json: { error: { message: 'content filtered' } } };
    return { json: answerBody(request, `# ${description(prompt)}`) };
  });
  const out = join(scratch, 'three-hard.jsonl');
  const args = [
    'docstrings',
    'generate',
    tasksPath,
    '--model',
    'openai:completion:writer',
    '--base-url',
    server.url,
    '--out',
    out,
    '--template',
    templateFile,
  ];
  const env = { CTXBENCH_CACHE_DIR: join(scratch, 'cache-2') };
  try {
    const first = await runCli(args, env);
    assert.equal(first.code, 1, first.stderr);
    assert.match(
      first.stdout,
      /^1 tasks failed and are left out \(first: kvstore\/src\/store\.c:store_find: HTTP 400/m,
    );
    assert.deepEqual(
      readTasks(out).map((task) => task.name),
      ['store_count', 'store_reserve'],
    );
    refuse = false;
    const second = await runCli([...args, '--retry-errors'], env);
    assert.equal(second.code, 0, second.stderr);
    const hard = readTasks(out);
    assert.equal(
      hard[0]!.docstring,
      description(`// store_count in src/store.c\n${tasks[0]!.reference}\n// One line on what store_count does:`),
    );
    assert.deepEqual(
      hard.map((task) => task.name),
      ['store_count', 'store_find', 'store_reserve'],
    );
  } finally {
    await server.close();
  }
  const crossfile = join(scratch, 'crossfile.jsonl');
  const { name: _name, signature: _signature, docstring: _docstring, ...rest } = tasks[0] as FunctionTask;
  writeTasks(crossfile, [{ ...rest, kind: 'crossfile' }]);
  const wrongKind = await runCli(
    ['docstrings', 'generate', crossfile, '--model', 'openai:chat:x', '--out', join(scratch, 'y.db')],
    {},
  );
  assert.equal(
    wrongKind.stderr.trim(),
    `ctxbench docstrings: ${crossfile}, field 'kind': task '${tasks[0]!.id}' is a crossfile task: synthetic ` +
      `docstrings are for function tasks (docstring, signature, body)`,
  );
  assert.equal(existsSync(join(scratch, 'y.db.run')), false, 'a refused set leaves no run folder');
  writeFileSync(templateFile, 'name: typo\nuser: "Describe {bdy}"\n');
  const bad = await runCli(
    [
      'docstrings',
      'generate',
      tasksPath,
      '--model',
      'openai:chat:x',
      '--out',
      join(scratch, 'x.db'),
      '--template',
      templateFile,
    ],
    {},
  );
  assert.equal(bad.code, 2);
  assert.equal(
    bad.stderr.trim(),
    `ctxbench docstrings: ${templateFile}, line 2, field 'user': unknown placeholder (known: {docstring}, ` +
      `{signature}, {body}, {name}, {language}, {path})`,
  );
});

test('docstringOf: fences, block and line comments, triple quotes are removed; an empty answer is an error', () => {
  assert.equal(
    docstringOf('```\n/**\n * Adds two numbers.\n * Returns the sum.\n */\n```'),
    'Adds two numbers.\nReturns the sum.',
  );
  assert.equal(docstringOf('/* Frees the store. */'), 'Frees the store.');
  assert.equal(docstringOf('// Finds a key.\n// -1 when absent.'), 'Finds a key.\n-1 when absent.');
  assert.equal(docstringOf('"""Trims text."""'), 'Trims text.');
  assert.equal(docstringOf('  Plain text answer.  \n'), 'Plain text answer.');
  assert.equal(docstringOf('Uses a * b and x // y inside.'), 'Uses a * b and x // y inside.');
  assert.throws(() => docstringOf('```\n```'), /no description/);
});
