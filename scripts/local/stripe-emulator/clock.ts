// Emulator time = real time + an offset. Only the offset is persisted, so time keeps
// flowing across restarts and an advanced clock stays advanced.

export class Clock {
  constructor(
    private readonly getOffset: () => number,
    private readonly setOffset: (offset: number) => void,
  ) {}

  /** Unix seconds, as Stripe timestamps are. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.getOffset();
  }

  offset(): number {
    return this.getOffset();
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`Cannot advance the clock by ${seconds} seconds`);
    this.setOffset(this.getOffset() + Math.floor(seconds));
  }
}

const DAY = 86_400;
export const SECONDS = { minute: 60, hour: 3_600, day: DAY, week: 7 * DAY } as const;

/**
 * Adds a billing interval the way Stripe does: calendar months/years, clamped to
 * the end of a shorter month (Jan 31 + 1 month = Feb 28/29).
 */
export function addInterval(ts: number, interval: 'day' | 'week' | 'month' | 'year', count: number): number {
  if (interval === 'day') return ts + count * DAY;
  if (interval === 'week') return ts + count * 7 * DAY;
  const d = new Date(ts * 1000);
  const months = interval === 'year' ? 12 * count : count;
  const day = d.getUTCDate();
  const target = new Date(d.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}
