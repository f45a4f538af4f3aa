// CrossCodeEval's retrieval for one task: query = last N non-blank lines of the prompt (plus the
// reference for `-ref`), candidates = chunks of the nearest other files, ranked by the retriever,
// top-k with RG1's next-chunk rule.
import type { ContextSnippet, TaskRecord } from '../datasets/types.ts';
import { getLanguage } from '../languages/registry.ts';
import type { LanguageId } from '../languages/types.ts';
import { InputError } from '../util/errors.ts';
import { RepoIndex, type CandidateSet, type Chunk } from './chunks.ts';
import { EmbeddingClient } from './dense.ts';
import type { Scored } from './rankers.ts';
import type { RetrieverName } from './strategies.ts';
import { codeTokens } from './nltk.ts';
import { nonBlankLines } from './text.ts';
import type { EmbeddingOptions, RetrievalOptions } from './types.ts';


/** The text whose last lines are the query: the in-file prompt, or a function task's docstring and signature. */
export function queryText(task: TaskRecord, queryLines: number, withReference: boolean): string {
  const prompt = task.kind === 'function' ? [task.docstring ?? '', task.signature ?? ''].join('\n') : task.prefix;
  const lines = nonBlankLines(prompt);
  if (withReference) lines.push(...nonBlankLines(task.reference));
  return lines.slice(Math.max(lines.length - queryLines, 0)).join('\n');
}

export class Retrieval {
  private embeddingClient?: EmbeddingClient;
  private readonly chunkVectors = new WeakMap<Chunk, Float32Array>();
  private readonly extensionSets = new Map<LanguageId, Set<string>>();

  constructor(
    readonly options: RetrievalOptions,
    private readonly repoRoot: string | undefined,
    private readonly embeddingOptions: EmbeddingOptions | undefined,
  ) {
    for (const field of ['chunkLines', 'stride', 'queryLines', 'topK', 'maxFiles', 'maxChunks'] as const) {
      const value = options[field];
      if (!Number.isInteger(value) || value < 1) throw new InputError(`must be a positive integer, got ${value}`, { field: `retrieval.${field}` });
    }
  }

  private candidatesFor(task: TaskRecord): CandidateSet {
    const root = this.repoRoot ?? task.repo.root ?? undefined;
    if (!root) {
      throw new InputError(`task '${task.id}': retrieval needs the repository checkout (give --repo DIR or set repo.root)`, { field: 'repo.root' });
    }
    let extensions = this.extensionSets.get(task.language);
    if (!extensions) {
      extensions = new Set(this.options.extensions ?? [task.language, ...(getLanguage(task.language).retrievalPeers ?? [])].flatMap((id) => getLanguage(id).extensions));
      this.extensionSets.set(task.language, extensions);
    }
    const index = RepoIndex.for(root, this.options.chunkLines, this.options.stride);
    return index.candidates(task.path, extensions, this.options.maxFiles, this.options.maxChunks);
  }

  async retrieve(task: TaskRecord, retriever: RetrieverName, withReference: boolean): Promise<ContextSnippet[]> {
    const candidates = this.candidatesFor(task);
    if (candidates.ranked.length === 0) return [];
    const query = queryText(task, this.options.queryLines, withReference);
    const corpus = candidates.corpus();
    let scored: Scored;
    if (retriever === 'tfidf') scored = corpus.tfidfScores(query);
    else if (retriever === 'dense') scored = await this.denseScores(candidates.ranked, query);
    else {
      const tokens = codeTokens(query);
      const ids = tokens.map((token) => candidates.vocabulary.get(token) ?? -1);
      scored = retriever === 'bm25' ? corpus.bm25Scores(ids) : corpus.jaccardScores(ids, new Set(tokens).size);
    }
    // CrossCodeEval turns the next-chunk rule off for queries with the reference.
    const nextChunk = this.options.nextChunk && !withReference;
    const picked: ContextSnippet[] = [];
    const pickedTexts = new Set<string>();
    for (const doc of corpus.order(scored)) {
      if (picked.length >= this.options.topK) break;
      const hit = candidates.ranked[doc]!;
      const chunk = nextChunk ? (candidates.next(hit) ?? hit) : hit;
      if (nextChunk && pickedTexts.has(chunk.text)) continue;
      pickedTexts.add(chunk.text);
      picked.push({ path: chunk.path, startLine: chunk.startLine, endLine: chunk.endLine, text: chunk.text, score: scored.scores[doc]! });
    }
    return picked;
  }

  private async denseScores(chunks: Chunk[], query: string): Promise<Scored> {
    this.embeddingClient ??= new EmbeddingClient(this.embeddingOptions ?? {});
    const missing = chunks.filter((chunk) => !this.chunkVectors.has(chunk));
    const vectors = await this.embeddingClient.embed([...missing.map((chunk) => chunk.text), query]);
    missing.forEach((chunk, index) => this.chunkVectors.set(chunk, vectors[index]!));
    const queryVector = vectors[vectors.length - 1]!;
    const scores = Float64Array.from(chunks, (chunk) => cosine(this.chunkVectors.get(chunk)!, queryVector));
    return { scores, touched: chunks.map((_, doc) => doc) };
  }
}

export function cosine(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new InputError(`embedding sizes differ (${a.length} and ${b.length}): was the cache filled by another model?`, { field: 'embeddings.model' });
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
