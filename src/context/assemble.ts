// Prompt assembly: renders a template with the in-file text and the context snippets, and fits
// everything into the token budget (cross-file context cut from the right, in-file prefix from the
// left, suffix from the right, at line boundaries where possible).
import type { ContextSnippet, TaskRecord } from '../datasets/index.ts';
import type { LanguageSpec } from '../languages/index.ts';
import type { PromptParts } from './prompt-parts.ts';
import { InputError } from '../util/errors.ts';
import { fill } from './templates.ts';
import { linesWithEnds, pySplitlines, stripNewlines } from './text.ts';
import type { PromptTemplate } from './template-schema.ts';
import type { BuiltPrompt, TokenCounter } from './types.ts';

/** Share of the in-file budget the suffix keeps when prefix and suffix do not both fit. */
export const SUFFIX_SHARE = 0.25;

export interface SourcedSnippet {
  source: 'retrieved' | 'oracle';
  snippet: ContextSnippet;
}

export interface AssemblyInput {
  template: PromptTemplate;
  counter: TokenCounter;
  task: TaskRecord;
  language: LanguageSpec;
  /** in-file text before the hole as the strategy gives it. */
  prefix: string;
  /** in-file text after the hole ('' unless a FIM template and the strategy includes it). */
  suffix: string;
  /** chat templates: whether `infileWrap` is used. */
  infileIncluded: boolean;
  snippets: SourcedSnippet[];
  /** total prompt tokens, Infinity for none. */
  budget: number;
  reserveTokens: number;
  crossfileBudget: number;
}

/**
 * How a line is commented out: `{lc}` before it and `{lcEnd}` after it. Languages without a line
 * comment (HTML) close a block comment on every line (`<!-- line -->`), so no comment stays open.
 */
interface CommentMarks {
  lc: string;
  lcEnd: string;
}

export function commentMarks(language: LanguageSpec): CommentMarks {
  if (language.lineComment) return { lc: language.lineComment, lcEnd: '' };
  if (language.blockComment) return { lc: language.blockComment[0], lcEnd: ` ${language.blockComment[1]}` };
  return { lc: '#', lcEnd: '' };
}

function renderSnippet(template: PromptTemplate, item: SourcedSnippet, marks: CommentMarks): string {
  const { lc, lcEnd } = marks;
  const { snippet } = item;
  const layout =
    item.source === 'oracle' ? (template.context.oracleSnippet ?? template.context.snippet) : template.context.snippet;
  const docstring = snippet.docstring ?? '';
  return fill(layout, {
    path: snippet.path,
    text: snippet.text,
    commented: pySplitlines(stripNewlines(snippet.text))
      .map((line) => `${lc} ${line}${lcEnd}`)
      .join('\n'),
    name: snippet.name ?? '',
    docstring,
    docLines: docstring.replaceAll('\n', `${lcEnd}\n${lc}`),
    lc,
    lcEnd,
    startLine: String(snippet.startLine),
    endLine: String(snippet.endLine),
    score: snippet.score === null ? '' : String(snippet.score),
  });
}

interface ContextBlock {
  text: string;
  /** [start, end) of each snippet's rendering inside `text`. */
  ranges: [number, number][];
}

function renderContext(template: PromptTemplate, snippets: SourcedSnippet[], marks: CommentMarks): ContextBlock {
  const { lc, lcEnd } = marks;
  if (snippets.length === 0) return { text: '', ranges: [] };
  const layout = template.context;
  const cut = layout.wrap.indexOf('{block}');
  let text = fill(layout.wrap.slice(0, cut), { lc, lcEnd }) + fill(layout.header, { lc, lcEnd });
  const ranges: [number, number][] = [];
  snippets.forEach((item, index) => {
    if (index > 0) text += fill(layout.separator, { lc, lcEnd });
    const start = text.length;
    text += renderSnippet(template, item, marks);
    ranges.push([start, text.length]);
  });
  text += fill(layout.footer, { lc, lcEnd }) + fill(layout.wrap.slice(cut + '{block}'.length), { lc, lcEnd });
  return { text, ranges };
}

/**
 * The longest run of whole lines of `text` from its start (`fromEnd` false) or its end whose token
 * count is at most `limit`; when not even one line fits, the longest run of characters of that line.
 */
export function fitLines(counter: TokenCounter, text: string, limit: number, fromEnd: boolean): string {
  if (text === '' || limit <= 0) return '';
  if (limit === Infinity) return text;
  const lines = linesWithEnds(text);
  const take = (k: number) => (fromEnd ? lines.slice(lines.length - k) : lines.slice(0, k)).join('');
  // Estimate from per-line counts (joined text usually counts a little less), then settle exactly.
  let estimate = 0;
  let sum = 0;
  for (; estimate < lines.length; estimate++) {
    const lineTokens = counter.count(lines[fromEnd ? lines.length - 1 - estimate : estimate]!);
    if (sum + lineTokens > limit) break;
    sum += lineTokens;
  }
  const fits = (k: number) => k === 0 || counter.count(take(k)) <= limit;
  let low: number; // fits
  let high: number; // does not fit (or lines.length + 1)
  if (fits(estimate)) {
    low = estimate;
    let step = 1;
    while (low + step <= lines.length && fits(low + step)) {
      low += step;
      step *= 2;
    }
    high = Math.min(low + step, lines.length + 1);
  } else {
    high = estimate;
    low = 0;
  }
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (fits(middle)) low = middle;
    else high = middle;
  }
  if (low > 0) return take(low);
  const line = fromEnd ? lines[lines.length - 1]! : lines[0]!;
  let keep = 0;
  let tooMany = line.length;
  while (tooMany - keep > 1) {
    const middle = (keep + tooMany) >> 1;
    if (counter.count(fromEnd ? line.slice(line.length - middle) : line.slice(0, middle)) <= limit) keep = middle;
    else tooMany = middle;
  }
  return fromEnd ? line.slice(line.length - keep) : line.slice(0, keep);
}

/**
 * The signature as a prompt shows it. YABLoCo joins its lines (tabs and line breaks removed); that is
 * kept where the language ends statements with brackets and no line comment would swallow the rest
 * (`f(a, // note` + `b)`). Elsewhere line breaks are syntax (Python decorators, `# noqa` comments):
 * the signature is shown as written.
 */
export function promptSignature(signature: string, language: LanguageSpec): string {
  const lines = signature.split(/\r?\n/);
  const comment = language.lineComment;
  const commented = comment !== null && lines.slice(0, -1).some((line) => line.includes(comment));
  return language.bracketStatements && !commented ? signature.replace(/[\r\n\t]+/g, '') : signature;
}

export function assemblePrompt(input: AssemblyInput): BuiltPrompt {
  const { template, counter, task, language } = input;
  const marks = commentMarks(language);
  // YABLoCo's signature: the function text up to the first `{`, without tabs and line breaks.
  const rawSignature = task.signature;
  const signature = promptSignature(rawSignature ?? '', language);
  const fixedValues = {
    language: language.displayName,
    signature,
    docstring: task.docstring ?? '',
    name: task.name ?? '',
    path: task.path,
    repo: task.repo.name,
    lc: marks.lc,
    lcEnd: marks.lcEnd,
  };
  if (
    template.kind === 'chat' &&
    /\{(signature|docstring)\}/.test(`${template.system ?? ''}${template.user ?? ''}`) &&
    rawSignature === undefined
  ) {
    throw new InputError(
      `template '${template.name}' needs a function task (signature and docstring); task '${task.id}' is a ` +
        `${task.kind} task`,
      { field: 'signature' },
    );
  }
  const render = (prefix: string, suffix: string, context: string) => {
    const values = {
      ...fixedValues,
      prefix,
      suffix,
      context,
      infile: input.infileIncluded ? fill(template.infileWrap ?? '', { ...fixedValues, prefix }) : '',
    };
    if (template.kind === 'chat') {
      const messages: NonNullable<PromptParts['messages']> = [];
      if (template.system) messages.push({ role: 'system', content: fill(template.system, values) });
      messages.push({ role: 'user', content: fill(template.user ?? '', values) });
      return { messages, prompt: null, tokens: messages.reduce((total, m) => total + counter.count(m.content), 0) };
    }
    const prompt = fill(template.prompt ?? '', values);
    return { messages: null, prompt, tokens: counter.count(prompt) };
  };

  const limit = input.budget - input.reserveTokens;
  const fixed = render('', '', '').tokens;
  if (fixed > limit) {
    throw new InputError(
      `budget ${input.budget} minus ${input.reserveTokens} reserved tokens leaves less than the ${fixed} tokens of ` +
        `template '${template.name}' itself`,
      { field: 'budget' },
    );
  }
  const context = renderContext(template, input.snippets, marks);
  const firstSnippetStart = context.ranges[0]?.[0] ?? 0;
  const fitContext = (allowance: number) => {
    const kept = fitLines(counter, context.text, Math.min(allowance, input.crossfileBudget), false);
    // A block cut before any snippet text is only a header: leave it out.
    return kept.length <= firstSnippetStart ? '' : kept;
  };
  const prefixTokens = counter.count(input.prefix);
  const suffixTokens = counter.count(input.suffix);
  const fitInfile = (allowance: number): [string, string] => {
    if (prefixTokens + suffixTokens <= allowance) return [input.prefix, input.suffix];
    if (input.suffix === '') return [fitLines(counter, input.prefix, allowance, true), ''];
    const suffixCap = Math.max(Math.floor(allowance * SUFFIX_SHARE), allowance - prefixTokens);
    const suffix = fitLines(counter, input.suffix, Math.min(suffixTokens, suffixCap), false);
    return [fitLines(counter, input.prefix, allowance - counter.count(suffix), true), suffix];
  };

  // Count the parts separately, then the whole; BPE merges across part boundaries can make the
  // whole a few tokens longer, so shrink by the overshoot and fit again.
  let slack = 0;
  for (;;) {
    const available = limit - fixed - slack;
    let prefix: string;
    let suffix: string;
    let contextText: string;
    if (template.fill === 'infile-first') {
      [prefix, suffix] = fitInfile(available);
      contextText = fitContext(available - counter.count(prefix) - counter.count(suffix));
    } else {
      contextText = fitContext(available);
      [prefix, suffix] = fitInfile(available - counter.count(contextText));
    }
    const rendered = render(prefix, suffix, contextText);
    if (rendered.tokens <= limit || available <= 0) {
      if (rendered.tokens > limit)
        throw new InputError(`cannot fit template '${template.name}' into a budget of ${input.budget} tokens`, {
          field: 'budget',
        });
      return finish(input, rendered, { prefix, suffix, contextText, context, fixed });
    }
    slack += rendered.tokens - limit;
  }
}

function finish(
  input: AssemblyInput,
  rendered: { messages: PromptParts['messages']; prompt: string | null; tokens: number },
  parts: { prefix: string; suffix: string; contextText: string; context: ContextBlock; fixed: number },
): BuiltPrompt {
  const { counter } = input;
  const keptLength = parts.contextText.length;
  const tokens: Record<string, number> = {
    instruction: parts.fixed,
    infile: counter.count(parts.prefix),
    suffix: counter.count(parts.suffix),
    context: counter.count(parts.contextText),
    retrieved: 0,
    oracle: 0,
    total: rendered.tokens,
  };
  const snippets: PromptParts['snippets'] = [];
  const retrieved: ContextSnippet[] = [];
  input.snippets.forEach((item, index) => {
    const [start, end] = parts.context.ranges[index]!;
    if (start >= keptLength) return;
    tokens[item.source] =
      tokens[item.source]! + counter.count(parts.context.text.slice(start, Math.min(end, keptLength)));
    const { path, startLine, endLine, score } = item.snippet;
    snippets.push({ source: item.source, path, startLine, endLine, score });
    retrieved.push(item.snippet);
  });
  return { messages: rendered.messages, prompt: rendered.prompt, tokens, snippets, retrieved };
}
