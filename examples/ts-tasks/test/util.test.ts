import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IdGenerator, compareIds, parseId } from '../src/util/ids.js';
import { ManualClock, formatDuration, isLate, parseDuration } from '../src/util/time.js';

test('parseDuration reads units and bare minutes', () => {
  assert.equal(parseDuration('45s'), 45_000);
  assert.equal(parseDuration('1h30m'), 5_400_000);
  assert.equal(parseDuration(' 2d 4h '), 187_200_000);
  assert.equal(parseDuration('90'), 5_400_000);
  assert.throws(() => parseDuration('soon'), /invalid duration: "soon"/);
  assert.throws(() => parseDuration('1h and 2m'), SyntaxError);
  assert.throws(() => parseDuration(''), SyntaxError);
});

test('formatDuration prints the largest units first', () => {
  assert.equal(formatDuration(0), '0s');
  assert.equal(formatDuration(999), '0s');
  assert.equal(formatDuration(5_400_000), '1h 30m');
  assert.equal(formatDuration(90_061_000), '1d 1h 1m 1s');
});

test('ManualClock only moves forward', () => {
  const clock = new ManualClock(100);
  assert.equal(clock.now(), 100);
  assert.equal(clock.advance(50), 150);
  assert.equal(clock.now(), 150);
  assert.throws(() => clock.advance(-1), RangeError);
  assert.equal(new ManualClock().now(), 0);
});

test('isLate compares the end with the deadline', () => {
  assert.equal(isLate(10, 9), true);
  assert.equal(isLate(10, 10), false);
  assert.equal(isLate(10, undefined), false);
});

test('IdGenerator, parseId and compareIds', () => {
  const ids = new IdGenerator('job');
  assert.deepEqual([ids.next(), ids.next(), ids.next()], ['job-1', 'job-2', 'job-3']);
  assert.throws(() => new IdGenerator('Job'), RangeError);
  assert.deepEqual(parseId('build-step-12'), { prefix: 'build-step', number: 12 });
  assert.equal(parseId('12'), undefined);
  assert.deepEqual(['task-10', 'task-2', 'task-1'].sort(compareIds), ['task-1', 'task-2', 'task-10']);
  assert.equal(compareIds('alpha-3', 'beta-1'), -1);
  assert.equal(compareIds('x', 'x'), 0);
});
