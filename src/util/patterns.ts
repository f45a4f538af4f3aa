// Long regular expressions written as the alternatives they are: `anyOf(/a/, /b/)` matches what `/a|b/` matches, so
// a list of alternatives reads one per line. Backreferences keep their numbers when no earlier alternative captures.

/** A pattern matching any of `alternatives` (in order, each as a group of its own), with the first one's flags. */
export function anyOf(...alternatives: RegExp[]): RegExp {
  const flags = alternatives[0]?.flags ?? '';
  if (alternatives.some((pattern) => pattern.flags !== flags))
    throw new Error('anyOf: the alternatives differ in flags');
  return new RegExp(alternatives.map((pattern) => `(?:${pattern.source})`).join('|'), flags);
}
