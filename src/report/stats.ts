// Statistics of the report's figures: percentile bootstrap intervals of a mean (resampling tasks,
// seeded), McNemar's exact test on paired 0/1 outcomes, and the paired bootstrap test of a mean
// difference. Above NORMAL_LIMIT tasks a cell uses the bootstrap's normal limit (mean ± 1.96 · sd/√n,
// sd with divisor n as the resampling uses): at 500 tasks the two already differ by at most 0.11
// points, less than the bootstrap's own seed-to-seed variation (0.2; docs/report.md), and resampling
// would cost n x 1,000 draws per cell.
import { randomFor } from '../util/random.ts';

export interface Interval {
  mean: number;
  low: number;
  high: number;
}

export const BOOTSTRAP_RESAMPLES = 1000;
export const NORMAL_LIMIT = 500;
const Z_975 = 1.959963984540054;

function quantileOfSorted(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(q * sorted.length)))]!;
}

interface Resampled {
  mean: number;
  /** sorted means of the resamples, or null when the normal limit is used. */
  means: number[] | null;
  /** the plug-in standard error sd/√n (divisor n). */
  standardError: number;
}

function resample(values: readonly number[], seed: number, key: string, resamples: number): Resampled {
  const n = values.length;
  let total = 0;
  for (const v of values) total += v;
  const mean = total / n;
  let squares = 0;
  for (const v of values) squares += (v - mean) ** 2;
  const standardError = Math.sqrt(squares / n / n);
  if (n > NORMAL_LIMIT) return { mean, means: null, standardError };
  const random = randomFor(seed, 'bootstrap', key);
  const means = new Array<number>(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[random.int(n)]!;
    means[r] = sum / n;
  }
  means.sort((a, b) => a - b);
  return { mean, means, standardError };
}

function interval({ mean, means, standardError }: Resampled): Interval {
  if (means === null) return { mean, low: mean - Z_975 * standardError, high: mean + Z_975 * standardError };
  return { mean, low: quantileOfSorted(means, 0.025), high: quantileOfSorted(means, 0.975) };
}

/**
 * The mean of `values` with its 95% percentile bootstrap interval: `resamples` means of samples drawn
 * with replacement (generator keyed by seed and `key`, so each cell of a figure is reproducible alone).
 */
export function bootstrapMean(
  values: readonly number[],
  seed: number,
  key: string,
  resamples = BOOTSTRAP_RESAMPLES,
): Interval | null {
  if (values.length === 0) return null;
  return interval(resample(values, seed, key, resamples));
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

/**
 * The standard normal upper tail 1 - Φ(z), z >= 0 (erfc by Numerical Recipes' Chebyshev fit, relative error < 1.2e-7).
 */
function normalUpperTail(z: number): number {
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return erfc / 2;
}

export interface PairedTest extends Interval {
  tasks: number;
  /** two-sided p-value: twice the share of resampled means on the far side of 0 (normal limit: 2(1 - Φ(|mean|/se))). */
  p: number;
}

/** Paired bootstrap of the mean of per-task differences (candidate - baseline). */
export function pairedBootstrapTest(
  differences: readonly number[],
  seed: number,
  key: string,
  resamples = BOOTSTRAP_RESAMPLES,
): PairedTest | null {
  if (differences.length === 0) return null;
  const resampled = resample(differences, seed, `paired\0${key}`, resamples);
  const { means, mean, standardError } = resampled;
  let p: number;
  if (means === null)
    p = standardError === 0 ? (mean === 0 ? 1 : 0) : Math.min(1, 2 * normalUpperTail(Math.abs(mean) / standardError));
  else
    p = Math.min(
      1,
      (2 * Math.min(means.filter((m) => m <= 0).length, means.filter((m) => m >= 0).length)) / means.length,
    );
  return { tasks: differences.length, ...interval(resampled), p };
}
