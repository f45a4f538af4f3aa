// Index benchmark on real code (Debian sources, fetched by scripts/fetch-sources.sh):
// cold index time vs the parse-only floor of the same files on the same threads, unchanged
// re-index time, and openssl's time and peak memory.
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { indexRepository } from '../src/index/indexer.ts';
import { walkRepository, type SourceFile } from '../src/index/walk.ts';
import { createWorkerPool } from '../src/util/workers.ts';
import { buildPackage, sourceTree } from './sources.ts';

/** Parses every file once on the same worker threads as the index (no extraction, no resolution). */
export async function parseOnlySeconds(files: SourceFile[]): Promise<number> {
  const started = performance.now();
  const pool = createWorkerPool<{ path: string; language: string; text: string }[], number>(new URL('./parse-worker.mjs', import.meta.url));
  const ordered = [...files].sort((a, b) => b.size - a.size);
  const batches: SourceFile[][] = [];
  for (let i = 0; i < ordered.length; i += 16) batches.push(ordered.slice(i, i + 16));
  await Promise.all(batches.map((batch) => pool.run(batch.map(({ path, language, text }) => ({ path, language, text })))));
  await pool.close();
  return (performance.now() - started) / 1000;
}

export async function benchIndex(name: string, targets: { cold?: number; floorRatio?: number; reindex?: number; memoryMiB?: number }): Promise<void> {
  const root = sourceTree(name);
  const db = join(root, '.ctxbench', 'bench-index.db');
  rmSync(db, { force: true });
  rmSync(`${db}-wal`, { force: true });
  rmSync(`${db}-shm`, { force: true });
  buildPackage();
  const { files } = walkRepository(root);
  const lines = files.reduce((sum, f) => sum + f.text.split('\n').length, 0);
  const floor = await parseOnlySeconds(files);
  const cold = await indexRepository(root, { db });
  const functions = cold.store.functions().length;
  cold.store.close();
  const again = await indexRepository(root, { db });
  again.store.close();
  const peakMiB = process.resourceUsage().maxRSS / 1024;
  const check = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');
  console.log(`index ${name}: ${files.length} files, ${lines} lines, ${functions} functions, ${availableParallelism()} threads`);
  console.log(`  parse-only floor     ${floor.toFixed(2)} s`);
  console.log(`  cold index           ${cold.seconds.toFixed(2)} s  = ${(cold.seconds / floor).toFixed(2)}x floor` +
    (targets.cold ? `  (target <= ${targets.cold} s and <= ${targets.floorRatio}x: ${check(cold.seconds <= targets.cold && cold.seconds / floor <= targets.floorRatio!)})` : ''));
  console.log(`  unchanged re-index   ${again.seconds.toFixed(2)} s` + (targets.reindex ? `  (target <= ${targets.reindex} s: ${check(again.seconds <= targets.reindex)})` : ''));
  console.log(`  peak memory          ${peakMiB.toFixed(0)} MiB` + (targets.memoryMiB ? `  (target <= ${targets.memoryMiB} MiB: ${check(peakMiB <= targets.memoryMiB)})` : ''));
}

export async function run(): Promise<void> {
  const which = process.argv[2] ?? 'redis';
  if (which === 'redis') await benchIndex('redis', { cold: 8, floorRatio: 2.5, reindex: 1 });
  else await benchIndex('openssl', { cold: 40, floorRatio: 2.5, memoryMiB: 2048 });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
