#!/usr/bin/env node
// Type-checks, then runs every test/**/*.test.ts with node's own test runner (Node 20 has no --test globs).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : findTests(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

// npm may skip install scripts on some machines: better-sqlite3 then needs an explicit build.
const sqlite = spawnSync(process.execPath, ['-e', "require('better-sqlite3')"], { stdio: 'ignore' });
if (sqlite.status !== 0)
  spawnSync('npm', ['rebuild', 'better-sqlite3', '--ignore-scripts=false'], { stdio: 'inherit' });

// The grammars' .wasm files come from scripts/grammars.mjs (a no-op when they are present and intact).
const grammars = spawnSync(process.execPath, ['scripts/grammars.mjs'], { stdio: 'inherit' });
if (grammars.status !== 0) process.exit(grammars.status ?? 1);

// The llamacpp backend's tests need node-llama-cpp's CPU build, which is not a dependency (its
// default install is ~700 MB). scripts/install-llamacpp.sh puts it in .llamacpp/ and links it into
// node_modules; `npm ci` removes the link, restored here. Nothing is downloaded here: without the
// build, those tests skip, saying so.
const llamaBuild = '.llamacpp/node_modules/node-llama-cpp';
if (!existsSync('node_modules/node-llama-cpp') && existsSync(llamaBuild))
  symlinkSync(`../${llamaBuild}`, 'node_modules/node-llama-cpp');
if (!existsSync('node_modules/node-llama-cpp'))
  console.log(
    "the llamacpp backend's tests will skip: node-llama-cpp is not installed (bash scripts/install-llamacpp.sh " +
      'installs its CPU build from the npm registry)',
  );

const filter = process.argv.slice(2);
const files = findTests('test')
  .filter((f) => filter.length === 0 || filter.some((word) => f.includes(word)))
  .sort();
if (filter.length === 0) {
  const typecheck = spawnSync('npx', ['tsc', '--noEmit', '-p', '.'], { stdio: 'inherit' });
  if (typecheck.status !== 0) process.exit(typecheck.status ?? 1);
}
// The tests' temporary folders go into one folder of this run, removed at its end (a test killed
// midway cannot clean up after itself).
const scratch = mkdtempSync(join(tmpdir(), 'ctxbench-tests-'));
// searchable by others, as /tmp is: under root, sandboxed commands run as another user, who must reach their trees
chmodSync(scratch, 0o755);
// A hung test fails after 5 minutes instead of stalling the whole run.
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=300000', ...files],
  { stdio: 'inherit', env: { ...process.env, TMPDIR: scratch } },
);
rmSync(scratch, { recursive: true, force: true });
process.exit(result.status ?? 1);
