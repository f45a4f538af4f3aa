// NLTK's `word_tokenize` as CrossCodeEval calls it (NLTK 3.8): punkt splits the text into
// sentences, then NLTKWordTokenizer's regular expressions run on each sentence, in NLTK's order.
// Python's regex classes are spelled out (`\w`, `\d`, `\s`, `\b` are Unicode-aware there; `$`
// also matches before a final newline). Punkt runs with untrained parameters: the English model's
// learned abbreviations, collocations and orthographic contexts are not shipped here; they only
// decide breaks after abbreviations, initials and numbers (docs/context.md).
import { pyStrip } from './text.ts';

/** Python's `\w` for str patterns (letters, numbers, `_`; combining marks are not word characters). */
const W = '[\\p{L}\\p{N}_]';
/** Python's `\s` for str patterns (str.isspace()). */
const S_CHARS = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const S = `[${S_CHARS}]`;
const NOT_S = `[^${S_CHARS}]`;
/** Python's `\b`. */
const B = `(?:(?<=${W})(?!${W})|(?<!${W})(?=${W}))`;

type Rule = [RegExp, string];
const rule = (source: string, replacement: string, flags = ''): Rule => [new RegExp(source, `gu${flags}`), replacement];

// NLTKWordTokenizer (nltk/tokenize/destructive.py), rule for rule.
const STARTING_QUOTES: Rule[] = [
  rule('([«“‘„]|[`]+)', ' $1 '),
  rule('^"', '``'),
  rule('(``)', ' $1 '),
  rule(`([ \\(\\[{<])("|'{2})`, '$1 `` '),
  rule(`(')(?!re|ve|ll|m|t|s|d|n)(${W})${B}`, '$1 $2', 'i'),
];
const PUNCTUATION: Rule[] = [
  rule(`([^\\.])(\\.)([\\]\\)}>"'»”’ ]*)${S}*$`, '$1 $2 $3 '),
  rule('([:,])([^\\p{Nd}])', ' $1 $2'),
  rule('([:,])(?=\\n?$)', ' $1 '),
  rule('\\.{2,}', ' $& '),
  rule('[;@#$%&]', ' $& '),
  rule(`([^\\.])(\\.)([\\]\\)}>"']*)${S}*$`, '$1 $2$3 '),
  rule('[?!]', ' $& '),
  rule("([^'])' ", "$1 ' "),
  rule('[*]', ' $& '),
];
const PARENS_BRACKETS = rule('[\\]\\[\\(\\)\\{\\}<>]', ' $& ');
const DOUBLE_DASHES = rule('--', ' -- ');
const ENDING_QUOTES: Rule[] = [
  rule('([»”’])', ' $1 '),
  rule("''", " '' "),
  rule('"', " '' "),
  rule("([^' ])('[sS]|'[mM]|'[dD]|') ", '$1 $2 '),
  rule("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", '$1 $2 '),
];
const CONTRACTIONS: Rule[] = [
  ...[
    ['can', 'not'],
    ['d', "'ye"],
    ['gim', 'me'],
    ['gon', 'na'],
    ['got', 'ta'],
    ['lem', 'me'],
    ['more', "'n"],
  ].map(([a, b]) => rule(`${B}(${a})(${b})${B}`, ' $1 $2 ', 'i')),
  rule(`${B}(wan)(na)(?=${S})`, ' $1 $2 ', 'i'),
  rule(` ('t)(is)${B}`, ' $1 $2 ', 'i'),
  rule(` ('t)(was)${B}`, ' $1 $2 ', 'i'),
];

/** Every text a contraction rule can change contains one of these (case-insensitively, as the rules match). */
const CONTRACTION_WORDS = /cannot|d'ye|gimme|gonna|gotta|lemme|more'n|wanna|'t(?:is|was)/iu;

/** NLTKWordTokenizer.tokenize on one sentence, as the transformed text (tokens = its whitespace-separated words). */
export function treebankText(sentence: string): string {
  let text = sentence;
  for (const [pattern, replacement] of STARTING_QUOTES) text = text.replace(pattern, replacement);
  for (const [pattern, replacement] of PUNCTUATION) text = text.replace(pattern, replacement);
  text = text.replace(PARENS_BRACKETS[0], PARENS_BRACKETS[1]);
  text = text.replace(DOUBLE_DASHES[0], DOUBLE_DASHES[1]);
  text = ` ${text} `;
  for (const [pattern, replacement] of ENDING_QUOTES) text = text.replace(pattern, replacement);
  if (CONTRACTION_WORDS.test(text))
    for (const [pattern, replacement] of CONTRACTIONS) text = text.replace(pattern, replacement);
  return text;
}

// Punkt (nltk/tokenize/punkt.py): PunktLanguageVars' expressions.
const NON_WORD = `(?:[)";}\\]\\*:@'\\({\\[?!])`;
const MULTI_CHAR = `(?:-{2,}|\\.{2,}|(?:\\.${S}){2,}\\.)`;
const WORD_START = '[^\\("`{\\[:;&#\\*@\\)}\\]\\-,]';
const PUNKT_WORD = new RegExp(
  `${MULTI_CHAR}|(?=${WORD_START})${NOT_S}+?` +
    `(?=${S}|$|${NON_WORD}|${MULTI_CHAR}|,(?=$|${S}|${NON_WORD}|${MULTI_CHAR}))|${NOT_S}`,
  'gu',
);
const PERIOD_CONTEXT = new RegExp(`[.?!](?=(?<after>${NON_WORD}|${S}+(?<next>${NOT_S}+)))`, 'gud');
const BOUNDARY_REALIGNMENT = new RegExp(`^["')\\]}]+?(?:${S}+|(?=--)|(?=\\n)|$)`, 'u');
const ASCII_WHITESPACE = ' \t\n\r\x0b\x0c';
const NUMERIC = /^-?[.,]?\p{Nd}[\p{Nd},.-]*\.?$/u;
const INITIAL = /^[\p{L}\p{N}_](?<!\p{Nd})\.$/u;
const SENTENCE_PUNCTUATION = new Set([';', ':', ',', '.', '!', '?']);

interface PunktToken {
  tok: string;
  type: string;
  periodFinal: boolean;
  sentbreak: boolean;
  ellipsis: boolean;
}

function punktToken(tok: string): PunktToken {
  const lower = tok.toLowerCase();
  return {
    tok,
    type: NUMERIC.test(lower) ? '##number##' : lower,
    periodFinal: tok.endsWith('.'),
    sentbreak: false,
    ellipsis: false,
  };
}

function* punktWords(text: string): Generator<PunktToken> {
  for (const line of text.split('\n')) {
    if (pyStrip(line) === '') continue;
    for (const match of line.matchAll(PUNKT_WORD)) yield punktToken(match[0]);
  }
}

/** First pass (no known abbreviations): `.`/`?`/`!` and period-final words are breaks, dot runs are ellipses. */
function firstPass(token: PunktToken): void {
  if (token.tok === '.' || token.tok === '?' || token.tok === '!') token.sentbreak = true;
  else if (/^\.\.+$/u.test(token.tok)) token.ellipsis = true;
  else if (token.periodFinal && !token.tok.endsWith('..')) token.sentbreak = true;
}

/** The orthographic heuristic with no learned contexts: punctuation and lower-case words never start a sentence. */
function orthoSaysStarter(token: PunktToken): boolean | 'unknown' {
  if (SENTENCE_PUNCTUATION.has(token.tok)) return false;
  if (/^\p{Lowercase}/u.test(token.tok)) return false;
  return 'unknown';
}

/**
 * Second pass for a pair: initials and numbers before a non-starter are abbreviations; an initial before a capital too.
 */
function secondPass(first: PunktToken, second: PunktToken): void {
  if (!first.periodFinal) return;
  const type = first.type.length > 1 && first.type.endsWith('.') ? first.type.slice(0, -1) : first.type;
  const initial = INITIAL.test(first.tok);
  if (initial || type === '##number##') {
    const starter = orthoSaysStarter(second);
    if (starter === false || (starter === 'unknown' && initial && /^\p{Uppercase}/u.test(second.tok)))
      first.sentbreak = false;
  }
}

function containsSentbreak(context: string): boolean {
  let previous: PunktToken | undefined;
  for (const token of punktWords(context)) {
    firstPass(token);
    if (previous) {
      secondPass(previous, token);
      if (previous.sentbreak) return true;
    }
    previous = token;
  }
  return false;
}

function lastAsciiWhitespace(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (ASCII_WHITESPACE.includes(text[i]!)) return i;
  return 0;
}

/** Punkt's sentence slices before realignment (PunktSentenceTokenizer._slices_from_text). */
function rawSlices(text: string): [number, number][] {
  const contexts: { end: number; next: number | undefined; context: string }[] = [];
  let previousSlice: [number, number] = [0, 0];
  let previous: RegExpExecArray | undefined;
  const contextOf = (match: RegExpExecArray, slice: [number, number]) => ({
    end: match.index + 1,
    next: match.indices!.groups!.next?.[0],
    context: text.slice(slice[0], slice[1]) + match[0] + match.groups!.after!,
  });
  PERIOD_CONTEXT.lastIndex = 0;
  for (let match = PERIOD_CONTEXT.exec(text); match; match = PERIOD_CONTEXT.exec(text)) {
    const before = text.slice(previousSlice[1], match.index);
    let start = lastAsciiWhitespace(before);
    start = start ? start + previousSlice[1] + 1 : previousSlice[0];
    const wordSlice: [number, number] = [start, match.index];
    if (previous && previousSlice[1] <= wordSlice[0]) contexts.push(contextOf(previous, previousSlice));
    previous = match;
    previousSlice = wordSlice;
  }
  if (previous) contexts.push(contextOf(previous, previousSlice));
  const slices: [number, number][] = [];
  let lastBreak = 0;
  for (const { end, next, context } of contexts) {
    if (!containsSentbreak(context)) continue;
    slices.push([lastBreak, end]);
    lastBreak = next ?? end;
  }
  slices.push([lastBreak, pythonRstrip(text).length]);
  return slices;
}

/** Punkt's sentences (realigned: closing quotes and brackets after a break stay with their sentence). */
export function punktSentences(text: string): string[] {
  const slices = rawSlices(text);
  const sentences: string[] = [];
  let realign = 0;
  slices.forEach(([start, end], index) => {
    const from = start + realign;
    const following = slices[index + 1];
    if (!following) {
      if (end > from) sentences.push(text.slice(from, end));
      return;
    }
    const match = BOUNDARY_REALIGNMENT.exec(text.slice(following[0], following[1]));
    if (match) {
      sentences.push(text.slice(from, following[0] + pythonRstrip(match[0]).length));
      realign = match[0].length;
    } else {
      realign = 0;
      if (end > from) sentences.push(text.slice(from, end));
    }
  });
  return sentences;
}

const PY_TRAILING_SPACE = new RegExp(`${S}+$`, 'u');
function pythonRstrip(text: string): string {
  return text.replace(PY_TRAILING_SPACE, '');
}

const WORD_RUN = new RegExp(`${W}+`, 'gu');

/**
 * CrossCodeEval's `tokenize_nltk`: word_tokenize, then the `\w+` runs of every word, case kept.
 * NLTK's rules only put spaces around non-word characters, except the contraction splits (`n't`,
 * `cannot`, `'tis`…): a text without them has exactly its `\w+` runs as tokens (the fast path).
 */
export function codeTokens(text: string): string[] {
  if (!text.includes("n't") && !text.includes("N'T") && !CONTRACTION_WORDS.test(text))
    return text.match(WORD_RUN) ?? [];
  const tokens: string[] = [];
  for (const sentence of punktSentences(text)) {
    for (const match of treebankText(sentence).matchAll(WORD_RUN)) tokens.push(match[0]);
  }
  return tokens;
}
