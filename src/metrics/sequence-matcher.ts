// difflib.SequenceMatcher(None, a, b).ratio() of CPython 3.11, element for element: the same
// b2j index, the same "popular element" purge for sequences of 200+ elements (autojunk), the same
// tie-breaking in find_longest_match and the same recursion over the unmatched ranges. Its ratio
// is what fuzzywuzzy's fuzz.ratio returns when python-Levenshtein is not installed.

interface Match {
  i: number;
  j: number;
  size: number;
}

class LongestMatchFinder {
  private readonly b2j: Map<number, number[]>;
  // Two rows of Python's `j2len` dict, with a row id per entry instead of clearing them.
  private lengths: Int32Array;
  private stamps: Int32Array;
  private previousLengths: Int32Array;
  private previousStamps: Int32Array;
  private rowId = 0;

  constructor(
    private readonly a: readonly number[],
    private readonly b: readonly number[],
    autojunk: boolean,
  ) {
    const b2j = new Map<number, number[]>();
    b.forEach((element, index) => {
      const indices = b2j.get(element);
      if (indices) indices.push(index);
      else b2j.set(element, [index]);
    });
    // Elements making up more than 1% of a long b are "popular" and dropped from the index;
    // they can still be absorbed when a match is extended (they are not junk).
    if (autojunk && b.length >= 200) {
      const threshold = Math.floor(b.length / 100) + 1;
      for (const [element, indices] of b2j) if (indices.length > threshold) b2j.delete(element);
    }
    this.b2j = b2j;
    const size = b.length + 1;
    this.lengths = new Int32Array(size);
    this.stamps = new Int32Array(size);
    this.previousLengths = new Int32Array(size);
    this.previousStamps = new Int32Array(size);
  }

  find(alo: number, ahi: number, blo: number, bhi: number): Match {
    const { a, b, b2j } = this;
    let besti = alo;
    let bestj = blo;
    let bestsize = 0;
    let previousRow = ++this.rowId;
    for (let i = alo; i < ahi; i++) {
      const row = ++this.rowId;
      const indices = b2j.get(a[i]!);
      if (indices) {
        for (const j of indices) {
          if (j < blo) continue;
          if (j >= bhi) break;
          const before = j > 0 && this.previousStamps[j - 1] === previousRow ? this.previousLengths[j - 1]! : 0;
          const k = before + 1;
          this.lengths[j] = k;
          this.stamps[j] = row;
          if (k > bestsize) {
            besti = i - k + 1;
            bestj = j - k + 1;
            bestsize = k;
          }
        }
      }
      [this.lengths, this.previousLengths] = [this.previousLengths, this.lengths];
      [this.stamps, this.previousStamps] = [this.previousStamps, this.stamps];
      previousRow = row;
    }
    // There is no junk (isjunk is None), so the match extends over equal neighbours of any kind.
    while (besti > alo && bestj > blo && a[besti - 1] === b[bestj - 1]) {
      besti--;
      bestj--;
      bestsize++;
    }
    while (besti + bestsize < ahi && bestj + bestsize < bhi && a[besti + bestsize] === b[bestj + bestsize]) bestsize++;
    return { i: besti, j: bestj, size: bestsize };
  }
}

/** Total size of SequenceMatcher's matching blocks. */
export function matchingCharacters(a: readonly number[], b: readonly number[], autojunk = true): number {
  const finder = new LongestMatchFinder(a, b, autojunk);
  const queue: [number, number, number, number][] = [[0, a.length, 0, b.length]];
  let matched = 0;
  while (queue.length > 0) {
    const [alo, ahi, blo, bhi] = queue.pop()!;
    const { i, j, size } = finder.find(alo, ahi, blo, bhi);
    if (size === 0) continue;
    matched += size;
    if (alo < i && blo < j) queue.push([alo, i, blo, j]);
    if (i + size < ahi && j + size < bhi) queue.push([i + size, ahi, j + size, bhi]);
  }
  return matched;
}

/** SequenceMatcher(None, a, b).ratio(): 2·M / (len(a) + len(b)), 1.0 for two empty sequences. */
export function sequenceMatcherRatio(a: readonly number[], b: readonly number[], autojunk = true): number {
  const length = a.length + b.length;
  return length === 0 ? 1 : (2 * matchingCharacters(a, b, autojunk)) / length;
}
