// Python string semantics that the reference metric scripts rely on, so that ctxbench reproduces
// their numbers exactly: str.strip()/split()/splitlines() whitespace, code-point lengths, the
// Unicode `\w` of the `re` module and round() (half to even).

/** Code points for which Python's str.isspace() is true (all in the BMP). */
const PY_WHITESPACE = new Set<number>([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003,
  0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

/** Line boundaries of Python's str.splitlines() (`\r\n` counts as one). */
const PY_LINE_BREAKS = new Set<number>([0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029]);

/** Python `s.strip()`: JavaScript's trim() differs (it strips U+FEFF, keeps U+001C..U+001F and U+0085). */
export function pyStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PY_WHITESPACE.has(text.charCodeAt(start))) start++;
  while (end > start && PY_WHITESPACE.has(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** Python `s.split()` without arguments: runs of whitespace separate, no empty fields. */
export function pySplit(text: string): string[] {
  const fields: string[] = [];
  let start = -1;
  for (let index = 0; index < text.length; index++) {
    if (PY_WHITESPACE.has(text.charCodeAt(index))) {
      if (start >= 0) fields.push(text.slice(start, index));
      start = -1;
    } else if (start < 0) {
      start = index;
    }
  }
  if (start >= 0) fields.push(text.slice(start));
  return fields;
}

/** Python `s.splitlines()`: no trailing empty line after a final line break. */
export function pySplitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (!PY_LINE_BREAKS.has(code)) continue;
    lines.push(text.slice(start, index));
    if (code === 0x0d && text.charCodeAt(index + 1) === 0x0a) index++;
    start = index + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

/** Removes every whitespace character (Python's definition). */
export function removePyWhitespace(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    if (!PY_WHITESPACE.has(text.charCodeAt(index))) out += text[index];
  }
  return out;
}

/** The code points of a string: Python indexes and measures strings by code point. */
export function codePoints(text: string): number[] {
  const points: number[] = [];
  for (let index = 0; index < text.length; index++) {
    const code = text.codePointAt(index)!;
    points.push(code);
    if (code > 0xffff) index++;
  }
  return points;
}

/** Python 3 `round(x)` for floats: ties go to the even neighbour. */
export function roundHalfEven(value: number): number {
  const floor = Math.floor(value);
  const fraction = value - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/**
 * Python's Unicode `\w+` (the `re` module: alphanumerics in the Unicode sense plus `_`). Letters and
 * numbers of every category match; combining marks do not, as in Python.
 */
export const PY_WORD_RUN = /[\p{L}\p{N}_]+/gu;
