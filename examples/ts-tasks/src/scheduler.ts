import { PriorityQueue } from './queue.js';
import { compareTasks, createTask, describeTask, type Task, type TaskInput } from './task.js';
import { IdGenerator } from './util/ids.js';
import { formatDuration, isLate, type Clock, ManualClock } from './util/time.js';

/** What happened when one task ran: when it started and ended, and whether it missed its deadline. */
export interface RunRecord {
  id: string;
  start: number;
  end: number;
  late: boolean;
}

/** Runs tasks one at a time in priority order, each only after the tasks it depends on. */
export class Scheduler {
  private readonly tasks = new Map<string, Task>();
  private readonly done = new Set<string>();
  private readonly ids = new IdGenerator('task');

  /** Creates a scheduler driven by clock; a fresh ManualClock at 0 by default. */
  constructor(private readonly clock: ManualClock = new ManualClock()) {}

  /** Returns the clock that the scheduler advances as tasks run. */
  get time(): Clock {
    return this.clock;
  }

  /** Adds a task; every dependency must name a task that was added before. */
  add(input: TaskInput): Task {
    const missing = (input.dependsOn ?? []).filter((id) => !this.tasks.has(id));
    if (missing.length > 0) throw new RangeError(`unknown dependencies: ${missing.join(', ')}`);
    const task = createTask(this.ids, input);
    this.tasks.set(task.id, task);
    return task;
  }

  /** Returns the task with the given identifier, or throws when there is none. */
  get(id: string): Task {
    const task = this.tasks.get(id);
    if (!task) throw new RangeError(`no task ${id}`);
    return task;
  }

  /** Tells whether the task has already run. */
  isDone(id: string): boolean {
    return this.done.has(this.get(id).id);
  }

  /** Returns the tasks not yet run whose dependencies have all run, best first. */
  ready(): Task[] {
    const waiting = [...this.tasks.values()].filter((task) => !this.done.has(task.id));
    return waiting.filter((task) => task.dependsOn.every((dep) => this.done.has(dep))).sort(compareTasks);
  }

  /** Runs the best ready task, advancing the clock by its duration; undefined when none is ready. */
  runNext(): RunRecord | undefined {
    const [task] = this.ready();
    if (!task) return undefined;
    const start = this.clock.now();
    const end = this.clock.advance(task.durationMs);
    this.done.add(task.id);
    return { id: task.id, start, end, late: isLate(end, task.deadline) };
  }

  /** Runs ready tasks until none is left and returns what ran, in order. */
  runAll(): RunRecord[] {
    const records: RunRecord[] = [];
    for (let record = this.runNext(); record; record = this.runNext()) records.push(record);
    return records;
  }

  /**
   * Returns the order in which all remaining tasks would run, without running them:
   * Kahn's topological sort that always takes the best available task next.
   */
  plan(): string[] {
    const pending = [...this.tasks.values()].filter((task) => !this.done.has(task.id));
    const blockers = new Map(pending.map((task) => [task.id, task.dependsOn.filter((dep) => !this.done.has(dep)).length]));
    const queue = new PriorityQueue<Task>(compareTasks);
    pending.filter((task) => blockers.get(task.id) === 0).forEach((task) => queue.push(task));
    const order: string[] = [];
    while (!queue.isEmpty()) {
      const task = queue.pop()!;
      order.push(task.id);
      for (const next of pending.filter((other) => other.dependsOn.includes(task.id))) {
        const left = blockers.get(next.id)! - 1;
        blockers.set(next.id, left);
        if (left === 0) queue.push(next);
      }
    }
    return order;
  }

  /** Returns the total duration of the tasks not yet run, in milliseconds. */
  remainingWork(): number {
    return [...this.tasks.values()].filter((task) => !this.done.has(task.id)).reduce((sum, task) => sum + task.durationMs, 0);
  }

  /** Renders the plan as numbered lines followed by the total remaining work. */
  summary(): string {
    const lines = this.plan().map((id, index) => `${index + 1}. ${describeTask(this.get(id))}`);
    lines.push(`total: ${formatDuration(this.remainingWork())}`);
    return lines.join('\n');
  }
}
