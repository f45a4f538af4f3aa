// Rankers over one candidate set, computed the way CrossCodeEval's Python computes them:
// BM25 Okapi as rank_bm25 (k1 1.5, b 0.75, epsilon 0.25 floor for negative idf), Jaccard of token
// sets, TF-IDF cosine as scikit-learn's TfidfVectorizer defaults; order = score, then chunk id, both
// descending (Python's `sorted(zip(scores, ids), reverse=True)`).
import type { Chunk } from './types.ts';
import { correctlyRoundedLog } from '../util/log.ts';
import { codeTokens } from './nltk.ts';

export const BM25_K1 = 1.5;
export const BM25_B = 0.75;
export const BM25_EPSILON = 0.25;

/** ln of the idf arguments (k + 0.5 for small k, over and over): computed once per value. */
const idfLogs = new Map<number, number>();
function idfLog(x: number): number {
  let value = idfLogs.get(x);
  if (value === undefined) {
    value = correctlyRoundedLog(x);
    idfLogs.set(x, value);
  }
  return value;
}

export interface Scored {
  scores: Float64Array;
  /** documents with a score set by a query term; the others score exactly 0. */
  touched: number[];
}

/** An inverted index over the ranked chunks of one candidate set. */
export class LexicalCorpus {
  readonly size: number;
  private readonly localOf: Int32Array;
  private readonly termCount: number;
  private readonly postingStart: Int32Array;
  private readonly postingDoc: Int32Array;
  private readonly postingTf: Int32Array;
  private readonly idRank: Int32Array;
  private readonly byIdDescending: Int32Array;
  private bm25?: Float64Array;
  private tfidf?: {
    vocabulary: Map<string, number>;
    idf: Float64Array;
    docTerms: Map<number, number>[];
    norms: Float64Array;
  };

  constructor(
    private readonly chunks: readonly Chunk[],
    vocabularySize: number,
  ) {
    this.size = chunks.length;
    this.localOf = new Int32Array(vocabularySize).fill(-1);
    // Local term ids in order of first appearance (rank_bm25's dict order, which its idf mean follows).
    const df: number[] = [];
    let termCount = 0;
    for (const chunk of chunks) {
      for (const term of chunk.terms) {
        let local = this.localOf[term]!;
        if (local === -1) {
          local = termCount++;
          this.localOf[term] = local;
          df.push(0);
        }
        df[local]!++;
      }
    }
    this.termCount = termCount;
    this.postingStart = new Int32Array(termCount + 1);
    for (let local = 0; local < termCount; local++)
      this.postingStart[local + 1] = this.postingStart[local]! + df[local]!;
    const total = this.postingStart[termCount]!;
    this.postingDoc = new Int32Array(total);
    this.postingTf = new Int32Array(total);
    const fillAt = this.postingStart.slice(0, termCount);
    chunks.forEach((chunk, doc) => {
      chunk.terms.forEach((term, index) => {
        const local = this.localOf[term]!;
        const at = fillAt[local]!++;
        this.postingDoc[at] = doc;
        this.postingTf[at] = chunk.counts[index]!;
      });
    });
    const order = chunks
      .map((_, doc) => doc)
      .sort((a, b) => (chunks[a]!.id < chunks[b]!.id ? 1 : chunks[a]!.id > chunks[b]!.id ? -1 : 0));
    this.byIdDescending = Int32Array.from(order);
    this.idRank = new Int32Array(this.size);
    order.forEach((doc, rank) => {
      this.idRank[doc] = rank;
    });
  }

  /** The local id of a repository token id; -1 when no ranked chunk has it (or the token is unknown). */
  private localId(term: number): number {
    return term >= 0 && term < this.localOf.length ? this.localOf[term]! : -1;
  }

  /** idf with rank_bm25's floor, and each posting's term weight idf·tf·(k1+1)/(tf + k1·(1−b+b·dl/avgdl)). */
  private bm25Weights(): Float64Array {
    if (!this.bm25) {
      const idf = new Float64Array(this.termCount);
      let idfSum = 0;
      const negative: number[] = [];
      for (let local = 0; local < this.termCount; local++) {
        const n = this.postingStart[local + 1]! - this.postingStart[local]!;
        const value = idfLog(this.size - n + 0.5) - idfLog(n + 0.5);
        idf[local] = value;
        idfSum += value;
        if (value < 0) negative.push(local);
      }
      const eps = BM25_EPSILON * (idfSum / this.termCount);
      for (const local of negative) idf[local] = eps;
      let totalLength = 0;
      for (const chunk of this.chunks) totalLength += chunk.length;
      const averageLength = totalLength / this.size;
      const lengthNorm = Float64Array.from(
        this.chunks,
        (chunk) => BM25_K1 * (1 - BM25_B + (BM25_B * chunk.length) / averageLength),
      );
      // The same expression, in the same order, as rank_bm25's get_scores, and logs rounded as
      // glibc's (Python's math.log): the sums come out bit-identical (docs/context.md).
      const weights = new Float64Array(this.postingDoc.length);
      for (let local = 0; local < this.termCount; local++) {
        for (let at = this.postingStart[local]!; at < this.postingStart[local + 1]!; at++) {
          const tf = this.postingTf[at]!;
          weights[at] = idf[local]! * ((tf * (BM25_K1 + 1)) / (tf + lengthNorm[this.postingDoc[at]!]!));
        }
      }
      this.bm25 = weights;
    }
    return this.bm25;
  }

  /** rank_bm25 BM25Okapi.get_scores: every query token (duplicates too) adds its weight in each chunk that has it. */
  bm25Scores(queryTerms: readonly number[]): Scored {
    const weights = this.bm25Weights();
    const scores = new Float64Array(this.size);
    const seen = new Uint8Array(this.size);
    const touched: number[] = [];
    for (const term of queryTerms) {
      const local = this.localId(term);
      if (local < 0) continue;
      for (let at = this.postingStart[local]!; at < this.postingStart[local + 1]!; at++) {
        const doc = this.postingDoc[at]!;
        scores[doc]! += weights[at]!;
        if (!seen[doc]) {
          seen[doc] = 1;
          touched.push(doc);
        }
      }
    }
    return { scores, touched };
  }

  /** |query ∩ chunk| / |query ∪ chunk| over token sets. */
  jaccardScores(queryTerms: readonly number[], queryDistinct: number): Scored {
    const intersection = new Int32Array(this.size);
    const touched: number[] = [];
    for (const local of new Set(queryTerms.map((term) => this.localId(term)))) {
      if (local < 0) continue;
      for (let at = this.postingStart[local]!; at < this.postingStart[local + 1]!; at++) {
        const doc = this.postingDoc[at]!;
        if (intersection[doc]! === 0) touched.push(doc);
        intersection[doc]!++;
      }
    }
    const scores = new Float64Array(this.size);
    for (const doc of touched) {
      const shared = intersection[doc]!;
      scores[doc] = shared / (queryDistinct + this.chunks[doc]!.terms.length - shared);
    }
    return { scores, touched };
  }

  private tfidfModel() {
    if (!this.tfidf) {
      // TfidfVectorizer lowercases before its tokenizer; smooth idf = ln((1+n)/(1+df)) + 1; l2 rows.
      const vocabulary = new Map<string, number>();
      const df: number[] = [];
      const docTerms = this.chunks.map((chunk) => {
        const counts = new Map<number, number>();
        for (const token of codeTokens(chunk.text.toLowerCase())) {
          let id = vocabulary.get(token);
          if (id === undefined) {
            id = vocabulary.size;
            vocabulary.set(token, id);
            df.push(0);
          }
          counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        for (const id of counts.keys()) df[id]!++;
        return counts;
      });
      const idf = Float64Array.from(df, (n) => Math.log((this.size + 1) / (n + 1)) + 1);
      const norms = Float64Array.from(docTerms, (counts) => {
        let sum = 0;
        for (const [id, tf] of counts) sum += (tf * idf[id]!) ** 2;
        return Math.sqrt(sum);
      });
      this.tfidf = { vocabulary, idf, docTerms, norms };
    }
    return this.tfidf;
  }

  /** Cosine of TF-IDF vectors (scikit-learn TfidfVectorizer(tokenizer=tokenize_nltk) defaults). */
  tfidfScores(query: string): Scored {
    const { vocabulary, idf, docTerms, norms } = this.tfidfModel();
    const queryCounts = new Map<number, number>();
    for (const token of codeTokens(query.toLowerCase())) {
      const id = vocabulary.get(token);
      if (id !== undefined) queryCounts.set(id, (queryCounts.get(id) ?? 0) + 1);
    }
    let queryNorm = 0;
    for (const [id, tf] of queryCounts) queryNorm += (tf * idf[id]!) ** 2;
    queryNorm = Math.sqrt(queryNorm);
    const scores = new Float64Array(this.size);
    const touched: number[] = [];
    if (queryNorm === 0) return { scores, touched };
    docTerms.forEach((counts, doc) => {
      let dot = 0;
      for (const [id, queryTf] of queryCounts) {
        const tf = counts.get(id);
        if (tf !== undefined) dot += tf * idf[id]! * queryTf * idf[id]!;
      }
      if (dot !== 0) {
        scores[doc] = dot / (norms[doc]! * queryNorm);
        touched.push(doc);
      }
    });
    return { scores, touched };
  }

  /** Documents in ranking order: score descending, then chunk id descending; lazily. */
  *order({ scores, touched }: Scored): Generator<number> {
    const before = (a: number, b: number) => scores[b]! - scores[a]! || this.idRank[a]! - this.idRank[b]!;
    const untouched = function* (this: LexicalCorpus) {
      const isTouched = new Uint8Array(this.size);
      for (const doc of touched) isTouched[doc] = 1;
      for (const doc of this.byIdDescending) if (!isTouched[doc]) yield doc;
    }.call(this);
    if (touched.every((doc) => scores[doc]! > 0)) {
      // The usual case: every touched chunk outranks the zero-score rest. Top-k needs only the
      // first few, so select them before sorting everything.
      const first = selectBest(touched, FIRST_SELECTION, before);
      yield* first;
      if (touched.length > first.length) {
        const taken = new Set(first);
        yield* touched.filter((doc) => !taken.has(doc)).sort(before);
      }
      yield* untouched;
      return;
    }
    // Zero or negative scores among the touched: merge them with the untouched (score 0) by rank.
    const sorted = [...touched].sort(before);
    let pending = untouched.next();
    for (const doc of sorted) {
      while (!pending.done && before(pending.value, doc) < 0) {
        yield pending.value;
        pending = untouched.next();
      }
      yield doc;
    }
    while (!pending.done) {
      yield pending.value;
      pending = untouched.next();
    }
  }
}

/** How many best documents `order` selects before it sorts the rest. */
const FIRST_SELECTION = 32;

/** The `count` smallest of `items` under `before`, sorted (one pass, insertion into a short list). */
function selectBest(items: readonly number[], count: number, before: (a: number, b: number) => number): number[] {
  const best: number[] = [];
  for (const item of items) {
    if (best.length === count && before(item, best[count - 1]!) >= 0) continue;
    let at = best.length === count ? count - 1 : best.length;
    while (at > 0 && before(item, best[at - 1]!) < 0) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = item;
  }
  return best;
}
