import { compareIds, type IdGenerator } from './util/ids.js';
import { formatDuration, parseDuration } from './util/time.js';

/** How urgent a task is; higher priorities run first. */
export type Priority = 'low' | 'normal' | 'high' | 'urgent';

const PRIORITY_WEIGHT: Record<Priority, number> = { low: 0, normal: 1, high: 2, urgent: 3 };

/** What a caller supplies to create a task; the duration is text such as "1h30m". */
export interface TaskInput {
  title: string;
  duration: string;
  priority?: Priority;
  dependsOn?: string[];
  deadline?: number;
}

/** A validated task with its identifier and its duration in milliseconds. */
export interface Task {
  id: string;
  title: string;
  priority: Priority;
  durationMs: number;
  dependsOn: string[];
  deadline?: number;
}

/** Returns the numeric weight of a priority: low 0, normal 1, high 2, urgent 3. */
export function priorityWeight(priority: Priority): number {
  return PRIORITY_WEIGHT[priority];
}

/** Tells whether text names one of the four priorities. */
export function isPriority(text: string): text is Priority {
  return Object.hasOwn(PRIORITY_WEIGHT, text);
}

/**
 * Validates an input and turns it into a task with a fresh identifier.
 * The title must not be blank and the duration must be positive.
 */
export function createTask(ids: IdGenerator, input: TaskInput): Task {
  const title = input.title.trim();
  if (title === '') throw new RangeError('task title must not be blank');
  const durationMs = parseDuration(input.duration);
  if (durationMs <= 0) throw new RangeError(`task "${title}" must take some time`);
  const task: Task = { id: ids.next(), title, priority: input.priority ?? 'normal', durationMs, dependsOn: [...(input.dependsOn ?? [])] };
  if (input.deadline !== undefined) task.deadline = input.deadline;
  return task;
}

/**
 * Orders tasks for running: higher priority first, then earlier deadline (tasks without
 * one last), then identifier order.
 */
export function compareTasks(a: Task, b: Task): number {
  const byPriority = priorityWeight(b.priority) - priorityWeight(a.priority);
  if (byPriority !== 0) return byPriority;
  const byDeadline = (a.deadline ?? Infinity) - (b.deadline ?? Infinity);
  if (byDeadline !== 0 && !Number.isNaN(byDeadline)) return byDeadline;
  return compareIds(a.id, b.id);
}

/** Renders a one-line summary such as "task-3 [high] Write report (1h 30m)". */
export function describeTask(task: Task): string {
  return `${task.id} [${task.priority}] ${task.title} (${formatDuration(task.durationMs)})`;
}
