// Statistics of the report's figures: percentile bootstrap intervals of a mean (resampling tasks,
// seeded), McNemar's exact test on paired 0/1 outcomes, and the paired bootstrap test of a mean
// difference.
import { randomFor } from '../util/random.ts';

export interface Interval {
  mean: number;
  low: number;
  high: number;
}

export const BOOTSTRAP_RESAMPLES = 1000;

function quantileOfSorted(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))]!;
}

/**
 * The mean of `values` with its 95% percentile bootstrap interval: `resamples` means of samples drawn
 * with replacement (generator keyed by seed and `key`, so each cell of a figure is reproducible alone).
 */
export function bootstrapMean(values: readonly number[], seed: number, key: string, resamples = BOOTSTRAP_RESAMPLES): Interval | null {
  const n = values.length;
  if (n === 0) return null;
  let total = 0;
  for (const v of values) total += v;
  const mean = total / n;
  if (n === 1) return { mean, low: mean, high: mean };
  const random = randomFor(seed, 'bootstrap-mean', key);
  const means = new Array<number>(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[random.int(n)]!;
    means[r] = sum / n;
  }
  means.sort((a, b) => a - b);
  return { mean, low: quantileOfSorted(means, 0.025), high: quantileOfSorted(means, 0.975) };
}

/** ln C(n, k) by summing logs (exact enough for n up to millions, no overflow). */
function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 1; i <= k; i++) sum += Math.log(n - k + i) - Math.log(i);
  return sum;
}

/**
 * McNemar's exact test: the two-sided binomial p-value of `gained` against `lost` discordant pairs
 * under p = 1/2, i.e. min(1, 2 * sum_{i <= min(b, c)} C(b + c, i) / 2^(b + c)).
 */
export function mcnemarExact(gained: number, lost: number): number {
  const n = gained + lost;
  if (n === 0) return 1;
  const smaller = Math.min(gained, lost);
  let tail = 0;
  for (let i = 0; i <= smaller; i++) tail += Math.exp(logChoose(n, i) - n * Math.LN2);
  return Math.min(1, 2 * tail);
}

export interface PairedTest extends Interval {
  tasks: number;
  /** two-sided bootstrap p-value: twice the share of resampled means on the far side of 0. */
  p: number;
}

/** Paired bootstrap of the mean of per-task differences (candidate - baseline). */
export function pairedBootstrapTest(differences: readonly number[], seed: number, key: string, resamples = BOOTSTRAP_RESAMPLES): PairedTest | null {
  const n = differences.length;
  if (n === 0) return null;
  const mean = differences.reduce((a, b) => a + b, 0) / n;
  const random = randomFor(seed, 'paired-bootstrap-test', key);
  const means = new Array<number>(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += differences[random.int(n)]!;
    means[r] = sum / n;
  }
  means.sort((a, b) => a - b);
  const below = means.filter((m) => m <= 0).length / resamples;
  const above = means.filter((m) => m >= 0).length / resamples;
  return { tasks: n, mean, low: quantileOfSorted(means, 0.025), high: quantileOfSorted(means, 0.975), p: Math.min(1, 2 * Math.min(below, above)) };
}
