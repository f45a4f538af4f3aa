// Which reviewed tasks stay: one rule object per name, registered in `REVIEW_RULES` (a plugin's
// `reviewRules` are registered the same way). `applyReviews` filters a task set by a rule and
// counts what it did, for the manifest.
import type { TaskRecord } from '../datasets/index.ts';
import { pluginEntry, pluginFunction, Registry } from '../util/registry.ts';
import { z } from 'zod';
import { marksByTask } from './stats.ts';
import type { Mark, ReviewRecord } from './types.ts';

export interface ReviewRule {
  name: string;
  description: string;
  /** whether a task with these marks (one per reviewer who marked it; none for unreviewed tasks) stays. */
  keeps(marks: readonly Mark[]): boolean;
}

const minuses = (marks: readonly Mark[]) => marks.filter((mark) => mark === '-').length;

export const REVIEW_RULES = new Registry<ReviewRule>('review rule', 'rule', {
  key: 'reviewRules',
  entry: pluginEntry('name', { description: z.string(), keeps: pluginFunction }),
  add: registerReviewRule,
});

export function registerReviewRule(rule: ReviewRule): ReviewRule {
  return REVIEW_RULES.register(rule.name, rule);
}

registerReviewRule({
  name: 'yabloco',
  description: "YABLoCo: drop a task marked '-' by two or more reviewers ('?' tasks stay)",
  keeps: (marks) => minuses(marks) < 2,
});
registerReviewRule({
  name: 'any-minus',
  description: "drop a task marked '-' by any reviewer",
  keeps: (marks) => minuses(marks) === 0,
});
registerReviewRule({
  name: 'plus-majority',
  description: "keep a task only when more than half of its reviewers marked it '+' (self-contained docstrings only)",
  keeps: (marks) => marks.filter((mark) => mark === '+').length * 2 > marks.length,
});

export function reviewRule(name: string): ReviewRule {
  return REVIEW_RULES.get(name);
}

export interface ReviewApplication {
  rule: string;
  description: string;
  reviewers: string[];
  /** tasks in, kept, dropped; `unreviewed`: tasks nobody marked (the rule decided on no marks). */
  counts: { tasks: number; kept: number; dropped: number; unreviewed: number; byReviews: Record<string, number> };
  dropped: string[];
  /** reviews of tasks the set does not have (the set changed since). */
  unknownTasks: string[];
}

/** The tasks the rule keeps, in their order, and what it did. */
export function applyReviews(
  tasks: readonly TaskRecord[],
  reviews: readonly ReviewRecord[],
  rule: ReviewRule,
): { kept: TaskRecord[]; application: ReviewApplication } {
  const byTask = marksByTask(reviews);
  const kept: TaskRecord[] = [];
  const dropped: string[] = [];
  const byReviews: Record<string, number> = {};
  let unreviewed = 0;
  for (const task of tasks) {
    const marks = [...(byTask.get(task.id)?.values() ?? [])];
    byReviews[marks.length] = (byReviews[marks.length] ?? 0) + 1;
    if (marks.length === 0) unreviewed++;
    if (rule.keeps(marks)) kept.push(task);
    else dropped.push(task.id);
  }
  const ids = new Set(tasks.map((task) => task.id));
  return {
    kept,
    application: {
      rule: rule.name,
      description: rule.description,
      reviewers: [...new Set(reviews.map((review) => review.reviewer))].sort(),
      counts: { tasks: tasks.length, kept: kept.length, dropped: dropped.length, unreviewed, byReviews },
      dropped,
      unknownTasks: [...byTask.keys()].filter((id) => !ids.has(id)),
    },
  };
}
