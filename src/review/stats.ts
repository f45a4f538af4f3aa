// Agreement between reviewers: counts of each mark, per-pair agreement (share of shared tasks with
// the same mark, and Cohen's kappa), Fleiss' kappa over the tasks every reviewer marked, and
// YABLoCo's per-task figures (how many `-`, how many agreeing pairs). Formulas as in statsmodels'
// `fleiss_kappa` and scikit-learn's `cohen_kappa_score` (docs/review.md).
import { MARKS, type Mark, type ReviewRecord } from './types.ts';

export type MarkCounts = Record<Mark, number>;

export interface PairAgreement {
  a: string;
  b: string;
  /** tasks both reviewed. */
  tasks: number;
  /** of those, tasks with the same mark. */
  agree: number;
  /** agree / tasks (null without shared tasks). */
  agreement: number | null;
  /** Cohen's kappa of the pair (null when undefined: no shared tasks, or chance agreement 1). */
  cohenKappa: number | null;
}

export interface ReviewStats {
  reviewers: string[];
  /** tasks with at least one review. */
  tasks: number;
  reviews: number;
  counts: MarkCounts;
  byReviewer: Record<string, MarkCounts>;
  pairs: PairAgreement[];
  /**
   * Fleiss' kappa over the tasks marked by every reviewer (null with fewer than two reviewers or chance agreement 1).
   */
  fleiss: { raters: number; tasks: number; kappa: number | null };
  /** tasks by how many `-` they got (YABLoCo's `minuses`). */
  minuses: Record<string, number>;
}

const emptyCounts = (): MarkCounts => ({ '-': 0, '?': 0, '+': 0 });

/** The marks of each task, by reviewer. */
export function marksByTask(reviews: readonly ReviewRecord[]): Map<string, Map<string, Mark>> {
  const byTask = new Map<string, Map<string, Mark>>();
  for (const review of reviews) {
    let marks = byTask.get(review.taskId);
    if (!marks) byTask.set(review.taskId, (marks = new Map()));
    marks.set(review.reviewer, review.mark);
  }
  return byTask;
}

/** Fleiss' kappa of a subjects x categories count table in which every row sums to the same number of raters. */
export function fleissKappa(table: readonly (readonly number[])[]): number | null {
  if (table.length === 0) return null;
  const raters = table[0]!.reduce((sum, count) => sum + count, 0);
  if (raters < 2) return null;
  const categories = table[0]!.length;
  const total = table.length * raters;
  const share = Array.from({ length: categories }, (_, j) => table.reduce((sum, row) => sum + row[j]!, 0) / total);
  const observed =
    table.reduce(
      (sum, row) => sum + (row.reduce((s, count) => s + count * count, 0) - raters) / (raters * (raters - 1)),
      0,
    ) / table.length;
  const chance = share.reduce((sum, p) => sum + p * p, 0);
  return chance === 1 ? null : (observed - chance) / (1 - chance);
}

/** Cohen's kappa of two raters' labels of the same subjects. */
export function cohenKappa(a: readonly Mark[], b: readonly Mark[]): number | null {
  if (a.length === 0) return null;
  const observed = a.filter((mark, index) => mark === b[index]).length / a.length;
  const chance = MARKS.reduce(
    (sum, mark) =>
      sum + (a.filter((m) => m === mark).length / a.length) * (b.filter((m) => m === mark).length / b.length),
    0,
  );
  return chance === 1 ? null : (observed - chance) / (1 - chance);
}

export function reviewStats(reviews: readonly ReviewRecord[]): ReviewStats {
  const reviewers = [...new Set(reviews.map((review) => review.reviewer))].sort();
  const byTask = marksByTask(reviews);
  const counts = emptyCounts();
  const byReviewer = Object.fromEntries(reviewers.map((reviewer) => [reviewer, emptyCounts()]));
  for (const review of reviews) {
    counts[review.mark]++;
    byReviewer[review.reviewer]![review.mark]++;
  }
  const pairs: PairAgreement[] = [];
  for (let i = 0; i < reviewers.length; i++) {
    for (let j = i + 1; j < reviewers.length; j++) {
      const [a, b] = [reviewers[i]!, reviewers[j]!];
      const marksA: Mark[] = [];
      const marksB: Mark[] = [];
      for (const marks of byTask.values()) {
        if (marks.has(a) && marks.has(b)) {
          marksA.push(marks.get(a)!);
          marksB.push(marks.get(b)!);
        }
      }
      const agree = marksA.filter((mark, index) => mark === marksB[index]).length;
      pairs.push({
        a,
        b,
        tasks: marksA.length,
        agree,
        agreement: marksA.length ? agree / marksA.length : null,
        cohenKappa: cohenKappa(marksA, marksB),
      });
    }
  }
  const complete = [...byTask.values()].filter((marks) => marks.size === reviewers.length);
  const table = complete.map((marks) => MARKS.map((mark) => [...marks.values()].filter((m) => m === mark).length));
  const minuses: Record<string, number> = {};
  for (const marks of byTask.values()) {
    const count = String([...marks.values()].filter((mark) => mark === '-').length);
    minuses[count] = (minuses[count] ?? 0) + 1;
  }
  return {
    reviewers,
    tasks: byTask.size,
    reviews: reviews.length,
    counts,
    byReviewer,
    pairs,
    fleiss: {
      raters: reviewers.length,
      tasks: complete.length,
      kappa: reviewers.length >= 2 ? fleissKappa(table) : null,
    },
    minuses,
  };
}

/** The statistics as text lines (`ctxbench review stats`, the benchmark). */
export function formatReviewStats(stats: ReviewStats): string[] {
  const share = (value: number | null) => (value === null ? '–' : value.toFixed(4));
  const marks = (counts: MarkCounts) => MARKS.map((mark) => `${mark} ${counts[mark]}`).join(', ');
  return [
    `${stats.reviews} reviews of ${stats.tasks} tasks by ${stats.reviewers.length} reviewers ` +
      `(${stats.reviewers.join(', ')})`,
    `marks: ${marks(stats.counts)}`,
    ...stats.reviewers.map((reviewer) => `  ${reviewer}: ${marks(stats.byReviewer[reviewer]!)}`),
    `tasks by number of '-': ${Object.keys(stats.minuses)
      .sort()
      .map((count) => `${count}: ${stats.minuses[count]}`)
      .join(', ')}`,
    'pairwise agreement:',
    ...stats.pairs.map(
      (pair) =>
        `  ${pair.a} / ${pair.b}: ${pair.agree} of ${pair.tasks} (${share(pair.agreement)}), Cohen's kappa ` +
        `${share(pair.cohenKappa)}`,
    ),
    `Fleiss' kappa: ${share(stats.fleiss.kappa)} (${stats.fleiss.raters} raters, ${stats.fleiss.tasks} tasks marked ` +
      `by all)`,
  ];
}
