/**
 * Firefox's one-shot backend for the whole document (issue #33 §2): `tabs.captureTab(tabId,
 * {rect, scale})` renders any rect of the document in CSS px, not only the viewport, without
 * scrolling and without captureVisibleTab's pacing. Firefox offers it only with the `<all_urls>`
 * permission (its schema says so), which the build asks for as an optional host permission: the
 * editor asks for it after the first capture, with the reason (editor/all-sites-ask.ts). Without it
 * the capture scrolls and stitches with captureVisibleTab under activeTab, as in Chrome.
 */
import { ALL_SITES } from '../lib/browser-support';
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
