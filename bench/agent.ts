// Agent mode (`npm run bench -- agent`): each repository tool's latency on redis at YABLoCo's commit (the snapshot
// in YABLoCo's data), called with arguments drawn from redis's function tasks; then the agent loop's cost per turn
// against a bare chat request to the same local server (a scripted OpenAI-compatible server on 127.0.0.1 that
// answers at once), measured in the same run and printed as a ratio.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { AGENT_TOOLS, AgentWorkspace, defaultAgentTools } from '../src/context/agent-tools.ts';
import { loadTokenizer } from '../src/context/tokenizers.ts';
import type { TaskRecord } from '../src/datasets/types.ts';
import { DEFAULT_AGENT_BUDGET, runAgent } from '../src/models/agent.ts';
import { createOpenAIBackend } from '../src/models/openai.ts';
import { buildBenchmark } from '../src/tasks/build.ts';
import { yablocoSnapshot } from './sources.ts';

const CALLS_PER_TOOL = 200;
const TASKS = 40;
const LOOP_TASKS = 100;
const INDEXED_TOOL_TARGET_MS = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

/** Arguments for a tool, from a task: what an agent working on it would plausibly ask. */
function argumentsFor(tool: string, task: TaskRecord, index: number): Record<string, unknown> {
  const callee = task.oracle?.[index % Math.max(1, task.oracle.length)]?.name ?? task.name!;
  switch (tool) {
    case 'search':
      return { query: `${task.docstring ?? ''}\n${task.signature}` };
    case 'grep':
      return { pattern: callee, path: dirname(task.path) };
    case 'open':
      return { path: task.path, start: Math.max(1, task.span.startLine - 40), end: task.span.startLine + 40 };
    case 'list':
      return { path: dirname(task.path) };
    case 'definition':
      return { name: callee };
    case 'callers':
      return { name: callee };
    default:
      return {};
  }
}

/**
 * A chat server on 127.0.0.1 that answers at once: a tool call (`list`) when the conversation has no tool result yet,
 * else the answer.
 */
async function scriptedServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const parsed = JSON.parse(body) as { messages: { role: string }[]; tools?: unknown[] };
      const answering = !parsed.tools || parsed.messages.some((message) => message.role === 'tool');
      const message = answering
        ? { role: 'assistant', content: 'return 0;' }
        : {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'list', arguments: '{"path":"src"}' } }],
          };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          created: 0,
          model: 'm',
          choices: [{ index: 0, message, finish_reason: answering ? 'stop' : 'tool_calls' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function run(): Promise<void> {
  const root = yablocoSnapshot('redis');
  const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-bench-agent-'));
  try {
    let started = performance.now();
    const { tasks: all } = await buildBenchmark({
      family: 'function',
      repos: [root],
      index: { db: join(scratch, 'index.db') },
      seed: 1,
      command: 'bench agent',
      toolVersion: 'bench',
    });
    const tasks = all.slice(0, TASKS);
    console.log(
      `redis (${root}): ${all.length} function tasks, the first ${tasks.length} used ` +
        `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    // the index the index-backed tools read, made or refreshed once per process (its first use)
    const workspaces = tasks.map((task) => new AgentWorkspace(task, root));
    started = performance.now();
    await workspaces[0]!.functions();
    console.log(
      `index for definition/callers (once per process): ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
    started = performance.now();
    workspaces[0]!.search('warm up');
    console.log(`search's chunk index (once per process): ${((performance.now() - started) / 1000).toFixed(2)} s`);
    console.log(`\ntool latency (${CALLS_PER_TOOL} calls each, arguments from the tasks):`);
    for (const name of defaultAgentTools()) {
      const tool = AGENT_TOOLS.get(name);
      const times: number[] = [];
      for (let index = 0; index < CALLS_PER_TOOL; index++) {
        const workspace = workspaces[index % workspaces.length]!;
        const callStarted = performance.now();
        try {
          await tool.run(argumentsFor(name, workspace.task, index), workspace);
        } catch {
          // a refused argument is an answer too (measured the same)
        }
        times.push(performance.now() - callStarted);
      }
      const indexed = name === 'definition' || name === 'callers';
      const verdict = indexed
        ? `  (index-backed, target median <= ${INDEXED_TOOL_TARGET_MS} ms: ${median(times) <= INDEXED_TOOL_TARGET_MS ? 'met' : 'NOT MET'})`
        : '';
      console.log(
        `  ${name.padEnd(10)} median ${median(times).toFixed(2)} ms, p90 ${percentile(times, 0.9).toFixed(2)} ms, ` +
          `max ${Math.max(...times).toFixed(2)} ms${verdict}`,
      );
    }

    const server = await scriptedServer();
    try {
      const backend = createOpenAIBackend({
        mode: 'chat',
        model: 'm',
        baseUrl: server.url,
        apiKey: null,
        timeoutMs: 60_000,
      });
      const sampling = { temperature: 0, topP: 1, maxTokens: 64, stop: [], seed: null };
      const prompt = {
        messages: [{ role: 'user' as const, content: 'Complete the function.' }],
        prompt: null,
        tokens: { total: 4 },
      } as never;
      // warm both paths (connection, JIT)
      for (let index = 0; index < 20; index++)
        await backend.generate({ task: tasks[0]!, prompt, retrieved: [], sample: 0, sampling });
      started = performance.now();
      for (let index = 0; index < LOOP_TASKS; index++)
        await backend.generate({ task: tasks[index % tasks.length]!, prompt, retrieved: [], sample: 0, sampling });
      const bareMs = (performance.now() - started) / LOOP_TASKS;
      const counter = await loadTokenizer();
      const settings = {
        tools: defaultAgentTools(),
        budget: DEFAULT_AGENT_BUDGET,
        workspace: (task: TaskRecord) => new AgentWorkspace(task, root),
        countTokens: (text: string) => counter.count(text),
      };
      let turns = 0;
      let toolMs = 0;
      started = performance.now();
      for (let index = 0; index < LOOP_TASKS; index++) {
        const { trace } = await runAgent({
          backend,
          task: tasks[index % tasks.length]!,
          prompt,
          sample: 0,
          sampling,
          settings,
          call: (request) => request(),
        });
        turns += trace.turns.length;
        toolMs += trace.turns.flatMap((turn) => turn.toolCalls).reduce((sum, call) => sum + call.ms, 0);
      }
      const loopMs = (performance.now() - started - toolMs) / turns;
      console.log(`\nagent loop: ${LOOP_TASKS} tasks, ${turns} turns against a local server answering at once`);
      console.log(
        `  bare chat request ${bareMs.toFixed(2)} ms; agent turn (request, messages, trace; tool time left out) ` +
          `${loopMs.toFixed(2)} ms: ${(loopMs / bareMs).toFixed(2)}x a bare request`,
      );
    } finally {
      await server.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
