/**
 * Paces chrome.tabs.captureVisibleTab to Chrome's quota: 2 calls per window of 1 s. Chrome opens
 * a window at the first call after the previous one expired (measured: calls at 0, 15, 1001,
 * 1016 ms all succeed), so two calls go back to back and the third waits for the next window.
 * That reaches the ⌈frames/2⌉ s floor; a fixed 520 ms spacing would reach it too but wastes the
 * time that scrolling and painting between two calls already takes. When our estimate of the
 * window is off, Chrome answers with the quota error and we retry shortly after.
 *
 * Chrome's window starts when its UI thread takes the first call, which lags ours by a few ms and
 * now and then, on a loaded machine, by 100 ms or more. Every window waits `margin` past its end,
 * so a margin grown for one such spike would tax every window after it (seen: 4 refusals in a
 * 40-frame capture grew it to 125 ms, 2 s over the floor in all). A refusal costs one short
 * retry, so the margin grows a little on each and shrinks back window by window.
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
  maxRetries: 12,
};

/**
 * After a refusal: retry this long later, doubling after the 4th refusal of the same call (a
 * stalled browser). A refused call widens the margin once, by MARGIN_STEP_MS, up to MAX_MARGIN_MS.
 */
const RETRY_MS = 20;
const retryDelay = (attempt: number) => Math.min(RETRY_MS * 2 ** Math.max(0, attempt - 3), 1000);
const MARGIN_STEP_MS = 10;
const MAX_MARGIN_MS = 100;
/** Each window that opens without a refusal takes this much off a widened margin. */
const MARGIN_DECAY_MS = 5;

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

  /** Takes a slot; true when it opens a new window. */
  private take(): boolean {
    const now = this.clock.now();
    this.usedInWindow += 1;
    if (now < this.windowStart + this.options.windowMs + this.margin) return false;
    this.windowStart = now;
    this.usedInWindow = 1;
    return true;
  }

  /** Runs `call` in the next free slot, retrying shortly after each quota error. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let wait = this.delayUntilNextSlot();
      while (wait > 0) {
        await this.clock.sleep(wait);
        wait = this.delayUntilNextSlot();
      }
      const opened = this.take();
      try {
        const result = await call();
        if (opened && attempt === 0) this.margin = Math.max(this.options.marginMs, this.margin - MARGIN_DECAY_MS);
        return result;
      } catch (err) {
        if (!isQuotaError(err) || attempt >= this.options.maxRetries) throw err;
        this.quotaErrors += 1;
        // Chrome's window started later than ours: it ends within a few ms. Retry then, in a fresh window.
        if (attempt === 0) this.margin = Math.min(this.margin + MARGIN_STEP_MS, MAX_MARGIN_MS);
        await this.clock.sleep(retryDelay(attempt));
        this.windowStart = Number.NEGATIVE_INFINITY;
        this.usedInWindow = 0;
      }
    }
  }
}
