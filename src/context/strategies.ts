// Context strategies by name: `none`, `infile`, `oracle`, `precomputed`, every registered
// retriever (`bm25`, `jaccard`, `tfidf`, `dense`, and a plugin's) and its with-reference upper
// bound (`bm25-ref`, …), combined with `+` under one budget in the stated order (`oracle+bm25`).
import { InputError } from '../util/errors.ts';
import { RETRIEVERS } from './retrievers.ts';

const FIXED = ['none', 'infile', 'oracle', 'precomputed'] as const;

export type StrategyPart =
  | { kind: (typeof FIXED)[number] }
  | { kind: 'retriever'; retriever: string; withReference: boolean };

const FIXED_DESCRIPTIONS: Record<(typeof FIXED)[number], string> = {
  none: 'only what the task gives: signature + docstring for function tasks, the in-file text for the others',
  infile: 'the file around the hole: the prefix, plus the suffix with FIM templates',
  oracle: "the task's oracle snippets (YABLoCo: the callees' code and docstrings)",
  precomputed: 'the retrieval that came with an imported set (CrossCodeEval crossfile_context)',
};

/**
 * eval's agent mode, named last in a strategy (`agent`, `bm25+agent`): the model calls repository tools
 * (agent-tools.ts).
 */
export const AGENT_STRATEGY = 'agent';

export function listStrategies(): { name: string; description: string }[] {
  return [
    ...FIXED.map((name) => ({ name, description: FIXED_DESCRIPTIONS[name] })),
    ...RETRIEVERS.list().map(({ name, description }) => ({ name, description })),
    {
      name: '<retriever>-ref',
      description: 'the retriever with the reference added to the query (upper bound), no next-chunk rule',
    },
    {
      name: `<strategy>+${AGENT_STRATEGY}`,
      description:
        `eval only: the model then calls repository tools over several turns (alone, ` +
        `\`${AGENT_STRATEGY}\` opens with \`none\`)`,
    },
  ];
}

/** A strategy without its agent part: the opening context, and whether the model then calls tools. */
export function splitAgentStrategy(name: string): { opening: string; agent: boolean } {
  const parts = name.split('+').map((part) => part.trim());
  const agent = parts.at(-1) === AGENT_STRATEGY;
  if (parts.slice(0, -1).includes(AGENT_STRATEGY))
    throw new InputError(`'${AGENT_STRATEGY}' comes last in a strategy ('${name}'), e.g. bm25+agent`, {
      field: 'context',
    });
  const opening = agent ? parts.slice(0, -1).join('+') : name;
  return { opening: opening === '' ? 'none' : opening, agent };
}

function knownNames(): string {
  const retrievers = RETRIEVERS.names();
  return [...FIXED, ...retrievers, ...retrievers.map((r) => `${r}-ref`)].join(', ');
}

export function parseStrategy(name: string): StrategyPart[] {
  const parts = name.split('+').map((part): StrategyPart => {
    const word = part.trim();
    if (word === AGENT_STRATEGY)
      throw new InputError(
        `'${AGENT_STRATEGY}' is eval's agent mode (the model calls repository tools); it builds no prompt of its own`,
        { field: 'context' },
      );
    if ((FIXED as readonly string[]).includes(word)) return { kind: word as (typeof FIXED)[number] };
    const withReference = word.endsWith('-ref') && !RETRIEVERS.has(word);
    const base = withReference ? word.slice(0, -'-ref'.length) : word;
    if (RETRIEVERS.has(base)) return { kind: 'retriever', retriever: base, withReference };
    throw new InputError(
      `unknown context strategy '${word}' (known: ${knownNames()}; combine with +, e.g. oracle+bm25)`,
      { field: 'context' },
    );
  });
  if (parts.length > 1 && parts.some((part) => part.kind === 'none')) {
    throw new InputError(`'none' cannot be combined with other strategies ('${name}')`, { field: 'context' });
  }
  return parts;
}
