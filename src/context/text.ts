// Text primitives that must behave like CrossCodeEval's Python: str.strip, str.splitlines, lines.
// Its word tokenizer (`tokenize_nltk`) is in nltk.ts.

/** Python's str.isspace() characters. */
const PY_SPACE =
  '\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f ' +
  '\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';
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
