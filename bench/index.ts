// Index benchmark on real code (Debian sources, fetched by scripts/fetch-sources.sh):
// cold index time vs the parse-only floor of the same files on the same threads, unchanged
// re-index time, and openssl's time and peak memory.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { compiledStep, sourceTree } from './sources.ts';

/**
 * The parse-only floor, a cold index and an unchanged re-index, each on the compiled package in a process of its own
 * (bench/compiled-steps.mjs, as bench/scale.ts measures LLVM).
 */
export async function benchIndex(
  name: string,
  targets: { cold?: number; floorRatio?: number; reindex?: number; memoryMiB?: number },
): Promise<void> {
  const root = sourceTree(name);
  const db = join(root, '.ctxbench', 'bench-index.db');
  const floor = compiledStep('floor', { root });
  const cold = compiledStep('index', { root, db });
  const again = compiledStep('reindex', { root, db });
  const floorSeconds = floor.measured as number;
  const coldSeconds = cold.measured as number;
  const againSeconds = again.measured as number;
  const peakMiB = Math.max(cold.peakMiB, again.peakMiB);
  const check = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET');
  console.log(
    `index ${name}: ${floor.files} files, ${floor.lines} lines, ${cold.functions} functions, ` +
      `${availableParallelism()} threads`,
  );
  console.log(`  parse-only floor     ${floorSeconds.toFixed(2)} s`);
  console.log(
    `  cold index           ${coldSeconds.toFixed(2)} s  = ${(coldSeconds / floorSeconds).toFixed(2)}x floor` +
      (targets.cold
        ? `  (target <= ${targets.cold} s and <= ${targets.floorRatio}x: ${check(coldSeconds <= targets.cold && coldSeconds / floorSeconds <= targets.floorRatio!)})`
        : ''),
  );
  console.log(
    `  unchanged re-index   ${againSeconds.toFixed(2)} s, ${again.parsed} files parsed` +
      (targets.reindex ? `  (target <= ${targets.reindex} s: ${check(againSeconds <= targets.reindex)})` : ''),
  );
  console.log(
    `  peak memory          ${peakMiB.toFixed(0)} MiB` +
      (targets.memoryMiB ? `  (target <= ${targets.memoryMiB} MiB: ${check(peakMiB <= targets.memoryMiB)})` : ''),
  );
}

export async function run(): Promise<void> {
  const which = process.argv[2] ?? 'redis';
  if (which === 'redis') await benchIndex('redis', { cold: 8, floorRatio: 2.5, reindex: 1 });
  else await benchIndex('openssl', { cold: 40, floorRatio: 2.5, memoryMiB: 2048 });
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
