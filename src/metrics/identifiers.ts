// CrossCodeEval's identifier match: comments and string literals deleted, `\w+` tokens that start
// like an identifier and are not keywords of the language (the keyword lists live in the language
// tables). ID-EM compares the ordered lists, precision/recall/F1 the sets.
import { removeHashAndSlashComments } from './exact-match.ts';
import { PY_WORD_RUN } from './pystr.ts';

// CrossCodeEval's string_pattern, with Python's `.` (anything but `\n`) written out.
const STRING_LITERAL = /"([^"\\]*(\\[^\n][^"\\]*)*)"|'([^'\\]*(\\[^\n][^'\\]*)*)'/gu;
const IDENTIFIER_START = /^[_a-zA-Z]/;

/** The identifiers of a completion, in order, repeats kept. */
export function extractIdentifiers(text: string, keywords: ReadonlySet<string>): string[] {
  const withoutStrings = removeHashAndSlashComments(text).replace(STRING_LITERAL, '');
  const tokens = withoutStrings.match(PY_WORD_RUN) ?? [];
  return tokens.filter((token) => IDENTIFIER_START.test(token) && !keywords.has(token));
}

export interface IdentifierMatch {
  /** 1 when the ordered identifier lists are equal. */
  exact: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

export function matchIdentifiers(predicted: readonly string[], expected: readonly string[]): IdentifierMatch {
  const predictedSet = new Set(predicted);
  const expectedSet = new Set(expected);
  let truePositives = 0;
  for (const name of predictedSet) if (expectedSet.has(name)) truePositives++;
  return {
    exact: predicted.length === expected.length && predicted.every((name, index) => name === expected[index]) ? 1 : 0,
    truePositives,
    falsePositives: predictedSet.size - truePositives,
    falseNegatives: expectedSet.size - truePositives,
  };
}

export function identifierF1({ truePositives: tp, falsePositives: fp, falseNegatives: fn }: IdentifierMatch): number {
  return 2 * tp + fp + fn === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
}

export function identifierPrecision({ truePositives: tp, falsePositives: fp }: IdentifierMatch): number {
  return tp + fp === 0 ? 0 : tp / (tp + fp);
}

export function identifierRecall({ truePositives: tp, falseNegatives: fn }: IdentifierMatch): number {
  return tp + fn === 0 ? 0 : tp / (tp + fn);
}
