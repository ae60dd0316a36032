/**
 * Runtime messages inside the extension (service worker ⇄ content script ⇄ extension pages).
 * Each message carries `target` (who handles it) and `type`; each receiver is one switch.
 */

/** A rectangle in CSS pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the content script measured, after the warm-up pass, with the page scrolled to its origin. */
export interface PageGeometry {
  /** window.innerWidth/innerHeight: what captureVisibleTab's bitmap covers (scrollbars included). */
  innerWidth: number;
  innerHeight: number;
  /** The viewport without scrollbars (documentElement client size). */
  viewportWidth: number;
  viewportHeight: number;
  /** The scrolled area's visible client box inside the viewport. The whole viewport when the document scrolls. */
  scroller: Rect;
  /** Scrollable content size of that scroller. */
  contentWidth: number;
  contentHeight: number;
  /**
   * 'document' when the page itself scrolls, 'element' when an inner scroller was chosen,
   * 'frame' when the content scrolls inside an iframe (measured by a content script in that frame).
   */
  scrollerKind: 'document' | 'element' | 'frame';
  /** Set when nothing scrolls in this document but a large iframe fills it: the frame to look into. */
  frame?: { rect: Rect; url: string; sameOrigin: boolean };
  devicePixelRatio: number;
  title: string;
  url: string;
  /** Set when the content script finds a page it cannot capture (the PDF viewer). */
  restricted?: string;
  /** After the warm-up: the layout of the first viewport moved since frame 0 was taken (take it again). */
  layoutChanged?: boolean;
  /**
   * After the warm-up: the page took rows out of one container as it was scrolled, as virtual
   * lists do. One screenshot of the whole page would show only the rows near the top.
   */
  drawsOnScroll?: boolean;
  /** After the warm-up: where its last scroll stopped (the page's end, as the browser clamps it), CSS px. */
  endY?: number;
  /** Area and element modes: what the user picked, measured at prepare (see PickedSelection). */
  selection?: PickedSelection;
}

/**
 * The area or element the user picked, in "image" CSS px: the layout a whole-page capture of the
 * same scroller (`PageGeometry.scroller`) draws, the viewport with that scroller's content unrolled
 * in place. A point's image position is its viewport position plus the scroller's scroll offset.
 */
export interface PickedSelection {
  rect: Rect;
  /** The scroller's scroll offset now: `rect` minus this is where the selection is on screen. */
  at: ScrollPosition;
  /** All of it is on screen now (not clipped by the viewport or a pane): one frame shows it as the user sees it. */
  onScreen: boolean;
}

/** What a frame's content script says about its document, to match it with an iframe element. */
export interface FrameProbe {
  url: string;
  innerWidth: number;
  innerHeight: number;
  scrolls: boolean;
}

export interface ScrollPosition {
  x: number;
  y: number;
}

/**
 * Where a frame landed, in the layout frame 0 showed ("image" CSS px: scroll position plus how
 * far the content moved since, e.g. under a header that collapsed), and the content size now.
 */
export interface FramePosition extends ScrollPosition {
  contentWidth?: number;
  contentHeight?: number;
}

export type ContentMessage =
  /**
   * `paint: false` skips the wait for the prepared page to be painted (a debugger screenshot renders
   * afresh). `selection: true` prepares the capture of what the user picked (the answer's `selection`).
   */
  | { target: 'content'; type: 'prepare'; overlay?: boolean; paint?: boolean; selection?: boolean }
  /** Area and element modes: shows the picker on the page; it answers at once and sends `picked` later. */
  | { target: 'content'; type: 'pick'; kind: 'area' | 'element' }
  /** Waits until the page as it is now is painted (what captureVisibleTab reads). */
  | { target: 'content'; type: 'paint' }
  /** The prepared page's geometry as it is now (fast mode, after the infobar resized the viewport). */
  | { target: 'content'; type: 'measure' }
  | { target: 'content'; type: 'probe' }
  | { target: 'content'; type: 'warm-up' }
  | { target: 'content'; type: 'scroll-to'; index: number; x: number; y: number; hideFixed: boolean }
  | { target: 'content'; type: 'progress'; done: number; total: number; label?: string }
  | { target: 'content'; type: 'hide-overlay' }
  | { target: 'content'; type: 'restore' };

export type ContentResponse<M extends ContentMessage> = M extends { type: 'prepare' | 'warm-up' | 'measure' }
  ? PageGeometry
  : M extends { type: 'probe' }
    ? FrameProbe
  : M extends { type: 'scroll-to' }
    ? FramePosition
    : { ok: true };

export type WorkerMessage =
  | { target: 'worker'; type: 'cancel-capture' }
  /** The content script's picker is done: capture what the user picked (kept in the page until prepare). */
  | { target: 'worker'; type: 'picked'; kind: 'area' | 'element' };

/** A copy of pixels (sx, sy, sw, sh) of a source to (dx, dy) of a target, in device pixels. */
export interface PixelCopy {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  dx: number;
  dy: number;
}

/** One copy of a tile's pixels into a split part, as the stitch plan gives it. */
export interface LiveDraw extends PixelCopy {
  part: number;
}

/**
 * From the service worker to the editor tab, which opens in the background when a capture starts
 * and stitches frames as they arrive; the capture's own waits (Chrome's 2-per-second quota) then
 * hide the stitching time. The editor connects a runtime Port named `live:<captureId>` (the worker
 * learns it is there, or closed); the messages go over a BroadcastChannel of the same name, as
 * structured clones: a frame's Blob crosses by reference, where a whole page as a data URL cost
 * tens of ms of JSON over the Port.
 */
export type LiveMessage =
  | { type: 'frame'; tile: number; total: number; parts: Array<{ width: number; height: number }>; draws: LiveDraw[]; image: Blob }
  | { type: 'done' };

export const LIVE_PORT_PREFIX = 'live:';

/**
 * Keys in chrome.storage.local. Test builds also read `testHooks` (lowered canvas limits); that key
 * is written out only inside the `TEST_HOOKS` branch of the service worker, so the store build
 * does not contain it.
 */
export const STORAGE_KEYS = {
  login: 'login',
  /** Set when the site logged the extension out (`{at}`), removed by the next login: the editor then says "Sign in again". */
  signedOut: 'signedOut',
  settings: 'settings',
  /** Firefox: the editor has asked once for access to all websites (editor/all-sites-ask.ts); it does not ask again. */
  allSitesAsked: 'allSitesAsked',
} as const;

export interface ExtensionSettings {
  /** Capture with chrome.debugger in one shot (needs the optional `debugger` permission). */
  fastMode: boolean;
  /** Ask where to save each download (needs the optional `downloads` permission). */
  saveAs: boolean;
}

export const DEFAULT_SETTINGS: ExtensionSettings = { fastMode: false, saveAs: false };

/** The optional host permission behind "iFrame access": scroll and capture frames from other sites. */
export const IFRAME_ORIGINS = ['<all_urls>'];
