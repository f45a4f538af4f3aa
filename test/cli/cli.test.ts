// The command line: help for every command (with an example) and errors as one line, in this process (the installed
// binary itself is run by usability.test.ts and the package check).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commands } from '../../src/cli/commands/index.ts';
import { cli as run } from '../capture-cli.ts';

const cli = async (...args: string[]) => {
  const { code, stdout, stderr } = await run(args);
  return { status: code, stdout, stderr };
};

test('--help lists every command and each command explains itself with an example', async () => {
  const help = await cli('--help');
  assert.equal(help.status, 0);
  for (const entry of commands) {
    const command = { ...entry, ...(await entry.load()) };
    assert.match(help.stdout, new RegExp(`^  ${command.name} +\\S`, 'm'), `${command.name} listed`);
    const own = await cli(command.name, '--help');
    assert.equal(own.status, 0, command.name);
    assert.ok(own.stdout.startsWith(`ctxbench ${command.usage}\n`), `${command.name} usage`);
    assert.match(own.stdout, /\nExample:\n {2}ctxbench \S/, `${command.name} example`);
  }
});

test('an unknown command or option is one clear line', async () => {
  const unknown = await cli('frobnicate');
  assert.equal(unknown.status, 2);
  assert.equal(unknown.stderr, "ctxbench: unknown command 'frobnicate'. Run 'ctxbench --help' for the list.");
  const option = await cli('index', '.', '--colour');
  assert.equal(option.status, 2);
  assert.match(option.stderr, /^ctxbench index: Unknown option '--colour'/);
});
