import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PriorityQueue } from '../src/queue.js';

const byNumber = (a: number, b: number): number => a - b;

test('pops items in comparator order', () => {
  const queue = new PriorityQueue<number>(byNumber);
  [5, 3, 8, 1, 9, 2, 7].forEach((n) => queue.push(n));
  assert.equal(queue.size, 7);
  assert.equal(queue.peek(), 1);
  const popped: number[] = [];
  while (!queue.isEmpty()) popped.push(queue.pop()!);
  assert.deepEqual(popped, [1, 2, 3, 5, 7, 8, 9]);
  assert.equal(queue.pop(), undefined);
  assert.equal(queue.peek(), undefined);
});

test('reverse comparator gives a max-heap', () => {
  const queue = new PriorityQueue<string>((a, b) => b.localeCompare(a));
  ['pear', 'apple', 'fig', 'kiwi'].forEach((fruit) => queue.push(fruit));
  assert.deepEqual(queue.toSortedArray(), ['pear', 'kiwi', 'fig', 'apple']);
  assert.equal(queue.size, 4);
  assert.equal(queue.pop(), 'pear');
  assert.equal(queue.pop(), 'kiwi');
});

test('removeWhere drops matching items and keeps heap order', () => {
  const queue = new PriorityQueue<number>(byNumber);
  [10, 4, 7, 1, 6, 3].forEach((n) => queue.push(n));
  assert.equal(queue.removeWhere((n) => n % 2 === 0), 3);
  assert.equal(queue.size, 3);
  assert.deepEqual([queue.pop(), queue.pop(), queue.pop()], [1, 3, 7]);
  assert.ok(queue.isEmpty());
});
