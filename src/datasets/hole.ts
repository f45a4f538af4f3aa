// A hole in a file: prefix + reference + suffix is always the file text, and the span gives the
// reference's position (1-based lines and columns, columns in UTF-16 code units, end exclusive).
import { createHash } from 'node:crypto';
import type { Span } from '../index/index.ts';
import { InputError } from '../util/errors.ts';
import type { TaskKind, TaskRecord } from './types.ts';

export interface Hole {
  prefix: string;
  suffix: string;
  reference: string;
  span: Span;
}

/** Offsets where each line starts (index 0 = line 1). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

/** 1-based line and column of an offset. */
export function positionAt(starts: number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
}

/** The hole covering text[start, end). */
export function holeAt(text: string, start: number, end: number, starts = lineStarts(text)): Hole {
  const from = positionAt(starts, start);
  const to = positionAt(starts, end);
  return {
    prefix: text.slice(0, start),
    suffix: text.slice(end),
    reference: text.slice(start, end),
    span: { startLine: from.line, startColumn: from.column, endLine: to.line, endColumn: to.column },
  };
}

/**
 * The hole covering whole lines `startLine..endLine` (1-based, inclusive), the line break after
 * the last one included. The span ends at the last line's end (before its line break).
 */
export function lineHole(text: string, startLine: number, endLine: number, starts = lineStarts(text)): Hole {
  const start = starts[startLine - 1] ?? text.length;
  const end = starts[endLine] ?? text.length;
  const lastLineEnd = text[end - 1] === '\n' ? end - 1 : end;
  return {
    prefix: text.slice(0, start),
    suffix: text.slice(end),
    reference: text.slice(start, end),
    span: { startLine, startColumn: 1, endLine, endColumn: lastLineEnd - (starts[endLine - 1] ?? lastLineEnd) + 1 },
  };
}

/** Number of lines a reference spans (a final line break does not start a new line). */
export function referenceLines(reference: string): number {
  if (reference === '') return 0;
  const trimmed = reference.endsWith('\n') ? reference.slice(0, -1) : reference;
  return trimmed.split('\n').length;
}

/** Stable task id: kind, repository, path and span, 16 hex characters. */
export function taskId(kind: TaskKind, repo: string, path: string, span: Span): string {
  const key = [kind, repo, path, span.startLine, span.startColumn, span.endLine, span.endColumn].join('\0');
  return createHash('sha1').update(key).digest('hex').slice(0, 16);
}

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

/** `line:column-line:column`. */
export function formatSpan(span: Span): string {
  return `${span.startLine}:${span.startColumn}-${span.endLine}:${span.endColumn}`;
}

/** Where a candidate replaces the task's span (a function task's whole definition): [start, end) offsets. */
export function spanHole(task: TaskRecord, original: string): { start: number; end: number } {
  const where = { file: task.path, field: `task ${task.id}` };
  let start: number;
  let end: number;
  try {
    start = offsetOf(original, task.span.startLine, task.span.startColumn);
    end = offsetOf(original, task.span.endLine, task.span.endColumn);
  } catch (error) {
    throw new InputError(
      `span ${formatSpan(task.span)} is not in the file (${(error as Error).message}); is --repo the repository the ` +
        `task was built from?`,
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

/** Where a candidate fills the hole between the task's prefix and suffix: [start, end) offsets. */
export function prefixSuffixHole(task: TaskRecord, original: string): { start: number; end: number } {
  if (
    task.prefix.length + task.suffix.length > original.length ||
    !original.startsWith(task.prefix) ||
    !original.endsWith(task.suffix)
  ) {
    throw new InputError(
      'the file does not start with the task prefix and end with its suffix; is --repo the repository the task was ' +
        'built from?',
      { file: task.path, field: `task ${task.id}` },
    );
  }
  return { start: task.prefix.length, end: original.length - task.suffix.length };
}
