// The progress line of a generation run on stderr: redrawn in place on a terminal, otherwise one
// line every few seconds (logs and CI stay readable).

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressTotals {
  tasks: number;
  calls: number;
}

/** Calls `tick` periodically until the returned stop is called (tests drive it by hand instead of waiting). */
export type Ticker = (tick: () => void) => () => void;

/** Every `ms` milliseconds, without keeping the process alive. */
export function intervalTicker(ms: number): Ticker {
  return (tick) => {
    const timer = setInterval(tick, ms);
    timer.unref();
    return () => clearInterval(timer);
  };
}

export class Progress {
  private tasksDone: number;
  private callsDone = 0;
  private errors = 0;
  private readonly started = performance.now();
  private lastDraw = 0;
  private stopTicking: (() => void) | null = null;

  constructor(
    private readonly stream: ProgressStream | null,
    private readonly totals: ProgressTotals,
    /** tasks already complete before this session (resumed runs). */
    tasksAlreadyDone: number,
    /** when a line is written where the stream is no terminal (default: every 5 s). */
    ticker: Ticker = intervalTicker(5000),
  ) {
    this.tasksDone = tasksAlreadyDone;
    if (stream && !stream.isTTY) this.stopTicking = ticker(() => this.stream!.write(`${this.line()}\n`));
  }

  callFinished(failed: boolean, taskFinished: boolean): void {
    this.callsDone++;
    if (failed) this.errors++;
    if (taskFinished) this.tasksDone++;
    if (this.stream?.isTTY) {
      const now = performance.now();
      if (now - this.lastDraw >= 100) {
        this.lastDraw = now;
        this.stream.write(`\r\x1b[K${this.line()}`);
      }
    }
  }

  line(): string {
    const seconds = (performance.now() - this.started) / 1000;
    const rate = seconds > 0 ? this.callsDone / seconds : 0;
    const remaining = this.totals.calls - this.callsDone;
    const eta = rate > 0 ? formatDuration(remaining / rate) : '?';
    return (
      `eval: ${this.tasksDone}/${this.totals.tasks} tasks, ${this.callsDone}/${this.totals.calls} calls, ` +
      `${rate.toFixed(1)} calls/s, ETA ${eta}, ${this.errors} error${this.errors === 1 ? '' : 's'}`
    );
  }

  finish(): void {
    this.stopTicking?.();
    if (!this.stream) return;
    this.stream.write(this.stream.isTTY ? `\r\x1b[K${this.line()}\n` : `${this.line()}\n`);
  }
}

function formatDuration(seconds: number): string {
  const total = Math.ceil(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
