import { describe, expect, it } from 'vitest';
import { CaptureScheduler, QUOTA_ERROR_TEXT, type Clock } from './scheduler';

/** A fake clock: sleeping advances time instantly. */
function fakeClock(): Clock & { t: number } {
  const c = {
    t: 0,
    now: () => c.t,
    sleep: async (ms: number) => {
      c.t += Math.max(0, ms);
    },
  };
  return c;
}

/** A fake of Chrome's quota: a window opens at the first call after the previous one expired. */
function fakeChromeQuota(clock: { now(): number }, latency = 0) {
  let start = Number.NEGATIVE_INFINITY;
  let tokens = 0;
  const calls: number[] = [];
  return {
    calls,
    capture: async () => {
      const t = clock.now() + latency;
      if (t > start + 1000) {
        start = t;
        tokens = 2;
      }
      if (tokens === 0) throw new Error(`This request exceeds the ${QUOTA_ERROR_TEXT} quota.`);
      tokens -= 1;
      calls.push(t);
      return 'data:image/png;base64,';
    },
  };
}

describe('CaptureScheduler', () => {
  it('issues two calls per window and reaches the ⌈n/2⌉ s floor', async () => {
    const clock = fakeClock();
    const chrome = fakeChromeQuota(clock);
    const s = new CaptureScheduler(undefined, clock);
    for (let i = 0; i < 10; i++) await s.run(chrome.capture);
    expect(chrome.calls).toHaveLength(10);
    expect(s.quotaErrors).toBe(0);
    // 10 frames = 5 windows: the last call starts the 5th window, about 4 s after the first.
    expect(clock.t).toBeGreaterThanOrEqual(4000);
    expect(clock.t).toBeLessThan(5000);
    for (let i = 2; i < chrome.calls.length; i++) {
      expect(chrome.calls[i] - chrome.calls[i - 2]).toBeGreaterThan(1000);
    }
  });

  it('backs off and retries on the quota error when the browser clock lags', async () => {
    const clock = fakeClock();
    // The browser sees each call 60 ms late: more than the default margin.
    const chrome = fakeChromeQuota(clock, 60);
    const s = new CaptureScheduler({ callsPerWindow: 2, windowMs: 1000, marginMs: 0, maxRetries: 8 }, clock);
    let t = 0;
    for (let i = 0; i < 8; i++) {
      await s.run(async () => {
        await clock.sleep(t); // capture latency varies
        t = t === 0 ? 80 : 0;
        return chrome.capture();
      });
    }
    expect(chrome.calls).toHaveLength(8);
    expect(s.quotaErrors).toBeGreaterThan(0);
  });

  it('pays for a late browser only in the window it was late', async () => {
    const clock = fakeClock();
    // The browser takes every 4th window's first call 120 ms late (its UI thread busy), others 5 ms late.
    let calls = 0;
    let start = Number.NEGATIVE_INFINITY;
    let tokens = 0;
    const s = new CaptureScheduler(undefined, clock);
    const capture = async () => {
      const late = calls % 8 === 0 ? 120 : 5;
      const t = clock.now() + late;
      if (t > start + 1000) {
        start = t;
        tokens = 2;
      }
      if (tokens === 0) throw new Error(QUOTA_ERROR_TEXT);
      tokens -= 1;
      calls += 1;
      await clock.sleep(late + 150); // the call returns with its image
    };
    for (let i = 0; i < 40; i++) await s.run(capture);
    expect(s.quotaErrors).toBeGreaterThan(0);
    // 20 windows of 1,025 ms, the last two calls (310 ms), and 5 late windows each ending ~115 ms
    // later (120 ms late, less the margin, plus a retry of 20 ms): 20.5 s. A margin that grows for
    // good on each refusal took 21.5 s.
    expect(clock.t).toBeLessThan(20_600);
  });

  it('rethrows other errors at once', async () => {
    const s = new CaptureScheduler(undefined, fakeClock());
    await expect(s.run(async () => Promise.reject(new Error('Tab closed')))).rejects.toThrow('Tab closed');
    expect(s.quotaErrors).toBe(0);
  });

  it('gives up after maxRetries quota errors', async () => {
    const s = new CaptureScheduler({ callsPerWindow: 2, windowMs: 1000, marginMs: 25, maxRetries: 2 }, fakeClock());
    await expect(s.run(async () => Promise.reject(new Error(QUOTA_ERROR_TEXT)))).rejects.toThrow(QUOTA_ERROR_TEXT);
    expect(s.quotaErrors).toBe(2);
  });
});
