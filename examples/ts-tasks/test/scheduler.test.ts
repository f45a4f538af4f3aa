import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Scheduler } from '../src/scheduler.js';
import { ManualClock } from '../src/util/time.js';

const MINUTE = 60_000;

function sampleScheduler(): Scheduler {
  const scheduler = new Scheduler(new ManualClock(0));
  scheduler.add({ title: 'Design', duration: '30m' });
  scheduler.add({ title: 'Build', duration: '2h', dependsOn: ['task-1'], deadline: 120 * MINUTE });
  scheduler.add({ title: 'Hotfix', duration: '15m', priority: 'urgent' });
  scheduler.add({ title: 'Docs', duration: '45m', priority: 'low', dependsOn: ['task-1'] });
  scheduler.add({ title: 'Release', duration: '10m', priority: 'high', dependsOn: ['task-2', 'task-4'] });
  return scheduler;
}

test('add rejects unknown dependencies and get finds tasks', () => {
  const scheduler = sampleScheduler();
  assert.equal(scheduler.get('task-3').title, 'Hotfix');
  assert.throws(() => scheduler.get('task-9'), /no task task-9/);
  assert.throws(() => scheduler.add({ title: 'Orphan', duration: '1m', dependsOn: ['task-7', 'task-1'] }), /unknown dependencies: task-7$/);
});

test('ready lists unblocked tasks best first', () => {
  const scheduler = sampleScheduler();
  assert.deepEqual(scheduler.ready().map((task) => task.id), ['task-3', 'task-1']);
});

test('plan orders every task without running anything', () => {
  const scheduler = sampleScheduler();
  assert.deepEqual(scheduler.plan(), ['task-3', 'task-1', 'task-2', 'task-4', 'task-5']);
  assert.equal(scheduler.time.now(), 0);
  assert.equal(scheduler.remainingWork(), 220 * MINUTE);
});

test('runAll runs in dependency and priority order and flags late tasks', () => {
  const scheduler = sampleScheduler();
  const records = scheduler.runAll();
  assert.deepEqual(records, [
    { id: 'task-3', start: 0, end: 15 * MINUTE, late: false },
    { id: 'task-1', start: 15 * MINUTE, end: 45 * MINUTE, late: false },
    { id: 'task-2', start: 45 * MINUTE, end: 165 * MINUTE, late: true },
    { id: 'task-4', start: 165 * MINUTE, end: 210 * MINUTE, late: false },
    { id: 'task-5', start: 210 * MINUTE, end: 220 * MINUTE, late: false },
  ]);
  assert.equal(scheduler.isDone('task-5'), true);
  assert.equal(scheduler.runNext(), undefined);
  assert.equal(scheduler.remainingWork(), 0);
  assert.deepEqual(scheduler.plan(), []);
});

test('summary after a partial run', () => {
  const scheduler = sampleScheduler();
  scheduler.runNext();
  scheduler.runNext();
  assert.equal(scheduler.isDone('task-1'), true);
  assert.equal(scheduler.isDone('task-2'), false);
  assert.equal(
    scheduler.summary(),
    ['1. task-2 [normal] Build (2h)', '2. task-4 [low] Docs (45m)', '3. task-5 [high] Release (10m)', 'total: 2h 55m'].join('\n'),
  );
});
