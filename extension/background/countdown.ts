/**
 * The delayed capture's countdown: the seconds left on the toolbar button's badge of that tab,
 * updated each second, and nothing drawn on the page, so what the user opens or hovers in that
 * time is captured as they see it. A second click on the button cancels it (its tooltip says so).
 * The worker keeps no state between events; a countdown (10 s at most) lives within one.
 */
import { countdownTitle, msToNextTick, secondsLeft, type CaptureMode } from '../lib/capture-modes';

const BADGE_COLOR = '#1a73e8';
const countdowns = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows `text` on the tab's badge, or the manifest's own title and no badge for ''. */
async function badge(tabId: number, text: string, title: string): Promise<void> {
  await Promise.all([
    chrome.action.setBadgeText({ tabId, text }),
    chrome.action.setTitle({ tabId, title: title || (chrome.runtime.getManifest().action?.default_title ?? '') }),
  ]).catch(() => undefined); // the tab is gone
}

/** Stops the tab's countdown, if any, and clears its badge. True if one was running. */
export function cancelCountdown(tabId: number): boolean {
  const timer = countdowns.get(tabId);
  if (timer === undefined) return false;
  clearTimeout(timer);
  countdowns.delete(tabId);
  void badge(tabId, '', '');
  return true;
}

/** Counts `mode.delay` seconds down on the tab's badge, then clears it and calls `fire`. */
export function startCountdown(tabId: number, mode: CaptureMode, fire: () => void): void {
  cancelCountdown(tabId);
  const start = Date.now();
  void chrome.action.setBadgeBackgroundColor({ tabId, color: BADGE_COLOR }).catch(() => undefined);
  const tick = () => {
    const now = Date.now();
    const left = secondsLeft(start, mode.delay, now);
    if (left === 0) {
      countdowns.delete(tabId);
      void badge(tabId, '', '').then(fire);
      return;
    }
    void badge(tabId, String(left), countdownTitle(mode, left));
    countdowns.set(tabId, setTimeout(tick, msToNextTick(start, mode.delay, now)));
  };
  tick();
}

chrome.tabs.onRemoved.addListener((tabId) => void cancelCountdown(tabId));
