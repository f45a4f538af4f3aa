// Generation benchmark: a full `eval` run (prompts, calls, post-processing, run store, response
// cache) against a local OpenAI-compatible server that answers instantly, at concurrency 64.
// Targets: >= 500 requests/s, and the store's write path < 5% of the run's time. Baseline measured
// in the same run: the bare HTTP client (the same openai backend, no runner, no store) at the same
// concurrency against the same server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPromptBuilder } from '../src/context/index.ts';
import type { TaskRecord } from '../src/datasets/types.ts';
import { createBackend } from '../src/models/provider.ts';
import { runGeneration } from '../src/models/runner.ts';

const TASKS = 4000;
const CONCURRENCY = 64;

// The server runs in its own process so that its work is not counted against the client's.
const SERVER = `
import { createServer } from 'node:http';
const body = JSON.stringify({ id: 'c', object: 'text_completion', created: 0, model: 'bench', choices: [{ index: 0, text: 'value = compute(item)\\nnext_line()\\n', finish_reason: 'stop', logprobs: null }], usage: { prompt_tokens: 40, completion_tokens: 6, total_tokens: 46 } });
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); res.end(body); });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

function startServer(): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    child.stdout.once('data', (chunk: Buffer) =>
      resolve({ url: `http://127.0.0.1:${chunk.toString().trim()}/v1`, stop: () => child.kill() }),
    );
  });
}

function syntheticTasks(count: number): TaskRecord[] {
  return Array.from({ length: count }, (_, index) => {
    const prefix = `import util\n\n\ndef handler_${index}(item):\n    total = util.prepare(item, ${index})\n    value = `;
    return {
      id: `bench-${index}`,
      kind: 'crossfile',
      language: 'python',
      repo: { name: 'bench', commit: null },
      path: `pkg/mod_${index % 50}.py`,
      prefix,
      suffix: '\n    return value\n',
      reference: 'compute(item)',
      span: { startLine: 6, startColumn: 13, endLine: 6, endColumn: 26 },
      labels: { lines: 1 },
    };
  });
}

async function rawClientRate(url: string, requests: number): Promise<number> {
  const backend = await createBackend('openai:completion:bench', { baseUrl: url, env: {} });
  const task = syntheticTasks(1)[0]!;
  const prompt = { messages: null, prompt: task.prefix, tokens: { total: 40 }, snippets: [] };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests) {
        const sample = next++;
        await backend.generate({
          task,
          prompt,
          retrieved: [],
          sample,
          sampling: { temperature: 0, topP: 1, maxTokens: 32, stop: [], seed: null },
        });
      }
    }),
  );
  return requests / ((performance.now() - started) / 1000);
}

export async function run(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-bench-models-'));
  const server = await startServer();
  try {
    const tasksPath = join(scratch, 'tasks.jsonl');
    writeFileSync(
      tasksPath,
      `${syntheticTasks(TASKS)
        .map((t) => JSON.stringify(t))
        .join('\n')}\n`,
    );
    await rawClientRate(server.url, 500); // warm-up: connections, JIT
    const rawRate = await rawClientRate(server.url, TASKS);

    const runDir = join(scratch, 'run');
    const started = performance.now();
    const summary = await runGeneration({
      tasksPath,
      runDir,
      backend: await createBackend('openai:completion:bench', { baseUrl: server.url, env: {} }),
      promptBuilder: await createPromptBuilder({ strategy: 'infile', template: 'cceval' }),
      samples: 1,
      temperature: null,
      topP: null,
      maxTokens: 32,
      stop: [],
      seed: null,
      concurrency: CONCURRENCY,
      cacheFile: join(scratch, 'cache', 'responses.db'),
      retryErrors: false,
      toolVersion: 'bench',
      baseUrl: server.url,
      budget: null,
      progress: null,
    });
    const runSeconds = (performance.now() - started) / 1000;
    if (summary.failed > 0 || summary.calls !== TASKS)
      throw new Error(`bench run incomplete: ${JSON.stringify(summary)}`);
    const runRate = TASKS / runSeconds;
    const writeSeconds = summary.writeMs / 1000;
    const share = writeSeconds / runSeconds;
    const check = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');
    console.log(`models: ${TASKS} crossfile tasks, 1 sample each, concurrency ${CONCURRENCY}, instant local server`);
    console.log(`  bare HTTP client (baseline)   ${rawRate.toFixed(0)} requests/s`);
    console.log(
      `  eval run (prompts, calls, post-processing, store, cache)   ${runRate.toFixed(0)} requests/s  ` +
        `(${(runRate / rawRate).toFixed(2)}x the baseline; target >= 500: ${check(runRate >= 500)})`,
    );
    console.log(
      `  store + cache writes (prompts, candidates, responses)   ${(writeSeconds * 1000).toFixed(0)} ms of ` +
        `${runSeconds.toFixed(2)} s = ${(share * 100).toFixed(1)}%  (target < 5%: ${check(share < 0.05)})`,
    );
  } finally {
    server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
