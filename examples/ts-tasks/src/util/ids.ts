/** Hands out sequential identifiers such as "task-1", "task-2" for one prefix. */
export class IdGenerator {
  private counter = 0;

  /** Creates a generator; the prefix must be lower-case letters and hyphens. */
  constructor(readonly prefix: string) {
    if (!/^[a-z][a-z-]*$/.test(prefix)) throw new RangeError(`invalid id prefix: "${prefix}"`);
  }

  /** Returns the next identifier in sequence, starting at 1. */
  next(): string {
    this.counter += 1;
    return `${this.prefix}-${this.counter}`;
  }
}

/** Splits an identifier such as "task-12" into its prefix and number, or undefined if malformed. */
export function parseId(id: string): { prefix: string; number: number } | undefined {
  const match = /^([a-z][a-z-]*)-(\d+)$/.exec(id);
  return match ? { prefix: match[1], number: Number(match[2]) } : undefined;
}

/** Orders identifiers by prefix, then numerically, so "task-2" sorts before "task-10". */
export function compareIds(a: string, b: string): number {
  const left = parseId(a);
  const right = parseId(b);
  if (!left || !right || left.prefix !== right.prefix) return a < b ? -1 : a > b ? 1 : 0;
  return left.number - right.number;
}
