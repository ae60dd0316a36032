/**
 * Firefox only: after a whole page was captured by scrolling because the add-on may not use
 * `tabs.captureTab` (it needs the optional `<all_urls>` permission, background/tab-capture.ts),
 * the editor asks for it once, with the reason. Not at install: the user sees first what the
 * add-on does. Firefox's own prompt then confirms; "Not now" is not asked again (the options
 * page's iFrame access grants the same permission).
 */
import { STORAGE_KEYS } from '#shared/extension/messages';
import { ALL_SITES, isFirefox } from '../lib/browser-support';
import type { CaptureRecord } from '../lib/capture-store';
import { $ } from './editor-state';
import { ALL_SITES_GRANTED, ALL_SITES_REASON } from './notices';

const ALL_SITES_REFUSED = 'Not granted: captures scroll through the page, as this one did.';

export async function offerAllSites(record: Pick<CaptureRecord, 'mode'>): Promise<void> {
  if (!isFirefox() || record.mode !== 'stitch') return;
  if (await chrome.permissions.contains(ALL_SITES)) return;
  if ((await chrome.storage.local.get(STORAGE_KEYS.allSitesAsked))[STORAGE_KEYS.allSitesAsked]) return;
  const box = $('all-sites-ask');
  const reason = $('all-sites-reason');
  reason.textContent = ALL_SITES_REASON;
  box.hidden = false;
  const done = (text: string) => {
    reason.textContent = text;
    $('all-sites-allow').hidden = true;
    $('all-sites-later').hidden = true;
  };
  $('all-sites-allow').addEventListener('click', () => {
    // Called in the click itself: Firefox grants a permission request only during a user action.
    const asked = chrome.permissions.request(ALL_SITES);
    void chrome.storage.local.set({ [STORAGE_KEYS.allSitesAsked]: true });
    void asked.then((granted) => done(granted ? ALL_SITES_GRANTED : ALL_SITES_REFUSED), () => done(ALL_SITES_REFUSED));
  });
  $('all-sites-later').addEventListener('click', () => {
    void chrome.storage.local.set({ [STORAGE_KEYS.allSitesAsked]: true });
    box.hidden = true;
  });
}
