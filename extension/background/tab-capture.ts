/**
 * Firefox's one-shot backend for the whole document (issue #33 §2): `tabs.captureTab(tabId,
 * {rect, scale})` renders any rect of the document in CSS px, not only the viewport, without
 * scrolling and without captureVisibleTab's pacing. Firefox offers it only with the `<all_urls>`
 * permission (its schema says so), which the build asks for as an optional host permission: the
 * editor asks for it after the first capture, with the reason (editor/all-sites-ask.ts). Without it
 * the capture scrolls and stitches with captureVisibleTab under activeTab, as in Chrome.
 */
import type { ContentMessage, ContentResponse, PageGeometry } from '#shared/extension/messages';
import { ALL_SITES } from '../lib/browser-support';
import { nothingLoadsLate } from './fast-capture';
import type { DocumentCapture } from './capture-runner';

interface CaptureTabOptions {
  rect: { x: number; y: number; width: number; height: number };
  scale: number;
  format: 'png';
}
/** Firefox only; @types/chrome does not know it. */
type FirefoxTabs = typeof chrome.tabs & { captureTab?: (tabId: number, options: CaptureTabOptions) => Promise<string> };

/** The captureTab backend for a tab, or null: not Firefox, or `<all_urls>` not granted. */
export async function tabCaptureBackend(tabId: number): Promise<DocumentCapture | null> {
  const tabs = chrome.tabs as FirefoxTabs;
  if (typeof tabs.captureTab !== 'function' || !(await chrome.permissions.contains(ALL_SITES))) return null;
  const captureTab = tabs.captureTab.bind(tabs);
  return {
    kind: 'capture-tab',
    async capture(clips, dpr) {
      // Firefox multiplies `scale` by the tab's zoom; the page's devicePixelRatio has it in already.
      const zoom = await chrome.tabs.getZoom(tabId);
      const images: string[] = [];
      // One part at a time: each is a whole canvas's worth of pixels.
      for (const rect of clips) images.push(await captureTab(tabId, { rect, scale: dpr / zoom, format: 'png' }));
      return images;
    },
  };
}

type Send = <M extends ContentMessage>(msg: M) => Promise<ContentResponse<M>>;

/**
 * Put between the CaptureRunner and the top frame's content script when captureTab takes the
 * document: as in fast mode (fast-capture.ts), the warm-up pass (scrolling through the page so
 * lazy content loads) is skipped when `lazyContentCheck` finds nothing below the fold that loads
 * late and nothing still loading; the geometry 'prepare' measured at 0,0 then stands. Measured on
 * the bench page (nothing lazy): the warm-up took 0.34–0.64 s of a 1.6–2.1 s capture at 10
 * viewports, 1.3–1.9 s at 40.
 */
export function skipNeedlessWarmUp(tabId: number, next: Send): Send {
  let prepared: PageGeometry | null = null;
  return async <M extends ContentMessage>(msg: M): Promise<ContentResponse<M>> => {
    if (msg.type === 'warm-up' && prepared) {
      return (await nothingLoadsLate(tabId)) ? (prepared as ContentResponse<M>) : next(msg);
    }
    const res = await next(msg);
    if (msg.type === 'prepare' && (msg as { overlay?: boolean }).overlay !== false) {
      const g = res as PageGeometry;
      prepared = !g.restricted && !g.frame && g.scrollerKind === 'document' ? g : null;
    }
    return res;
  };
}
