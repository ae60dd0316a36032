/** Options: capture modes and their shortcuts, fast mode and "ask where to save" (each behind an optional permission), revocation, account state. */
import { IFRAME_ORIGINS, STORAGE_KEYS } from '#shared/extension/messages';
import { fastModeAvailable, isFirefox } from '../lib/browser-support';
import { siteLink } from '../lib/build-config';
import { isPremium, readLogin } from '../lib/login-state';
import { readSettings, writeSettings } from '../lib/settings';
import { showCaptureModes } from './capture-modes';

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
const say = (text: string) => ($('status').textContent = text);

type OptionalPermission = 'debugger' | 'downloads' | 'iframe';
const PERMISSION_LABELS: Record<OptionalPermission, string> = {
  debugger: 'Debugger (fast capture mode)',
  downloads: 'Downloads (ask where to save each file)',
  iframe: 'iFrame access (capture pages that scroll inside a frame from another site)',
};
const REVOKE_LABELS: Record<OptionalPermission, string> = { debugger: 'Revoke Debugger', downloads: 'Revoke Downloads', iframe: 'Revoke iFrame access' };
const SETTING_FOR: Partial<Record<OptionalPermission, 'fastMode' | 'saveAs'>> = { debugger: 'fastMode', downloads: 'saveAs' };

/** iFrame access is a host permission; the others are API permissions. */
const request = (p: OptionalPermission): chrome.permissions.Permissions => (p === 'iframe' ? { origins: IFRAME_ORIGINS } : { permissions: [p] });
const has = (p: OptionalPermission) => chrome.permissions.contains(request(p));
/** Firefox has no debugger API: fast mode and its permission are not offered there (the page says why). */
const FAST_MODE = fastModeAvailable();
const offered = (Object.keys(PERMISSION_LABELS) as OptionalPermission[]).filter((p) => p !== 'debugger' || FAST_MODE);

async function render(): Promise<void> {
  const settings = await readSettings();
  $<HTMLInputElement>('fast-mode').checked = FAST_MODE && settings.fastMode && (await has('debugger'));
  $<HTMLInputElement>('save-as').checked = settings.saveAs && (await has('downloads'));
  $<HTMLInputElement>('iframe-access').checked = await has('iframe');
  const list = $('perm-list');
  list.replaceChildren();
  for (const p of offered) {
    const li = document.createElement('li');
    const granted = await has(p);
    li.append(`${PERMISSION_LABELS[p]}: ${granted ? 'granted' : 'not granted'} `);
    if (granted) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = REVOKE_LABELS[p];
      b.addEventListener('click', () => void revoke(p));
      li.append(b);
    }
    list.append(li);
  }
  const stored = await readLogin();
  $('account-state').textContent = !stored
    ? 'Not signed in. Sign in on the website to use Premium tools.'
    : isPremium(stored)
      ? `Signed in with Premium (${stored.login.status}).`
      : `Signed in without Premium${stored.login.status ? ` (${stored.login.status})` : ''}.`;
}

async function revoke(p: OptionalPermission): Promise<void> {
  const setting = SETTING_FOR[p];
  if (setting) await writeSettings({ [setting]: false });
  // Some builds (tests) grant it at install: those cannot be removed, the setting is off anyway.
  await chrome.permissions.remove(request(p)).catch(() => false);
  say(`${PERMISSION_LABELS[p]} revoked.`);
  await render();
}

/**
 * Turning a feature on asks for its permission inside the click's user action; off revokes it.
 * The request comes first, with nothing awaited before it: Firefox refuses a request made after
 * an await in the handler ("may only be called from a user input handler"). One already granted
 * resolves true at once.
 */
async function toggle(p: OptionalPermission, on: boolean): Promise<void> {
  if (!on) return revoke(p);
  const granted = await chrome.permissions.request(request(p));
  const setting = SETTING_FOR[p];
  if (setting) await writeSettings({ [setting]: granted });
  say(granted ? `${PERMISSION_LABELS[p]} turned on.` : 'Permission not granted; the option stays off.');
  await render();
}

$('fast-mode').addEventListener('change', (e) => void toggle('debugger', (e.target as HTMLInputElement).checked));
$('save-as').addEventListener('change', (e) => void toggle('downloads', (e.target as HTMLInputElement).checked));
$('iframe-access').addEventListener('change', (e) => void toggle('iframe', (e.target as HTMLInputElement).checked));
// Firefox's tabs.captureTab needs the same permission (background/tab-capture.ts).
$('iframe-access-firefox').hidden = !isFirefox();
if (!FAST_MODE) {
  $<HTMLInputElement>('fast-mode').disabled = true;
  $('fast-mode-hint').hidden = true;
  $('fast-mode-unavailable').hidden = false;
}
$<HTMLAnchorElement>('link-account').href = siteLink('/account');
$<HTMLAnchorElement>('link-premium').href = siteLink('/premium');
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && (STORAGE_KEYS.login in changes || STORAGE_KEYS.settings in changes)) void render();
});
chrome.permissions.onRemoved.addListener(() => void render());
chrome.permissions.onAdded.addListener(() => void render());
void Promise.all([render(), showCaptureModes($('mode-list'), $<HTMLAnchorElement>('shortcuts'))]).then(() => (document.body.dataset.state = 'ready'));
