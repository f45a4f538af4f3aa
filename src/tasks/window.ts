// A live benchmark's window (`BuildOptions.window`) as lines: what a window changed, file by file, from git blame.
// The families draw their holes there (node) or look only at the files it changed (crossfile): the date filter
// after the build would drop everything else anyway.
import { lineTimes } from '../index/index.ts';
import { daySeconds } from '../util/dates.ts';
import type { RepositoryInput, TimeWindow } from './types.ts';

/** Per file, the line ranges (1-based, inclusive) whose last change is dated inside the window (git blame). */
export function changedLinesOf(repo: RepositoryInput, window: TimeWindow): (path: string) => [number, number][] {
  const timesOf = lineTimes(repo.store);
  const [from, to] = [daySeconds(window.start), daySeconds(window.end)];
  return (path) => {
    const ranges: [number, number][] = [];
    (timesOf?.(path) ?? []).forEach((time, index) => {
      if (time < from || time >= to) return;
      const last = ranges.at(-1);
      if (last && last[1] === index) last[1] = index + 1;
      else ranges.push([index + 1, index + 1]);
    });
    return ranges;
  };
}
