// Context strategies by name: `none`, `infile`, `oracle`, `precomputed`, the retrievers
// (`bm25`, `jaccard`, `tfidf`, `dense`) and their with-reference upper bounds (`bm25-ref`, …),
// combined with `+` under one budget in the stated order (`oracle+bm25`).
import { InputError } from '../util/errors.ts';

export const RETRIEVERS = ['bm25', 'jaccard', 'tfidf', 'dense'] as const;
export type RetrieverName = (typeof RETRIEVERS)[number];

export type StrategyPart =
  | { kind: 'none' }
  | { kind: 'infile' }
  | { kind: 'oracle' }
  | { kind: 'precomputed' }
  | { kind: 'retriever'; retriever: RetrieverName; withReference: boolean };

const DESCRIPTIONS: [string, string][] = [
  ['none', 'only what the task gives: signature + docstring for function tasks, the in-file text for the others'],
  ['infile', 'the file around the hole: the prefix, plus the suffix with FIM templates'],
  ['oracle', "the task's oracle snippets (YABLoCo: the callees' code and docstrings)"],
  ['precomputed', 'the retrieval that came with an imported set (CrossCodeEval crossfile_context)'],
  ['bm25', 'CrossCodeEval RG1: BM25 Okapi over 10-line chunks of the nearest files, next chunk of each hit'],
  ['jaccard', 'as bm25, ranked by Jaccard similarity of token sets'],
  ['tfidf', 'as bm25, ranked by TF-IDF cosine (scikit-learn defaults)'],
  ['dense', 'as bm25, ranked by cosine of embeddings from an OpenAI-compatible /v1/embeddings endpoint'],
  ['<retriever>-ref', 'the retriever with the reference added to the query (upper bound), no next-chunk rule'],
];

export function listStrategies(): { name: string; description: string }[] {
  return DESCRIPTIONS.map(([name, description]) => ({ name, description }));
}

function knownNames(): string {
  return ['none', 'infile', 'oracle', 'precomputed', ...RETRIEVERS, ...RETRIEVERS.map((r) => `${r}-ref`)].join(', ');
}

export function parseStrategy(name: string): StrategyPart[] {
  const parts = name.split('+').map((part): StrategyPart => {
    const word = part.trim();
    if (word === 'none' || word === 'infile' || word === 'oracle' || word === 'precomputed') return { kind: word };
    const withReference = word.endsWith('-ref');
    const base = withReference ? word.slice(0, -'-ref'.length) : word;
    if ((RETRIEVERS as readonly string[]).includes(base)) return { kind: 'retriever', retriever: base as RetrieverName, withReference };
    throw new InputError(`unknown context strategy '${word}' (known: ${knownNames()}; combine with +, e.g. oracle+bm25)`, { field: 'context' });
  });
  if (parts.length > 1 && parts.some((part) => part.kind === 'none')) {
    throw new InputError(`'none' cannot be combined with other strategies ('${name}')`, { field: 'context' });
  }
  return parts;
}
