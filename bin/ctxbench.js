#!/usr/bin/env node
// The `ctxbench` command. The published package runs the compiled dist/; a checkout (src/ beside
// bin/, tsx installed as a dev dependency) runs the TypeScript sources, so edits need no rebuild.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli/main.ts', import.meta.url);
let entry = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  entry = source;
}
// Node ends a process whose top-level await can never settle (nothing left to wait on) with exit
// code 13 and no message; ctxbench says what that means.
process.on('exit', (code) => {
  if ((code || process.exitCode) === 13)
    process.stderr.write(
      'ctxbench: stopped while waiting for something that can never finish (a plugin whose loading never completes?)\n',
    );
});
const { run } = await import(entry.href);
await run(process.argv.slice(2));
