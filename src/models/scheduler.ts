// How calls are paced: at most `concurrency` in flight, fewer after the server pushes back
// (AIMD: halve on 429/503, grow by 1/limit per success), a global pause for Retry-After, bounded
// retries with jittered exponential back-off for network errors and 5xx, and a fast path once the
// endpoint is known to be unreachable (one attempt per call until a call succeeds again).
import { setTimeout as sleep } from 'node:timers/promises';
import { GenerationError } from './types.ts';

export interface RetryPolicy {
  /** attempts per call, the first included. */
  attempts: number;
  /** back-off before retry k is drawn from [d/2, d] with d = min(maxDelayMs, baseDelayMs * 2^(k-1)). */
  baseDelayMs: number;
  maxDelayMs: number;
  /** longest Retry-After honoured; longer requests are capped. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 6,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  maxRetryAfterMs: 120_000,
};

/** A concurrency limit that shrinks when the server pushes back and grows back on success. */
export class AdaptiveLimiter {
  private limit: number;
  private active = 0;
  private pausedUntil = 0;
  private readonly waiters: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(readonly max: number) {
    this.limit = max;
  }

  /** the current limit (whole calls in flight allowed). */
  get current(): number {
    return Math.max(1, Math.floor(this.limit));
  }

  acquire(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push(resolve);
      this.pump();
    });
  }

  release(): void {
    this.active--;
    this.pump();
  }

  succeeded(): void {
    this.limit = Math.min(this.max, this.limit + 1 / this.limit);
    this.pump();
  }

  /** The server said "too many": halve once per pause window, and send nothing for `waitMs`. */
  throttled(waitMs: number): void {
    const now = Date.now();
    if (now >= this.pausedUntil) this.limit = Math.max(1, this.limit / 2);
    this.pausedUntil = Math.max(this.pausedUntil, now + waitMs);
    this.pump();
  }

  private pump(): void {
    const now = Date.now();
    if (now < this.pausedUntil) {
      if (!this.timer) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, this.pausedUntil - now);
      }
      return;
    }
    while (this.waiters.length > 0 && this.active < this.current) {
      this.active++;
      this.waiters.shift()!();
    }
  }
}

export interface CallOutcome<T> {
  value: T;
  /** duration of the successful attempt. */
  latencyMs: number;
  attempts: number;
}

/** Runs calls under one limiter and retry policy (one per endpoint). */
export class Caller {
  private unreachable = false;

  constructor(
    private readonly limiter: AdaptiveLimiter,
    private readonly policy: RetryPolicy = DEFAULT_RETRY,
    private readonly random: () => number = Math.random,
  ) {}

  async run<T>(call: () => Promise<T>): Promise<CallOutcome<T>> {
    const attempts = this.unreachable ? 1 : this.policy.attempts;
    for (let attempt = 1; ; attempt++) {
      await this.limiter.acquire();
      const started = performance.now();
      let failure: GenerationError;
      try {
        const value = await call();
        const latencyMs = performance.now() - started;
        this.limiter.release();
        this.limiter.succeeded();
        this.unreachable = false;
        return { value, latencyMs, attempts: attempt };
      } catch (error) {
        this.limiter.release();
        failure =
          error instanceof GenerationError
            ? error
            : new GenerationError(`unexpected failure: ${(error as Error)?.message ?? String(error)}`, 'permanent');
      }
      if (failure.kind === 'permanent') throw failure;
      if (attempt >= attempts) {
        if (failure.unreachable) this.unreachable = true;
        throw new GenerationError(
          `${failure.message} (gave up after ${attempt} attempt${attempt === 1 ? '' : 's'})`,
          failure.kind,
          failure.retryAfterMs,
          failure.unreachable,
        );
      }
      const wait = this.delay(failure, attempt);
      if (failure.kind === 'rate-limit') this.limiter.throttled(wait);
      await sleep(wait);
    }
  }

  private delay(failure: GenerationError, attempt: number): number {
    const ceiling = Math.min(this.policy.maxDelayMs, this.policy.baseDelayMs * 2 ** (attempt - 1));
    const backoff = ceiling / 2 + (this.random() * ceiling) / 2;
    if (failure.retryAfterMs === null) return backoff;
    // Honour Retry-After, plus up to 10% so that throttled callers do not return in one burst.
    const requested = Math.min(this.policy.maxRetryAfterMs, failure.retryAfterMs);
    return requested * (1 + 0.1 * this.random());
  }
}
