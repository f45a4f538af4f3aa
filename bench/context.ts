// Context benchmark: chunk-index build time for a repository, and BM25 queries per second with the
// prebuilt index against CrossCodeEval's way (chunk, tokenize and build BM25 again for every query),
// measured in the same run on the same queries. Targets (redis): index <= 5 s, >= 2,000 queries/s.
// Then token counting as prompt budgets do it (each text counted three times, as fitLines' search
// counts the same code again): the bundled o200k_base counter against js-tiktoken's own encode, on the
// queries' prefixes, in the same run; the counts must be equal.
// Usage: node --import tsx bench/context.ts [repoDir] [language]   (default: redis from bench/.cache)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TaskRecord } from '../src/datasets/types.ts';
import { RepoIndex } from '../src/context/chunks.ts';
import { BM25_B, BM25_EPSILON, BM25_K1 } from '../src/context/rankers.ts';
import { Retrieval } from '../src/context/retrieve.ts';
import { codeTokens } from '../src/context/nltk.ts';
import { nonBlankLines, pyStrip } from '../src/context/text.ts';
import { CROSSCODEEVAL_CANDIDATES, DEFAULT_RETRIEVAL } from '../src/context/types.ts';
import { allLanguages, getLanguage } from '../src/languages/registry.ts';
import type { LanguageId } from '../src/languages/types.ts';
import { loadTokenizer } from '../src/context/tokenizers.ts';
import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { sourceTree } from './sources.ts';

export interface ContextBenchOptions {
  repo: string;
  /** language of the queries (default: the language with the most files). */
  language?: LanguageId;
  /** queries with the prebuilt index. */
  queries?: number;
  /** queries done CrossCodeEval's way (slow). */
  baselineQueries?: number;
  /** queries per target file (tasks of one file share its candidate set). */
  queriesPerFile?: number;
}

export interface ContextBenchResult {
  files: number;
  chunks: number;
  indexSeconds: number;
  queriesPerSecond: number;
  coldFileMs: number;
  baselineQueriesPerSecond: number;
  ratio: number;
  sameTopK: boolean;
  /** the counter's speed over js-tiktoken's encode on the same texts, and whether every count agreed. */
  tokenCountRatio: number;
  sameTokenCounts: boolean;
}

/** CPU seconds (user + system, i.e. time on one core) and wall seconds since the call. */
function stopwatch(): () => { cpu: number; wall: number } {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  return () => {
    const used = process.cpuUsage(cpu);
    return { cpu: (used.user + used.system) / 1e6, wall: (performance.now() - wall) / 1000 };
  };
}

/** A small deterministic PRNG (mulberry32) so runs pick the same queries. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** CrossCodeEval per query: chunk the candidate files, tokenize, build BM25Okapi, score, sort. */
function crossCodeEvalTop(files: { path: string; text: string }[], query: string, topK: number): string[] {
  const chunks: { id: string; tokens: string[] }[] = [];
  for (const { path, text } of files) {
    const lines = text.split(/\r\n|\r|\n/).filter((line) => pyStrip(line) !== '');
    let ordinal = 0;
    for (
      let i = 0;
      i < lines.length && chunks.length < CROSSCODEEVAL_CANDIDATES.maxChunks;
      i += DEFAULT_RETRIEVAL.stride
    ) {
      const tokens = codeTokens(lines.slice(i, i + DEFAULT_RETRIEVAL.chunkLines).join('\n'));
      if (tokens.length > 0) chunks.push({ id: `${path}|${ordinal++}`, tokens });
    }
    if (chunks.length >= CROSSCODEEVAL_CANDIDATES.maxChunks) break;
  }
  const documentFrequency = new Map<string, number>();
  const frequencies = chunks.map(({ tokens }) => {
    const counts = new Map<string, number>();
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const token of counts.keys()) documentFrequency.set(token, (documentFrequency.get(token) ?? 0) + 1);
    return counts;
  });
  const n = chunks.length;
  const idf = new Map<string, number>();
  let idfSum = 0;
  for (const [token, df] of documentFrequency) {
    const value = Math.log(n - df + 0.5) - Math.log(df + 0.5);
    idf.set(token, value);
    idfSum += value;
  }
  const eps = BM25_EPSILON * (idfSum / idf.size);
  for (const [token, value] of idf) if (value < 0) idf.set(token, eps);
  const averageLength = chunks.reduce((sum, c) => sum + c.tokens.length, 0) / n;
  const scores = new Float64Array(n);
  for (const token of codeTokens(query)) {
    const weight = idf.get(token) ?? 0;
    frequencies.forEach((counts, doc) => {
      const tf = counts.get(token) ?? 0;
      scores[doc]! +=
        weight *
        ((tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * chunks[doc]!.tokens.length) / averageLength)));
    });
  }
  return chunks
    .map((chunk, doc) => ({ id: chunk.id, score: scores[doc]! }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, topK)
    .map((hit) => hit.id);
}

export async function run(options: Partial<ContextBenchOptions> = {}): Promise<ContextBenchResult> {
  const repo = options.repo ?? process.argv[2] ?? sourceTree('redis');
  const queries = options.queries ?? 5000;
  const baselineQueries = options.baselineQueries ?? 40;
  const perFile = options.queriesPerFile ?? 10;

  // 1. index: list, read, chunk and tokenize every source file (a fresh index, nothing cached)
  const build = stopwatch();
  const index = new RepoIndex(repo, DEFAULT_RETRIEVAL.chunkLines, DEFAULT_RETRIEVAL.stride);
  const { files, chunks } = index.buildAll();
  const buildTime = build();
  const indexSeconds = buildTime.cpu;

  const byLanguage = new Map<LanguageId, string[]>();
  for (const path of index.files) {
    const language = allLanguages().find((spec) => spec.extensions.some((ext) => path.endsWith(ext)));
    if (language) byLanguage.set(language.id, [...(byLanguage.get(language.id) ?? []), path]);
  }
  const language =
    options.language ??
    (process.argv[3] as LanguageId | undefined) ??
    [...byLanguage.entries()].sort((a, b) => b[1].length - a[1].length)[0]![0];
  const extensions = getLanguage(language).extensions;
  const targets = index.files.filter((path) => extensions.some((ext) => path.endsWith(ext)));

  // 2. queries: a random cut of a random file of the language, like a task's prompt
  const next = random(20240611);
  const tasks: TaskRecord[] = [];
  while (tasks.length < queries) {
    const path = targets[Math.floor(next() * targets.length)]!;
    const lines = readFileSync(join(repo, path), 'utf8').split('\n');
    if (nonBlankLines(lines.join('\n')).length < 20) continue;
    for (let k = 0; k < perFile && tasks.length < queries; k++) {
      const cut = 10 + Math.floor(next() * (lines.length - 10));
      tasks.push({
        id: `${path}:${cut}`,
        kind: 'crossfile',
        language,
        repo: { name: 'bench', commit: null, root: repo },
        path,
        prefix: lines.slice(0, cut).join('\n'),
        suffix: '',
        reference: '',
        span: { startLine: cut + 1, startColumn: 1, endLine: cut + 1, endColumn: 1 },
        labels: { lines: 1 },
      });
    }
  }
  const retrieval = new Retrieval({ ...DEFAULT_RETRIEVAL, nextChunk: false }, repo, undefined);
  const distinctFiles = [...new Set(tasks.map((t) => t.path))];
  // first query of each target file: builds and caches its candidate set
  const cold = stopwatch();
  for (const path of distinctFiles) await retrieval.retrieve(tasks.find((t) => t.path === path)!, 'bm25', false);
  const coldFileMs = (cold().cpu * 1000) / distinctFiles.length;
  const warm = stopwatch();
  const ours: string[][] = [];
  for (const task of tasks)
    ours.push((await retrieval.retrieve(task, 'bm25', false)).map((s) => `${s.path}:${s.startLine}`));
  const warmTime = warm();
  const queriesPerSecond = tasks.length / warmTime.cpu;

  // 3. CrossCodeEval's way on the first queries (file texts already in memory, so no disk time)
  const texts = new Map<string, string>();
  const baselineTasks = tasks.filter((_, i) => i % perFile === 0).slice(0, baselineQueries);
  const baseline = stopwatch();
  let sameTopK = true;
  for (const task of baselineTasks) {
    const set = index.candidates(
      task.path,
      new Set(extensions),
      CROSSCODEEVAL_CANDIDATES.maxFiles,
      CROSSCODEEVAL_CANDIDATES.maxChunks,
    );
    const candidateFiles = [...new Set(set.ranked.map((chunk) => chunk.path))].map((path) => {
      if (!texts.has(path)) texts.set(path, readFileSync(join(repo, path), 'utf8'));
      return { path, text: texts.get(path)! };
    });
    const query = nonBlankLines(task.prefix).slice(-DEFAULT_RETRIEVAL.queryLines).join('\n');
    const top = crossCodeEvalTop(candidateFiles, query, DEFAULT_RETRIEVAL.topK);
    const mine = ours[tasks.indexOf(task)]!;
    const expected = top.map((id) => {
      const [path, ordinal] = [id.slice(0, id.lastIndexOf('|')), Number(id.slice(id.lastIndexOf('|') + 1))];
      return `${path}:${index.chunksOf(path)[ordinal]!.startLine}`;
    });
    if (expected.join() !== mine.join()) sameTopK = false;
  }
  const baselineTime = baseline();
  const baselineQueriesPerSecond = baselineTasks.length / baselineTime.cpu;
  const ratio = queriesPerSecond / baselineQueriesPerSecond;

  // 4. token counts: the first 300 prefixes, each counted three times both ways
  const prefixes = tasks.slice(0, 300).map((task) => task.prefix);
  const encoding = new Tiktoken(o200k);
  const counter = await loadTokenizer('o200k_base');
  const countAll = (count: (text: string) => number) => {
    const watch = stopwatch();
    const counts = [0, 1, 2].flatMap(() => prefixes.map(count));
    return { counts, seconds: watch().cpu };
  };
  const encoded = countAll((text) => encoding.encode(text, [], []).length);
  const counted = countAll((text) => counter.count(text));
  const tokenCountRatio = encoded.seconds / counted.seconds;
  const sameTokenCounts = encoded.counts.join() === counted.counts.join();

  const check = (ok: boolean) => (ok ? 'ok' : 'BELOW TARGET');
  console.log(
    `context ${repo}: ${files} source files, ${chunks} chunks; queries in ${language} (${targets.length} files), ` +
      `${perFile} per target file`,
  );
  console.log('  (rates are per CPU second of this process, i.e. on one core; wall time in brackets)');
  console.log(
    `  chunk index build        ${indexSeconds.toFixed(2)} s [${buildTime.wall.toFixed(2)} s]  (target <= 5 s: ` +
      `${check(indexSeconds <= 5)})`,
  );
  console.log(
    `  first query of a file    ${coldFileMs.toFixed(2)} ms  (candidate set: nearest files, BM25 statistics)`,
  );
  console.log(
    `  BM25, prebuilt index     ${queriesPerSecond.toFixed(0)} queries/s ` +
      `[${(tasks.length / warmTime.wall).toFixed(0)}]  (${tasks.length} queries; target >= 2000: ` +
      `${check(queriesPerSecond >= 2000)})`,
  );
  console.log(
    `  BM25, CrossCodeEval way  ${baselineQueriesPerSecond.toFixed(1)} queries/s ` +
      `[${(baselineTasks.length / baselineTime.wall).toFixed(1)}]  (${baselineTasks.length} queries, rebuilt per ` +
      `query)`,
  );
  console.log(
    `  ratio                    ${ratio.toFixed(0)}x   same top-${DEFAULT_RETRIEVAL.topK}: ${sameTopK ? 'yes' : 'NO'}`,
  );
  console.log(
    `  token counts, o200k_base ${counted.seconds.toFixed(2)} s against js-tiktoken's encode ` +
      `${encoded.seconds.toFixed(2)} s: ${tokenCountRatio.toFixed(1)}x  (${prefixes.length} prefixes, ` +
      `${encoded.counts.slice(0, prefixes.length).reduce((a, b) => a + b, 0)} tokens, each counted 3 times; same ` +
      `counts: ${sameTokenCounts ? 'yes' : 'NO'})`,
  );
  return {
    files,
    chunks,
    indexSeconds,
    queriesPerSecond,
    coldFileMs,
    baselineQueriesPerSecond,
    ratio,
    sameTopK,
    tokenCountRatio,
    sameTokenCounts,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
