// A line diff (Myers' O(ND) greedy algorithm on interned line hashes) between a task's reference and
// a candidate, as the viewer shows it: equal, deleted (only in the reference) and inserted (only in
// the candidate) lines with their line numbers on each side. Within a changed block deletions come
// before insertions. Myers' time and trace grow with the number of edits, so the search has a work
// budget: beyond it the diff is a plain side-by-side (line i against line i), linear in time and
// memory, so one huge candidate never holds the server's only thread for long. The viewer is sent
// the diff as one character per line (`=`, `-`, `+`): the texts it pairs are already on the page.

export type DiffOp = 'equal' | 'delete' | 'insert';

export interface DiffLine {
  op: DiffOp;
  text: string;
  /** 1-based line in the old text (the reference), null for insertions. */
  oldLine: number | null;
  /** 1-based line in the new text (the candidate), null for deletions. */
  newLine: number | null;
}

/** Lines of a text; a final newline ends the last line rather than starting an empty one. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

type Step = '=' | '-' | '+';

/**
 * Steps of Myers' search (diagonal moves and snake steps) before falling back to side-by-side:
 * about 30 ms of search (measured by `bench/scale.ts web`: a 50,000-line candidate's task page),
 * up to ~2,200 edits, and a trace of at most ~sqrt(budget) rounds (at most 20 MB).
 */
export const DIFF_WORK_BUDGET = 5_000_000;

/**
 * The shortest edit script from `a` to `b` (arrays of interned line ids), in order; null when it costs more than
 * `budget` steps.
 */
function shortestEditScript(a: Int32Array, b: Int32Array, budget: number): Step[] | null {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  let work = 0;
  const offset = max + 1;
  const furthest = new Int32Array(2 * max + 3);
  // trace[d] holds the furthest-reaching x per diagonal k in [-d-1, d+1] before round d.
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(furthest.slice(offset - d - 1, offset + d + 2));
    work += 2 * d + 3;
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && furthest[offset + k - 1]! < furthest[offset + k + 1]!);
      let x = down ? furthest[offset + k + 1]! : furthest[offset + k - 1]! + 1;
      let y = x - k;
      const snakeStart = x;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      work += x - snakeStart;
      furthest[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
    if (work > budget) return null;
  }
  const steps: Step[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const before = trace[d]!;
    const at = (k: number) => before[k + d + 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      steps.push('=');
      x--;
      y--;
    }
    steps.push(down ? '+' : '-');
    x = previousX;
    y = previousY;
  }
  while (x > 0 && y > 0) {
    steps.push('=');
    x--;
    y--;
  }
  return steps.reverse();
}

/** Line i against line i: equal lines stay, others are a deletion then an insertion. */
function sideBySide(length: number, a: Int32Array, b: Int32Array): Step[] {
  const steps: Step[] = [];
  for (let i = 0; i < length; i++) {
    if (i < a.length && i < b.length && a[i] === b[i]) steps.push('=');
    else {
      if (i < a.length) steps.push('-');
      if (i < b.length) steps.push('+');
    }
  }
  return steps;
}

export interface Diff {
  /**
   * one character per diff line: `=` in both texts, `-` only in the old (reference), `+` only in the new (candidate);
   * in a changed block deletions come first.
   */
  ops: string;
  /** `myers`: the shortest edit script; `side-by-side`: the search's budget ran out, lines are paired by position. */
  method: 'myers' | 'side-by-side';
}

/** Diffs two texts line by line. */
export function diffLines(oldText: string, newText: string): DiffLine[] {
  return diffTexts(oldText, newText).lines;
}

/** Diffs two texts line by line, within `budget` steps of Myers' search, as lines with their numbers. */
export function diffTexts(
  oldText: string,
  newText: string,
  budget = DIFF_WORK_BUDGET,
): { lines: DiffLine[]; method: Diff['method'] } {
  const { ops, method } = diffOps(oldText, newText, budget);
  return { lines: expandDiff(ops, splitLines(oldText), splitLines(newText)), method };
}

/** Diffs two texts line by line, within `budget` steps of Myers' search, as one character per line. */
export function diffOps(oldText: string, newText: string, budget = DIFF_WORK_BUDGET): Diff {
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  const ids = new Map<string, number>();
  const intern = (lines: string[]) =>
    Int32Array.from(lines, (line) => {
      let id = ids.get(line);
      if (id === undefined) ids.set(line, (id = ids.size));
      return id;
    });
  const a = intern(oldLines);
  const b = intern(newLines);
  // The common head and tail cost nothing to find and shrink the search to the changed middle.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const oldMiddle = a.subarray(head, a.length - tail);
  const newMiddle = b.subarray(head, b.length - tail);
  const shortest = shortestEditScript(oldMiddle, newMiddle, budget);
  const middle = shortest ?? sideBySide(Math.max(oldMiddle.length, newMiddle.length), oldMiddle, newMiddle);
  // Within each changed block, deletions before insertions.
  const ops: string[] = ['='.repeat(head)];
  for (let i = 0; i < middle.length; ) {
    if (middle[i] === '=') {
      ops.push('=');
      i++;
      continue;
    }
    let end = i;
    let deletions = 0;
    for (; end < middle.length && middle[end] !== '='; end++) if (middle[end] === '-') deletions++;
    ops.push('-'.repeat(deletions), '+'.repeat(end - i - deletions));
    i = end;
  }
  ops.push('='.repeat(tail));
  return { ops: ops.join(''), method: shortest ? 'myers' : 'side-by-side' };
}

/** The lines of a diff from its characters and the two texts' lines. */
export function expandDiff(ops: string, oldLines: readonly string[], newLines: readonly string[]): DiffLine[] {
  const result: DiffLine[] = [];
  let oldIndex = 0;
  let newIndex = 0;
  for (const op of ops) {
    if (op === '=') result.push({ op: 'equal', text: oldLines[oldIndex]!, oldLine: ++oldIndex, newLine: ++newIndex });
    else if (op === '-') result.push({ op: 'delete', text: oldLines[oldIndex]!, oldLine: ++oldIndex, newLine: null });
    else result.push({ op: 'insert', text: newLines[newIndex]!, oldLine: null, newLine: ++newIndex });
  }
  return result;
}

/** The diff as unified-style text lines: `  ` equal, `- ` deleted, `+ ` inserted. */
export function formatDiff(lines: DiffLine[]): string[] {
  const sign: Record<DiffOp, string> = { equal: ' ', delete: '-', insert: '+' };
  return lines.map((line) => `${sign[line.op]} ${line.text}`);
}
