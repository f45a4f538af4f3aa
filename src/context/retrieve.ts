// CrossCodeEval's retrieval for one task: query = last N non-blank lines of the prompt (plus the
// reference for `-ref`), candidates = chunks of the nearest other files, ranked by the retriever,
// top-k with RG1's next-chunk rule.
import type { ContextSnippet, TaskRecord } from '../datasets/index.ts';
import { taskFamily } from '../tasks/index.ts';
import { getLanguage, type LanguageId } from '../languages/index.ts';
import { InputError } from '../util/errors.ts';
import { compareCodePoints, RepoIndex, type CandidateSet } from './chunks.ts';
import {
  CROSSCODEEVAL_CANDIDATES,
  RETRIEVAL_COMPATIBILITIES,
  type Chunk,
  type EmbeddingOptions,
  type RetrievalCompatibility,
  type RetrievalOptions,
} from './types.ts';
import { EmbeddingClient } from './dense.ts';
import { RETRIEVERS } from './retrievers.ts';
import { codeTokens } from './nltk.ts';
import { nonBlankLines } from './text.ts';

/** `ctxbench` or `crosscodeeval` (CLI `--retrieval-compat`). */
export function parseRetrievalCompatibility(value: string): RetrievalCompatibility {
  if (!(RETRIEVAL_COMPATIBILITIES as readonly string[]).includes(value)) {
    throw new InputError(
      `unknown retrieval compatibility '${value}' (known: ${RETRIEVAL_COMPATIBILITIES.join(', ')})`,
      { field: 'retrieval.compatibility' },
    );
  }
  return value as RetrievalCompatibility;
}

/**
 * The text whose last lines are the query: the task family's (the in-file prompt, or a function task's docstring and
 * signature).
 */
export function queryText(task: TaskRecord, queryLines: number, withReference: boolean): string {
  const lines = nonBlankLines(taskFamily(task.kind).query(task));
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
    parseRetrievalCompatibility(options.compatibility);
    for (const field of ['chunkLines', 'stride', 'queryLines', 'topK', 'maxFiles', 'maxChunks'] as const) {
      const value = options[field];
      if ((field === 'maxFiles' || field === 'maxChunks') && value === undefined) continue;
      if (value === undefined || !Number.isInteger(value) || value < 1)
        throw new InputError(`must be a positive integer, got ${value}`, { field: `retrieval.${field}` });
    }
  }

  private get crossCodeEval(): boolean {
    return this.options.compatibility === 'crosscodeeval';
  }

  /** Candidate extensions: the language's and its peers' (only the first of each with secondary extensions off). */
  private extensionsFor(language: LanguageId): Set<string> {
    let extensions = this.extensionSets.get(language);
    if (!extensions) {
      const secondary = this.options.secondaryExtensions ?? !this.crossCodeEval;
      const languages = [language, ...(getLanguage(language).retrievalPeers ?? [])].map((id) => getLanguage(id));
      extensions = new Set(
        this.options.extensions ??
          languages.flatMap((spec) => (secondary ? spec.extensions : spec.extensions.slice(0, 1))),
      );
      this.extensionSets.set(language, extensions);
    }
    return extensions;
  }

  private candidatesFor(task: TaskRecord): CandidateSet {
    const root = this.repoRoot ?? task.repo.root ?? undefined;
    if (!root) {
      throw new InputError(
        `task '${task.id}': retrieval needs the repository checkout (give --repo DIR or set repo.root)`,
        { field: 'repo.root' },
      );
    }
    const index = RepoIndex.for(root, this.options.chunkLines, this.options.stride, this.options.compatibility);
    const folder = this.crossCodeEval ? getLanguage(task.language).crossCodeEvalFolder : undefined;
    const caps = this.crossCodeEval ? CROSSCODEEVAL_CANDIDATES : { maxFiles: Infinity, maxChunks: Infinity };
    return index.candidates(
      task.path,
      this.extensionsFor(task.language),
      this.options.maxFiles ?? caps.maxFiles,
      this.options.maxChunks ?? caps.maxChunks,
      folder,
    );
  }

  /** The top-k snippets of the named retriever (RETRIEVERS) for one task. */
  async retrieve(task: TaskRecord, retrieverName: string, withReference: boolean): Promise<ContextSnippet[]> {
    const retriever = RETRIEVERS.get(retrieverName);
    const candidates = this.candidatesFor(task);
    if (candidates.ranked.length === 0) return [];
    const query = queryText(task, this.options.queryLines, withReference);
    const corpus = candidates.corpus();
    const tokens = codeTokens(query);
    const scored = await retriever.score({
      query,
      chunks: candidates.ranked,
      tokens,
      tokenIds: tokens.map((token) => candidates.vocabulary.get(token) ?? -1),
      corpus,
      embed: () => this.embeddings(candidates.ranked, query),
    });
    if (scored.scores.length !== candidates.ranked.length) {
      throw new InputError(
        `retriever '${retriever.name}' returned ${scored.scores.length} scores for ${candidates.ranked.length} chunks`,
        { field: 'context' },
      );
    }
    // CrossCodeEval turns the next-chunk rule off for queries with the reference.
    const nextChunk = this.options.nextChunk && !withReference;
    if (!nextChunk && this.crossCodeEval) return this.crossCodeEvalTop(candidates, corpus.order(scored), scored.scores);
    const picked: ContextSnippet[] = [];
    const pickedTexts = new Set<string>();
    for (const doc of corpus.order(scored)) {
      if (picked.length >= this.options.topK) break;
      const hit = candidates.ranked[doc]!;
      const chunk = nextChunk ? (candidates.next(hit) ?? hit) : hit;
      if (nextChunk && pickedTexts.has(chunk.text)) continue;
      pickedTexts.add(chunk.text);
      picked.push({
        path: chunk.path,
        startLine: chunk.startLine,
        endLine: chunk.endLine,
        text: chunk.text,
        score: scored.scores[doc]!,
      });
    }
    return picked;
  }

  /**
   * CrossCodeEval's top-k without the next-chunk rule: its script sorts the texts by (score, text)
   * and the file names by (score, chunk id), both descending, and pairs them by position — among
   * tied scores a text can come with another chunk's file name. Reproduced as is.
   */
  private crossCodeEvalTop(candidates: CandidateSet, order: Iterable<number>, scores: Float64Array): ContextSnippet[] {
    const topK = this.options.topK;
    const byId: number[] = [];
    for (const doc of order) {
      byId.push(doc);
      // every chunk tied with the k-th score may take a place in the text order
      if (byId.length >= topK && scores[doc] !== scores[byId[topK - 1]!]) break;
    }
    const byText = [...byId].sort(
      (a, b) => scores[b]! - scores[a]! || compareCodePoints(candidates.ranked[b]!.text, candidates.ranked[a]!.text),
    );
    return byText.slice(0, topK).map((doc, rank) => {
      const chunk = candidates.ranked[doc]!;
      const named = candidates.ranked[byId[rank]!]!;
      return {
        path: named.path,
        startLine: chunk.startLine,
        endLine: chunk.endLine,
        text: chunk.text,
        score: scores[doc]!,
      };
    });
  }

  private async embeddings(
    chunks: readonly Chunk[],
    query: string,
  ): Promise<{ chunks: Float32Array[]; query: Float32Array }> {
    this.embeddingClient ??= new EmbeddingClient(this.embeddingOptions ?? {});
    const missing = chunks.filter((chunk) => !this.chunkVectors.has(chunk));
    const vectors = await this.embeddingClient.embed([...missing.map((chunk) => chunk.text), query]);
    missing.forEach((chunk, index) => this.chunkVectors.set(chunk, vectors[index]!));
    return { chunks: chunks.map((chunk) => this.chunkVectors.get(chunk)!), query: vectors[vectors.length - 1]! };
  }
}
