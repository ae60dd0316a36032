/**
 * The editor page, opened after each capture: shows the image at fit or 100%, exports it as PNG,
 * JPG or PDF, copies or deletes it, lists recent captures, and offers the Premium tools when the
 * website's login message says the user is Premium. This entry point only wires the parts:
 *
 * - `editor-state.ts`: the page's elements, the open capture and the status line;
 * - `capture-view.ts`: showing a capture (fit/100%, split images, thumbnail, delete, site links);
 * - `live-stream.ts`: frames arriving from the service worker over the Port during a capture;
 * - `recent-captures.ts`: the recent captures list;
 * - `selection-tools.ts`: the selected region and the Premium tools with undo/redo;
 * - `exports.ts`: PNG, JPG, PDF and copy;
 * - `save-to-library.ts`: "Save to library" with the site's upload grant.
 */
import { STORAGE_KEYS } from '#shared/extension/messages';
import { RESTRICTED_MESSAGES, type RestrictedReason } from '../capture/url-policy';
import { afterHistoryChange, loadCapture, setupLinks, setupViewControls } from './capture-view';
import { $, setState, showMessage } from './editor-state';
import { setupExports } from './exports';
import { streamLive } from './live-stream';
import { renderRecent } from './recent-captures';
import { setupSaveToLibrary } from './save-to-library';
import { drawSelection, refreshPremium, setupSelectionDrag, setupTools } from './selection-tools';

async function main(): Promise<void> {
  setupLinks();
  setupViewControls();
  setupExports();
  setupSaveToLibrary();
  setupTools(afterHistoryChange);
  setupSelectionDrag();
  await refreshPremium();
  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && STORAGE_KEYS.login in changes) void refreshPremium().then(drawSelection);
  });
  const params = new URLSearchParams(location.search);
  const restricted = params.get('restricted') as Exclude<RestrictedReason, null> | null;
  const error = params.get('error');
  const id = params.get('id');
  // A capture in progress draws the list once it is shown (loadCapture): not while the page is taken.
  const recent = params.get('live') ? Promise.resolve() : renderRecent();
  try {
    if (restricted) {
      showMessage(RESTRICTED_MESSAGES[restricted] ?? RESTRICTED_MESSAGES['browser-page']);
      setState('restricted');
    } else if (error) {
      showMessage(`The capture failed: ${error}. Reload the page and try again.`);
      setState('error');
    } else if (id && params.get('live')) {
      await loadCapture(id, (await streamLive(id)).drawn);
    } else if (id) {
      await loadCapture(id);
    } else {
      setState(params.get('deleted') ? 'deleted' : 'empty');
      const notice = $('notice');
      notice.textContent = params.get('deleted')
        ? 'The capture was deleted.'
        : 'No capture is open. Press Alt+Shift+P (or click the toolbar button) on any page to capture it.';
      notice.hidden = false;
    }
  } catch (err) {
    showMessage(`This capture could not be opened: ${err instanceof Error ? err.message : String(err)}`);
    setState('error');
  }
  await recent;
}

void main();
