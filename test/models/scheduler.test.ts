import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AdaptiveLimiter, Caller, type RetryPolicy } from '../../src/models/scheduler.ts';
import { GenerationError } from '../../src/models/types.ts';

const fast: RetryPolicy = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 1000 };

/** A call that fails with the given errors in turn, then answers `done`. */
function scripted(failures: GenerationError[]) {
  const calls: number[] = [];
  return {
    calls,
    call: async () => {
      calls.push(Date.now());
      const failure = failures[calls.length - 1];
      if (failure) throw failure;
      return 'done';
    },
  };
}

test('the limiter admits at most its limit, halves once per pause on throttling, and grows back by 1/limit per success', async () => {
  const limiter = new AdaptiveLimiter(4);
  let admitted = 0;
  const waiting = Array.from({ length: 5 }, () => limiter.acquire().then(() => admitted++));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(admitted, 4);
  limiter.release();
  await waiting[4];
  assert.equal(admitted, 5);
  for (let i = 0; i < 4; i++) limiter.release();

  // taken before the pause starts: a stall of this process between the two cannot shorten the measured wait
  const pausedAt = Date.now();
  limiter.throttled(60);
  limiter.throttled(10); // same pause window: no second halving
  assert.equal(limiter.current, 2);
  await limiter.acquire();
  assert.ok(Date.now() - pausedAt >= 55, `admitted after ${Date.now() - pausedAt} ms, before the 60 ms pause ended`);
  limiter.release();
  limiter.succeeded(); // 2 + 1/2 = 2.5
  limiter.succeeded(); // 2.5 + 0.4 = 2.9
  assert.equal(limiter.current, 2);
  limiter.succeeded(); // 2.9 + 1/2.9 = 3.24
  assert.equal(limiter.current, 3);
  for (let i = 0; i < 20; i++) limiter.succeeded();
  assert.equal(limiter.current, 4);
});

test('transient failures are retried up to the bound, permanent ones never, and the reason says how many attempts were made', async () => {
  const caller = new Caller(new AdaptiveLimiter(2), fast);
  const flaky = scripted([
    new GenerationError('HTTP 500 server error: boom', 'transient'),
    new GenerationError('connection failed: ECONNRESET', 'transient'),
  ]);
  const outcome = await caller.run(flaky.call);
  assert.equal(outcome.value, 'done');
  assert.equal(outcome.attempts, 3);
  assert.equal(flaky.calls.length, 3);

  const broken = scripted(
    Array.from({ length: 5 }, () => new GenerationError('HTTP 502 server error: bad gateway', 'transient')),
  );
  await assert.rejects(
    caller.run(broken.call),
    (error: GenerationError) =>
      error.message === 'HTTP 502 server error: bad gateway (gave up after 3 attempts)' && error.kind === 'transient',
  );
  assert.equal(broken.calls.length, 3);

  const missing = scripted([new GenerationError('HTTP 404 model or endpoint not found: no', 'permanent')]);
  await assert.rejects(caller.run(missing.call), /^GenerationError: HTTP 404 model or endpoint not found: no$/);
  assert.equal(missing.calls.length, 1);
});

test('Retry-After is honoured before the retry', async () => {
  const caller = new Caller(new AdaptiveLimiter(2), fast, () => 0);
  const limited = scripted([new GenerationError('HTTP 429 rate limited: wait', 'rate-limit', 150)]);
  await caller.run(limited.call);
  assert.equal(limited.calls.length, 2);
  assert.ok(limited.calls[1]! - limited.calls[0]! >= 145, `retried after ${limited.calls[1]! - limited.calls[0]!} ms`);
});

test('once an endpoint is unreachable, later calls make one attempt each until one succeeds', async () => {
  const caller = new Caller(new AdaptiveLimiter(1), fast);
  const refused = () => new GenerationError('connection failed: ECONNREFUSED', 'transient', null, true);
  const first = scripted([refused(), refused(), refused()]);
  await assert.rejects(caller.run(first.call), /gave up after 3 attempts/);
  assert.equal(first.calls.length, 3);
  const second = scripted([refused()]);
  await assert.rejects(caller.run(second.call), /ECONNREFUSED \(gave up after 1 attempt\)$/);
  assert.equal(second.calls.length, 1);
  const recovered = scripted([]);
  await caller.run(recovered.call);
  const third = scripted([refused(), refused()]);
  assert.equal(await caller.run(third.call).then((o) => o.attempts), 3);
});
