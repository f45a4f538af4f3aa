#!/usr/bin/env node
// Checks the package as a user gets it: `npm pack`, then `npm install <tarball>` into an empty folder with default npm
// settings, then: no ERESOLVE warning, `npm ls` clean, no TypeScript sources or native tree-sitter in the install,
// `ctxbench --help`, the demo, the viewer's built scripts, and a typed library import (a small consumer type-checked by tsc and run), a TypeScript
// plugin with tsx installed. Needs the npm registry for the dependencies only. better-sqlite3 downloads its prebuilt
// binary from GitHub at install time, which CI cannot reach, and compiling it takes minutes: by default the install
// skips install scripts (ctxbench has none) and better-sqlite3 gets the binary already built in this checkout (same
// pinned version, same Node), as its download would. `--native-build` installs with scripts and compiles instead.
// Prints the installed size. `--keep` leaves the folder for inspection.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const nativeBuild = process.argv.includes('--native-build');
const work = mkdtempSync(join(tmpdir(), 'ctxbench-package-'));
const consumer = join(work, 'consumer');
mkdirSync(consumer);

function run(command, args, cwd, what) {
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_legacy_peer_deps: 'false' },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`check-package: ${what} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
    process.exit(1);
  }
  console.log(`ok  ${what} (${seconds} s)`);
  return result;
}
function fail(message) {
  console.error(`check-package: ${message}`);
  process.exit(1);
}
function folderBytes(path) {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) total += folderBytes(child);
    else if (entry.isFile()) total += statSync(child).size;
  }
  return total;
}

try {
  const packed = run('npm', ['pack', '--json', '--pack-destination', work], root, 'npm pack');
  const [{ filename, files }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')));
  const shipped = files.map((f) => f.path);
  for (const required of [
    'bin/ctxbench.js',
    'dist/index.js',
    'dist/index.d.ts',
    'dist/cli/main.js',
    'grammars/tree-sitter-c.wasm',
  ]) {
    if (!shipped.includes(required)) fail(`the tarball lacks ${required}`);
  }
  const sources = shipped.filter((path) => path.startsWith('src/'));
  if (sources.length > 0) fail(`the tarball ships TypeScript sources: ${sources.slice(0, 3).join(', ')}`);

  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const install = run(
    'npm',
    ['install', '--no-audit', '--no-fund', ...(nativeBuild ? [] : ['--ignore-scripts']), join(work, filename)],
    consumer,
    'npm install <tarball> into an empty folder',
  );
  if (/ERESOLVE|peer dep/i.test(install.stderr)) fail(`npm install warned about peer dependencies:\n${install.stderr}`);
  run('npm', ['ls', '--all'], consumer, 'npm ls --all (no invalid or missing peers)');
  const modules = join(consumer, 'node_modules');
  if (!nativeBuild) {
    const binary = 'better-sqlite3/build/Release/better_sqlite3.node';
    mkdirSync(dirname(join(modules, binary)), { recursive: true });
    cpSync(join(root, 'node_modules', binary), join(modules, binary));
  }
  for (const unwanted of ['tree-sitter', 'tsx', 'typescript', 'esbuild', 'npm-check-updates']) {
    if (existsSync(join(modules, unwanted))) fail(`the install pulled ${unwanted}`);
  }
  if (readdirSync(modules).some((name) => name.startsWith('tree-sitter-')))
    fail('the install pulled a grammar package');
  // the queue's and the charts' packages are optional peers: not installed; a queue command and a report say how to
  // install them
  for (const optional of ['bullmq', 'ioredis', 'vega', 'vega-lite', '@resvg/resvg-js'])
    if (existsSync(join(modules, optional))) fail(`the install pulled the optional ${optional}`);

  const help = run(join(modules, '.bin', 'ctxbench'), ['--help'], consumer, 'ctxbench --help');
  if (!/^Commands:/m.test(help.stdout)) fail(`unexpected help:\n${help.stdout}`);
  const demo = run(
    join(modules, '.bin', 'ctxbench'),
    ['demo', '--out', join(consumer, 'demo')],
    consumer,
    'ctxbench demo',
  );
  if (!existsSync(join(consumer, 'demo', 'report.html'))) fail(`the demo wrote no report:\n${demo.stdout}`);
  // the shipped check states must fit the shipped sample repositories (npm pack leaves some files out)
  if (/written for another version/.test(demo.stdout + demo.stderr))
    fail(`the installed demo found stale check states:\n${demo.stderr}`);
  // the viewer's scripts come built with the package (no esbuild here to bundle them)
  const viewed = run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { startViewer } from 'ctxbench'; import { readdirSync } from 'node:fs';" +
        "const viewer = await startViewer(readdirSync('demo/runs').map((name) => `demo/runs/${name}`), { port: 0 });" +
        "const answers = await Promise.all(['app.js', 'review.js'].map((name) => fetch(viewer.url + name)));" +
        'const texts = await Promise.all(answers.map((answer) => answer.text()));' +
        'await viewer.close();' +
        "console.log(answers.map((answer, i) => `${answer.status}:${texts[i].includes('use strict')}`).join(' '));",
    ],
    consumer,
    'the installed viewer serves its built scripts',
  );
  if (viewed.stdout.trim() !== '200:true 200:true') fail(`the viewer's scripts: ${viewed.stdout}${viewed.stderr}`);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const queued = spawnSync(
    join(modules, '.bin', 'ctxbench'),
    [
      'eval',
      join(consumer, 'demo', 'tasks', 'function.jsonl'),
      '--model',
      'openai:chat:m',
      '--context',
      'infile',
      '--queue',
      'redis://127.0.0.1:9',
      '--run',
      join(consumer, 'queued'),
    ],
    { cwd: consumer, encoding: 'utf8' },
  );
  const expected =
    `ctxbench eval: the queue needs the optional packages bullmq and ioredis, which are not ` +
    `installed: npm install bullmq@${pkg.peerDependencies.bullmq} ioredis@${pkg.peerDependencies.ioredis}\n`;
  if (queued.status !== 2 || queued.stderr !== expected)
    fail(`eval --queue without the queue's packages: status ${queued.status}, stderr:\n${queued.stderr}`);
  console.log('ok  eval --queue without bullmq and ioredis names the packages and how to install them');

  // A consumer that uses the library's types and its functions.
  // A wrong input from an untyped caller (a JavaScript user, a parsed config) is refused with the field named.
  writeFileSync(
    join(consumer, 'use.ts'),
    [
      "import { buildBenchmark, listMetrics, scorePair, type TaskKind } from 'ctxbench';",
      "const family: TaskKind = 'function';",
      "const scores: Record<string, number> = await scorePair('return a + b;', 'return a + b;', 'c', ['em', 'es']);",
      'const refused = await buildBenchmark(JSON.parse(\'{"family": "functions", "repos": []}\')).then(() => null, ' +
        '(error: Error) => `${error.name}: ${error.message}`);',
      'console.log(JSON.stringify({ family, metrics: listMetrics().length, scores, refused }));',
      '',
    ].join('\n'),
  );
  // the example plugins, compiled as a user's own would be
  const plugins = readdirSync(join(modules, 'ctxbench', 'examples', 'plugins')).filter((name) => name.endsWith('.ts'));
  mkdirSync(join(consumer, 'plugins'));
  for (const name of plugins)
    cpSync(join(modules, 'ctxbench', 'examples', 'plugins', name), join(consumer, 'plugins', name));
  // ctxbench forces no type package on its users: @types/node is an optional peer, at the version the user
  // picks (here the one this checkout builds with); better-sqlite3's types stay out of the declarations.
  const installed = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8'));
  const typePackages = Object.keys(installed.packages)
    .filter((path) => path.startsWith('node_modules/@types/'))
    .map((path) => path.slice('node_modules/'.length));
  if (typePackages.some((name) => name === '@types/node' || name === '@types/better-sqlite3'))
    fail(`the install pulled type packages the user did not choose: ${typePackages.join(', ')}`);
  const nodeTypes = JSON.parse(readFileSync(join(root, 'node_modules/@types/node/package.json'), 'utf8')).version;
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', `@types/node@${nodeTypes}`],
    consumer,
    `npm install @types/node@${nodeTypes} (the consumer's choice)`,
  );
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      // Every @types package of the install is visible (the default).
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: false,
      },
      files: ['use.ts', ...plugins.map((name) => `plugins/${name}`)],
    }),
  );
  run(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', consumer],
    consumer,
    'tsc type-checks a consumer of the library (skipLibCheck off)',
  );
  const used = run(process.execPath, ['use.js'], consumer, 'the compiled consumer runs');
  if (!used.stdout.includes('"scores":{"em":1,"es":100}')) fail(`unexpected consumer output: ${used.stdout}`);
  if (!/"refused":"InputError: [^"]*unknown task family \\"functions\\"/.test(used.stdout))
    fail(`a wrong family was not refused with its field named: ${used.stdout}`);
  console.log(`a wrong input is refused: ${JSON.parse(used.stdout).refused}`);
  // A TypeScript plugin of examples/plugins with tsx installed (linked from this checkout, as a user's `npm install
  // tsx`).
  symlinkSync(join(root, 'node_modules', 'tsx'), join(modules, 'tsx'));
  const plugin = run(
    join(modules, '.bin', 'ctxbench'),
    ['prompt', '--help', '--plugin', join(modules, 'ctxbench', 'examples', 'plugins', 'retriever-identifiers.ts')],
    consumer,
    'a TypeScript plugin loads through tsx',
  );
  if (!plugin.stdout.includes('identifier-overlap')) fail(`the plugin's retriever is not listed:\n${plugin.stdout}`);
  console.log(
    `installed size: ${(folderBytes(modules) / 1e6).toFixed(1)} MB in node_modules (ctxbench itself ` +
      `${(folderBytes(join(modules, 'ctxbench')) / 1e6).toFixed(1)} MB)`,
  );
} finally {
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
