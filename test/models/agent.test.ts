// eval's agent mode against a scripted tool-calling server on 127.0.0.1 (real HTTP, the OpenAI wire format):
// turns and tool calls as sent and recorded, budgets, a server without tool calling, the offline agent baseline.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { AGENT_TOOLS, AgentWorkspace, HOLE_MARK, toolAnswer } from '../../src/context/agent-tools.ts';
import { writeTasks } from '../../src/datasets/io.ts';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { resultLine } from '../../src/cli/commands/results.ts';
import { AGENT_INSTRUCTIONS } from '../../src/models/agent.ts';
import { buildReport } from '../../src/report/aggregate.ts';
import { renderReport } from '../../src/report/render.ts';
import { openRunStore } from '../../src/runstore/store.ts';
import { agentFixture } from '../agent-fixture.ts';
import { cli } from '../capture-cli.ts';
import { answerBody, promptOf, startServer, toolCallBody, type Script } from './openai-server.ts';
import { spawnCli } from './spawn-cli.ts';

const ANSWER = 'void report_area(const char *label, const struct rect *r)\n{\n    printf("%s\\n", label);\n}';

/** The fixture's task of a family in src/report.c in a tasks file, and a fresh run folder. */
async function setup(
  family: 'function' | 'crossfile' | 'node' = 'function',
): Promise<{ tasksFile: string; run: string; workspace: AgentWorkspace; task: TaskRecord }> {
  const { task } = await agentFixture(family);
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-agent-run-'));
  const tasksFile = join(dir, 'tasks.jsonl');
  writeTasks(tasksFile, [task]);
  return { tasksFile, run: join(dir, 'run'), workspace: new AgentWorkspace(task), task };
}

function readRun(run: string) {
  const store = openRunStore(run, { readonly: true });
  try {
    const [candidate] = store.candidates();
    return { config: store.config(), candidate: candidate!, trace: store.trace(candidate!.taskId, 0) };
  } finally {
    store.close();
  }
}

test('agent mode: the model calls a tool, gets its answer, then answers; every turn and call is in the trace and in results --jsonl', async () => {
  const { tasksFile, run, workspace } = await setup();
  const grep = { pattern: 'scale_length', path: 'src/scale.c' };
  const script: Script = (request, index) => ({
    json:
      index === 0
        ? toolCallBody(request, [{ name: 'grep', arguments: grep }])
        : answerBody(request, `\`\`\`c\n${ANSWER}\n\`\`\``),
  });
  const server = await startServer(script);
  try {
    const result = await cli([
      'eval',
      tasksFile,
      '--model',
      'openai:chat:tool-model',
      '--base-url',
      server.url,
      '--context',
      'agent',
      '--run',
      run,
    ]);
    assert.equal(result.code, 0, result.stderr);
    assert.equal(server.requests.length, 2);
    const [first, second] = server.requests.map(
      (request) =>
        request.body as {
          tools: { function: { name: string } }[];
          tool_choice: string;
          messages: Record<string, unknown>[];
        },
    );
    assert.deepEqual(
      first!.tools.map((tool) => tool.function.name),
      ['search', 'grep', 'open', 'list', 'definition', 'callers'],
    );
    assert.equal(first!.tool_choice, 'auto');
    assert.deepEqual(first!.messages[0], { role: 'system', content: AGENT_INSTRUCTIONS });
    const expected = 'src/scale.c:4: double scale_length(double length)';
    assert.deepEqual(toolAnswer(await AGENT_TOOLS.get('grep').run(grep, workspace)), {
      text: expected,
      files: ['src/scale.c'],
    });
    assert.deepEqual(second!.messages.slice(-2), [
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'grep', arguments: JSON.stringify(grep) } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: expected },
    ]);
    const { config, candidate, trace } = readRun(run);
    assert.equal(config.context, 'none+agent');
    assert.deepEqual(config.agent, {
      tools: ['search', 'grep', 'open', 'list', 'definition', 'callers'],
      budget: { turns: 8, toolCalls: 16, tokens: 32000, seconds: 300 },
    });
    assert.equal(candidate.output, ANSWER);
    assert.equal(candidate.finishReason, 'stop');
    assert.equal(trace!.stoppedBy, 'answer');
    assert.deepEqual(
      trace!.turns.map((turn) => [
        turn.content === null,
        turn.toolCalls.map((call) => [call.name, call.arguments, call.resultChars, call.error, call.files]),
      ]),
      [
        [true, [['grep', JSON.stringify(grep), expected.length, null, ['src/scale.c']]]],
        [false, []],
      ],
    );
    assert.ok(trace!.turns[0]!.toolCalls[0]!.resultTokens > 0);
    // the tokens of both turns, as the server counted them
    assert.equal(
      candidate.promptTokens,
      trace!.turns.reduce((sum, turn) => sum + (turn.promptTokens ?? 0), 0),
    );
    const line = JSON.parse(resultLine(candidate, trace)) as { trace: unknown };
    assert.deepEqual(line.trace, trace);
    // the report's cost of the run: one grep that showed one of the task's two oracle files (scale_length's, not
    // rect_area's)
    const reader = openRunStore(run, { readonly: true });
    try {
      const report = buildReport([reader], []);
      assert.deepEqual(report.agents, [
        {
          run,
          candidates: 1,
          turns: 2,
          toolCalls: 1,
          byTool: { grep: 1 },
          promptTokens: candidate.promptTokens,
          completionTokens: candidate.completionTokens,
          resultTokens: trace!.turns[0]!.toolCalls[0]!.resultTokens,
          stoppedBy: { answer: 1 },
          oracleRecall: 50,
          oracleCandidates: 1,
        },
      ]);
      const html = renderReport(report, 'html');
      assert.match(html, /<section id="agents"><h2>Agent runs: what each answer cost \(means per candidate\)<\/h2>/);
      assert.match(html, /<td>grep 1\.00<\/td>/);
    } finally {
      reader.close();
    }
    // resumed: nothing is asked again
    assert.equal(
      (
        await cli([
          'eval',
          tasksFile,
          '--model',
          'openai:chat:tool-model',
          '--base-url',
          server.url,
          '--context',
          'agent',
          '--run',
          run,
        ])
      ).code,
      0,
    );
    assert.equal(server.requests.length, 2);
  } finally {
    await server.close();
  }
});

test("agent mode on cross-file and node tasks: the hole's file is opened as the task shows it, the function holding the hole by its signature", async () => {
  for (const family of ['crossfile', 'node'] as const) {
    const { tasksFile, run, task } = await setup(family);
    const server = await startServer((request, index) => ({
      json:
        index === 0
          ? toolCallBody(request, [
              { name: 'open', arguments: { path: 'src/report.c' } },
              { name: 'definition', arguments: { name: 'report_area' } },
              { name: 'callers', arguments: { name: 'rect_area' } },
            ])
          : answerBody(request, task.reference),
    }));
    try {
      const result = await cli([
        'eval',
        tasksFile,
        '--model',
        'openai:chat:m',
        '--base-url',
        server.url,
        '--context',
        'infile+agent',
        '--run',
        run,
      ]);
      assert.equal(result.code, 0, result.stderr);
      const results = (server.requests[1]!.body as { messages: { role: string; content: string }[] }).messages
        .filter((message) => message.role === 'tool')
        .map((message) => message.content);
      const view = `${task.prefix}${HOLE_MARK}${task.suffix}`;
      assert.equal(
        results[0],
        `src/report.c lines 1-${view.split('\n').length} of ${view.split('\n').length}\n${view
          .split('\n')
          .map((line, index) => `${index + 1}: ${line}`)
          .join('\n')}`,
        family,
      );
      assert.ok(!results.some((text) => text.includes(task.reference)), `${family}: a tool showed the reference`);
      assert.equal(
        results[1],
        'src/report.c:6-11 report_area (the code to write is in it: open src/report.c to see it as the task shows ' +
          'it)\nvoid report_area(const char *label, const struct rect *r)',
      );
      assert.equal(results[2], 'no caller of rect_area in the repository');
      const { config, candidate, trace } = readRun(run);
      assert.equal(config.context, 'infile+agent');
      assert.equal(trace!.stoppedBy, 'answer');
      assert.equal(candidate.raw, task.reference);
    } finally {
      await server.close();
    }
  }
});

test('agent mode: killed with SIGKILL in the middle of a task, a rerun finishes the run and asks nothing again of the tasks stored', async () => {
  const { tasks } = await agentFixture();
  const dir = mkdtempSync(join(tmpdir(), 'ctxbench-agent-kill-'));
  const tasksFile = join(dir, 'tasks.jsonl');
  writeTasks(tasksFile, tasks);
  const run = join(dir, 'run');
  const names = tasks.map((task) => task.name!);
  const asked: string[] = [];
  let child: ChildProcess | null = null;
  const server = await startServer((request) => {
    const name = names.find((candidate) => promptOf(request.body).includes(`${candidate}(`))!;
    const answering = (request.body.messages as { role: string }[]).some((message) => message.role === 'tool');
    asked.push(`${name} ${answering ? 'answer' : 'tools'}`);
    // the second task's first turn: the first task's candidate is stored, the second is in the middle of its
    // conversation
    if (child && asked.length === 3) {
      child.kill('SIGKILL');
      return { delayMs: 1000 };
    }
    return {
      json: answering
        ? answerBody(request, `int ${name}_answer;`)
        : toolCallBody(request, [{ name: 'list', arguments: {} }]),
    };
  });
  try {
    const args = [
      'eval',
      tasksFile,
      '--model',
      'openai:chat:m',
      '--base-url',
      server.url,
      '--context',
      'agent',
      '--run',
      run,
      '--concurrency',
      '1',
    ];
    const killed = await spawnCli(args, {}, (started) => (child = started));
    assert.equal(killed.signal, 'SIGKILL');
    child = null;
    const first = openRunStore(run, { readonly: true });
    const stored = first.candidates();
    assert.deepEqual(
      stored.map((candidate) => candidate.taskId),
      [tasks[0]!.id],
    );
    const firstTrace = first.trace(tasks[0]!.id, 0);
    first.close();
    assert.deepEqual(asked, [`${names[0]} tools`, `${names[0]} answer`, `${names[1]} tools`]);
    const resumed = await spawnCli(args, {});
    assert.equal(resumed.code, 0, resumed.stderr);
    assert.deepEqual(
      asked.slice(3),
      names.slice(1).flatMap((name) => [`${name} tools`, `${name} answer`]),
    );
    const store = openRunStore(run, { readonly: true });
    try {
      assert.deepEqual(
        store
          .candidates()
          .map((candidate) => [candidate.taskId, candidate.raw])
          .sort(),
        tasks.map((task) => [task.id, `int ${task.name}_answer;`]).sort(),
      );
      for (const task of tasks) assert.equal(store.trace(task.id, 0)!.stoppedBy, 'answer');
      assert.deepEqual(store.trace(tasks[0]!.id, 0), firstTrace);
    } finally {
      store.close();
    }
  } finally {
    await server.close();
  }
});

test('agent mode: each budget ends a task that keeps calling tools, which is scored on what it last wrote', async () => {
  const server = await startServer((request) => ({
    json: toolCallBody(request, [
      { name: 'list', arguments: {} },
      { name: 'open', arguments: { path: 'src/scale.c' } },
    ]),
  }));
  try {
    for (const [flags, stoppedBy, turns, calls] of [
      [['--agent-turns', '3'], 'turns', 3, 6],
      [['--agent-tool-calls', '3'], 'tool-calls', 2, 4],
      // each turn counts its prompt's characters as tokens (the scripted server): the first already passes 50
      [['--agent-tokens', '50'], 'tokens', 1, 2],
    ] as const) {
      const { tasksFile, run } = await setup();
      const before = server.requests.length;
      const result = await cli([
        'eval',
        tasksFile,
        '--model',
        'openai:chat:tool-model',
        '--base-url',
        server.url,
        '--context',
        'bm25+agent',
        '--run',
        run,
        ...flags,
      ]);
      assert.equal(result.code, 0, result.stderr);
      const { config, candidate, trace } = readRun(run);
      assert.equal(config.context, 'bm25+agent');
      assert.equal(trace!.stoppedBy, stoppedBy, flags.join(' '));
      assert.equal(trace!.turns.length, turns, flags.join(' '));
      assert.equal(server.requests.length - before, turns);
      assert.equal(trace!.turns.flatMap((turn) => turn.toolCalls).length, calls, flags.join(' '));
      assert.equal(candidate.finishReason, `budget:${stoppedBy}`);
      assert.equal(candidate.raw, '');
      if (stoppedBy === 'tool-calls')
        assert.deepEqual(
          trace!.turns[1]!.toolCalls.map((call) => call.error),
          [null, 'over the budget of 3 tool calls'],
        );
    }
  } finally {
    await server.close();
  }
});

test('agent mode: a server refusing tools and a model that cannot call them get clear errors; a bad tool call is told to the model', async () => {
  const refusing = await startServer(() => ({
    status: 400,
    json: {
      error: { message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set' },
    },
  }));
  try {
    const { tasksFile, run } = await setup();
    const result = await cli([
      'eval',
      tasksFile,
      '--model',
      'openai:chat:plain',
      '--base-url',
      refusing.url,
      '--context',
      'agent',
      '--run',
      run,
    ]);
    assert.equal(result.code, 1);
    const { candidate } = readRun(run);
    assert.match(
      candidate.error!,
      /^HTTP 400 request refused .*tool-call-parser to be set \(the model or server does not take tool calls: agent mode needs one that does/,
    );
  } finally {
    await refusing.close();
  }
  const { tasksFile, run } = await setup();
  const completion = await cli([
    'eval',
    tasksFile,
    '--model',
    'openai:completion:m',
    '--base-url',
    'http://127.0.0.1:9/v1',
    '--context',
    'agent',
    '--run',
    run,
  ]);
  assert.equal(completion.code, 2);
  assert.match(
    completion.stderr,
    /openai:completion:m cannot call tools; agent mode needs a chat model that can \(openai:chat:<model>\) or baseline:agent-oracle/,
  );
  const misplaced = await cli([
    'eval',
    tasksFile,
    '--model',
    'baseline:agent-oracle',
    '--context',
    'agent+bm25',
    '--run',
    run,
  ]);
  assert.match(misplaced.stderr, /'agent' comes last in a strategy \('agent\+bm25'\), e\.g\. bm25\+agent/);

  const wrong = await startServer((request, index) => ({
    json:
      index === 0
        ? toolCallBody(request, [
            { name: 'shell', arguments: { command: 'cat /etc/passwd' } },
            { name: 'open', arguments: { path: '../../etc/passwd' } },
          ])
        : answerBody(request, ANSWER),
  }));
  try {
    const again = await setup();
    assert.equal(
      (
        await cli([
          'eval',
          again.tasksFile,
          '--model',
          'openai:chat:m',
          '--base-url',
          wrong.url,
          '--context',
          'agent',
          '--run',
          again.run,
        ])
      ).code,
      0,
    );
    const tools = (wrong.requests[1]!.body as { messages: { role: string; content: string }[] }).messages
      .filter((message) => message.role === 'tool')
      .map((message) => message.content);
    assert.deepEqual(tools, [
      "error: unknown tool 'shell' (offered: search, grep, open, list, definition, callers)",
      "error: path '../../etc/passwd' is not a path inside the repository",
    ]);
    assert.equal(readRun(again.run).candidate.output, ANSWER);
  } finally {
    await wrong.close();
  }
});

test("agent mode: a tool that fails on the repository fails that call, not the task (the model is told why, without the host's paths); the index is tried again later", async () => {
  const { tasksFile, run, workspace, task } = await setup();
  // the index cannot be written: `.ctxbench` is a file
  const indexFolder = join(workspace.root, '.ctxbench');
  rmSync(indexFolder, { recursive: true, force: true });
  writeFileSync(indexFolder, 'not a folder');
  const server = await startServer((request, index) => ({
    json:
      index === 0
        ? toolCallBody(request, [{ name: 'definition', arguments: { name: 'scale_length' } }])
        : answerBody(request, ANSWER),
  }));
  try {
    assert.equal(
      (
        await cli([
          'eval',
          tasksFile,
          '--model',
          'openai:chat:m',
          '--base-url',
          server.url,
          '--context',
          'agent',
          '--run',
          run,
        ])
      ).code,
      0,
    );
    const { candidate, trace } = readRun(run);
    assert.equal(candidate.output, ANSWER);
    const error = trace!.turns[0]!.toolCalls[0]!.error!;
    assert.match(error, /^the tool failed: .*ENOTDIR/);
    assert.ok(!error.includes(workspace.root), error);
    rmSync(indexFolder);
    assert.match(
      toolAnswer(await AGENT_TOOLS.get('definition').run({ name: 'scale_length' }, new AgentWorkspace(task))).text,
      /^src\/scale\.c:4-8 scale_length/,
    );
  } finally {
    await server.close();
  }
});

test('baseline:agent-oracle: asks definition for each oracle callee, then copies from what it got, without a model', async () => {
  const { tasksFile, run } = await setup();
  const result = await cli(['eval', tasksFile, '--model', 'baseline:agent-oracle', '--context', 'agent', '--run', run]);
  assert.equal(result.code, 0, result.stderr);
  const { trace, candidate } = readRun(run);
  assert.deepEqual(
    trace!.turns[0]!.toolCalls.map((call) => [call.name, call.arguments, call.error]),
    [
      ['definition', '{"name":"rect_area"}', null],
      ['definition', '{"name":"scale_length"}', null],
    ],
  );
  assert.equal(trace!.turns.length, 2);
  assert.equal(trace!.stoppedBy, 'answer');
  assert.notEqual(candidate.raw, null);
  const plain = await cli([
    'eval',
    tasksFile,
    '--model',
    'baseline:agent-oracle',
    '--context',
    'bm25',
    '--run',
    join(run, '..', 'plain'),
  ]);
  assert.equal(plain.code, 2);
  assert.match(plain.stderr, /baseline:agent-oracle answers only in agent mode: end the context strategy with \+agent/);
});
