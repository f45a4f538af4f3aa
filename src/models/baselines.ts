// Reference baselines, labelled as such in configs and reports. They make no call and need no
// model: `baseline:empty` answers nothing; `baseline:copy-retrieved` copies what follows the
// retrieved line most similar to the cursor's line, i.e. what retrieval alone would "complete";
// `baseline:reference` answers the ground truth, to check a harness (every metric and every
// execution verdict should then be perfect; anything else is a bug in the environment or scoring):
// its answer is neither cut to `maxTokens` nor post-processed, so it equals the reference by
// construction whatever the reference holds (a fenced block in a doc comment, 500 tokens);
// `baseline:agent-oracle` is agent mode's scripted agent (agentOracle below).
import type { ContextSnippet } from '../datasets/index.ts';
import {
  GenerationError,
  type AssistantTurn,
  type Backend,
  type ConverseRequest,
  type Generation,
  type GenerationRequest,
} from './types.ts';

export const BASELINES = ['copy-retrieved', 'empty', 'reference', 'agent-oracle'] as const;
export type BaselineName = (typeof BASELINES)[number];

export function createBaselineBackend(name: BaselineName): Backend {
  if (name === 'agent-oracle') return agentOracle();
  const answer = {
    empty: () => '',
    'copy-retrieved': copyRetrieved,
    reference: (request: GenerationRequest) => request.task.reference,
  }[name];
  return {
    provider: `baseline:${name}`,
    isBaseline: true,
    accepts: 'any',
    cacheIdentity: null,
    async generate(request: GenerationRequest): Promise<Generation> {
      const verbatim = name === 'reference';
      const { text, truncated } = verbatim
        ? { text: answer(request), truncated: false }
        : limitTokens(answer(request), request.sampling.maxTokens);
      return {
        text,
        promptTokens: request.prompt.tokens.total ?? null,
        completionTokens: codeTokens(text).length,
        finishReason: truncated ? 'length' : 'stop',
        ...(verbatim ? { verbatim } : {}),
      };
    },
    async close() {},
  };
}

/**
 * `baseline:agent-oracle`, the scripted agent of agent mode (no model): its first turn asks `definition` for each of
 * the task's oracle callees (a `search` with the task's last prompt line when it has none), its second answers as
 * `baseline:copy-retrieved` would with what the tools returned as the retrieved snippets.
 */
function agentOracle(): Backend {
  return {
    provider: 'baseline:agent-oracle',
    isBaseline: true,
    agentOnly: true,
    accepts: 'any',
    cacheIdentity: null,
    async generate(): Promise<Generation> {
      throw new GenerationError(
        'baseline:agent-oracle answers only in agent mode (--context agent, or e.g. bm25+agent)',
        'permanent',
      );
    },
    async converse(request: ConverseRequest): Promise<AssistantTurn> {
      const results = request.messages.flatMap((message) => (message.role === 'tool' ? [message.content] : []));
      const offered = new Set(request.tools.map((tool) => tool.name));
      const asked = request.messages.some((message) => message.role === 'assistant' && message.toolCalls.length > 0);
      if (!asked) {
        const callees = [
          ...new Set((request.task.oracle ?? []).flatMap((snippet) => (snippet.name ? [snippet.name] : []))),
        ];
        const query =
          [...request.task.prefix.split('\n')].reverse().find((line) => line.trim() !== '') ??
          request.task.signature ??
          '';
        const calls =
          offered.has('definition') && callees.length > 0
            ? callees.map((name, index) => ({
                id: `call_${index + 1}`,
                name: 'definition',
                arguments: JSON.stringify({ name }),
              }))
            : offered.has('search') && query.trim() !== ''
              ? [{ id: 'call_1', name: 'search', arguments: JSON.stringify({ query: query.trim() }) }]
              : [];
        if (calls.length > 0)
          return {
            content: null,
            toolCalls: calls,
            promptTokens: null,
            completionTokens: null,
            finishReason: 'tool_calls',
          };
      }
      const retrieved = results.map((text) => ({
        path: request.task.path,
        startLine: 0,
        endLine: 0,
        text,
        score: null,
      }));
      const { text, truncated } = limitTokens(
        copyRetrieved({ task: request.task, retrieved }),
        request.sampling.maxTokens,
      );
      return {
        content: text,
        toolCalls: [],
        promptTokens: null,
        completionTokens: codeTokens(text).length,
        finishReason: truncated ? 'length' : 'stop',
      };
    },
    async close() {},
  };
}

const WORD = /\w+/g;

function wordSet(text: string): Set<string> {
  return new Set(text.match(WORD) ?? []);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * The query is the cursor's line (the text after the prefix's last newline) or, when the cursor is
 * at the start of a line, the last non-blank line of the prefix. Among all lines of the retrieved
 * snippets (in rank order, first best wins) that have a continuation, the one with the highest
 * Jaccard similarity of word sets is chosen. Continuation: when the cursor is mid-line and the
 * chosen line contains the typed part, the rest of that line, then the snippet's following lines;
 * otherwise the following lines (after a newline when the cursor is mid-line).
 */
export function copyRetrieved(request: Pick<GenerationRequest, 'task' | 'retrieved'>): string {
  const prefixLines = request.task.prefix.split('\n');
  const typed = prefixLines[prefixLines.length - 1]!.trimStart();
  const midLine = typed.trim() !== '';
  const query = wordSet(midLine ? typed : ([...prefixLines].reverse().find((line) => line.trim() !== '') ?? ''));
  let bestScore = 0;
  let bestContinuation = '';
  for (const snippet of request.retrieved) {
    const lines = snippetLines(snippet);
    for (let index = 0; index < lines.length; index++) {
      const score = jaccard(query, wordSet(lines[index]!));
      if (score <= bestScore) continue;
      const continuation = continuationAfter(lines, index, midLine ? typed : null);
      if (continuation.trim() === '') continue;
      bestScore = score;
      bestContinuation = continuation;
    }
  }
  return bestContinuation;
}

function snippetLines(snippet: ContextSnippet): string[] {
  return snippet.text.replace(/\n$/, '').split('\n');
}

function continuationAfter(lines: string[], index: number, typed: string | null): string {
  const following = lines.slice(index + 1).join('\n');
  if (typed === null) return following;
  const at = lines[index]!.indexOf(typed);
  if (at >= 0) {
    const rest = lines[index]!.slice(at + typed.length);
    return following === '' ? rest : `${rest}\n${following}`;
  }
  return following === '' ? '' : `\n${following}`;
}

/** Code tokens as the baselines count them: words and single punctuation characters. */
function codeTokens(text: string): RegExpMatchArray[] {
  return [...text.matchAll(/\w+|[^\s\w]/g)];
}

/** Keeps the text up to the end of its `maxTokens`-th code token. */
function limitTokens(text: string, maxTokens: number): { text: string; truncated: boolean } {
  const tokens = codeTokens(text);
  if (tokens.length <= maxTokens) return { text, truncated: false };
  const last = tokens[maxTokens - 1];
  return { text: last ? text.slice(0, last.index! + last[0].length) : '', truncated: true };
}
