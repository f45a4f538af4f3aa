// The correctly rounded log behind BM25's idf, against Python's math.log (glibc) and a 50-digit
// decimal ln over every k + 0.5 below 200,000 (fixtures/context/parity/make-log-vectors.py).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { correctlyRoundedLog } from '../../src/util/log.ts';

interface LogVectors {
  count: number;
  glibcSha256: string;
  correctlyRoundedSha256: string;
  v8Differs: [number, string][];
  glibcMisrounded: [number, string, string, string][];
}
const vectors = JSON.parse(
  readFileSync(new URL('../fixtures/context/parity/log-vectors.json', import.meta.url), 'utf8'),
) as LogVectors;

test('ln(k + 0.5) is the nearest double for every k below 200,000, and equals glibc except where glibc misrounds', () => {
  const results = new Float64Array(vectors.count);
  for (let k = 0; k < vectors.count; k++) results[k] = correctlyRoundedLog(k + 0.5);
  const digest = () => createHash('sha256').update(new Uint8Array(results.buffer)).digest('hex');
  assert.equal(digest(), vectors.correctlyRoundedSha256);
  // glibc's log is off by one ulp on 9 values (all above 38,000) that lie within 1e-4 ulp of a midpoint.
  assert.equal(vectors.glibcMisrounded.length, 9);
  assert.ok(vectors.glibcMisrounded.every(([x]) => x > 38000));
  for (const [x, glibc] of vectors.glibcMisrounded) results[x - 0.5] = Number(glibc);
  assert.equal(digest(), vectors.glibcSha256);
});

test("where V8's Math.log differs from glibc (1,986 values), ours agrees with glibc", () => {
  assert.equal(vectors.v8Differs.length, 1986);
  const misrounded = new Set(vectors.glibcMisrounded.map(([x]) => x));
  const disagreeing = vectors.v8Differs.filter(
    ([x, glibc]) => !misrounded.has(x) && correctlyRoundedLog(x) !== Number(glibc),
  );
  assert.deepEqual(disagreeing, []);
  assert.ok(vectors.v8Differs.some(([x, glibc]) => Math.log(x) !== Number(glibc)));
});

test('special values behave as Math.log', () => {
  assert.equal(correctlyRoundedLog(1), 0);
  assert.equal(correctlyRoundedLog(0), -Infinity);
  assert.ok(Number.isNaN(correctlyRoundedLog(-1)));
  assert.equal(correctlyRoundedLog(Infinity), Infinity);
  assert.equal(correctlyRoundedLog(2), 0.6931471805599453);
  assert.equal(correctlyRoundedLog(5e-324), -744.4400719213812);
  assert.equal(correctlyRoundedLog(3), 1.0986122886681098); // Math.log(3) is one ulp low
});
