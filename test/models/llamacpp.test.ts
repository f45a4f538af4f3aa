// The llamacpp backend running for real: node-llama-cpp's prebuilt CPU binaries (never built, never
// downloaded) load a tiny GGUF model written here with seeded random weights and generate from it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { createBackend } from '../../src/models/provider.ts';
import type { GenerationRequest } from '../../src/models/types.ts';
import { writeTinyLlamaGguf } from './gguf-writer.ts';

const root = new URL('../../', import.meta.url).pathname;
const PACKAGE = 'node-llama-cpp';
// Skip only where the optional dependency did not install; any other import failure fails the test.
const installed = await import(PACKAGE as string).then(
  () => true,
  (error: NodeJS.ErrnoException) => {
    if (error.code === 'ERR_MODULE_NOT_FOUND') return false;
    throw error;
  },
);
const skip = installed
  ? false
  : 'node-llama-cpp is not installed here (bash scripts/install-llamacpp.sh installs its CPU build)';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-llamacpp-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const modelPath = join(scratch, 'tiny.gguf');
writeTinyLlamaGguf(modelPath, 7, { layers: 2, embedding: 32, heads: 4, feedForward: 64, contextLength: 256 });

const tasksFile = join(root, 'test/fixtures/models/tasks.jsonl');
const tasks = readFileSync(tasksFile, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as TaskRecord);

function request(prompt: string, seed: number): GenerationRequest {
  return {
    task: tasks[0]!,
    prompt: { messages: null, prompt, tokens: { total: 0 }, snippets: [] },
    retrieved: [],
    sample: 0,
    sampling: { temperature: 0, topP: 1, maxTokens: 12, stop: [], seed },
  };
}

test('llamacpp: a tiny GGUF model generates the same text twice at temperature 0 with one seed', { skip }, async () => {
  const backend = await createBackend(`llamacpp:${modelPath}`);
  try {
    assert.equal(backend.provider, `llamacpp:${modelPath}`);
    assert.equal(backend.isBaseline, false);
    const first = await backend.generate(request('def area(width, height):\n    return ', 3));
    const second = await backend.generate(request('def area(width, height):\n    return ', 3));
    assert.ok(first.text.length > 0);
    assert.deepEqual(second, first);
    // Counted by re-tokenizing the text, so byte pieces of a split character may count more than 12.
    assert.ok((first.completionTokens ?? 0) > 0, `completion tokens: ${first.completionTokens}`);
    // The model's own tokenizer counts: one token per character piece, so the count is exact.
    assert.equal(first.promptTokens, backend.tokenCounter!.count('def area(width, height):\n    return '));
    assert.ok(first.promptTokens > 10);
  } finally {
    await backend.close?.();
  }
});

test('llamacpp: `ctxbench eval` with the tiny model writes one candidate per task', { skip }, async () => {
  const runDir = join(scratch, 'run');
  const cli = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [join(root, 'bin/ctxbench.js'), ...args], {
        cwd: root,
        env: { ...process.env, CTXBENCH_CACHE_DIR: join(scratch, 'cache') },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
  const evaluated = await cli([
    'eval',
    tasksFile,
    '--model',
    `llamacpp:${modelPath}`,
    '--context',
    'infile',
    '--template',
    'cceval',
    '--run',
    runDir,
    '--seed',
    '1',
    '--max-tokens',
    '8',
  ]);
  assert.equal(evaluated.code, 0, evaluated.stderr);
  const listed = await cli(['results', runDir, '--jsonl']);
  assert.equal(listed.code, 0, listed.stderr);
  const candidates = listed.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { taskId: string; raw: string; error: unknown; completionTokens: number });
  assert.deepEqual(candidates.map((c) => [c.taskId, c.error]).sort(), tasks.map((t) => [t.id, null]).sort());
  for (const candidate of candidates) {
    assert.ok(candidate.raw.length > 0, candidate.taskId);
    assert.ok(candidate.completionTokens > 0, `${candidate.taskId}: ${candidate.completionTokens}`);
  }
});
