/**
 * The background service worker routes: the toolbar button or alt+shift+p (`_execute_action`), the
 * button's menu and each mode's shortcut (lib/capture-modes.ts) start a mode (start-capture.ts);
 * the editor's and content script's messages (worker-messages.ts); the bridge frame's port for
 * "Add from extension" (capture-export.ts).
 */
import type { WorkerMessage } from '#shared/extension/messages';
import '../lib/build-config'; // declares __FPS_TEST_HOOKS__
import { serveCapturesPort } from './capture-export';
import { CAPTURES_PORT } from '../lib/capture-port';
import { onWorkerMessage } from './worker-messages';
import { cancelCountdown } from './countdown';
import { installCaptureMenu, onCaptureMenuClick } from './capture-menu';
import { modeOfCommand, parseModeId, type CaptureMode } from '../lib/capture-modes';
import { cancelCapture, captureTab, startMode } from './start-capture';

/** The toolbar button's own mode: the whole page at once (test builds may ask for another). */
async function actionMode(): Promise<CaptureMode> {
  if (__FPS_TEST_HOOKS__) {
    const hooks = (await chrome.storage.local.get('testHooks')).testHooks as { actionMode?: string } | undefined;
    const mode = parseModeId(hooks?.actionMode);
    if (mode) return mode;
  }
  return { kind: 'whole', delay: 0 };
}

chrome.action.onClicked.addListener((tab) => {
  // A click during a countdown cancels it (the button's tooltip says so).
  if (tab.id !== undefined && cancelCountdown(tab.id)) return;
  if (__FPS_TEST_HOOKS__) {
    void actionMode().then((mode) => startMode(mode, tab));
    return;
  }
  startMode({ kind: 'whole', delay: 0 }, tab);
});

// A mode's own shortcut (chrome://extensions/shortcuts); `_execute_action` comes as a click above.
chrome.commands.onCommand.addListener((command, tab) => {
  const mode = modeOfCommand(command);
  if (!mode) return;
  if (tab) startMode(mode, tab);
  else void chrome.tabs.query({ active: true, lastFocusedWindow: true }).then(([t]) => t && startMode(mode, t));
});

installCaptureMenu();
onCaptureMenuClick(startMode);

if (__FPS_TEST_HOOKS__) {
  // Test builds only: Firefox's WebDriver BiDi cannot click the toolbar button, so the Firefox
  // tests (test/firefox) start a mode on a tab from one of our own pages, as the click would.
  chrome.runtime.onMessage.addListener((msg: { target?: string; type?: string; tabId?: number; mode?: string }, sender, sendResponse) => {
    if (msg?.target !== 'test' || msg.type !== 'start-mode' || !sender.url?.startsWith(chrome.runtime.getURL(''))) return false;
    const mode = parseModeId(msg.mode) ?? { kind: 'whole', delay: 0 };
    void chrome.tabs.get(msg.tabId!).then((tab) => startMode(mode, tab)).then(() => sendResponse({ ok: true }), (err: unknown) => sendResponse({ error: String(err) }));
    return true;
  });
}

chrome.runtime.onMessage.addListener((msg: WorkerMessage, sender, sendResponse) =>
  onWorkerMessage(msg, sender, sendResponse, {
    cancelCapture,
    picked: (tab, kind) => void captureTab(tab, kind),
  }),
);

// The bridge frame (inside the website) asks for captures here: it may not open our IndexedDB itself.
chrome.runtime.onConnect.addListener((port) => {
  if (port.name !== CAPTURES_PORT) return;
  // Only our own frame page; content scripts run in web pages and have no business here.
  if (!port.sender?.url?.startsWith(chrome.runtime.getURL('frame.html'))) {
    port.disconnect();
    return;
  }
  serveCapturesPort(port);
});
