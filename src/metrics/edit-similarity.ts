// Edit similarity in the three forms the seed papers report:
// - `es`: fuzzywuzzy fuzz.ratio with the python-Levenshtein backend (CrossCodeEval, YABLoCo);
// - `es-difflib`: fuzz.ratio with its difflib fallback (what you get without python-Levenshtein);
// - `es-levenshtein`: RepoCoder's 1 - Levenshtein distance / max length, over normalised lines.
import { codePoints, pyStrip, pySplitLines, roundHalfEven } from './pystr.ts';
import { sequenceMatcherRatio } from './sequence-matcher.ts';

/** Longest common subsequence length, bit-parallel (Hyyrö 2004) over 32-bit words. */
export function lcsLength(a: readonly number[], b: readonly number[]): number {
  // The shorter sequence is the bit pattern, so fewer words per step.
  const [pattern, text] = a.length <= b.length ? [a, b] : [b, a];
  const length = pattern.length;
  if (length === 0) return 0;
  const words = Math.ceil(length / 32);
  const masks = new Map<number, Uint32Array>();
  for (let index = 0; index < length; index++) {
    let mask = masks.get(pattern[index]!);
    if (!mask) masks.set(pattern[index]!, (mask = new Uint32Array(words)));
    mask[index >>> 5]! |= 1 << (index & 31);
  }
  const state = new Uint32Array(words).fill(0xffffffff);
  for (const element of text) {
    const mask = masks.get(element);
    if (!mask) continue;
    let carry = 0;
    for (let word = 0; word < words; word++) {
      const v = state[word]!;
      const u = (v & mask[word]!) >>> 0;
      const sum = v + u + carry;
      carry = sum > 0xffffffff ? 1 : 0;
      // V' = (V + U) | (V - U); U is a subset of V's bits, so V - U never borrows.
      state[word] = ((sum >>> 0) | (v & ~u)) >>> 0;
    }
  }
  let zeros = 0;
  for (let index = 0; index < length; index++) if ((state[index >>> 5]! & (1 << (index & 31))) === 0) zeros++;
  return zeros;
}

/** Insert/delete-only edit distance (a substitution costs 2), as python-Levenshtein's ratio uses. */
export function indelDistance(a: readonly number[], b: readonly number[]): number {
  return a.length + b.length - 2 * lcsLength(a, b);
}

/** Levenshtein.ratio(a, b): (len1 + len2 - indel) / (len1 + len2) over code points. */
export function indelRatio(a: string, b: string): number {
  const pa = codePoints(a);
  const pb = codePoints(b);
  const total = pa.length + pb.length;
  return total === 0 ? 1 : (total - indelDistance(pa, pb)) / total;
}

/** Classic Levenshtein distance (unit costs), as the `editdistance` package computes it. */
export function levenshteinDistance(a: readonly number[], b: readonly number[]): number {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const rows = endA - start;
  const columns = endB - start;
  if (rows === 0) return columns;
  if (columns === 0) return rows;
  const row = new Int32Array(columns + 1);
  for (let j = 0; j <= columns; j++) row[j] = j;
  for (let i = 1; i <= rows; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    const element = a[start + i - 1];
    for (let j = 1; j <= columns; j++) {
      const above = row[j]!;
      const substitution = diagonal + (element === b[start + j - 1] ? 0 : 1);
      row[j] = Math.min(above + 1, row[j - 1]! + 1, substitution);
      diagonal = above;
    }
  }
  return row[columns]!;
}

/** fuzz.ratio's envelope: equal strings 100, one empty 0, else round(100 · ratio) half to even. */
function fuzzRatio(prediction: string, reference: string, ratio: (a: number[], b: number[]) => number): number {
  const pred = pyStrip(prediction);
  const ref = pyStrip(reference);
  if (pred === ref) return 100;
  if (pred.length === 0 || ref.length === 0) return 0;
  return roundHalfEven(100 * ratio(codePoints(pred), codePoints(ref)));
}

/** `es`: fuzz.ratio(pred.strip(), gt.strip()) with python-Levenshtein installed (0..100). */
export function editSimilarity(prediction: string, reference: string): number {
  return fuzzRatio(
    prediction,
    reference,
    (a, b) => (a.length + b.length - indelDistance(a, b)) / (a.length + b.length),
  );
}

/** `es-difflib`: fuzz.ratio(pred.strip(), gt.strip()) on difflib.SequenceMatcher (0..100). */
export function editSimilarityDifflib(prediction: string, reference: string): number {
  return fuzzRatio(prediction, reference, (a, b) => sequenceMatcherRatio(a, b));
}

/**
 * `es-levenshtein`: RepoCoder's compute_ES for one prediction: stripped non-empty lines joined by
 * `\n`, the prediction cut to the reference's line count, 1 - distance / max length (0..1). Two
 * empty texts (a division by zero in RepoCoder) count as identical: 1.
 */
export function editSimilarityLevenshtein(prediction: string, reference: string): number {
  const referenceLines = pySplitLines(reference)
    .map(pyStrip)
    .filter((line) => line !== '');
  const predictionLines = pySplitLines(prediction)
    .map(pyStrip)
    .filter((line) => line !== '')
    .slice(0, referenceLines.length);
  const ref = codePoints(referenceLines.join('\n'));
  const pred = codePoints(predictionLines.join('\n'));
  const longest = Math.max(ref.length, pred.length);
  return longest === 0 ? 1 : 1 - levenshteinDistance(ref, pred) / longest;
}
