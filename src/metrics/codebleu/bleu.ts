// The two n-gram parts of CodeBLEU, as k4black/codebleu computes them for one hypothesis:
// BLEU-4 (NLTK's corpus_bleu: clipped precision, closest-reference brevity penalty, smoothing
// method1 adding 0.1 to zero numerators, 0 without a unigram match) and the weighted n-gram match
// (recall over reference n-grams, unigrams weighted 1 for keywords and 0.2 otherwise). The
// weighted part measures its brevity penalty against a "reference length" of 2, the length of the
// [tokens, weights] pair the reference passes along: a quirk reproduced on purpose.

const ORDERS = [1, 2, 3, 4] as const;
const WEIGHT = 0.25;
const EPSILON = 0.1;

/** n-gram counts in first-appearance order (the order Python's Counter iterates in). */
function ngramCounts(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let index = 0; index + n <= tokens.length; index++) {
    // Tokens come from a whitespace split, so a space cannot occur inside one.
    const gram = tokens.slice(index, index + n).join(' ');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

function sumValues(counts: Map<string, number>): number {
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
}

/** Python's math.fsum: the correctly rounded sum (Shewchuk's partials, half-even at the end). */
function fsum(values: readonly number[]): number {
  const partials: number[] = [];
  for (let x of values) {
    let kept = 0;
    for (let y of partials) {
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[kept++] = lo;
      x = hi;
    }
    partials.length = kept;
    partials.push(x);
  }
  let n = partials.length;
  if (n === 0) return 0;
  let hi = partials[--n]!;
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n]!;
    hi = x + y;
    lo = y - (hi - x);
    if (lo !== 0) break;
  }
  if (n > 0 && ((lo < 0 && partials[n - 1]! < 0) || (lo > 0 && partials[n - 1]! > 0))) {
    const y = lo * 2;
    const x = hi + y;
    if (y === x - hi) hi = x;
  }
  return hi;
}

function closestReferenceLength(referenceLengths: readonly number[], hypothesisLength: number): number {
  let best = referenceLengths[0]!;
  for (const length of referenceLengths) {
    const distance = Math.abs(length - hypothesisLength);
    const bestDistance = Math.abs(best - hypothesisLength);
    if (distance < bestDistance || (distance === bestDistance && length < best)) best = length;
  }
  return best;
}

function brevityPenalty(referenceLength: number, hypothesisLength: number): number {
  if (hypothesisLength > referenceLength) return 1;
  if (hypothesisLength === 0) return 0;
  return Math.exp(1 - referenceLength / hypothesisLength);
}

/** exp(Σ 0.25 · log p_n) · BP over (numerator, denominator) pairs, smoothing zero numerators. */
function geometricMean(fractions: readonly [number, number][], penalty: number): number {
  if (fractions[0]![0] === 0) return 0;
  const logs = fractions.map(
    ([numerator, denominator]) => WEIGHT * Math.log((numerator === 0 ? numerator + EPSILON : numerator) / denominator),
  );
  return penalty * Math.exp(fsum(logs));
}

/** CodeBLEU's "ngram_match_score": BLEU-4 of one hypothesis against its references. */
export function bleu(references: readonly (readonly string[])[], hypothesis: readonly string[]): number {
  const fractions = ORDERS.map((n): [number, number] => {
    const counts = ngramCounts(hypothesis, n);
    const maxCounts = new Map<string, number>();
    for (const reference of references) {
      const referenceCounts = ngramCounts(reference, n);
      for (const gram of counts.keys())
        maxCounts.set(gram, Math.max(maxCounts.get(gram) ?? 0, referenceCounts.get(gram) ?? 0));
    }
    let clipped = 0;
    for (const [gram, count] of counts) clipped += Math.min(count, maxCounts.get(gram)!);
    return [clipped, Math.max(1, sumValues(counts))];
  });
  const penalty = brevityPenalty(
    closestReferenceLength(
      references.map((r) => r.length),
      hypothesis.length,
    ),
    hypothesis.length,
  );
  return geometricMean(fractions, penalty);
}

/** CodeBLEU's "weighted_ngram_match_score". */
export function weightedNgramMatch(
  references: readonly (readonly string[])[],
  hypothesis: readonly string[],
  keywords: ReadonlySet<string>,
): number {
  const fractions = ORDERS.map((n): [number, number] => {
    const counts = ngramCounts(hypothesis, n);
    let numerator = 0;
    let denominator = 0;
    for (const reference of references) {
      const referenceCounts = ngramCounts(reference, n);
      let clipped = 0;
      let total = 0;
      for (const [gram, count] of referenceCounts) {
        // Unigram grams are single tokens; every reference token has a weight, so n = 1 is always weighted.
        const weight = n === 1 ? (keywords.has(gram) ? 1 : 0.2) : 1;
        clipped += Math.min(count, counts.get(gram) ?? 0) * weight;
        total += count * weight;
      }
      numerator += clipped;
      denominator += Math.max(1, total);
    }
    return [numerator, denominator];
  });
  const referenceLengths = references.map(() => 2);
  return geometricMean(
    fractions,
    brevityPenalty(closestReferenceLength(referenceLengths, hypothesis.length), hypothesis.length),
  );
}
