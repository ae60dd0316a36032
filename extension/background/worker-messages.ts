import type { WorkerMessage } from '#shared/extension/messages';
import type { PickedKind } from '../lib/capture-modes';

/** What the service worker answers a message of an unknown type (a stale tab's script, a typo). */
export const UNKNOWN_MESSAGE = { ok: false, error: 'unknown message type' } as const;

/**
 * The service worker's receiver for `target: 'worker'` messages: one switch, as Chrome's samples
 * have it. Messages for other targets are left to their receivers (false: no answer from here);
 * an unknown type is refused with a logged warning, so a sender waiting for an answer gets one.
 */
export function onWorkerMessage(
  msg: WorkerMessage | { target?: unknown; type?: unknown } | null | undefined,
  sender: chrome.runtime.MessageSender,
  sendResponse: (answer: unknown) => void,
  act: { cancelCapture(tabId: number): void; picked(tab: chrome.tabs.Tab, kind: PickedKind): void },
): false {
  if (msg?.target !== 'worker') return false;
  switch (msg.type) {
    case 'cancel-capture': {
      const tabId = sender.tab?.id;
      if (tabId !== undefined) act.cancelCapture(tabId);
      sendResponse({ ok: true });
      return false;
    }
    case 'picked': {
      // Only the page's own top frame picks (the content script injected there); the capture is of its tab.
      const { kind } = msg as { kind?: unknown };
      if (sender.tab && sender.frameId === 0 && (kind === 'area' || kind === 'element')) act.picked(sender.tab, kind);
      sendResponse({ ok: true });
      return false;
    }
    default:
      console.warn('Service worker: refused a message of unknown type', msg.type);
      sendResponse(UNKNOWN_MESSAGE);
      return false;
  }
}
