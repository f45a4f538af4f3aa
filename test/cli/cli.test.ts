// The command line: help for every command (with an example) and errors as one line.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
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
