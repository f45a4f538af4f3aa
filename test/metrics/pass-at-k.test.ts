// pass@k against the closed form with exact binomials, and YABLoCo's first-k count.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { passAtK, passAtKFirst } from '../../src/metrics/pass-at-k.ts';
import { InputError } from '../../src/util/errors.ts';

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/** 1 - C(n-c, k) / C(n, k) as an exact fraction, converted once to a double. */
function closedForm(n: number, c: number, k: number): number {
  const total = binomial(n, k);
  const failing = binomial(n - c, k);
  const scale = 10n ** 30n;
  return Number(((total - failing) * scale) / total) / 1e30;
}

test('pass@k equals the closed form for every n <= 20, c <= n, k <= n', () => {
  let checked = 0;
  for (let n = 1; n <= 20; n++) {
    for (let c = 0; c <= n; c++) {
      for (let k = 1; k <= n; k++) {
        const expected = n - c < k ? 1 : closedForm(n, c, k);
        const actual = passAtK(n, c, k);
        assert.ok(Math.abs(actual - expected) <= 1e-12, `n=${n} c=${c} k=${k}: ${actual} vs ${expected}`);
        checked++;
      }
    }
  }
  assert.equal(checked, 3080);
  assert.equal(passAtK(10, 0, 5), 0);
  assert.equal(passAtK(10, 6, 5), 1);
  assert.equal(passAtK(10, 1, 1), 1 - 0.9);
});

test('pass@k rejects counts outside their range', () => {
  assert.throws(() => passAtK(5, 6, 1), InputError);
  assert.throws(() => passAtK(5, 1, 0), InputError);
  assert.throws(() => passAtK(5, 1, 6), InputError);
  assert.throws(() => passAtK(5, 1.5, 1), InputError);
});

test('pass@k-first passes when one of the first k samples passed', () => {
  const verdicts = [false, false, true, false];
  assert.equal(passAtKFirst(verdicts, 1), 0);
  assert.equal(passAtKFirst(verdicts, 2), 0);
  assert.equal(passAtKFirst(verdicts, 3), 1);
  assert.equal(passAtKFirst(verdicts, 4), 1);
  assert.throws(() => passAtKFirst(verdicts, 5), /only 4 samples/);
  assert.throws(() => passAtKFirst(verdicts, 0), InputError);
});
