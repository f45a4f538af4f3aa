import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareTasks, createTask, describeTask, isPriority, priorityWeight, type Task } from '../src/task.js';
import { IdGenerator } from '../src/util/ids.js';

test('createTask validates and fills defaults', () => {
  const ids = new IdGenerator('task');
  const task = createTask(ids, { title: '  Write report ', duration: '1h30m', dependsOn: ['task-0'] });
  assert.deepEqual(task, { id: 'task-1', title: 'Write report', priority: 'normal', durationMs: 5_400_000, dependsOn: ['task-0'] });
  const urgent = createTask(ids, { title: 'Fix bug', duration: '20m', priority: 'urgent', deadline: 1000 });
  assert.equal(urgent.id, 'task-2');
  assert.equal(urgent.deadline, 1000);
  assert.throws(() => createTask(ids, { title: '   ', duration: '1m' }), /title must not be blank/);
  assert.throws(() => createTask(ids, { title: 'Nothing', duration: '0s' }), /must take some time/);
});

test('priorities have increasing weights', () => {
  assert.deepEqual((['low', 'normal', 'high', 'urgent'] as const).map(priorityWeight), [0, 1, 2, 3]);
  assert.equal(isPriority('high'), true);
  assert.equal(isPriority('toString'), false);
});

test('compareTasks orders by priority, deadline, then id', () => {
  const make = (id: string, priority: Task['priority'], deadline?: number): Task =>
    ({ id, title: id, priority, durationMs: 1, dependsOn: [], ...(deadline === undefined ? {} : { deadline }) });
  const tasks = [make('task-1', 'low'), make('task-2', 'high'), make('task-10', 'high', 50), make('task-3', 'high', 20), make('task-4', 'normal')];
  assert.deepEqual(tasks.sort(compareTasks).map((task) => task.id), ['task-3', 'task-10', 'task-2', 'task-4', 'task-1']);
  assert.ok(compareTasks(make('task-2', 'low'), make('task-10', 'low')) < 0);
});

test('describeTask renders one line', () => {
  const task = createTask(new IdGenerator('task'), { title: 'Deploy', duration: '2h5m', priority: 'high' });
  assert.equal(describeTask(task), 'task-1 [high] Deploy (2h 5m)');
});
