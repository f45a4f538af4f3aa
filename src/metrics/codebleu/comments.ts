// CodeBLEU's remove_comments_and_docstrings, applied to both texts before the syntax and dataflow
// matches. Python goes through tokenize (comments and docstrings dropped, gaps turned into spaces);
// Ruby is left alone; every other language loses `//` and `/* */` comments (strings are skipped
// over). Blank lines are dropped. Where the reference raises (Python that does not tokenize), the
// text is kept as it was, as the reference's `except Exception: pass` does.
import { pyStrip } from '../pystr.ts';
import { PythonTokenizeError, pythonTokens } from './python-tokenize.ts';
import type { CodeBleuLanguage } from './keywords.ts';

const C_STYLE_COMMENT_OR_STRING = /\/\/[^]*?(?=\n|(?![^]))|\/\*[^]*?\*\/|'(?:\\[^]|[^\\'])*'|"(?:\\[^]|[^\\"])*"/g;

function dropBlankLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => pyStrip(line) !== '')
    .join('\n');
}

function removePythonCommentsAndDocstrings(source: string): string {
  let out = '';
  let previousType = 'INDENT';
  let lastLine = -1;
  let lastColumn = 0;
  for (const token of pythonTokens(source)) {
    const [startLine, startColumn] = token.start;
    if (startLine > lastLine) lastColumn = 0;
    if (startColumn > lastColumn) out += ' '.repeat(startColumn - lastColumn);
    if (token.type === 'STRING') {
      // A string that opens a line (after an indent, a newline or at column 0) is a docstring.
      if (previousType !== 'INDENT' && previousType !== 'NEWLINE' && startColumn > 0) out += token.text;
    } else if (token.type !== 'COMMENT') {
      out += token.text;
    }
    previousType = token.type;
    [lastLine, lastColumn] = token.end;
  }
  return dropBlankLines(out);
}

export function removeCommentsAndDocstrings(source: string, language: CodeBleuLanguage): string {
  if (language === 'python') {
    try {
      return removePythonCommentsAndDocstrings(source);
    } catch (error) {
      if (error instanceof PythonTokenizeError) return source;
      throw error;
    }
  }
  if (language === 'ruby') return source;
  return dropBlankLines(source.replace(C_STYLE_COMMENT_OR_STRING, (match) => (match.startsWith('/') ? ' ' : match)));
}
