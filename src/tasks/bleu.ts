// YABLoCo's near-duplicate filter: sentence BLEU with weights (0.5, 0.5), computed exactly as
// nltk's `sentence_bleu` without smoothing (one reference), over the alphanumeric tokens of
// "name doc code"; pairs are compared as YABLoCo's `filter_duplicates_weak` does.

/** Tokens as YABLoCo splits them: every run of ASCII letters and digits. */
export function bleuTokens(text: string): string[] {
  return text.match(/[A-Za-z0-9]+/g) ?? [];
}

interface Counted {
  length: number;
  unigrams: Map<string, number>;
  bigrams: Map<string, number>;
}

function count(tokens: string[]): Counted {
  const unigrams = new Map<string, number>();
  const bigrams = new Map<string, number>();
  for (let i = 0; i < tokens.length; i++) {
    unigrams.set(tokens[i]!, (unigrams.get(tokens[i]!) ?? 0) + 1);
    if (i > 0) {
      const key = `${tokens[i - 1]}\0${tokens[i]}`;
      bigrams.set(key, (bigrams.get(key) ?? 0) + 1);
    }
  }
  return { length: tokens.length, unigrams, bigrams };
}

/** nltk's modified precision: clipped matches over the hypothesis' n-grams (denominator at least 1). */
function modifiedPrecision(reference: Map<string, number>, hypothesis: Map<string, number>): { numerator: number; denominator: number } {
  let numerator = 0;
  let total = 0;
  for (const [gram, n] of hypothesis) {
    numerator += Math.min(n, reference.get(gram) ?? 0);
    total += n;
  }
  return { numerator, denominator: Math.max(1, total) };
}

// Python's sys.float_info.min: what nltk's method0 puts in place of a zero precision.
const PYTHON_FLOAT_MIN = 2.2250738585072014e-308;

function bleu2Counted(reference: Counted, hypothesis: Counted): number {
  const precisions = [modifiedPrecision(reference.unigrams, hypothesis.unigrams), modifiedPrecision(reference.bigrams, hypothesis.bigrams)];
  if (precisions[0]!.numerator === 0) return 0;
  const c = hypothesis.length;
  const r = reference.length;
  const brevity = c > r ? 1 : c === 0 ? 0 : Math.exp(1 - r / c);
  let logSum = 0;
  for (const p of precisions) logSum += 0.5 * Math.log(p.numerator === 0 ? PYTHON_FLOAT_MIN : p.numerator / p.denominator);
  return brevity * Math.exp(logSum);
}

/** `sentence_bleu([reference], hypothesis, weights=(0.5, 0.5))` of nltk. */
export function sentenceBleu2(reference: string[], hypothesis: string[]): number {
  return bleu2Counted(count(reference), count(hypothesis));
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

export const YABLOCO_DUPLICATES: DuplicateOptions = { threshold: 0.2, window: 3000, maxCallerGap: 3, minSharedTokens: 5 };

/**
 * Indices of the candidates YABLoCo drops as near-duplicates: in code-length order (stable), each
 * kept function is the reference and every later one within the window whose BLEU-2 reaches the
 * threshold is dropped. Returns, for each dropped index, the index it duplicates.
 */
export function nearDuplicates(candidates: DuplicateCandidate[], options: DuplicateOptions = YABLOCO_DUPLICATES): Map<number, number> {
  const order = candidates.map((_, index) => index).sort((a, b) => candidates[a]!.codeLength - candidates[b]!.codeLength || a - b);
  const counted = order.map((index) => count(candidates[index]!.tokens));
  const sets = counted.map((c) => new Set(c.unigrams.keys()));
  const dropped = new Map<number, number>();
  const droppedPositions = new Set<number>();
  for (let i = 0; i < order.length; i++) {
    if (droppedPositions.has(i)) continue;
    const callers = candidates[order[i]!]!.callers;
    for (let j = i + 1; j < Math.min(order.length, i + options.window); j++) {
      if (Math.abs(callers - candidates[order[j]!]!.callers) > options.maxCallerGap) continue;
      if (sharedCount(sets[i]!, sets[j]!) < options.minSharedTokens) continue;
      if (bleu2Counted(counted[i]!, counted[j]!) >= options.threshold) {
        if (!droppedPositions.has(j)) dropped.set(order[j]!, order[i]!);
        droppedPositions.add(j);
      }
    }
  }
  return dropped;
}

function sharedCount(a: Set<string>, b: Set<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const token of small) if (large.has(token)) shared++;
  return shared;
}
