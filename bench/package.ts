// The package as a user installs it (scripts/check-package.mjs: pack, install into an empty folder):
// `ctxbench --help` start time against bare `node -e 0` and against the checkout's TypeScript
// sources through tsx, measured interleaved in the same run; and the installed size by package.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function folderBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) total += folderBytes(child);
    else if (entry.isFile()) total += statSync(child).size;
  }
  return total;
}

function seconds(command: string[]): number {
  const started = performance.now();
  const result = spawnSync(command[0]!, command.slice(1), { stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command.join(' ')} exited ${result.status}`);
  return (performance.now() - started) / 1000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const check = spawnSync(process.execPath, [join(ROOT, 'scripts/check-package.mjs'), '--keep'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.stdout.write(check.stdout);
const work = /^kept (.+)$/m.exec(check.stdout)?.[1];
if (check.status !== 0 || !work) process.exit(1);
try {
  const modules = join(work, 'consumer', 'node_modules');
  const commands: Record<string, string[]> = {
    'node -e 0 (baseline)': [process.execPath, '-e', '0'],
    'ctxbench --help (installed package)': [
      process.execPath,
      join(modules, 'ctxbench', 'bin', 'ctxbench.js'),
      '--help',
    ],
    'ctxbench eval --help (installed)': [
      process.execPath,
      join(modules, 'ctxbench', 'bin', 'ctxbench.js'),
      'eval',
      '--help',
    ],
    'ctxbench --help (checkout, tsx)': [process.execPath, join(ROOT, 'bin', 'ctxbench.js'), '--help'],
  };
  const times = Object.fromEntries(Object.keys(commands).map((name) => [name, [] as number[]]));
  for (let run = 0; run < RUNS; run++) {
    for (const [name, command] of Object.entries(commands)) times[name]!.push(seconds(command));
  }
  const baseline = median(times['node -e 0 (baseline)']!);
  console.log(`\nstart time, median of ${RUNS} interleaved runs:`);
  for (const [name, values] of Object.entries(times)) {
    console.log(
      `  ${name.padEnd(38)} ${median(values).toFixed(3)} s  (${(median(values) / baseline).toFixed(1)}x node; min ` +
        `${Math.min(...values).toFixed(3)} s)`,
    );
  }

  const total = folderBytes(modules);
  const sizes = readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name],
    )
    .map((name) => ({ name, bytes: folderBytes(join(modules, name)) }))
    .sort((a, b) => b.bytes - a.bytes);
  console.log(`\ninstalled size: ${(total / 1e6).toFixed(1)} MB in ${sizes.length} packages; largest:`);
  for (const { name, bytes } of sizes.slice(0, 8)) console.log(`  ${name.padEnd(28)} ${(bytes / 1e6).toFixed(1)} MB`);
  const grammars = folderBytes(join(modules, 'ctxbench', 'grammars'));
  console.log(`  (ctxbench's grammars/: ${(grammars / 1e6).toFixed(1)} MB of .wasm, node-types and licences)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
