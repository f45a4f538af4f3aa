// Rankers over one candidate set, computed the way CrossCodeEval's Python computes them:
// BM25 Okapi as rank_bm25 (k1 1.5, b 0.75, epsilon 0.25 floor for negative idf), Jaccard of token
// sets, TF-IDF cosine as scikit-learn's TfidfVectorizer defaults; order = score, then chunk id, both
// descending (Python's `sorted(zip(scores, ids), reverse=True)`).
import type { Chunk } from './chunks.ts';
import { codeTokens } from './text.ts';

export const BM25_K1 = 1.5;
export const BM25_B = 0.75;
export const BM25_EPSILON = 0.25;

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
  private bm25?: { idf: Float64Array; lengthNorm: Float64Array };
  private tfidf?: { vocabulary: Map<string, number>; idf: Float64Array; docTerms: Map<number, number>[]; norms: Float64Array };

  constructor(private readonly chunks: readonly Chunk[], vocabularySize: number) {
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
    for (let local = 0; local < termCount; local++) this.postingStart[local + 1] = this.postingStart[local]! + df[local]!;
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
    const order = chunks.map((_, doc) => doc).sort((a, b) => (chunks[a]!.id < chunks[b]!.id ? 1 : chunks[a]!.id > chunks[b]!.id ? -1 : 0));
    this.byIdDescending = Int32Array.from(order);
    this.idRank = new Int32Array(this.size);
    order.forEach((doc, rank) => {
      this.idRank[doc] = rank;
    });
  }

  /** Global token ids of `tokens` (unknown tokens give -1), in order, duplicates kept. */
  private localIds(tokens: readonly number[]): number[] {
    return tokens.map((term) => (term >= 0 && term < this.localOf.length ? this.localOf[term]! : -1));
  }

  private bm25Parameters() {
    if (!this.bm25) {
      const idf = new Float64Array(this.termCount);
      let idfSum = 0;
      const negative: number[] = [];
      for (let local = 0; local < this.termCount; local++) {
        const n = this.postingStart[local + 1]! - this.postingStart[local]!;
        const value = Math.log(this.size - n + 0.5) - Math.log(n + 0.5);
        idf[local] = value;
        idfSum += value;
        if (value < 0) negative.push(local);
      }
      const eps = BM25_EPSILON * (idfSum / this.termCount);
      for (const local of negative) idf[local] = eps;
      let totalLength = 0;
      for (const chunk of this.chunks) totalLength += chunk.length;
      const averageLength = totalLength / this.size;
      const lengthNorm = Float64Array.from(this.chunks, (chunk) => BM25_K1 * (1 - BM25_B + (BM25_B * chunk.length) / averageLength));
      this.bm25 = { idf, lengthNorm };
    }
    return this.bm25;
  }

  /** rank_bm25 BM25Okapi.get_scores: every query token (duplicates too) adds idf·tf·(k1+1)/(tf+k1·(1−b+b·dl/avgdl)). */
  bm25Scores(queryTerms: readonly number[]): Scored {
    const { idf, lengthNorm } = this.bm25Parameters();
    const scores = new Float64Array(this.size);
    const seen = new Uint8Array(this.size);
    const touched: number[] = [];
    for (const local of this.localIds(queryTerms)) {
      if (local < 0) continue;
      const weight = idf[local]!;
      for (let at = this.postingStart[local]!; at < this.postingStart[local + 1]!; at++) {
        const doc = this.postingDoc[at]!;
        const tf = this.postingTf[at]!;
        scores[doc]! += weight * ((tf * (BM25_K1 + 1)) / (tf + lengthNorm[doc]!));
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
    for (const local of new Set(this.localIds(queryTerms))) {
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
    const sorted = [...touched].sort(before);
    const isTouched = new Uint8Array(this.size);
    for (const doc of touched) isTouched[doc] = 1;
    let untouchedAt = 0;
    const nextUntouched = () => {
      while (untouchedAt < this.size && isTouched[this.byIdDescending[untouchedAt]!]) untouchedAt++;
      return untouchedAt < this.size ? this.byIdDescending[untouchedAt]! : -1;
    };
    let touchedAt = 0;
    for (;;) {
      const untouched = nextUntouched();
      const candidate = touchedAt < sorted.length ? sorted[touchedAt]! : -1;
      if (candidate === -1 && untouched === -1) return;
      if (untouched === -1 || (candidate !== -1 && before(candidate, untouched) < 0)) {
        touchedAt++;
        yield candidate;
      } else {
        untouchedAt++;
        yield untouched;
      }
    }
  }
}
