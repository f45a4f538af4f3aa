// bench/scale.ts's parse-only floor and cold index, run as the installed package runs: the compiled
// dist/ (the bench builds it first) in a process without tsx. tsx turns source maps on, and with them
// the index's JavaScript takes about 10% more CPU (LLVM: 74 s -> 81-84 s); both sides of the floor
// ratio run the same way. Usage: node bench/compiled-steps.mjs floor|index|reindex '{"root":...,"db":...}'
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const dist = (path) => new URL(`../dist/${path}`, import.meta.url).href;
const { listSources } = await import(dist('index/walk.js'));
const { indexRepository } = await import(dist('index/indexer.js'));
const { createWorkerPool } = await import(dist('util/workers.js'));

const BATCH_FILES = 16;

const steps = {
  /**
   * Lists, reads and parses every file once, on one worker thread per core, in batches, largest files
   * first, each batch read just before it is sent: what the index does before it extracts anything.
   * Both clocks start before the listing.
   */
  async floor({ root }) {
    const started = performance.now();
    const listing = listSources(root);
    const ordered = [...listing.entries].sort((a, b) => b.size - a.size);
    const batches = [];
    for (let i = 0; i < ordered.length; i += BATCH_FILES) batches.push(ordered.slice(i, i + BATCH_FILES));
    const pool = createWorkerPool(new URL('./parse-worker.mjs', import.meta.url));
    let files = 0;
    let lines = 0;
    let next = 0;
    const feed = async () => {
      while (next < batches.length) {
        const batch = batches[next++].map((entry) => listing.read(entry)).filter((file) => file !== null);
        files += batch.length;
        const batchLines = await pool.run(batch.map(({ path, language, text }) => ({ path, language, text })));
        lines += batchLines;
      }
    };
    // one feeder per worker and one more, as the index feeds its workers
    await Promise.all(Array.from({ length: availableParallelism() + 1 }, feed));
    await pool.close();
    return { files, lines, measured: (performance.now() - started) / 1000 };
  },

  /** A cold index (any index at `db` is deleted first). */
  async index({ root, db }) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
    return steps.reindex({ root, db });
  },

  /** Indexes into `db` as it is (an unchanged repository re-indexed: only its files are read and hashed). */
  async reindex({ root, db }) {
    const run = await indexRepository(root, { db });
    const functions = run.store.functions().length;
    run.store.close();
    return { measured: run.seconds, functions, parsed: run.parsed };
  },
};

const [name, args] = process.argv.slice(2);
const result = await steps[name](JSON.parse(args));
const usage = process.resourceUsage();
process.stdout.write(
  `\nRESULT ` +
    `${JSON.stringify({ ...result, peakMiB: usage.maxRSS / 1024, cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6 })}\n`,
);
