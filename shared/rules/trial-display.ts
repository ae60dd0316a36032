/**
 * The trial countdown on the checkout success page (spec, section 4 "Trial display"):
 *
 * - the remaining time is shown in the first unit among days, hours, minutes, seconds in which it
 *   is at least 1 (floored), singular when exactly 1;
 * - a trial start more than 15 seconds old is treated as now. Right after checkout the trial
 *   started a moment ago, so counting from its start shows the full "7 days" rather than a
 *   "6 days" that a few seconds of page load would give; later visits count from now.
 *
 * Times are unix seconds (as Stripe and the Subscription snapshot carry them); `nowMs` is epoch ms.
 */

/** Spec: a trial start older than this is treated as now. */
const TRIAL_START_GRACE_SECONDS = 15;

type TrialUnit = 'day' | 'hour' | 'minute' | 'second';

export interface TrialRemaining {
  count: number;
  unit: TrialUnit;
}

const UNITS: readonly [TrialUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** The moment the countdown is measured from: the trial start if it is at most 15 s old, else now. */
export function trialReferenceSeconds(trialStart: number | null | undefined, nowMs: number): number {
  const now = nowMs / 1000;
  if (trialStart === null || trialStart === undefined) return now;
  return now - trialStart > TRIAL_START_GRACE_SECONDS ? now : trialStart;
}

/** Whole units left until `trialEnd`, in the first unit that is at least 1; `{0, 'second'}` when over. */
export function trialRemaining(trialEnd: number, trialStart: number | null | undefined, nowMs: number): TrialRemaining {
  const left = trialEnd - trialReferenceSeconds(trialStart, nowMs);
  for (const [unit, size] of UNITS) {
    const count = Math.floor(left / size);
    if (count >= 1) return { count, unit };
  }
  return { count: 0, unit: 'second' };
}

/** '7 days', '1 day', '23 hours', '1 minute', '0 seconds'. */
export function formatTrialRemaining({ count, unit }: TrialRemaining): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The trial note's countdown text for a subscription's trial (e.g. '7 days'). */
export function trialRemainingText(trialEnd: number, trialStart: number | null | undefined, nowMs: number = Date.now()): string {
  return formatTrialRemaining(trialRemaining(trialEnd, trialStart, nowMs));
}
