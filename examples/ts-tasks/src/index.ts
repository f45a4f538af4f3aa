export { PriorityQueue, type Comparator } from './queue.js';
export { Scheduler, type RunRecord } from './scheduler.js';
export { compareTasks, createTask, describeTask, isPriority, priorityWeight, type Priority, type Task, type TaskInput } from './task.js';
export { IdGenerator, compareIds, parseId } from './util/ids.js';
export { ManualClock, formatDuration, isLate, parseDuration, type Clock } from './util/time.js';
