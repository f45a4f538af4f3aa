// Scale benchmark (`npm run bench -- scale`): a 2M+-line repository end to end. Debian's LLVM source
// (the llvm/ and clang/ lib and include trees, 4M lines of C++) and redis at YABLoCo's commit:
// parse-only floor, cold index, the three families, a 1,000-task sample, prompts with bm25, an eval
// with a baseline (infile), score, report and the viewer's list and task pages. Each step runs in its own
// process, so its peak RSS is its own; each prints its time, and the builds the size of the task set
// on disk (bytes per task) beside the size the same tasks take inline. Then the container comparison
// (one SQLite file vs a folder of tasks.jsonl + files/) on the same tasks, and the viewer at scale:
// a 100,000-task run's list, a live poll, a 50,000-line candidate's task page.
// Usage: nice -n 10 node --import tsx bench/scale.ts [llvm] [redis] [web]   (default: all three)
// CTXBENCH_SCALE_KEEP=1 keeps the work folder; CTXBENCH_SCALE_WORK=DIR CTXBENCH_SCALE_STEPS=a,b
// continues one (steps: floor index build sample prompts eval score report view containers;
// CTXBENCH_SCALE_FAMILIES=function,node limits the builds; CTXBENCH_SCALE_ROUNDS=n: rounds of floor and
// index, default 3, each side its fastest).
import { execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateTask } from '../src/datasets/schema.ts';
import { compactTask, textHash } from '../src/datasets/taskset.ts';
import type { TaskRecord } from '../src/datasets/types.ts';
import { jsonlRecords } from '../src/util/jsonl.ts';
import { compiledStep, stepProcess, type StepFigures } from './sources.ts';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const CACHE = join(BENCH_DIR, '.cache');
const YABLOCO = process.env.CTXBENCH_YABLOCO ?? '/work/shared/yabloco';
const LLVM_TREES = ['llvm/lib', 'llvm/include', 'clang/lib', 'clang/include'];
const SAMPLE_TASKS = 1000;
const MEMORY_TARGET_MIB = 4096;
const FLOOR_RATIO_TARGET = 2.5;
const VIEW_TARGET_MS = 1000;

// ---------------------------------------------------------------- the steps (each in a child process)

const STEPS: Record<string, (args: Record<string, string>) => Promise<Record<string, unknown>>> = {
  async build({ family, root, db, out }) {
    const { buildBenchmark, writeBuild } = await import('../src/tasks/build.ts');
    const started = performance.now();
    const output = await buildBenchmark({
      family: family as 'function',
      repos: [root!],
      index: { db },
      seed: 1,
      command: 'bench scale',
      toolVersion: 'bench',
    });
    writeBuild(out!, output);
    const measured = (performance.now() - started) / 1000;
    // The same tasks inline (whole prefix and suffix per task), counted one line at a time.
    let inlineBytes = 0;
    const files = new Set<string>();
    for (const task of output.tasks) {
      inlineBytes += Buffer.byteLength(JSON.stringify(task)) + 1;
      files.add(`${task.repo.name}/${task.path}`);
    }
    return { measured, tasks: output.tasks.length, files: files.size, setBytes: statSync(out!).size, inlineBytes };
  },

  /** A seeded sample of `n` tasks (reservoir: only n held), written as a task set. */
  async sample({ tasks, out, n }) {
    const { iterateTasks, writeTasks } = await import('../src/datasets/io.ts');
    const { randomFor } = await import('../src/util/random.ts');
    const random = randomFor(1, 'scale-sample');
    const size = Number(n);
    const kept: TaskRecord[] = [];
    let seen = 0;
    for (const task of iterateTasks(tasks!)) {
      seen++;
      if (kept.length < size) kept.push(task);
      else {
        const slot = random.int(seen);
        if (slot < size) kept[slot] = task;
      }
    }
    const started = performance.now();
    writeTasks(out!, kept);
    return {
      measured: (performance.now() - started) / 1000,
      tasks: kept.length,
      of: seen,
      setBytes: statSync(out!).size,
    };
  },

  async prompts({ tasks, root }) {
    const { createPromptBuilder } = await import('../src/context/index.ts');
    const { iterateTasks } = await import('../src/datasets/io.ts');
    const builder = await createPromptBuilder({ strategy: 'bm25', template: 'cceval', repoRoot: root });
    let count = 0;
    let tokens = 0;
    const started = performance.now();
    for (const task of iterateTasks(tasks!)) {
      const prompt = await builder.build(task);
      tokens += prompt.tokens.total ?? 0;
      count++;
    }
    return {
      measured: (performance.now() - started) / 1000,
      tasks: count,
      meanTokens: Math.round(tokens / Math.max(1, count)),
    };
  },

  /** A CLI command, exactly as a user runs it (output to a log). */
  async cli({ args, log }) {
    const { main } = await import('../src/cli/main.ts');
    const lines: string[] = [];
    const [out, err] = [console.log, console.error];
    console.log = (...parts: unknown[]) => void lines.push(parts.join(' '));
    console.error = (...parts: unknown[]) => void lines.push(parts.join(' '));
    const started = performance.now();
    let code: number;
    try {
      code = await main(JSON.parse(args!) as string[]);
    } finally {
      console.log = out;
      console.error = err;
      writeFileSync(log!, `${lines.join('\n')}\n`);
    }
    if (code !== 0) throw new Error(`exit code ${code}; see ${log}`);
    return {
      measured: (performance.now() - started) / 1000,
      lastLine: lines.filter((line) => line.trim() !== '').at(-1) ?? '',
    };
  },

  /** The viewer's list and task pages of a run: API answers as the browser asks them. */
  async view({ run }) {
    const { startViewer } = await import('../src/web/server.ts');
    const viewer = await startViewer([run!], { port: 0 });
    try {
      const id = viewer.runs.runs[0]!.id;
      const fetchMs = async (path: string) => {
        const started = performance.now();
        const response = await fetch(`${viewer.url}${path}`);
        const body = (await response.json()) as unknown;
        if (!response.ok) throw new Error(`${path}: ${JSON.stringify(body)}`);
        return { ms: performance.now() - started, body };
      };
      const listCold = await fetchMs(`api/runs/${id}/tasks`);
      const listWarm = await fetchMs(`api/runs/${id}/tasks`);
      const rows = (listCold.body as { rows: { id: string }[] }).rows;
      let slowest = 0;
      for (const row of rows.slice(0, 50))
        slowest = Math.max(slowest, (await fetchMs(`api/runs/${id}/tasks/${encodeURIComponent(row.id)}`)).ms);
      return {
        measured: (listCold.ms + listWarm.ms) / 1000,
        listColdMs: listCold.ms,
        listWarmMs: listWarm.ms,
        taskMaxMs: slowest,
        rows: rows.length,
      };
    } finally {
      await viewer.close();
    }
  },

  /** The container comparison: the same tasks as one SQLite file and as a folder (tasks.jsonl + files/). */
  async containers({ tasks, dir }) {
    const { readTasks, writeTasks } = await import('../src/datasets/io.ts');
    const all = readTasks(tasks!);
    const sqlite = join(dir!, 'set.tasks');
    const folder = join(dir!, 'set-folder');
    const time = (action: () => unknown) => {
      const started = performance.now();
      action();
      return (performance.now() - started) / 1000;
    };
    const sqliteWrite = time(() => writeTasks(sqlite, all));
    const sqliteRead = time(() => readTasks(sqlite));
    const folderWrite = time(() => writeFolderSet(folder, all));
    const folderRead = time(() => readFolderSet(folder));
    return {
      measured: sqliteWrite + sqliteRead + folderWrite + folderRead,
      tasks: all.length,
      sqlite: { writeS: sqliteWrite, readS: sqliteRead, bytes: diskBytes(sqlite), entries: 1 },
      folder: {
        writeS: folderWrite,
        readS: folderRead,
        bytes: diskBytes(folder),
        entries: readdirSync(join(folder, 'files')).length + 1,
      },
    };
  },

  /** The viewer at scale: a 100,000-task run's list, a live poll, a 50,000-line candidate's page. */
  async web({ dir }) {
    return viewerAtScale(dir!);
  },
};

// ---------------------------------------------------------------- the folder container (measured only)

/** Writes a file and syncs it (a folder is durable only when each of its files is). */
function writeDurable(file: string, text: string): void {
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The folder form of a task set: tasks.jsonl with references, one file per text under files/, renamed into place. */
function writeFolderSet(dir: string, tasks: TaskRecord[]): void {
  const temporary = `${dir}.tmp`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(join(temporary, 'files'), { recursive: true });
  const written = new Set<string>();
  const lines: string[] = [];
  for (const task of tasks) {
    const hash = textHash(task.prefix, task.reference, task.suffix);
    if (!written.has(hash)) {
      writeDurable(join(temporary, 'files', hash), task.prefix + task.reference + task.suffix);
      written.add(hash);
    }
    lines.push(JSON.stringify(compactTask(task, hash)));
  }
  writeDurable(join(temporary, 'tasks.jsonl'), `${lines.join('\n')}\n`);
  rmSync(dir, { recursive: true, force: true });
  renameSync(temporary, dir);
}

function readFolderSet(dir: string): number {
  const texts = new Map<string, string>();
  let count = 0;
  for (const record of jsonlRecords(
    join(dir, 'tasks.jsonl'),
    (value) => value as Record<string, { file: string; start: number; end: number }>,
  )) {
    for (const key of ['prefix', 'suffix']) {
      const ref = record[key]!;
      let text = texts.get(ref.file);
      if (text === undefined) {
        text = readFileSync(join(dir, 'files', ref.file), 'utf8');
        if (textHash(text) !== ref.file) throw new Error(`corrupted ${ref.file}`);
        texts.set(ref.file, text);
      }
      (record as Record<string, unknown>)[key] = text.slice(ref.start, ref.end);
    }
    validateTask(record);
    count++;
  }
  return count;
}

/** Bytes the file or folder takes on disk (allocated blocks). */
function diskBytes(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.blocks * 512;
  return stat.blocks * 512 + readdirSync(path).reduce((sum, name) => sum + diskBytes(join(path, name)), 0);
}

// ---------------------------------------------------------------- the viewer at scale

async function viewerAtScale(dir: string): Promise<Record<string, unknown>> {
  const { openRunStore } = await import('../src/runstore/store.ts');
  const { startViewer } = await import('../src/web/server.ts');
  const { sampleConfig } = await import('../test/fixtures/web/sample.ts');
  type Task = TaskRecord;
  const manyDir = join(dir, 'many');
  const bigDir = join(dir, 'big');
  const count = 100_000;
  const languages = ['python', 'java', 'typescript', 'csharp'] as const;
  const taskAt = (index: number): Task => ({
    id: `repo${index % 40}/pkg${index % 7}/file${index}.py:${index}`,
    kind: 'node',
    language: languages[index % 4]!,
    repo: { name: `repo${index % 40}`, commit: null },
    path: `pkg${index % 7}/mod${index % 13}/file${index}.py`,
    prefix: 'def f():\n    return ',
    suffix: '\n',
    reference: `value_${index}`,
    span: { startLine: 2, startColumn: 12, endLine: 2, endColumn: 20 },
    labels: {
      bucket: 1 + (index % 10),
      semantic: ['Expression/Call', 'Statement/Return', 'Identifier/Name'][index % 3]!,
      lines: 1,
    },
  });
  const tasks = Array.from({ length: count }, (_, index) => taskAt(index));
  // Candidates the size of a generated function body (20 lines, about 1 KB; the raw text in a fence
  // with a sentence): a list that counts or scans candidates pays for their text here as on a real run.
  const body = (index: number) =>
    Array.from(
      { length: 20 },
      (_, line) => `    acc_${line} = combine(acc_${line}, item_${index % 997}[${line}]);`,
    ).join('\n');
  const candidate = (task: Task, index: number) => ({
    taskId: task.id,
    sample: 0,
    raw: `\`\`\`python\n${body(index)}\n\`\`\`\nThe body accumulates the items one line at a time.`,
    output: body(index),
    postprocess: 'none',
    error: null,
    promptTokens: 500,
    completionTokens: 300,
    latencyMs: 300,
    finishReason: 'stop',
    cached: false,
  });
  const store = openRunStore(manyDir, { create: sampleConfig('bm25', 1), tasks });
  store.batch(() => {
    for (const [index, task] of tasks.entries()) {
      if (index >= count - 1000) break;
      store.putCandidate(candidate(task, index));
      store.putMetrics(task.id, 0, { em: index % 3 === 0 ? 1 : 0, es: index % 101 });
    }
  });

  // A 50,000-line file whose candidate is 50,000 lines that share little with the reference.
  const lines = 50_000;
  const reference = `${Array.from({ length: lines }, (_, i) => `    total += item_${i} * weight_${i % 97};`).join('\n')}\n`;
  const output = `${Array.from({ length: lines }, (_, i) =>
    i % 3 === 0 ? `    total += item_${i} * weight_${i % 97};` : `    total -= other_${i};`,
  ).join('\n')}\n`;
  const big: Task = {
    ...taskAt(0),
    id: 'big',
    kind: 'function',
    name: 'f',
    signature: 'void f(void)',
    docstring: null,
    language: 'c',
    path: 'big.c',
    prefix: 'void f(void)\n{\n',
    reference,
    suffix: '}\n',
    span: { startLine: 3, startColumn: 1, endLine: lines + 2, endColumn: 1 },
    labels: { lines },
  };
  const bigStore = openRunStore(bigDir, { create: sampleConfig('infile', 1), tasks: [big] });
  bigStore.putCandidate({ ...candidate(big, 0), raw: output, output });
  bigStore.close();

  const viewer = await startViewer([manyDir, bigDir], { port: 0 });
  try {
    const timed = async (path: string) => {
      const started = performance.now();
      // Client and server share this process: a kept-alive socket the server closed while the bench
      // was busy is retried once.
      const response = await fetch(`${viewer.url}${path}`).catch(() => fetch(`${viewer.url}${path}`));
      const text = await response.text();
      if (!response.ok) throw new Error(`${path}: ${text.slice(0, 200)}`);
      return { ms: performance.now() - started, bytes: text.length, body: JSON.parse(text) as Record<string, unknown> };
    };
    const rssBefore = process.memoryUsage().rss;
    const info = await timed('api/runs/many');
    const first = await timed('api/runs/many/rows?limit=100');
    const listCold = await timed('api/runs/many/rows');
    const listWarm = await timed('api/runs/many/rows');
    const version = (listCold.body as { version: number }).version;
    // A live run: 100 more candidates written by another connection, then the poll a client makes.
    for (const [offset, task] of tasks.slice(count - 1000, count - 900).entries())
      store.putCandidate(candidate(task, count - 1000 + offset));
    const poll = await timed('api/runs/many');
    const since = await timed(`api/runs/many/tasks?since=${version}`);
    const full = await timed('api/runs/many/rows');
    store.close();
    const headOrder = await candidateReadOrders(join(manyDir, 'run.db'));
    const rssBeforeTask = process.memoryUsage().rss;
    const task = await timed(`api/runs/big/tasks/big`);
    const taskRssMiB = (process.memoryUsage().rss - rssBeforeTask) / 2 ** 20;
    const candidates = (task.body as { candidates: { diffMethod: string; diff: string }[] }).candidates;
    // The list page in Chromium, warm (this viewer has answered the whole list) and cold (a fresh
    // `ctxbench view` process whose first request for the run is the browser's).
    let warm: ListPageTimes | null = null;
    let cold: ListPageTimes | null = null;
    try {
      const { launchChromium } = await import('../test/fixtures/web/browser.ts');
      const browser = await launchChromium();
      try {
        warm = await listPageTimes(browser, viewer.url, 'many');
        const fresh = await freshViewer(manyDir);
        try {
          cold = await listPageTimes(browser, fresh.url, 'many');
        } finally {
          await fresh.stop();
        }
      } finally {
        await browser.close();
      }
    } catch (error) {
      console.error(`(no browser measurement: ${(error as Error).message.split('\n')[0]})`);
    }
    return {
      measured: (info.ms + first.ms + listCold.ms + listWarm.ms + poll.ms + since.ms + full.ms + task.ms) / 1000,
      tasks: count,
      infoMs: info.ms,
      firstMs: first.ms,
      firstBytes: first.bytes,
      listColdMs: listCold.ms,
      listWarmMs: listWarm.ms,
      listBytes: listCold.bytes,
      browserWarmFirstMs: warm?.firstRowMs ?? null,
      browserWarmWholeMs: warm?.wholeMs ?? null,
      browserColdFirstMs: cold?.firstRowMs ?? null,
      browserColdWholeMs: cold?.wholeMs ?? null,
      keyOrderMs: headOrder.keyOrderMs,
      taskOrderMs: headOrder.taskOrderMs,
      pollMs: poll.ms,
      sinceMs: since.ms,
      sinceRows: (since.body as { rows: unknown[] }).rows.length,
      sinceBytes: since.bytes,
      fullMs: full.ms,
      bigTaskMs: task.ms,
      bigTaskRssMiB: taskRssMiB,
      bigTaskBytes: task.bytes,
      bigDiffLines: candidates[0]!.diff.length,
      bigDiffMethod: candidates[0]!.diffMethod,
      rssGrowthMiB: (process.memoryUsage().rss - rssBefore) / 2 ** 20,
    };
  } finally {
    await viewer.close();
  }
}

/**
 * The candidates' columns a list row needs, read 5,000 at a time as the viewer reads them (in the
 * table's key order) against the baseline of looking them up task by task in task order, as it did
 * before: the same rows and columns, on the same file, in the same run.
 */
async function candidateReadOrders(file: string): Promise<{ keyOrderMs: number; taskOrderMs: number }> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file, { readonly: true });
  try {
    const columns = 'c.task_id, c.sample, c.output IS NOT NULL AS has_output, c.latency_ms';
    const byKey = db.prepare<[string, number], { task_id: string; sample: number }>(
      `SELECT ${columns} FROM candidates c WHERE (c.task_id, c.sample) > (?, ?) ORDER BY c.task_id, c.sample LIMIT ` +
        `5000`,
    );
    const byTask = db.prepare<[number, number], unknown>(
      `SELECT ${columns} FROM candidates c JOIN tasks t ON t.id = c.task_id WHERE t.ord >= ? AND t.ord < ? ORDER BY ` +
        `t.ord, c.sample`,
    );
    const tasks = (db.prepare('SELECT count(*) AS n FROM tasks').get() as { n: number }).n;
    let started = performance.now();
    for (let after = ['', -1] as [string, number]; ; ) {
      const slice = byKey.all(...after);
      if (slice.length < 5000) break;
      after = [slice[slice.length - 1]!.task_id, slice[slice.length - 1]!.sample];
    }
    const keyOrderMs = performance.now() - started;
    started = performance.now();
    for (let from = 0; from < tasks; from += 5000) byTask.all(from, from + 5000);
    return { keyOrderMs, taskOrderMs: performance.now() - started };
  } finally {
    db.close();
  }
}

interface ListPageTimes {
  /** from navigation start to the frame after the first row entered the page. */
  firstRowMs: number;
  /** from navigation start until the whole list is loaded (filters usable). */
  wholeMs: number;
}

/** Opens `#/run/<run>` in a new browser context (nothing cached) and times its first rows and its whole list. */
async function listPageTimes(
  browser: import('playwright-core').Browser,
  url: string,
  run: string,
): Promise<ListPageTimes> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    // When the first row is on screen: the frame after it entered the page, in the page's clock
    // (from the start of navigation). Read afterwards: a check from here would wait for the
    // page's next idle moment, which the whole list's arrival may delay.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('.vt-row')) return;
        observer.disconnect();
        requestAnimationFrame(() => ((window as unknown as { firstRowAt: number }).firstRowAt = performance.now()));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${url}#/run/${run}`);
    await page.waitForFunction(
      () => /^[\d,]+ of [\d,]+ tasks$/.test(document.querySelector('#count')?.textContent ?? ''),
      undefined,
      { timeout: 120_000 },
    );
    const wholeMs = await page.evaluate(() => performance.now());
    const firstRowMs = await page.evaluate(() => (window as unknown as { firstRowAt: number }).firstRowAt);
    return { firstRowMs, wholeMs };
  } finally {
    await context.close();
  }
}

/** `ctxbench view <dir> --port 0` in its own process, once it listens: nothing of the run read yet. */
async function freshViewer(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [join(BENCH_DIR, '..', 'bin', 'ctxbench.js'), 'view', dir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = / at (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then(() => reject(new Error(`ctxbench view exited before listening: ${output.slice(-500)}`)));
  }).catch(async (error) => {
    await stop();
    throw error;
  });
  return { url, stop };
}

// ---------------------------------------------------------------- the orchestration

/**
 * Runs one step in a child process; its figures, wall time and peak RSS. The floor and the index run on the compiled
 * package without tsx (bench/compiled-steps.mjs).
 */
function step(name: string, args: Record<string, string>): StepFigures {
  if (name === 'floor' || name === 'index') return compiledStep(name, args);
  return stepProcess(name, ['--import', 'tsx', fileURLToPath(import.meta.url), '--step', name, JSON.stringify(args)]);
}

function llvmTree(): string {
  const tree = join(CACHE, 'scale', 'llvm-16');
  if (existsSync(join(tree, '.complete'))) return tree;
  const src = join(CACHE, 'src');
  let source = existsSync(src) ? readdirSync(src).find((name) => /^llvm-toolchain-\d+-/.test(name)) : undefined;
  if (!source) {
    execFileSync(
      'flock',
      ['/tmp/apt.lock', 'bash', join(BENCH_DIR, '..', 'scripts', 'fetch-sources.sh'), src, 'llvm-toolchain-16'],
      { stdio: 'inherit' },
    );
    source = readdirSync(src).find((name) => /^llvm-toolchain-\d+-/.test(name))!;
  }
  rmSync(tree, { recursive: true, force: true });
  // Hard links: the subset costs no copy of the 1.2 GB of sources.
  const linkTree = (from: string, to: string) => {
    mkdirSync(to, { recursive: true });
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      if (entry.isDirectory()) linkTree(join(from, entry.name), join(to, entry.name));
      else if (entry.isFile()) linkSync(join(from, entry.name), join(to, entry.name));
    }
  };
  for (const sub of LLVM_TREES) linkTree(join(src, source, sub), join(tree, sub));
  writeFileSync(join(tree, '.complete'), `${source}\n`);
  return tree;
}

function redisTree(): string {
  const tree = join(CACHE, 'scale', 'redis-493e31e');
  if (existsSync(join(tree, 'src', 'server.c'))) return tree;
  mkdirSync(tree, { recursive: true });
  execFileSync('tar', ['-xJf', join(YABLOCO, 'redis-493e31e.tar.xz'), '-C', tree, '--strip-components=1']);
  return tree;
}

const mib = (value: number) => `${value.toFixed(0)} MiB`;
const seconds = (value: number) => `${value.toFixed(1)} s`;
const ok = (pass: boolean) => (pass ? 'ok' : 'OVER TARGET');

function printRow(label: string, result: StepFigures, extra = ''): void {
  const measured = typeof result.measured === 'number' ? ` (step ${seconds(result.measured)})` : '';
  const cpu = typeof result.cpuSeconds === 'number' ? ` cpu ${seconds(result.cpuSeconds)}` : '';
  console.log(
    `  ${label.padEnd(22)} ${seconds(result.seconds).padStart(8)}${measured.padEnd(18)}${cpu.padEnd(13)} peak ` +
      `${mib(result.peakMiB).padStart(9)} ${ok(result.peakMiB <= MEMORY_TARGET_MIB).padEnd(11)} ${extra}`,
  );
}

/**
 * Steps to run (`CTXBENCH_SCALE_STEPS=prompts,eval,...` with `CTXBENCH_SCALE_WORK` naming the kept
 * work folder of an earlier run continues it: the other steps' outputs are taken from there).
 */
const ONLY_STEPS = process.env.CTXBENCH_SCALE_STEPS?.split(',');
const wants = (name: string) => !ONLY_STEPS || ONLY_STEPS.includes(name);

async function benchRepository(name: string, root: string, work: string): Promise<void> {
  const db = join(work, 'index.db');
  console.log(`\nscale ${name}: ${root}`);
  // Floor and index alternate for CTXBENCH_SCALE_ROUNDS rounds (default 3): this machine's speed
  // drifts by 20% from minute to minute, so each side is its fastest round and the ratio theirs.
  const rounds = Number(process.env.CTXBENCH_SCALE_ROUNDS ?? 3);
  const floors: StepFigures[] = [];
  const indexes: StepFigures[] = [];
  for (let round = 0; round < rounds; round++) {
    if (wants('floor')) floors.push(step('floor', { root }));
    if (wants('index')) indexes.push(step('index', { root, db }));
  }
  const fastest = (results: StepFigures[]) =>
    results.reduce((best, result) => ((result.measured as number) < (best.measured as number) ? result : best));
  const times = (results: StepFigures[]) =>
    results.length > 1 ? `rounds ${results.map((result) => seconds(result.measured as number)).join(', ')}; ` : '';
  const floor = floors.length > 0 ? fastest(floors) : null;
  if (floor) {
    console.log(`  ${floor.files} files, ${Number(floor.lines).toLocaleString('en-US')} lines`);
    printRow('parse-only floor', floor, times(floors));
  }
  if (indexes.length > 0) {
    const index = fastest(indexes);
    // The floor step also walks the files; the index step's CPU includes its walk too.
    const ratio = floor ? (index.measured as number) / (floor.measured as number) : null;
    const cpuRatio = floor ? (index.cpuSeconds as number) / (floor.cpuSeconds as number) : null;
    printRow(
      'index cold (dist/)',
      index,
      `${times(indexes)}${ratio === null ? '' : `${ratio.toFixed(2)}x floor (target <= ${FLOOR_RATIO_TARGET}x: ${ok(ratio <= FLOOR_RATIO_TARGET)}), cpu ${cpuRatio!.toFixed(2)}x floor's, `}${index.functions} functions`,
    );
  }
  const sets: Record<string, string> = {};
  const families = process.env.CTXBENCH_SCALE_FAMILIES?.split(',') ?? ['function', 'crossfile', 'node'];
  for (const family of ['function', 'crossfile', 'node']) {
    const out = join(work, `${family}.tasks`);
    if (!wants('build') || !families.includes(family)) {
      if (existsSync(out)) sets[family] = out;
      continue;
    }
    try {
      const build = step('build', { family, root, db, out });
      sets[family] = out;
      const tasks = build.tasks as number;
      const perTask = tasks ? (build.setBytes as number) / tasks : 0;
      printRow(
        `build ${family}`,
        build,
        `${tasks} tasks from ${build.files} files: set ${mib((build.setBytes as number) / 2 ** 20)} = ` +
          `${perTask.toFixed(0)} B/task; inline ${mib((build.inlineBytes as number) / 2 ** 20)} = ` +
          `${(tasks ? (build.inlineBytes as number) / tasks : 0).toFixed(0)} B/task`,
      );
    } catch (error) {
      console.log(`  build ${family}: FAILED ${(error as Error).message.split('\n').slice(0, 6).join(' | ')}`);
    }
  }
  const source = sets.crossfile ?? sets.function ?? sets.node;
  if (!source) return;
  const sample = join(work, 'sample.tasks');
  if (wants('sample')) {
    const sampled = step('sample', { tasks: source, out: sample, n: String(SAMPLE_TASKS) });
    printRow(
      `sample ${basename(source, '.tasks')}`,
      sampled,
      `${sampled.tasks} of ${sampled.of} tasks: set ${mib((sampled.setBytes as number) / 2 ** 20)} = ` +
        `${((sampled.setBytes as number) / Math.max(1, sampled.tasks as number)).toFixed(0)} B/task`,
    );
  }
  if (wants('prompts')) {
    const prompts = step('prompts', { tasks: sample, root });
    printRow('prompts bm25', prompts, `${prompts.tasks} prompts, mean ${prompts.meanTokens} tokens`);
  }
  const run = join(work, 'run-baseline');
  const cli = (label: string, args: string[]) => {
    const result = step('cli', { args: JSON.stringify(args), log: join(work, `${label.replace(/\W+/g, '-')}.log`) });
    printRow(label, result, String(result.lastLine).slice(0, 100));
  };
  if (wants('eval')) {
    rmSync(run, { recursive: true, force: true });
    // The prompts step measured bm25; the eval measures generation, the run store and its writes
    // (the same bm25 prompts again would double the longest step).
    cli('eval infile baseline', [
      'eval',
      sample,
      '--model',
      'baseline:reference',
      '--context',
      'infile',
      '--repo',
      root,
      '--run',
      run,
      '--no-cache',
    ]);
  }
  if (wants('score')) cli('score', ['score', run]);
  if (wants('report')) cli('report', ['report', run, '--out', join(work, 'report.txt')]);
  if (wants('view')) {
    const view = step('view', { run });
    printRow(
      'viewer list + tasks',
      view,
      `list of ${view.rows}: ${(view.listColdMs as number).toFixed(0)} ms cold, ` +
        `${(view.listWarmMs as number).toFixed(0)} ms warm; slowest of 50 task pages ` +
        `${(view.taskMaxMs as number).toFixed(0)} ms`,
    );
  }
  if (sets.crossfile && wants('containers')) {
    const containers = step('containers', { tasks: sets.crossfile, dir: work });
    const sqlite = containers.sqlite as { writeS: number; readS: number; bytes: number; entries: number };
    const folder = containers.folder as { writeS: number; readS: number; bytes: number; entries: number };
    console.log(
      `  container comparison on the ${containers.tasks} crossfile tasks (write / read all / on disk / file-system ` +
        `entries):`,
    );
    console.log(
      `    one SQLite file        ${seconds(sqlite.writeS)} / ${seconds(sqlite.readS)} / ` +
        `${mib(sqlite.bytes / 2 ** 20)} / ${sqlite.entries}`,
    );
    console.log(
      `    folder (jsonl+files/)  ${seconds(folder.writeS)} / ${seconds(folder.readS)} / ` +
        `${mib(folder.bytes / 2 ** 20)} / ${folder.entries}`,
    );
  }
}

async function benchViewer(work: string): Promise<void> {
  const web = step('web', { dir: work });
  // Timings on a shared machine: the load they were taken under.
  console.log(`\nscale viewer (load average ${loadavg()[0]!.toFixed(1)} after the step)`);
  const n = (value: unknown) => (value as number).toFixed(0);
  printRow('100,000-task run', web);
  console.log(`    first request (run info: counts, reads no task or candidate): ${n(web.infoMs)} ms`);
  console.log(`    first 100 rows (shown while the list loads): ${n(web.firstMs)} ms, ${n(web.firstBytes)} bytes`);
  console.log(
    `    whole list (column by column): ${n(web.listColdMs)} ms cold (reads the 100,000 task and candidate heads), ` +
      `${n(web.listWarmMs)} ms warm, ${mib((web.listBytes as number) / 2 ** 20)}`,
  );
  for (const [state, first, whole] of [
    ['warm server', web.browserWarmFirstMs, web.browserWarmWholeMs],
    ['cold (fresh viewer)', web.browserColdFirstMs, web.browserColdWholeMs],
  ] as const) {
    if (first === null) continue;
    console.log(
      `    list page in Chromium, ${state}: first rows on screen ${n(first)} ms (target <= ${VIEW_TARGET_MS}: ` +
        `${ok((first as number) <= VIEW_TARGET_MS)}), whole list filterable ${n(whole)} ms`,
    );
  }
  console.log(
    `    candidate heads in slices: ${n(web.keyOrderMs)} ms in key order (the viewer's) vs ${n(web.taskOrderMs)} ms ` +
      `looked up in task order (${((web.taskOrderMs as number) / (web.keyOrderMs as number)).toFixed(1)}x)`,
  );
  console.log(
    `    live poll after 100 new candidates: info ${n(web.pollMs)} ms, changed rows ${n(web.sinceMs)} ms ` +
      `(${web.sinceRows} rows, ${n(web.sinceBytes)} bytes) vs all rows ${n(web.fullMs)} ms`,
  );
  console.log(
    `    task page of a 50,000-line candidate: ${n(web.bigTaskMs)} ms (target <= ${VIEW_TARGET_MS}: ` +
      `${ok((web.bigTaskMs as number) <= VIEW_TARGET_MS)}), diff ${web.bigDiffMethod}, ${web.bigDiffLines} lines, ` +
      `${mib((web.bigTaskBytes as number) / 2 ** 20)} of JSON, RSS +${n(web.bigTaskRssMiB)} MiB (client and server); ` +
      `server RSS growth over all requests ${n(web.rssGrowthMiB)} MiB`,
  );
}

async function childStep(name: string, rawArgs: string): Promise<void> {
  const result = await STEPS[name]!(JSON.parse(rawArgs) as Record<string, string>);
  const usage = process.resourceUsage();
  // CPU time of the step (all its threads): on a shared machine, less at the mercy of the load than wall time.
  const cpuSeconds = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
  process.stdout.write(`\nRESULT ${JSON.stringify({ ...result, peakMiB: usage.maxRSS / 1024, cpuSeconds })}\n`);
}

export async function run(): Promise<void> {
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const all = wanted.length === 0;
  const work =
    process.env.CTXBENCH_SCALE_WORK ?? mkdtempSync(join(process.env.CTXBENCH_SCALE_TMP ?? tmpdir(), 'ctxbench-scale-'));
  try {
    if (all || wanted.includes('llvm'))
      await benchRepository('llvm 16 (llvm/ and clang/ lib + include)', llvmTree(), mkdirIn(work, 'llvm'));
    if (all || wanted.includes('redis'))
      await benchRepository("redis at YABLoCo's commit 493e31e", redisTree(), mkdirIn(work, 'redis'));
    if (all || wanted.includes('web')) await benchViewer(mkdirIn(work, 'web'));
  } finally {
    if (!process.env.CTXBENCH_SCALE_KEEP && !process.env.CTXBENCH_SCALE_WORK)
      rmSync(work, { recursive: true, force: true });
    else console.log(`(kept ${work})`);
  }
}

function mkdirIn(parent: string, name: string): string {
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--step');
  if (at >= 0) await childStep(process.argv[at + 1]!, process.argv[at + 2]!);
  else await run();
}
