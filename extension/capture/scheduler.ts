/**
 * Paces chrome.tabs.captureVisibleTab to Chrome's quota: 2 calls per window of 1 s. Chrome opens
 * a window at the first call after the previous one expired (measured: calls at 0, 15, 1001,
 * 1016 ms all succeed), so two calls go back to back and the third waits for the next window.
 * That reaches the ⌈frames/2⌉ s floor; a fixed 520 ms spacing would reach it too but wastes the
 * time that scrolling and painting between two calls already takes. When our estimate of the
 * window is off, Chrome answers with the quota error and we back off and retry.
 */

export const QUOTA_ERROR_TEXT = 'MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND';

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

export interface SchedulerOptions {
  callsPerWindow: number;
  windowMs: number;
  /** Slack added to the window end, for IPC jitter between us and the browser's clock. */
  marginMs: number;
  maxRetries: number;
}

const CHROME_CAPTURE_QUOTA: SchedulerOptions = {
  callsPerWindow: 2,
  windowMs: 1000,
  marginMs: 25,
  maxRetries: 8,
};

function isQuotaError(err: unknown): boolean {
  const text = err instanceof Error ? err.message : String(err);
  return text.includes(QUOTA_ERROR_TEXT);
}

export class CaptureScheduler {
  private windowStart = Number.NEGATIVE_INFINITY;
  private usedInWindow = 0;
  private margin: number;
  /** How many calls Chrome refused for quota; shown by the benchmark. */
  quotaErrors = 0;

  constructor(
    private readonly options: SchedulerOptions = CHROME_CAPTURE_QUOTA,
    private readonly clock: Clock = realClock,
  ) {
    this.margin = options.marginMs;
  }

  /** Milliseconds to wait before the next call may be issued (0 = now). */
  delayUntilNextSlot(): number {
    const now = this.clock.now();
    const windowEnd = this.windowStart + this.options.windowMs + this.margin;
    if (now >= windowEnd) return 0;
    if (this.usedInWindow < this.options.callsPerWindow) return 0;
    return windowEnd - now;
  }

  private take(): void {
    const now = this.clock.now();
    if (now >= this.windowStart + this.options.windowMs + this.margin) {
      this.windowStart = now;
      this.usedInWindow = 0;
    }
    this.usedInWindow += 1;
  }

  /** Runs `call` in the next free slot, retrying on the quota error with a growing back-off. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let wait = this.delayUntilNextSlot();
      while (wait > 0) {
        await this.clock.sleep(wait);
        wait = this.delayUntilNextSlot();
      }
      this.take();
      try {
        return await call();
      } catch (err) {
        if (!isQuotaError(err) || attempt >= this.options.maxRetries) throw err;
        this.quotaErrors += 1;
        // Our window estimate started too early: widen the margin, wait, and open a fresh window.
        this.margin = Math.min(this.margin + 25, 250);
        await this.clock.sleep(Math.min(50 * 2 ** attempt, 1000));
        this.windowStart = Number.NEGATIVE_INFINITY;
        this.usedInWindow = 0;
      }
    }
  }
}
