/** Milliseconds in each duration unit accepted by parseDuration. */
const UNIT_MS: Record<string, number> = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 };

/** A source of the current time in milliseconds, so schedules can be replayed deterministically. */
export interface Clock {
  now(): number;
}

/** A clock that only moves when told to; used by the scheduler and by tests. */
export class ManualClock implements Clock {
  private current: number;

  /** Starts the clock at the given time in milliseconds (0 by default). */
  constructor(start = 0) {
    this.current = start;
  }

  /** Returns the current time in milliseconds. */
  now(): number {
    return this.current;
  }

  /** Moves the clock forward by ms milliseconds; going backwards is an error. */
  advance(ms: number): number {
    if (ms < 0) throw new RangeError(`cannot move the clock back by ${ms} ms`);
    this.current += ms;
    return this.current;
  }
}

/**
 * Parses a duration such as "1h30m", "45s" or "2d 4h" into milliseconds.
 * Units are d, h, m and s; a bare number counts as minutes.
 */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * UNIT_MS.m;
  const parts = [...trimmed.matchAll(/(\d+)\s*([dhms])\s*/g)];
  const consumed = parts.map((part) => part[0]).join('');
  if (parts.length === 0 || consumed.length !== trimmed.length) {
    throw new SyntaxError(`invalid duration: "${text}"`);
  }
  return parts.reduce((total, part) => total + Number(part[1]) * UNIT_MS[part[2]], 0);
}

/** Formats milliseconds as the largest units first, e.g. "1h 30m"; zero gives "0s". */
export function formatDuration(ms: number): string {
  const pieces: string[] = [];
  let rest = Math.floor(ms / 1000) * 1000;
  for (const [unit, size] of Object.entries(UNIT_MS)) {
    const count = Math.floor(rest / size);
    if (count > 0) pieces.push(`${count}${unit}`);
    rest -= count * size;
  }
  return pieces.length > 0 ? pieces.join(' ') : '0s';
}

/** Tells whether a task that ends at `end` misses its deadline; no deadline is never late. */
export function isLate(end: number, deadline: number | undefined): boolean {
  return deadline !== undefined && end > deadline;
}
