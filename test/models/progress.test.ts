import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Progress } from '../../src/models/progress.ts';

test('on a terminal the progress line is redrawn in place; elsewhere whole lines are written periodically', async () => {
  const terminal: string[] = [];
  const tty = new Progress({ isTTY: true, write: (text: string) => terminal.push(text) }, { tasks: 3, calls: 6 }, 1);
  tty.callFinished(false, false);
  tty.callFinished(true, true);
  tty.finish();
  assert.match(terminal[0]!, /^\r\x1b\[Keval: 1\/3 tasks, 1\/6 calls, [\d.]+ calls\/s, ETA \d+:\d\d, 0 errors$/);
  assert.ok(terminal.every((text) => text.startsWith('\r\x1b[K')));
  assert.match(terminal.at(-1)!, /^\r\x1b\[Keval: 2\/3 tasks, 2\/6 calls, [\d.]+ calls\/s, ETA \d+:\d\d, 1 error\n$/);

  const log: string[] = [];
  const plain = new Progress({ isTTY: false, write: (text: string) => log.push(text) }, { tasks: 2, calls: 2 }, 0, 30);
  plain.callFinished(false, true);
  await new Promise((resolve) => setTimeout(resolve, 80));
  plain.finish();
  assert.ok(log.length >= 2, `${log.length} lines`);
  assert.ok(log.every((line) => !line.includes('\r') && line.endsWith('\n')));
  assert.match(log.at(-1)!, /^eval: 1\/2 tasks, 1\/2 calls, [\d.]+ calls\/s, ETA \d+:\d\d, 0 errors\n$/);
});
