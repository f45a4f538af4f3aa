// Text primitives that must behave like CrossCodeEval's Python: its word tokenizer
// (`tokenize_nltk`: NLTK word_tokenize, then `\w+` inside each word), str.strip and str.splitlines.

/** Python's `\w` for str patterns: letters, numbers and `_` (combining marks are not word characters). */
const WORD_RUN = /[\p{L}\p{N}_]+/gu;
const WORD_CHAR = /^[\p{L}\p{N}_]/u;
const DECIMAL = /^\p{Nd}/u;
/** Python's str.isspace() characters. */
const PY_SPACE = '\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';
const PY_SPACE_SET = new Set(PY_SPACE);

/** Python's `str.strip()` (no arguments). */
export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PY_SPACE_SET.has(text[start]!)) start++;
  while (end > start && PY_SPACE_SET.has(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/** Python's `str.splitlines()` (line breaks dropped; a final break makes no empty line). */
export function pySplitlines(text: string): string[] {
  const lines = text.split(/\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Python's `str.strip('\n')`. */
export function stripNewlines(text: string): string {
  return text.replace(/^\n+/, '').replace(/\n+$/, '');
}

// NLTK's tokenizer inserts spaces before these characters (PUNCTUATION, PARENS_BRACKETS and
// the quote rules), so a contraction followed by one of them is split as if followed by a space.
const PADDED_BEFORE = new Set(';@#$%&?!*[](){}<>"«“‘„»”’`\u2012\u2013\u2014\u2015');

/** Would NLTK see a space (or the end of a sentence) at position `i` of `text`? */
function nltkBoundaryAt(text: string, i: number): boolean {
  if (i >= text.length) return true;
  const char = text[i]!;
  if (PY_SPACE_SET.has(char) || PADDED_BEFORE.has(char)) return true;
  const next = text[i + 1];
  if (char === ',' || char === ':') return next === undefined || !DECIMAL.test(next);
  if (char === '-') return next === '-';
  if (char === "'") return next === undefined || next === "'" || PY_SPACE_SET.has(next);
  if (char === '.') {
    // `..` is padded; a single `.` is split off only at a sentence end (closing brackets/quotes,
    // then whitespace or the end of the text — punkt's usual sentence boundary).
    if (next === '.') return true;
    let j = i + 1;
    while (j < text.length && ']})>"\''.includes(text[j]!)) j++;
    return j >= text.length || PY_SPACE_SET.has(text[j]!);
  }
  return false;
}

// MacIntyre contractions of NLTK (case-insensitive whole words): split position.
const SPLIT_WORDS = new Map<string, number>([['cannot', 3], ['gimme', 3], ['gonna', 3], ['gotta', 3], ['lemme', 3]]);

/**
 * CrossCodeEval's `tokenize_nltk`: NLTK word_tokenize, then `\w+` runs of each word, case kept.
 * Only NLTK's contraction rules change the `\w+` runs (`don't` → do, n, t; `cannot` → can, not),
 * so the tokens are the `\w+` runs of the text with those splits applied.
 */
export function codeTokens(text: string): string[] {
  const tokens: string[] = [];
  WORD_RUN.lastIndex = 0;
  for (let match = WORD_RUN.exec(text); match; match = WORD_RUN.exec(text)) {
    const word = match[0];
    const end = match.index + word.length;
    const apostropheT = (word.endsWith('n') && text.startsWith("'t", end)) || (word.endsWith('N') && text.startsWith("'T", end));
    if (word.length >= 2 && apostropheT && !WORD_CHAR.test(text.slice(end + 2, end + 4)) && nltkBoundaryAt(text, end + 2)) {
      tokens.push(word.slice(0, -1), word.slice(-1));
      continue;
    }
    const lower = word.toLowerCase();
    const split = SPLIT_WORDS.get(lower) ?? (lower === 'wanna' && nltkBoundaryAt(text, end) ? 3 : undefined);
    if (split !== undefined) tokens.push(word.slice(0, split), word.slice(split));
    else tokens.push(word);
  }
  return tokens;
}

/** Lines of `text` with their terminators kept (`a\nb` → [`a\n`, `b`]). */
export function linesWithEnds(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', start)) {
    lines.push(text.slice(start, index + 1));
    start = index + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** Non-blank lines (Python `l.strip()` truthy) of `text` split on `\n`. */
export function nonBlankLines(text: string): string[] {
  return text.split('\n').filter((line) => pyStrip(line) !== '');
}
