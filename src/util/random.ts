// Seeded randomness. Each draw site gets its own generator from (seed, key...), so that a file's
// tasks do not change when another file is added to or removed from the repository.
import { createHash } from 'node:crypto';

export interface Random {
  /** uniform in [0, 1). */
  next(): number;
  /** uniform integer in [0, n). */
  int(n: number): number;
  /** one element, uniformly. */
  pick<T>(items: readonly T[]): T;
  /** a shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/** sfc32 seeded with the SHA-256 of the seed and keys. */
export function randomFor(seed: number, ...keys: (string | number)[]): Random {
  const digest = createHash('sha256')
    .update([seed, ...keys].join('\0'))
    .digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: (items) => items[int(items.length)]!,
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
  };
}
