// bench/scale.ts's parse-only floor and cold index, run as the installed package runs: the compiled
// dist/ (the bench builds it first) in a process without tsx. tsx turns source maps on, and with them
// the index's JavaScript takes about 10% more CPU (LLVM: 74 s -> 81-84 s); both sides of the floor
// ratio run the same way. Usage: node bench/compiled-steps.mjs floor|index '{"root":...,"db":...}'
import { rmSync } from 'node:fs';

const dist = (path) => new URL(`../dist/${path}`, import.meta.url).href;
const { walkRepository } = await import(dist('index/walk.js'));
const { indexRepository } = await import(dist('index/indexer.js'));
const { createWorkerPool } = await import(dist('util/workers.js'));

const BATCH_FILES = 16;

const steps = {
  /** Parses every file once on one worker thread per core, in batches, largest files first (as the index does). */
  async floor({ root }) {
    const { files } = walkRepository(root);
    let lines = 0;
    for (const file of files) for (let i = file.text.indexOf('\n'); i >= 0; i = file.text.indexOf('\n', i + 1)) lines++;
    const started = performance.now();
    const pool = createWorkerPool(new URL('./parse-worker.mjs', import.meta.url));
    const ordered = [...files].sort((a, b) => b.size - a.size);
    const batches = [];
    for (let i = 0; i < ordered.length; i += BATCH_FILES) batches.push(ordered.slice(i, i + BATCH_FILES).map(({ path, language, text }) => ({ path, language, text })));
    await Promise.all(batches.map((batch) => pool.run(batch)));
    await pool.close();
    return { files: files.length, lines, measured: (performance.now() - started) / 1000 };
  },

  async index({ root, db }) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
    const run = await indexRepository(root, { db });
    const functions = run.store.functions().length;
    run.store.close();
    return { measured: run.seconds, functions };
  },
};

const [name, args] = process.argv.slice(2);
const result = await steps[name](JSON.parse(args));
const usage = process.resourceUsage();
process.stdout.write(`\nRESULT ${JSON.stringify({ ...result, peakMiB: usage.maxRSS / 1024, cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6 })}\n`);
