// Agent mode's opt-in run_tests tool: a draft built and tested in the sandbox with the environment given to eval
// (--env), the verdict and the log's end returned to the model; against a scripted tool-calling server on 127.0.0.1.
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { writeTasks } from '../../src/datasets/io.ts';
import { isFunctionTask } from '../../src/datasets/types.ts';
import { openRunStore } from '../../src/runstore/store.ts';
import { cli } from '../capture-cli.ts';
import { answerBody, startServer, toolCallBody } from '../models/openai-server.ts';
import { FIXTURES, functionTask, functionText, makeWorkDir } from './helpers.ts';

const work = makeWorkDir('agent-tests');
after(work.remove);

test('run_tests: the model tests a wrong draft (test-fail), then the right one (pass), then answers; without --env it is refused', async () => {
  // a copy: agent mode indexes the checkout it reads
  const repo = join(work.dir, 'repo');
  cpSync(join(FIXTURES, 'c', 'repo'), repo, { recursive: true });
  const envFile = join(work.dir, 'c.yaml');
  writeFileSync(
    envFile,
    `${readFileSync(join(FIXTURES, 'c', 'env.yaml'), 'utf8').replace(/^repo: .*$/m, `repo: ${repo}`)}\nworkDir: ${work.dir}\n`,
  );
  assert.equal((await cli(['exec', 'check', envFile])).code, 0);
  const reference = functionText(repo, 'src/mathx.c', 'long factorial(');
  const fromFile = functionTask(repo, 'src/mathx.c', 'c', reference, 'factorial');
  const task = isFunctionTask(fromFile)
    ? { ...fromFile, name: 'factorial', signature: 'long factorial(int n)', docstring: 'n! for small n.' }
    : fromFile;
  const tasksFile = join(work.dir, 'tasks.jsonl');
  writeTasks(tasksFile, [task]);
  const wrong = 'long factorial(int n)\n{\n    return n;\n}';
  const server = await startServer((request, index) => ({
    json:
      index < 2
        ? toolCallBody(request, [{ name: 'run_tests', arguments: { code: index === 0 ? wrong : reference } }])
        : answerBody(request, reference),
  }));
  const run = join(work.dir, 'run');
  try {
    const result = await cli([
      'eval',
      tasksFile,
      '--model',
      'openai:chat:m',
      '--base-url',
      server.url,
      '--context',
      'agent',
      '--agent-tools',
      'open,run_tests',
      '--env',
      envFile,
      '--repo',
      repo,
      '--run',
      run,
    ]);
    assert.equal(result.code, 0, result.stderr);
    const sent = server.requests
      .slice(1)
      .map((request) => (request.body as { messages: { role: string; content: string }[] }).messages.at(-1)!.content);
    assert.match(sent[0]!, /^verdict: test-fail \(.+\)\n/);
    assert.match(sent[0]!, /FAIL factorial/);
    assert.match(sent[1]!, /^verdict: pass \(build and tests succeeded\)\n\$ make -j2\n/);
    const store = openRunStore(run, { readonly: true });
    try {
      const [candidate] = store.candidates();
      assert.equal(candidate!.output, reference);
      const trace = store.trace(candidate!.taskId, 0)!;
      assert.deepEqual(
        trace.turns.map((turn) => turn.toolCalls.map((call) => [call.name, call.error])),
        [[['run_tests', null]], [['run_tests', null]], []],
      );
    } finally {
      store.close();
    }
    const refused = await cli([
      'eval',
      tasksFile,
      '--model',
      'openai:chat:m',
      '--base-url',
      server.url,
      '--context',
      'agent',
      '--agent-tools',
      'run_tests',
      '--repo',
      repo,
      '--run',
      join(work.dir, 'run-2'),
    ]);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /the run_tests tool needs --env ENV\.yaml/);
  } finally {
    await server.close();
  }
});
