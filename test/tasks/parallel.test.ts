// mapBatches: batches taken lazily as workers free up (a generator holds only those in flight),
// results in batch order whatever order they finish in, each reported as it arrives.
import assert from 'node:assert/strict';
import { availableParallelism } from 'node:os';
import { test } from 'node:test';
import { mapBatches, MIN_FILES_FOR_WORKERS } from '../../src/tasks/parallel.ts';
import { handle } from '../fixtures/tasks/workers/double.ts';

const MODULE = new URL('../fixtures/tasks/workers/double.ts', import.meta.url);

async function run(files: number, count: number) {
  let pulled = 0;
  let maxInFlight = 0;
  const arrived: number[] = [];
  function* batches() {
    for (let value = 0; value < count; value++) {
      pulled++;
      maxInFlight = Math.max(maxInFlight, pulled - arrived.length);
      // Later batches finish first: the order of arrival is not the order of batches.
      yield { value, delayMs: (count - value) % 7 };
    }
  }
  const results = await mapBatches(MODULE, handle, batches(), files, (result, index) => {
    assert.equal(result, index * 2);
    arrived.push(index);
  });
  return { results, arrived, maxInFlight };
}

test('on workers: results in batch order, each reported once as it arrives, at most two batches in flight per worker', async () => {
  const { results, arrived, maxInFlight } = await run(MIN_FILES_FOR_WORKERS, 30);
  assert.deepEqual(
    results,
    Array.from({ length: 30 }, (_, value) => value * 2),
  );
  assert.deepEqual(
    [...arrived].sort((a, b) => a - b),
    Array.from({ length: 30 }, (_, index) => index),
  );
  assert.ok(maxInFlight <= 2 * availableParallelism(), `${maxInFlight} batches in flight`);
});

test('on this thread (few files): one batch at a time, in order', async () => {
  const { results, arrived, maxInFlight } = await run(MIN_FILES_FOR_WORKERS - 1, 5);
  assert.deepEqual(results, [0, 2, 4, 6, 8]);
  assert.deepEqual(arrived, [0, 1, 2, 3, 4]);
  assert.equal(maxInFlight, 1);
});
