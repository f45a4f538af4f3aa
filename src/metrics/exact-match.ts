// Exact match in the two forms the seed papers use.
import { pyStrip, removePyWhitespace } from './pystr.ts';

/**
 * CrossCodeEval's remove_comments: deletes `#...` and then `//...` up to the end of the line,
 * whatever the language (Python's `.` stops only at `\n`).
 */
export function removeHashAndSlashComments(text: string): string {
  return text.replace(/#[^\n]*/g, '').replace(/\/\/[^\n]*/g, '');
}

function significantLines(text: string): string[] {
  return removeHashAndSlashComments(text)
    .split('\n')
    .map(pyStrip)
    .filter((line) => line !== '');
}

/** `em` (CrossCodeEval): comments deleted, the lists of stripped non-empty lines are equal. 0 or 1. */
export function exactMatch(prediction: string, reference: string): number {
  const pred = significantLines(prediction);
  const ref = significantLines(reference);
  return pred.length === ref.length && pred.every((line, index) => line === ref[index]) ? 1 : 0;
}

/** `em-nows` (YABLoCo): equal once every whitespace character is removed. 0 or 1. */
export function exactMatchNoWhitespace(prediction: string, reference: string): number {
  return removePyWhitespace(prediction) === removePyWhitespace(reference) ? 1 : 0;
}
