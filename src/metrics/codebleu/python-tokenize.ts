// A replica of CPython 3.11's pure-Python `tokenize.generate_tokens`, as far as CodeBLEU's
// comment and docstring removal can tell the difference: which spans are comments, strings,
// NEWLINE/NL, INDENT/DEDENT or anything else, their positions (line, code-point column), and the
// two errors (TokenError, IndentationError) that make the reference keep the source unchanged.
// Operator, number and name boundaries are coarser than CPython's: they never change the output.
import { pyStrip } from '../pystr.ts';

export type PyTokenType = 'STRING' | 'COMMENT' | 'NEWLINE' | 'NL' | 'INDENT' | 'DEDENT' | 'OTHER' | 'ENDMARKER';

export interface PyToken {
  type: PyTokenType;
  text: string;
  /** 1-based line, 0-based code-point column, as tokenize reports them. */
  start: [number, number];
  end: [number, number];
}

/** tokenize.TokenError or IndentationError: the source cannot be tokenized. */
export class PythonTokenizeError extends Error {}

const PREFIX = '(?:[bB][rR]?|[rR][bBfF]?|[uU]|[fF][rR]?)?';
const TRIPLE_START = new RegExp(`${PREFIX}(?:'''|""")`, 'uy');
const SINGLE_QUOTED = new RegExp(
  `${PREFIX}(?:'[^\\n'\\\\]*(?:\\\\[^\\n][^\\n'\\\\]*)*(?:'|\\\\\\r?\\n)|` +
    `"[^\\n"\\\\]*(?:\\\\[^\\n][^\\n"\\\\]*)*(?:"|\\\\\\r?\\n))`,
  'uy',
);
const WHITESPACE = /[ \f\t]*/y;
const COMMENT = /#[^\r\n]*/y;
const NUMBER = /(?:\d|\.\d)[\p{L}\p{N}_.]*/uy;
const NAME = /[\p{L}\p{N}_]+/uy;
const NEWLINE = /\r?\n/y;
const CONTINUATION = /\\\r?\n/y;
const OPERATOR = /\*\*=?|\/\/=?|<<=?|>>=?|\.\.\.|->|:=|[!%&*+\-/<=>@^|]=|[%&()*+,\-./:;<=>@[\]^{|}~]/y;
const END_OF = {
  "'": /[^'\\]*(?:\\[^\n][^'\\]*)*'/uy,
  '"': /[^"\\]*(?:\\[^\n][^"\\]*)*"/uy,
  "'''": /[^'\\]*(?:(?:\\[^\n]|'(?!''))[^'\\]*)*'''/uy,
  '"""': /[^"\\]*(?:(?:\\[^\n]|"(?!""))[^"\\]*)*"""/uy,
} as const;
const TAB_SIZE = 8;

function matchAt(pattern: RegExp, text: string, position: number): number {
  pattern.lastIndex = position;
  return pattern.test(text) ? pattern.lastIndex : -1;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Code-point column of a UTF-16 offset within a line (tokenize counts code points). */
function column(line: string, offset: number): number {
  if (!SURROGATE.test(line)) return offset;
  let count = 0;
  for (let index = 0; index < offset; index++, count++)
    if (line.charCodeAt(index) >= 0xd800 && line.charCodeAt(index) <= 0xdbff) index++;
  return count;
}

function readLines(source: string): string[] {
  const lines: string[] = [];
  let start = 0;
  while (start < source.length) {
    const newline = source.indexOf('\n', start);
    const end = newline < 0 ? source.length : newline + 1;
    lines.push(source.slice(start, end));
    start = end;
  }
  return lines;
}

export function pythonTokens(source: string): PyToken[] {
  const tokens: PyToken[] = [];
  const lines = readLines(source);
  let lnum = 0;
  let parenlev = 0;
  let continued = false;
  const indents = [0];
  let contstr = '';
  let needcont = false;
  let strstart: [number, number] = [0, 0];
  let endprog: RegExp = END_OF['"'];
  let lastLine = '';
  let line = '';
  const push = (type: PyTokenType, text: string, start: [number, number], end: [number, number]) =>
    tokens.push({ type, text, start, end });

  for (;;) {
    lastLine = line;
    line = lines[lnum] ?? '';
    lnum++;
    let pos = 0;
    const max = line.length;
    const col = (offset: number) => column(line, offset);

    if (contstr) {
      if (!line) throw new PythonTokenizeError('EOF in multi-line string');
      const end = matchAt(endprog, line, 0);
      if (end >= 0) {
        pos = end;
        push('STRING', contstr + line.slice(0, end), strstart, [lnum, col(end)]);
        contstr = '';
        needcont = false;
      } else if (needcont && !line.endsWith('\\\n') && !line.endsWith('\\\r\n')) {
        push('OTHER', contstr + line, strstart, [lnum, col(line.length)]);
        contstr = '';
        continue;
      } else {
        contstr += line;
        continue;
      }
    } else if (parenlev === 0 && !continued) {
      if (!line) break;
      let indentColumn = 0;
      while (pos < max) {
        const char = line[pos];
        if (char === ' ') indentColumn++;
        else if (char === '\t') indentColumn = (Math.floor(indentColumn / TAB_SIZE) + 1) * TAB_SIZE;
        else if (char === '\f') indentColumn = 0;
        else break;
        pos++;
      }
      if (pos === max) break;
      const first = line[pos]!;
      if (first === '#' || first === '\r' || first === '\n') {
        if (first === '#') {
          const comment = line.slice(pos).replace(/[\r\n]+$/, '');
          push('COMMENT', comment, [lnum, col(pos)], [lnum, col(pos + comment.length)]);
          pos += comment.length;
        }
        push('NL', line.slice(pos), [lnum, col(pos)], [lnum, col(line.length)]);
        continue;
      }
      if (indentColumn > indents[indents.length - 1]!) {
        indents.push(indentColumn);
        push('INDENT', line.slice(0, pos), [lnum, 0], [lnum, col(pos)]);
      }
      while (indentColumn < indents[indents.length - 1]!) {
        if (!indents.includes(indentColumn))
          throw new PythonTokenizeError('unindent does not match any outer indentation level');
        indents.pop();
        push('DEDENT', '', [lnum, col(pos)], [lnum, col(pos)]);
      }
    } else {
      if (!line) throw new PythonTokenizeError('EOF in multi-line statement');
      continued = false;
    }

    while (pos < max) {
      const start = matchAt(WHITESPACE, line, pos);
      if (start === max) {
        pos = max;
        continue;
      }
      let end: number;
      if ((end = matchAt(CONTINUATION, line, start)) >= 0) {
        continued = true;
      } else if ((end = matchAt(COMMENT, line, start)) >= 0) {
        push('COMMENT', line.slice(start, end), [lnum, col(start)], [lnum, col(end)]);
      } else if ((end = matchAt(TRIPLE_START, line, start)) >= 0) {
        endprog = END_OF[line.slice(end - 3, end) as "'''" | '"""'];
        const close = matchAt(endprog, line, end);
        if (close < 0) {
          strstart = [lnum, col(start)];
          contstr = line.slice(start);
          break;
        }
        end = close;
        push('STRING', line.slice(start, end), [lnum, col(start)], [lnum, col(end)]);
      } else if ((end = matchAt(NUMBER, line, start)) >= 0) {
        push('OTHER', line.slice(start, end), [lnum, col(start)], [lnum, col(end)]);
      } else if ((end = matchAt(NEWLINE, line, start)) >= 0) {
        push(parenlev > 0 ? 'NL' : 'NEWLINE', line.slice(start, end), [lnum, col(start)], [lnum, col(end)]);
      } else if ((end = matchAt(OPERATOR, line, start)) >= 0) {
        const char = line[start]!;
        if ('([{'.includes(char)) parenlev++;
        else if (')]}'.includes(char)) parenlev--;
        push('OTHER', line.slice(start, end), [lnum, col(start)], [lnum, col(end)]);
      } else if ((end = matchAt(SINGLE_QUOTED, line, start)) >= 0) {
        const text = line.slice(start, end);
        if (text.endsWith('\n')) {
          strstart = [lnum, col(start)];
          endprog = END_OF[text.match(/['"]/)![0] as "'" | '"'];
          contstr = line.slice(start);
          needcont = true;
          break;
        }
        push('STRING', text, [lnum, col(start)], [lnum, col(end)]);
      } else if ((end = matchAt(NAME, line, start)) >= 0) {
        push('OTHER', line.slice(start, end), [lnum, col(start)], [lnum, col(end)]);
      } else {
        // No token starts here: tokenize yields the single character at `pos` (possibly a space) as an ERRORTOKEN.
        const width = (line.codePointAt(pos) ?? 0) > 0xffff ? 2 : 1;
        push('OTHER', line.slice(pos, pos + width), [lnum, col(pos)], [lnum, col(pos) + 1]);
        pos += width;
        continue;
      }
      pos = end;
    }
  }

  if (lastLine && !lastLine.endsWith('\n') && !lastLine.endsWith('\r') && !pyStrip(lastLine).startsWith('#')) {
    const width = column(lastLine, lastLine.length);
    push('NEWLINE', '', [lnum - 1, width], [lnum - 1, width + 1]);
  }
  for (let index = 1; index < indents.length; index++) push('DEDENT', '', [lnum, 0], [lnum, 0]);
  push('ENDMARKER', '', [lnum, 0], [lnum, 0]);
  return tokens;
}
