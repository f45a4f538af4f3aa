#!/usr/bin/env node
// Builds the package: grammars/ (scripts/grammars.mjs), then dist/ = src/ compiled by tsc with type
// declarations, plus the files tsc does not copy (the worker bootstrap, the viewer's static files) and the viewer's
// scripts, bundled by esbuild (src/web/assets.ts; a clone bundles them when first served instead).
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(process.execPath, ['scripts/grammars.mjs']);
rmSync(join(root, 'dist'), { recursive: true, force: true });
run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json']);
cpSync(join(root, 'src/util/worker-bootstrap.mjs'), join(root, 'dist/util/worker-bootstrap.mjs'));
cpSync(join(root, 'src/web/static'), join(root, 'dist/web/static'), { recursive: true });
run(process.execPath, [
  '--import',
  'tsx',
  '--input-type=module',
  '-e',
  "import { writeFileSync } from 'node:fs';" +
    "import { bundleClient, CLIENT_SCRIPTS } from './src/web/assets.ts';" +
    'for (const [name, entry] of Object.entries(CLIENT_SCRIPTS))' +
    '  writeFileSync(`dist/web/static/${name}`, bundleClient(entry));',
]);

// tsc rewrites `./x.ts` to `./x.js` in the JavaScript it emits but not in the declarations.
for (const entry of readdirSync(join(root, 'dist'), { recursive: true, withFileTypes: true })) {
  if (!entry.name.endsWith('.d.ts')) continue;
  const path = join(entry.parentPath ?? entry.path, entry.name);
  const text = readFileSync(path, 'utf8');
  const rewritten = text.replace(/((?:from |import\()['"]\.{1,2}\/[^'"]*)\.ts(['"])/g, '$1.js$2');
  if (rewritten !== text) writeFileSync(path, rewritten);
}
