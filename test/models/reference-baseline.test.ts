// `baseline:reference` scores EM 100 by construction: its answer is neither cut to --max-tokens nor
// post-processed. Checked through the real runner and scorer on tasks of the three families built
// from every language's fixture, and on references that post-processing or a token cut would change.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { createPromptBuilder } from '../../src/context/index.ts';
import type { TaskRecord } from '../../src/datasets/types.ts';
import { writeTasks } from '../../src/datasets/io.ts';
import { LANGUAGES } from '../../src/languages/registry.ts';
import { scoreRun } from '../../src/metrics/index.ts';
import { createBaselineBackend } from '../../src/models/baselines.ts';
import { postprocess } from '../../src/models/postprocess.ts';
import { runGeneration } from '../../src/models/runner.ts';
import { openRunStore } from '../../src/runstore/store.ts';
import { buildFromIndexes } from '../../src/tasks/build.ts';
import type { Family } from '../../src/tasks/types.ts';
import { openRepository } from '../tasks/helpers.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-reference-'));
after(() => rmSync(scratch, { recursive: true, force: true }));
const LANG_FIXTURES = new URL('../fixtures/lang/', import.meta.url).pathname;
const TEMPLATES: Record<Family, string> = { function: 'yabloco', crossfile: 'cceval', node: 'm2rc' };

/** Runs baseline:reference with the CLI's default --max-tokens (256) and scores it: EM per task. */
async function referenceRun(
  tasks: TaskRecord[],
  family: Family,
  name: string,
): Promise<{ em: Map<string, number>; outputs: Map<string, { output: string | null; rule: string | null }> }> {
  const tasksPath = join(scratch, `${name}.jsonl`);
  writeTasks(tasksPath, tasks);
  const runDir = join(scratch, `run-${name}`);
  await runGeneration({
    tasksPath,
    runDir,
    backend: createBaselineBackend('reference'),
    promptBuilder: await createPromptBuilder({ strategy: 'infile', template: TEMPLATES[family] }),
    samples: 1,
    temperature: null,
    topP: null,
    maxTokens: 256,
    stop: [],
    seed: null,
    concurrency: 2,
    cacheFile: null,
    retryErrors: false,
    toolVersion: 'test',
    baseUrl: null,
    budget: null,
    progress: null,
  });
  const store = openRunStore(runDir);
  try {
    await scoreRun(store, ['em', 'em-nows']);
    const em = new Map<string, number>();
    const outputs = new Map<string, { output: string | null; rule: string | null }>();
    for (const candidate of store.candidates()) {
      em.set(candidate.taskId, Math.min(candidate.metrics?.em ?? 0, candidate.metrics?.['em-nows'] ?? 0));
      outputs.set(candidate.taskId, { output: candidate.output, rule: candidate.postprocess });
    }
    return { em, outputs };
  } finally {
    store.close();
  }
}

test('baseline:reference keeps a long reference and a doc comment with a fenced block whole (EM 1)', async () => {
  // The text of a `doc_comment` node: what follows `///` on a line that opens a fenced example.
  const doc = ' ```rust';
  const long = Array.from({ length: 120 }, (_, i) => `let v${i} = f(${i});`).join('\n');
  const base = {
    kind: 'node' as const,
    language: 'rust' as const,
    repo: { name: 'r', commit: null, root: scratch },
    path: 'src/lib.rs',
    labels: { lines: 1 },
  };
  const tasks: TaskRecord[] = [
    {
      ...base,
      id: 'doc',
      prefix: '/// Parses.\n///',
      suffix: '\n/// let m = parse();\n/// ```\nfn parse() {}\n',
      reference: doc,
      span: { startLine: 2, startColumn: 4, endLine: 2, endColumn: 12 },
    },
    {
      ...base,
      id: 'long',
      prefix: 'fn a() {\n',
      suffix: '\n}\n',
      reference: long,
      span: { startLine: 2, startColumn: 1, endLine: 121, endColumn: 19 },
    },
  ];
  // Post-processing would empty the doc comment (a model's answer goes through it); the long one has 600 tokens, over
  // 256.
  assert.deepEqual(await postprocess(tasks[0]!, doc), { output: '', rule: 'fence+node-lines' });
  assert.equal((await postprocess(tasks[1]!, long)).output, long);
  const { em, outputs } = await referenceRun(tasks, 'node', 'handmade');
  assert.deepEqual(
    [...em],
    [
      ['doc', 1],
      ['long', 1],
    ],
  );
  assert.deepEqual(outputs.get('doc'), { output: doc, rule: 'verbatim' });
  assert.deepEqual(outputs.get('long'), { output: long, rule: 'verbatim' });
});

test('baseline:reference scores EM 1 on every task of the three families built from every language fixture', async () => {
  // One repository holding every language's fixture: one index, one worker pool per family.
  for (const language of LANGUAGES.names())
    cpSync(join(LANG_FIXTURES, language), join(scratch, 'lang', language), { recursive: true });
  assert.equal(readdirSync(join(scratch, 'lang')).length, 19);
  const repos = [await openRepository(join(scratch, 'lang'), scratch)];
  try {
    const languages = new Map<Family, Set<string>>();
    for (const family of ['function', 'crossfile', 'node']) {
      const { tasks } = await buildFromIndexes(repos, { family, seed: 3, command: 'test', toolVersion: 'test' });
      languages.set(family, new Set(tasks.map((task) => task.language)));
      const { em } = await referenceRun(tasks, family, family);
      assert.equal(em.size, tasks.length);
      assert.deepEqual(
        [...em].filter(([, value]) => value !== 1),
        [],
        family,
      );
    }
    // Every language yields node tasks; the other families where its fixture has what they need.
    assert.equal(languages.get('node')!.size, 19);
    assert.ok(languages.get('function')!.size >= 15, [...languages.get('function')!].join(','));
  } finally {
    for (const repo of repos) repo.store.close();
  }
});
