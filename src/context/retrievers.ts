// Retrievers by name. A retriever scores the chunks of one candidate set against a query; the
// Retrieval (retrieve.ts) chooses the candidates, builds the query and picks the top k, so every
// retriever (built in or from a plugin) gets the same candidates, leakage rule and next-chunk rule.
import { InputError } from '../util/errors.ts';
import { pluginEntry, pluginFunction, Registry } from '../util/registry.ts';
import { z } from 'zod';
import type { Chunk } from './types.ts';
import type { LexicalCorpus, Scored } from './rankers.ts';

export type { Scored } from './rankers.ts';

export interface RetrieverInput {
  /** the query text (the last lines of the prompt, plus the reference for `-ref`). */
  query: string;
  /** the candidates, in the order of `Scored.scores`. */
  chunks: readonly Chunk[];
  /** the query's code tokens (CrossCodeEval's tokenizer). */
  tokens: readonly string[];
  /** the query tokens' ids in the corpus vocabulary (-1 for tokens no chunk has). */
  tokenIds: readonly number[];
  /** an inverted index over `chunks` (BM25, Jaccard and TF-IDF scorers). */
  corpus: LexicalCorpus;
  /** embeddings of the chunks and of the query from the configured endpoint (cached per chunk). */
  embed(): Promise<{ chunks: Float32Array[]; query: Float32Array }>;
}

export interface Retriever {
  name: string;
  /** one line for `ctxbench prompt --list-strategies`. */
  description: string;
  /**
   * A score per chunk (`touched`: the chunks whose score is set; the others count as 0). Ties are broken by chunk id,
   * descending.
   */
  score(input: RetrieverInput): Scored | Promise<Scored>;
}

export const RETRIEVERS = new Registry<Retriever>('retriever', 'context', {
  key: 'retrievers',
  entry: pluginEntry('name', { description: z.string(), score: pluginFunction }),
  add: registerRetriever,
});

export function registerRetriever(retriever: Retriever): Retriever {
  return RETRIEVERS.register(retriever.name, retriever);
}

/** Every chunk touched: for scorers that score all candidates. */
export function allTouched(scores: Float64Array): Scored {
  return { scores, touched: Array.from(scores, (_, doc) => doc) };
}

export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length)
    throw new InputError(
      `embedding sizes differ (${a.length} and ${b.length}): was the cache filled by another model?`,
      { field: 'embeddings.model' },
    );
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

registerRetriever({
  name: 'bm25',
  description: 'CrossCodeEval RG1: BM25 Okapi over 10-line chunks of the nearest files, next chunk of each hit',
  score: ({ corpus, tokenIds }) => corpus.bm25Scores(tokenIds),
});
registerRetriever({
  name: 'jaccard',
  description: 'as bm25, ranked by Jaccard similarity of token sets',
  score: ({ corpus, tokenIds, tokens }) => corpus.jaccardScores(tokenIds, new Set(tokens).size),
});
registerRetriever({
  name: 'tfidf',
  description: 'as bm25, ranked by TF-IDF cosine (scikit-learn defaults)',
  score: ({ corpus, query }) => corpus.tfidfScores(query),
});
registerRetriever({
  name: 'dense',
  description: 'as bm25, ranked by cosine of embeddings from an OpenAI-compatible /v1/embeddings endpoint',
  async score({ embed }) {
    const vectors = await embed();
    return allTouched(Float64Array.from(vectors.chunks, (vector) => cosine(vector, vectors.query)));
  },
});
