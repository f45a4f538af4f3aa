// BM25, Jaccard and TF-IDF scores and rankings on a chunk set small enough to derive by hand.
//
// Fixture test/fixtures/context/bm25: a.py "alpha beta", b.py "alpha gamma gamma", c.py "  delta"
// (between blank lines), target t.py. Candidates (t.py excluded, all at distance 0, by path):
// d0 = a.py|0 [alpha, beta] (dl 2), d1 = b.py|0 [alpha, gamma, gamma] (dl 3), d2 = c.py|0 [delta] (dl 1).
// N = 3, avgdl = 6/3 = 2; document frequencies: alpha 2, beta 1, gamma 1, delta 1.
//
// BM25 Okapi (rank_bm25): idf = ln(N − n + 0.5) − ln(n + 0.5)
//   alpha: ln 1.5 − ln 2.5 = −0.5108256237659907 (negative → floored)
//   beta = gamma = delta: ln 2.5 − ln 1.5 = 0.5108256237659907
//   mean idf = (−0.51083 + 3 × 0.51083) / 4 = 0.25541281188299535; eps = 0.25 × mean = 0.06385320297074884
//   length norm k1·(1 − b + b·dl/avgdl): d0 1.5·1 = 1.5, d1 1.5·1.375 = 2.0625, d2 1.5·0.625 = 0.9375
// Query "alpha gamma":
//   d0 = eps·(1·2.5)/(1 + 1.5) = eps = 0.06385320297074884
//   d1 = eps·2.5/(1 + 2.0625) + 0.51083·(2·2.5)/(2 + 2.0625) = 0.05212506364959089 + 0.6287084600196811 = 0.6808335236692719
//   d2 = 0
// Query "gamma gamma alpha" (duplicates count twice): d1 = 2 × 0.6287084600196811 + 0.05212506364959089 =
// 1.3095419836889528
//
// Jaccard of token sets, query "alpha": d0 {alpha,beta} 1/2, d1 {alpha,gamma} 1/2, d2 0/2 → tie d0/d1
// broken by chunk id descending ("b.py|0" > "a.py|0"): order d1, d0, d2.
//
// TF-IDF (scikit-learn, lower-cased, smooth idf = ln((1+N)/(1+n)) + 1): alpha ln(4/3)+1 = 1.2876820724517808,
// others ln 2 + 1 = 1.6931471805599454. Query "alpha gamma" = (1.28768, 1.69315) on (alpha, gamma):
//   d0 = 1.28768² / (|d0|·|q|) with |d0| = |q| = √(1.28768² + 1.69315²) → 0.366446816266513
//   d1 = (1.28768² + 2·1.69315²) / (√(1.28768² + (2·1.69315)²)·|q|) → 0.9591463953147307
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RepoIndex } from '../../src/context/chunks.ts';
import { codeTokens } from '../../src/context/nltk.ts';
import { FIXTURES } from './helpers.ts';

function candidateSet() {
  const index = RepoIndex.for(`${FIXTURES}bm25`, 10, 10);
  return index.candidates('t.py', new Set(['.py']), 1000, 1000);
}

function ids(query: string) {
  const { vocabulary } = candidateSet();
  return codeTokens(query).map((token) => vocabulary.get(token) ?? -1);
}

test('candidates are the other files, chunked without blank lines', () => {
  const { ranked } = candidateSet();
  assert.deepEqual(
    ranked.map((c) => [c.id, c.text, c.startLine, c.endLine, c.length]),
    [
      ['a.py|0', 'alpha beta', 1, 1, 2],
      ['b.py|0', 'alpha gamma gamma', 1, 1, 3],
      ['c.py|0', '  delta', 2, 2, 1],
    ],
  );
});

test('BM25 scores equal the hand derivation', () => {
  const corpus = candidateSet().corpus();
  const scored = corpus.bm25Scores(ids('alpha gamma'));
  assert.equal(scored.scores[0], 0.06385320297074884);
  assert.equal(scored.scores[1], 0.6808335236692719);
  assert.equal(scored.scores[2], 0);
  assert.deepEqual([...corpus.order(scored)], [1, 0, 2]);
  const duplicated = corpus.bm25Scores(ids('gamma gamma alpha'));
  assert.equal(duplicated.scores[1], 1.3095419836889528);
  // a query token that no chunk has adds nothing
  assert.deepEqual([...corpus.bm25Scores(ids('omega')).scores], [0, 0, 0]);
});

test('Jaccard scores and the tie rule (chunk id descending)', () => {
  const corpus = candidateSet().corpus();
  const scored = corpus.jaccardScores(ids('alpha'), 1);
  assert.deepEqual([...scored.scores], [0.5, 0.5, 0]);
  assert.deepEqual([...corpus.order(scored)], [1, 0, 2]);
  // unknown query tokens still count in the union: {alpha, omega} vs d0 {alpha, beta} = 1/3
  const withUnknown = corpus.jaccardScores(ids('alpha omega'), 2);
  assert.deepEqual([...withUnknown.scores], [1 / 3, 1 / 3, 0]);
});

test('TF-IDF cosine equals the hand derivation', () => {
  const corpus = candidateSet().corpus();
  const scored = corpus.tfidfScores('ALPHA Gamma');
  assert.ok(Math.abs(scored.scores[0]! - 0.366446816266513) < 1e-12);
  assert.ok(Math.abs(scored.scores[1]! - 0.9591463953147307) < 1e-12);
  assert.equal(scored.scores[2], 0);
  assert.deepEqual([...corpus.order(scored)], [1, 0, 2]);
});

test('ranking of zero scores falls back to chunk id order, descending', () => {
  const corpus = candidateSet().corpus();
  assert.deepEqual([...corpus.order(corpus.bm25Scores([]))], [2, 1, 0]);
});
