// Splicing a candidate into its file where the task's family places its hole (tasks/family.ts: a function task's
// whole span, signature included; another kind's hole between its prefix and suffix). The result is verified by
// re-extracting the new span.
import type { TaskRecord } from '../datasets/index.ts';
import type { Span } from '../index/index.ts';
import { formatSpan, offsetOf } from '../datasets/index.ts';
import { taskFamily } from '../tasks/index.ts';

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

/** Where the task's candidate goes in the original file: [start, end) offsets, as its family places it. */
export function holeOf(task: TaskRecord, original: string): { start: number; end: number } {
  return taskFamily(task.kind).hole(task, original);
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
