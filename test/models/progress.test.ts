import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Progress } from '../../src/models/progress.ts';

test('on a terminal the progress line is redrawn in place; elsewhere whole lines are written periodically', () => {
  const terminal: string[] = [];
  const tty = new Progress({ isTTY: true, write: (text: string) => terminal.push(text) }, { tasks: 3, calls: 6 }, 1);
  tty.callFinished(false, false);
  tty.callFinished(true, true);
  tty.finish();
  assert.match(terminal[0]!, /^\r\x1b\[Keval: 1\/3 tasks, 1\/6 calls, [\d.]+ calls\/s, ETA \d+:\d\d, 0 errors$/);
  assert.ok(terminal.every((text) => text.startsWith('\r\x1b[K')));
  assert.match(terminal.at(-1)!, /^\r\x1b\[Keval: 2\/3 tasks, 2\/6 calls, [\d.]+ calls\/s, ETA \d+:\d\d, 1 error\n$/);

  // elsewhere a line at each tick of its ticker (every 5 s by default), driven here by hand, and one at the end
  const log: string[] = [];
  let tick: (() => void) | null = null;
  let stopped = false;
  const plain = new Progress(
    { isTTY: false, write: (text: string) => log.push(text) },
    { tasks: 2, calls: 2 },
    0,
    (onTick) => {
      tick = onTick;
      return () => void (stopped = true);
    },
  );
  plain.callFinished(false, true);
  tick!();
  tick!();
  plain.finish();
  assert.equal(stopped, true);
  assert.equal(log.length, 3);
  assert.ok(log.every((line) => !line.includes('\r') && line.endsWith('\n')));
  assert.match(log.at(-1)!, /^eval: 1\/2 tasks, 1\/2 calls, [\d.]+ calls\/s, ETA \d+:\d\d, 0 errors\n$/);
});
