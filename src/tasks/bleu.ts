// YABLoCo's near-duplicate filter: sentence BLEU with weights (0.5, 0.5), computed exactly as
// nltk's `sentence_bleu` without smoothing (one reference), over the alphanumeric tokens of
// "name doc code"; pairs are compared as YABLoCo's `filter_duplicates_weak` does.

/** Tokens as YABLoCo splits them: every run of ASCII letters and digits. */
export function bleuTokens(text: string): string[] {
  return text.match(/[A-Za-z0-9]+/g) ?? [];
}

/** A token list counted once: n-grams as integer keys (token ids from a shared vocabulary). */
interface Counted {
  length: number;
  unigrams: Map<number, number>;
  bigrams: Map<number, number>;
  /** distinct token ids, ascending. */
  distinct: Int32Array;
}

// Bigram key = first id * 2^26 + second id: exact in a double for vocabularies below 2^26 tokens.
const BIGRAM_SHIFT = 67108864;

// A token outside a frozen vocabulary: it matches nothing, but counts in lengths and precisions.
const UNKNOWN = -2;

/** Counts n-grams; a `frozen` vocabulary gets no new tokens (streamed candidates keep memory flat). */
function count(tokens: string[], vocabulary: Map<string, number>, frozen = false): Counted {
  const unigrams = new Map<number, number>();
  const bigrams = new Map<number, number>();
  let previous = -1;
  for (const token of tokens) {
    let id = vocabulary.get(token);
    if (id === undefined && frozen) {
      id = UNKNOWN;
    } else if (id === undefined) {
      id = vocabulary.size;
      vocabulary.set(token, id);
    }
    unigrams.set(id, (unigrams.get(id) ?? 0) + 1);
    if (previous !== -1) {
      const key = previous * BIGRAM_SHIFT + id;
      bigrams.set(key, (bigrams.get(key) ?? 0) + 1);
    }
    previous = id;
  }
  return { length: tokens.length, unigrams, bigrams, distinct: Int32Array.from(unigrams.keys()).sort() };
}

/** nltk's modified precision: clipped matches over the hypothesis' n-grams (denominator at least 1). */
function modifiedPrecision(
  reference: Map<number, number>,
  hypothesis: Map<number, number>,
): { numerator: number; denominator: number } {
  let numerator = 0;
  let total = 0;
  for (const [gram, n] of hypothesis) {
    const available = reference.get(gram);
    if (available !== undefined) numerator += Math.min(n, available);
    total += n;
  }
  return { numerator, denominator: Math.max(1, total) };
}

// Python's sys.float_info.min: what nltk's method0 puts in place of a zero precision.
const PYTHON_FLOAT_MIN = 2.2250738585072014e-308;

function brevityPenalty(reference: Counted, hypothesis: Counted): number {
  const c = hypothesis.length;
  const r = reference.length;
  return c > r ? 1 : c === 0 ? 0 : Math.exp(1 - r / c);
}

/** log of a modified precision as nltk's method0 smooths it. */
function logPrecision(p: { numerator: number; denominator: number }): number {
  return Math.log(p.numerator === 0 ? PYTHON_FLOAT_MIN : p.numerator / p.denominator);
}

function bleu2Counted(reference: Counted, hypothesis: Counted): number {
  const unigram = modifiedPrecision(reference.unigrams, hypothesis.unigrams);
  if (unigram.numerator === 0) return 0;
  const bigram = modifiedPrecision(reference.bigrams, hypothesis.bigrams);
  return brevityPenalty(reference, hypothesis) * Math.exp(0.5 * logPrecision(unigram) + 0.5 * logPrecision(bigram));
}

/**
 * Whether BLEU-2 reaches `threshold`. The bigram precision is at most 1, so bp * sqrt(p1) bounds
 * the score: pairs clearly below the threshold on unigrams alone skip the bigram count.
 */
function reaches(reference: Counted, hypothesis: Counted, threshold: number): boolean {
  const unigram = modifiedPrecision(reference.unigrams, hypothesis.unigrams);
  if (unigram.numerator === 0) return false;
  const brevity = brevityPenalty(reference, hypothesis);
  if (brevity * Math.sqrt(unigram.numerator / unigram.denominator) < threshold * (1 - 1e-9)) return false;
  const bigram = modifiedPrecision(reference.bigrams, hypothesis.bigrams);
  return brevity * Math.exp(0.5 * logPrecision(unigram) + 0.5 * logPrecision(bigram)) >= threshold;
}

/** `sentence_bleu([reference], hypothesis, weights=(0.5, 0.5))` of nltk. */
export function sentenceBleu2(reference: string[], hypothesis: string[]): number {
  const vocabulary = new Map<string, number>();
  return bleu2Counted(count(reference, vocabulary), count(hypothesis, vocabulary));
}

export interface DuplicateCandidate {
  /** `name doc code` tokens (see bleuTokens). */
  tokens: string[];
  /** last line minus first line (YABLoCo's code_length): the comparison order. */
  codeLength: number;
  /** number of callers: only candidates within `maxCallerGap` of each other are compared. */
  callers: number;
}

export interface DuplicateOptions {
  threshold: number;
  /** each function is compared with the next `window - 1` in code-length order. */
  window: number;
  maxCallerGap: number;
  /** pairs sharing fewer distinct tokens are not compared. */
  minSharedTokens: number;
}

export const YABLOCO_DUPLICATES: DuplicateOptions = {
  threshold: 0.2,
  window: 3000,
  maxCallerGap: 3,
  minSharedTokens: 5,
};

/**
 * Indices of the candidates YABLoCo drops as near-duplicates: in code-length order (stable), each
 * kept function is the reference and every later one within the window whose BLEU-2 reaches the
 * threshold is dropped. Returns, for each dropped index, the index it duplicates.
 */
export function nearDuplicates(
  candidates: DuplicateCandidate[],
  options: DuplicateOptions = YABLOCO_DUPLICATES,
): Map<number, number> {
  const order = candidates
    .map((_, index) => index)
    .sort((a, b) => candidates[a]!.codeLength - candidates[b]!.codeLength || a - b);
  const vocabulary = new Map<string, number>();
  const counted = order.map((index) => count(candidates[index]!.tokens, vocabulary));
  const dropped = new Map<number, number>();
  const droppedPositions = new Set<number>();
  for (let i = 0; i < order.length; i++) {
    if (droppedPositions.has(i)) continue;
    const callers = candidates[order[i]!]!.callers;
    for (let j = i + 1; j < Math.min(order.length, i + options.window); j++) {
      if (Math.abs(callers - candidates[order[j]!]!.callers) > options.maxCallerGap) continue;
      if (sharedCount(counted[i]!.distinct, counted[j]!.distinct) < options.minSharedTokens) continue;
      if (reaches(counted[i]!, counted[j]!, options.threshold)) {
        if (!droppedPositions.has(j)) dropped.set(order[j]!, order[i]!);
        droppedPositions.add(j);
      }
    }
  }
  return dropped;
}

/**
 * A checker of candidates against fixed references: the index of the first reference whose BLEU-2
 * with the candidate (reference as nltk's reference, candidate as its hypothesis) reaches
 * `threshold`, or -1. References are counted once, so candidates can stream through.
 */
export function duplicateChecker(references: string[][], threshold: number): (candidate: string[]) => number {
  const vocabulary = new Map<string, number>();
  const counted = references.map((tokens) => count(tokens, vocabulary));
  return (candidate) => {
    const hypothesis = count(candidate, vocabulary, true);
    return counted.findIndex((reference) => reaches(reference, hypothesis, threshold));
  };
}

/** `duplicateChecker` over a list: each candidate index that duplicates a reference, mapped to that reference. */
export function nearDuplicatesOf(
  references: string[][],
  candidates: string[][],
  threshold: number,
): Map<number, number> {
  const check = duplicateChecker(references, threshold);
  const found = new Map<number, number>();
  candidates.forEach((tokens, index) => {
    const match = check(tokens);
    if (match >= 0) found.set(index, match);
  });
  return found;
}

/** Number of ids two ascending id lists share. */
function sharedCount(a: Int32Array, b: Int32Array): number {
  let shared = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      shared++;
      i++;
      j++;
    } else if (a[i]! < b[j]!) {
      i++;
    } else {
      j++;
    }
  }
  return shared;
}
