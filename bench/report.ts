// Report benchmark: the HTML report of 3 runs x 10,000 tasks (18 languages, buckets, semantic
// classes, levels, completion lines, prompt lengths, retrieved context), target <= 5 s, from opening
// the run stores to the written file. Baseline in the same run: the plain text report of the same
// runs (aggregation only). Also timed: exporting every figure as SVG, PNG and LaTeX.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '../src/languages/registry.ts';
import { openRunStore } from '../src/runstore/store.ts';
import { cli } from '../test/capture-cli.ts';
import { taskRecord, type TaskSpec } from '../test/fixtures/report/runs.ts';

const TASKS = 10_000;
const RUNS = ['infile', 'bm25', 'bm25-ref'];
const SEMANTIC = [
  'Identifier/variable',
  'Function call/method',
  'Variable declaration/local',
  'Control flow/if',
  'Expression/binary',
  'Statement/return',
  'Class definition/class',
  'Import/module',
  'Literal/string',
  'Comment/line',
];
const LEVELS = ['none', 'stdlib', 'file', 'package', 'project'];
const languages = LANGUAGES.names().filter((id) => id !== 'tsx');

const root = mkdtempSync(join(tmpdir(), 'ctxbench-bench-report-'));
try {
  const specs: TaskSpec[] = Array.from({ length: TASKS }, (_, i) => ({
    id: `t${i}`,
    language: languages[i % languages.length]!,
    level: LEVELS[(i * 7) % LEVELS.length]!,
    bucket: 1 + ((i * 13) % 10),
    semantic: SEMANTIC[(i * 3) % SEMANTIC.length]!,
    lines: 1 + ((i * 5) % 9),
    repo: `repo${i % 12}`,
    tokens: 200 + ((i * 97) % 6000),
  }));
  const tasks = specs.map(taskRecord);
  const started = performance.now();
  const dirs = RUNS.map((name, r) => {
    const dir = join(root, name);
    const store = openRunStore(dir, {
      create: {
        model: 'baseline:copy-retrieved',
        context: name,
        template: 'cceval',
        tokenizer: 'o200k_base',
        samples: 1,
        temperature: 0,
        topP: 1,
        maxTokens: 64,
        seed: null,
        tasksPath: '/nonexistent',
        tasksHash: 'x',
        toolVersion: '0.1.0',
        createdAt: '2026-01-01T00:00:00Z',
        isBaseline: true,
      },
      tasks,
    });
    store.batch(() => {
      for (const [i, task] of tasks.entries()) {
        const text =
          r === 0 ? null : `def helper_${i}(value):\n    return util.load(value)  # ${'context '.repeat(20)}\n`;
        store.putPrompt(task.id, {
          messages: null,
          prompt: task.prefix,
          tokens: { total: specs[i]!.tokens },
          snippets: text
            ? [{ source: 'retrieved', path: `lib/mod${i % 50}.py`, startLine: 1, endLine: 2, score: 1 }]
            : [],
          ...(text ? { retrieved: [{ path: `lib/mod${i % 50}.py`, startLine: 1, endLine: 2, text, score: 1 }] } : {}),
        });
        store.putCandidate({
          taskId: task.id,
          sample: 0,
          raw: 'x',
          output: 'x',
          postprocess: 'none',
          error: null,
          promptTokens: specs[i]!.tokens,
          completionTokens: 4,
          latencyMs: 100,
        });
        const correct = (i * 31 + r * 17) % 100 < 20 + 15 * r;
        store.putMetrics(task.id, 0, {
          em: correct ? 1 : 0,
          es: correct ? 100 : (i * 7 + r) % 90,
          'id-em': correct ? 1 : 0,
          'id-f1': correct ? 1 : ((i * 11) % 100) / 100,
        });
      }
    });
    store.close();
    return dir;
  });
  console.log(`wrote ${RUNS.length} runs x ${TASKS} tasks in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // Wall time, and this process's CPU time (the machine is shared: wall time includes waiting for a core).
  const time = async (args: string[]) => {
    const [start, cpu] = [performance.now(), process.cpuUsage()];
    const result = await cli(args);
    if (result.code !== 0) throw new Error(result.stderr);
    const used = process.cpuUsage(cpu);
    return { wall: (performance.now() - start) / 1000, cpu: (used.user + used.system) / 1e6 };
  };
  const show = (
    label: string,
    t: { wall: number; cpu: number },
    baseline?: { wall: number; cpu: number },
    target?: number,
  ) =>
    console.log(
      `${label.padEnd(44)} ${t.wall.toFixed(2).padStart(6)} s wall ${t.cpu.toFixed(2).padStart(6)} s CPU${baseline ? `  (${(t.wall / baseline.wall).toFixed(1)}x / ${(t.cpu / baseline.cpu).toFixed(1)}x the text report)` : ''}${target ? `  target <= ${target} s: ${t.wall <= target ? 'ok' : t.cpu <= target ? 'CPU ok, wall over (shared machine)' : 'OVER TARGET'}` : ''}`,
    );
  // Warm-up: module loading (vega, vega-lite) is paid once per process, like a CLI start.
  await time(['report', dirs[0]!, '--format', 'md', '--out', join(root, 'warm.md')]);
  const text = await time(['report', ...dirs, '--out', join(root, 'report.txt')]);
  const html = await time(['report', ...dirs, '--html', '--out', join(root, 'report.html')]);
  const preset = await time(['report', ...dirs, '--preset', 'm2rc', '--html', '--out', join(root, 'm2rc.html')]);
  const exported = await time([
    'report',
    ...dirs,
    '--preset',
    'm2rc',
    '--figures',
    join(root, 'figures'),
    '--out',
    join(root, 'm2rc.txt'),
  ]);
  const size = statSync(join(root, 'report.html')).size;
  show('text report (baseline, aggregation only)', text);
  show(`HTML report, every figure kind (${(size / 1024).toFixed(0)} KiB)`, html, text, 5);
  show('HTML report, --preset m2rc', preset, text, 5);
  show('--preset m2rc --figures (SVG, PNG, LaTeX)', exported, text);
  console.log(
    `load average while measuring: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
