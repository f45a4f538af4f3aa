// Splicing a candidate into its file: for `function` tasks the candidate replaces exactly the task's
// span (the whole function, signature included; a line break after the span stays); for other
// kinds it fills the hole between the task's prefix and suffix. The result is verified by
// re-extracting the new span.
import type { TaskRecord } from '../datasets/index.ts';
import type { Span } from '../index/index.ts';
import { InputError } from '../util/errors.ts';

/** Offset of a 1-based line and column (columns count UTF-16 code units, as JavaScript strings do). */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const newline = text.indexOf('\n', offset);
    if (newline < 0) throw new RangeError(`line ${line} is past the end of the text (${current} lines)`);
    offset = newline + 1;
  }
  const lineEnd = text.indexOf('\n', offset);
  const target = offset + column - 1;
  if (column < 1 || target > (lineEnd < 0 ? text.length : lineEnd + 1))
    throw new RangeError(`column ${column} is outside line ${line}`);
  return target;
}

/** The span of text[start, end). */
export function spanOf(text: string, start: number, end: number): Span {
  const position = (offset: number) => {
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
  };
  const from = position(start);
  const to = position(end);
  return { startLine: from.line, startColumn: from.column, endLine: to.line, endColumn: to.column };
}

export function extractSpan(text: string, span: Span): string {
  return text.slice(offsetOf(text, span.startLine, span.startColumn), offsetOf(text, span.endLine, span.endColumn));
}

/** Where the task's candidate goes in the original file: [start, end) offsets. */
export function holeOf(task: TaskRecord, original: string): { start: number; end: number } {
  const where = { file: task.path, field: `task ${task.id}` };
  if (task.kind === 'function') {
    let start: number;
    let end: number;
    try {
      start = offsetOf(original, task.span.startLine, task.span.startColumn);
      end = offsetOf(original, task.span.endLine, task.span.endColumn);
    } catch (error) {
      throw new InputError(
        `span ${formatSpan(task.span)} is not in the file (${(error as Error).message}); is --repo the repository ` +
          `the task was built from?`,
        where,
      );
    }
    // The tasks stage's function holes are whole lines: the reference may carry the line break after the span.
    const spanText = original.slice(start, end);
    if (spanText !== task.reference && `${spanText}\n` !== task.reference) {
      throw new InputError(
        `the text at span ${formatSpan(task.span)} is not the task's reference; is --repo the repository (and ` +
          `commit) the task was built from?`,
        where,
      );
    }
    return { start, end };
  }
  if (
    task.prefix.length + task.suffix.length > original.length ||
    !original.startsWith(task.prefix) ||
    !original.endsWith(task.suffix)
  ) {
    throw new InputError(
      'the file does not start with the task prefix and end with its suffix; is --repo the repository the task was ' +
        'built from?',
      where,
    );
  }
  return { start: task.prefix.length, end: original.length - task.suffix.length };
}

/** The file with the candidate in place, and the candidate's span in it (checked by re-extraction). */
export function spliceCandidate(task: TaskRecord, original: string, candidate: string): { text: string; span: Span } {
  const { start, end } = holeOf(task, original);
  const text = original.slice(0, start) + candidate + original.slice(end);
  const span = spanOf(text, start, start + candidate.length);
  if (
    extractSpan(text, span) !== candidate ||
    !text.startsWith(original.slice(0, start)) ||
    !text.endsWith(original.slice(end))
  ) {
    throw new Error(
      `splice check failed for task ${task.id}: re-extracting span ${formatSpan(span)} does not give the candidate`,
    );
  }
  return { text, span };
}

function formatSpan(span: Span): string {
  return `${span.startLine}:${span.startColumn}-${span.endLine}:${span.endColumn}`;
}
