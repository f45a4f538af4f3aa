// Prompt assembly for one run: `createPromptBuilder` is what the generation stage calls, once per run, then
// `build(task)` per task.
import type { ContextSnippet, TaskRecord } from '../datasets/index.ts';
import { taskFamily } from '../tasks/index.ts';
import { getLanguage } from '../languages/index.ts';
import { InputError } from '../util/errors.ts';
import { assemblePrompt, commentMarks, type SourcedSnippet } from './assemble.ts';
import { Retrieval } from './retrieve.ts';
import { parseStrategy, type StrategyPart } from './strategies.ts';
import { resolveTemplate } from './templates.ts';
import { DEFAULT_TOKENIZER, loadTokenizer } from './tokenizers.ts';
import { DEFAULT_RETRIEVAL, type PromptBuilder, type PromptBuilderOptions } from './types.ts';

export async function createPromptBuilder(options: PromptBuilderOptions): Promise<PromptBuilder> {
  const template = resolveTemplate(options.template);
  const parts = parseStrategy(options.strategy);
  const counter = options.tokenCounter ?? (await loadTokenizer(options.tokenizer ?? DEFAULT_TOKENIZER));
  for (const [field, value] of [
    ['budget', options.budget],
    ['reserveTokens', options.reserveTokens],
    ['crossfileBudget', options.crossfileBudget],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 0))
      throw new InputError(`must be a non-negative integer, got ${value}`, { field });
  }
  const retrieval = new Retrieval(
    { ...DEFAULT_RETRIEVAL, ...template.retrieval, ...options.retrieval },
    options.repoRoot,
    options.embeddings,
  );
  const explicitInfile = parts.some((part) => part.kind === 'infile');

  return {
    tokenizerName: counter.name,
    strategy: options.strategy,
    template: template.name,
    async build(task: TaskRecord) {
      const language = getLanguage(task.language);
      // A target that stands alone (a function from its signature and docstring) gets the file around it only when
      // `infile` is asked for; the other kinds complete their file, so their in-file text is always in the prompt.
      const standalone = taskFamily(task.kind).infile === 'on-request';
      const infile = standalone ? explicitInfile : true;
      const { lc, lcEnd } = commentMarks(language);
      const functionHeader =
        standalone && !infile
          ? (task.docstring ?? '')
              .split('\n')
              .filter((line) => line.trim() !== '')
              .map((line) => `${lc} ${line}${lcEnd}\n`)
              .join('')
          : '';
      const snippets: SourcedSnippet[] = [];
      const seen = new Set<string>();
      for (const part of parts) {
        for (const item of await snippetsFor(part, task, retrieval)) {
          const key = `${item.snippet.path}:${item.snippet.startLine}-${item.snippet.endLine}`;
          if (seen.has(key)) continue;
          seen.add(key);
          snippets.push(item);
        }
      }
      return assemblePrompt({
        template,
        counter,
        task,
        language,
        prefix: template.kind === 'chat' ? (infile ? task.prefix : '') : infile ? task.prefix : functionHeader,
        suffix: template.fim && infile ? task.suffix : '',
        infileIncluded: template.kind === 'chat' && infile && standalone,
        snippets,
        budget: options.budget ?? template.budget ?? Infinity,
        reserveTokens: options.reserveTokens ?? 0,
        crossfileBudget: options.crossfileBudget ?? Infinity,
      });
    },
  };
}

/** Leakage rule for given snippets: nothing of the target file from the hole on. */
function beforeHole(task: TaskRecord, snippet: ContextSnippet): boolean {
  return snippet.path !== task.path || snippet.endLine < task.span.startLine;
}

async function snippetsFor(part: StrategyPart, task: TaskRecord, retrieval: Retrieval): Promise<SourcedSnippet[]> {
  switch (part.kind) {
    case 'none':
    case 'infile':
      return [];
    case 'oracle':
      return (task.oracle ?? [])
        .filter((snippet) => !overlapsHole(task, snippet))
        .map((snippet) => ({ source: 'oracle', snippet }));
    case 'precomputed':
      return (task.retrieved ?? [])
        .filter((snippet) => beforeHole(task, snippet))
        .map((snippet) => ({ source: 'retrieved', snippet }));
    case 'retriever':
      return (await retrieval.retrieve(task, part.retriever, part.withReference)).map((snippet) => ({
        source: 'retrieved',
        snippet,
      }));
  }
}

/** Oracle definitions may come from the target's file (same-file callees), but never the hole itself. */
function overlapsHole(task: TaskRecord, snippet: ContextSnippet): boolean {
  return snippet.path === task.path && snippet.startLine <= task.span.endLine && snippet.endLine >= task.span.startLine;
}
