// What the viewer's pages share (app.ts makes it): the runs, their task rows, and the page's own key bindings and URL.
import type { RunInfo, TaskRow } from '../types.ts';

export type KeyBindings = Record<string, (event: KeyboardEvent) => void>;

export interface ViewContext {
  runs: RunInfo[];
  isStatic: boolean;
  /** a run by id (an error naming the runs when there is none). */
  run(id: string): RunInfo;
  /** the run's task rows; `version` (from a progress answer) refetches them when the run changed. */
  rows(id: string, version?: number): Promise<TaskRow[]>;
  /** whether a version of the run's task rows has arrived (not merely been asked for). */
  rowsLoaded(id: string): boolean;
}

/** A page's context: the shared one, and key bindings and URL changes that apply only while it is shown. */
export interface PageContext extends ViewContext {
  setKeys(bindings: KeyBindings): void;
  replaceHash(hash: string): void;
}

/** What a page returns when it has something to stop when left (a poll's timer). */
export type Dispose = (() => void) | null;
