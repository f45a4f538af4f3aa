// `npm run bench [-- AREA...]`: every benchmark, each in its own process (so peak memory is its
// own), printing figures with the same-run baselines. Real code comes from Debian source packages
// (scripts/fetch-sources.sh, cached in bench/.cache/src); nothing here runs in CI.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BENCHES: { area: string; file: string; args: string[] }[] = [
  { area: 'index', file: 'index.ts', args: ['redis'] },
  { area: 'index', file: 'index.ts', args: ['openssl'] },
  { area: 'tasks', file: 'tasks.ts', args: [] },
  { area: 'context', file: 'context.ts', args: [] },
  { area: 'models', file: 'models.ts', args: [] },
  { area: 'metrics', file: 'metrics.ts', args: [] },
  { area: 'exec', file: 'exec.ts', args: [] },
  { area: 'web', file: 'web.ts', args: [] },
];

const wanted = process.argv.slice(2);
let failed = 0;
for (const bench of BENCHES) {
  if (wanted.length > 0 && !wanted.includes(bench.area)) continue;
  const file = fileURLToPath(new URL(bench.file, import.meta.url));
  if (!existsSync(file)) continue;
  console.log(`\n== ${bench.area} ${bench.args.join(' ')}`.trimEnd());
  const result = spawnSync(process.execPath, ['--import', 'tsx', file, ...bench.args], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
