/**
 * Reaching a tab from the background: messages to its content script, the content script and the
 * motion hooks injected (retried while a click's activeTab grant arrives), and the frame whose
 * document scrolls.
 */
import type { ContentMessage, ContentResponse, PageGeometry } from '#shared/extension/messages';
import { installMotionHooks } from '../capture/motion-main';

export async function sendToTab<M extends ContentMessage>(tabId: number, msg: M, frameId = 0): Promise<ContentResponse<M>> {
  const res = await chrome.tabs.sendMessage(tabId, msg, { frameId });
  if (res && typeof res === 'object' && 'error' in res) throw new Error(String(res.error));
  return res as ContentResponse<M>;
}

/**
 * The activeTab grant of a click reaches the scripting API a moment after action.onClicked fires
 * (seen here about one time in ten), so "Cannot access" (or, from captureVisibleTab, "… permission
 * is required") is retried briefly before it counts as a real refusal.
 */
const NOT_GRANTED_YET = /Cannot access|permission is required/;

export async function withAccessRetry<T>(call: () => Promise<T>): Promise<T> {
  for (const delay of [0, 100, 250, 500]) {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    try {
      return await call();
    } catch (err) {
      if (!NOT_GRANTED_YET.test(String(err))) throw err;
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return call();
}


/** Injects the content script (and the motion hooks) into the top frame. */
export async function injectContentScript(tabId: number): Promise<void> {
  await withAccessRetry(() => chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: ['content.js'] }));
  // The page's own timers can only be held from its MAIN world (see capture/motion-main.ts).
  await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, world: 'MAIN', func: installMotionHooks }).catch(() => undefined);
}

/**
 * For pages whose content scrolls inside an iframe: injects the content script into every frame
 * we may access (same-site frames with activeTab; others need the optional iFrame access) and
 * returns the frame whose document has the iframe's size and scrolls.
 */
export async function findScrollerFrame(tabId: number, frame: NonNullable<PageGeometry['frame']>): Promise<number | null> {
  let results: chrome.scripting.InjectionResult[];
  try {
    results = await chrome.scripting.executeScript({ target: { tabId, allFrames: true }, files: ['content.js'] });
    await chrome.scripting.executeScript({ target: { tabId, allFrames: true }, world: 'MAIN', func: installMotionHooks }).catch(() => undefined);
  } catch {
    return null;
  }
  for (const { frameId } of results) {
    if (frameId === 0) continue;
    const p = await sendToTab(tabId, { target: 'content', type: 'probe' }, frameId).catch(() => null);
    if (p?.scrolls && Math.abs(p.innerWidth - frame.rect.width) <= 1 && Math.abs(p.innerHeight - frame.rect.height) <= 1) return frameId;
  }
  return null;
}

