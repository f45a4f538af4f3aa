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
const { run } = await import(entry.href);
await run(process.argv.slice(2));
