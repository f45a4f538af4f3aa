// The command line: help for every command (with an example), errors as one line, and the demo.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { commands } from '../../src/cli/commands/index.ts';

const CLI = new URL('../../bin/ctxbench.js', import.meta.url).pathname;
const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

test('--help lists every command and each command explains itself with an example', async () => {
  const help = cli('--help');
  assert.equal(help.status, 0);
  for (const entry of commands) {
    const command = { ...entry, ...(await entry.load()) };
    assert.match(help.stdout, new RegExp(`^  ${command.name} +\\S`, 'm'), `${command.name} listed`);
    const own = cli(command.name, '--help');
    assert.equal(own.status, 0, command.name);
    assert.ok(own.stdout.startsWith(`ctxbench ${command.usage}\n`), `${command.name} usage`);
    assert.match(own.stdout, /\nExample:\n  ctxbench \S/, `${command.name} example`);
  }
});

test('an unknown command or option is one clear line', () => {
  const unknown = cli('frobnicate');
  assert.equal(unknown.status, 2);
  assert.equal(unknown.stderr, "ctxbench: unknown command 'frobnicate'. Run 'ctxbench --help' for the list.\n");
  const option = cli('index', '.', '--colour');
  assert.equal(option.status, 2);
  assert.match(option.stderr, /^ctxbench index: Unknown option '--colour'/);
});

test('the demo runs the pipeline on the sample repositories and writes its runs and report', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'ctxbench-demo-')), 'demo');
  const demo = cli('demo', '--out', out);
  assert.equal(demo.status, 0, demo.stderr);
  for (const family of ['function', 'crossfile', 'node']) {
    const tasks = readFileSync(join(out, 'tasks', `${family}.jsonl`), 'utf8').trim().split('\n');
    assert.ok(tasks.length >= 10, `${family}: ${tasks.length} tasks`);
    assert.ok(existsSync(join(out, 'tasks', `${family}.jsonl.manifest.json`)));
  }
  assert.ok(existsSync(join(out, 'runs', 'crossfile-infile', 'run.db')));
  assert.ok(existsSync(join(out, 'runs', 'crossfile-bm25', 'run.db')));
  assert.match(readFileSync(join(out, 'report.html'), 'utf8'), /<svg/);
  // With no retrieved context the copy baseline has nothing to copy; with BM25 it scores on every language.
  const rows = [...demo.stdout.matchAll(/^crossfile-(infile|bm25)\s+(\w+)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)/gm)];
  const es = (context: string, language: string) => Number(rows.find((r) => r[1] === context && r[2] === language)?.[6]);
  for (const language of ['c', 'python']) {
    assert.equal(es('infile', language), 0);
    assert.ok(es('bm25', language) > 0, `${language} bm25 es`);
  }
});
