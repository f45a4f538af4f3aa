// pass@k, as YABLoCo reports it: the unbiased estimator of Chen et al. (2021), and the simpler
// "one of the first k samples passed" count.
import { InputError } from '../util/errors.ts';

function checkCount(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new InputError(`pass@k: ${name} must be an integer in ${min}..${max}, got ${value}`);
  }
}

/**
 * `pass@k`: 1 - C(n-c, k) / C(n, k) for n samples of which c pass, computed as the product
 * 1 - Π_{i=n-c+1..n} (1 - k/i), which stays accurate where the binomials overflow. 1 when n-c < k.
 */
export function passAtK(n: number, c: number, k: number): number {
  checkCount('n', n, 1, Number.MAX_SAFE_INTEGER);
  checkCount('c', c, 0, n);
  checkCount('k', k, 1, n);
  if (n - c < k) return 1;
  let allFail = 1;
  for (let i = n - c + 1; i <= n; i++) allFail *= 1 - k / i;
  return 1 - allFail;
}

/** `pass@k-first`: 1 if any of the first k samples passed, else 0. */
export function passAtKFirst(verdicts: readonly boolean[], k: number): number {
  checkCount('k', k, 1, Number.MAX_SAFE_INTEGER);
  if (k > verdicts.length) throw new InputError(`pass@k-first: k=${k} but only ${verdicts.length} samples`);
  return verdicts.slice(0, k).some(Boolean) ? 1 : 0;
}
