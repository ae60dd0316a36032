/**
 * One capture, from a mode to the editor: the mode says what area to take (lib/capture-modes.ts);
 * its runner takes it with a backend (scroll-and-stitch with captureVisibleTab, Chrome's fast-mode
 * one-shot, or Firefox's tabs.captureTab: CaptureRunner's DocumentCapture); one hand-off to the
 * editor (LiveEditor). Delayed modes wait for their countdown (countdown.ts); picked modes show
 * the page's picker first. The service worker only routes the clicks and messages here.
 */
import type { ContentMessage } from '#shared/extension/messages';
import { CaptureScheduler } from '../capture/scheduler';
import type { CanvasLimits } from '../capture/split-planner';
import { restrictedReason } from '../capture/url-policy';
import '../lib/build-config'; // declares __FPS_TEST_HOOKS__
import { browserCanvasLimits, fastModeAvailable } from '../lib/browser-support';
import { deleteCapture, newCaptureId, pruneCaptures, putCapture, putTile } from '../lib/capture-store';
import { readSettings } from '../lib/settings';
import { isPicked, type CaptureKind, type CaptureMode, type PickedKind } from '../lib/capture-modes';
import { CaptureCancelled, CaptureRunner, type DocumentCapture } from './capture-runner';
import { skipNeedlessWarmUp, tabCaptureBackend } from './tab-capture';
import { FastCaptureSession } from './fast-capture';
import { LiveEditor, openEditorTab } from './live-editor';
import { readViewport, VisibleCapture } from './visible-capture';
import { startCountdown } from './countdown';
import { AreaCapture } from './area-capture';
import { findScrollerFrame, injectContentScript, sendToTab, withAccessRetry } from './tab-access';

/** One scheduler for the whole extension: Chrome's quota is per extension, not per tab. */
const scheduler = new CaptureScheduler();
const running = new Map<number, { cancel(): void }>();

/**
 * Figures of the last capture, read by the benchmark and the e2e tests through the worker
 * (`globalThis.fpsLastRun`). Test builds only: every write is behind `__FPS_TEST_HOOKS__`, so esbuild
 * drops it from the store build.
 */
interface LastRun {
  captureId?: string;
  frames?: number;
  mode?: string;
  parts?: number;
  /** width × height × 4 summed over the split images: what the stitched result weighs in memory. */
  bitmapBytes?: number;
  timings?: { prepareMs: number; warmUpMs: number; framesMs: number; totalMs: number };
  quotaErrors: number;
  staleFrames?: number;
  /** Fast mode: the wait for Chrome's infobar, screenshots taken, whether the warm-up ran. */
  fast?: FastCaptureSession['stats'];
  error?: string;
}
declare global {
  var fpsLastRun: LastRun | undefined;
}

async function canvasLimits(): Promise<CanvasLimits> {
  if (__FPS_TEST_HOOKS__) {
    // Test builds only (the key is not in STORAGE_KEYS, so the store build holds no trace of it).
    const got = await chrome.storage.local.get('testHooks');
    const hooks = got.testHooks as { canvasLimits?: CanvasLimits } | undefined;
    return hooks?.canvasLimits ?? browserCanvasLimits();
  }
  return browserCanvasLimits();
}

/** captureVisibleTab takes whatever tab is active in the window: never another page. */
async function captureVisibleTabOf(tab: chrome.tabs.Tab): Promise<string> {
  if (!(await chrome.tabs.get(tab.id!)).active) throw new Error('You switched to another tab, so the capture stopped. Stay on the page until it finishes');
  return chrome.tabs.captureVisibleTab(tab.windowId, { format: 'png' });
}

/**
 * The whole page: the content script scrolls, CaptureRunner stitches, or a one-shot backend takes
 * the document (Chrome's fast mode, Firefox's tabs.captureTab when `<all_urls>` is granted).
 */
async function wholePageRunner(tab: chrome.tabs.Tab, captureId: string, live: LiveEditor): Promise<{ runner: CaptureRunner; fastSession: FastCaptureSession | null } | null> {
  const tabId = tab.id!;
  const { fastMode } = await readSettings();
  // Fast mode: attaches the debugger while the page is injected and prepared, skips a needless warm-up.
  // (Not in Firefox, which has no debugger API: asking about the permission would throw there.)
  const fastSession = fastMode && fastModeAvailable() && (await chrome.permissions.contains({ permissions: ['debugger'] })) ? new FastCaptureSession(tabId, (m) => sendToTab(tabId, m)) : null;
  try {
    await injectContentScript(tabId);
  } catch (err) {
    void fastSession?.detach();
    await failInjection(tab, live, err);
    return null;
  }
  let scrollerFrame = 0;
  const documentCapture: DocumentCapture | undefined = fastSession
    ? // Detached at once: the infobar goes 5 s later.
      { kind: 'debugger', capture: (clips) => fastSession.capture(clips).finally(() => void fastSession.detach()) }
    : await firefoxBackend(tabId);
  // The top frame's messages go through fast mode's session, or captureTab's warm-up skip.
  const toTop = fastSession
    ? fastSession.send.bind(fastSession)
    : documentCapture
      ? skipNeedlessWarmUp(tabId, (m) => sendToTab(tabId, m))
      : <M extends ContentMessage>(m: M) => sendToTab(tabId, m);
  const runner = new CaptureRunner({
    send: (msg, to) => (to === 'scroller' ? sendToTab(tabId, msg, scrollerFrame) : toTop(msg)),
    useFrame: async (frame) => {
      const id = await findScrollerFrame(tabId, frame);
      if (id !== null) scrollerFrame = id;
      return id !== null;
    },
    captureVisibleTab: () => captureVisibleTabOf(tab),
    documentCapture,
    putTile: (index, blob) => putTile(captureId, index, blob),
    scheduler,
    limits: await canvasLimits(),
    now: () => performance.now(),
    onFrame: (frame) => live.send({ type: 'frame', ...frame }),
  });
  return { runner, fastSession };
}

/** Firefox's captureTab, when granted (test builds may ask to scroll instead: `testHooks.stitch`). */
async function firefoxBackend(tabId: number): Promise<DocumentCapture | undefined> {
  if (__FPS_TEST_HOOKS__) {
    const hooks = (await chrome.storage.local.get('testHooks')).testHooks as { stitch?: boolean } | undefined;
    if (hooks?.stitch) return undefined;
  }
  return (await tabCaptureBackend(tabId)) ?? undefined;
}

async function failInjection(tab: chrome.tabs.Tab, live: LiveEditor, err: unknown): Promise<void> {
  const msg = err instanceof Error ? err.message : String(err);
  const fileUrl = tab.url?.startsWith('file:');
  await live.fail(fileUrl ? { restricted: 'file-access' } : { error: msg });
}

/** The visible part: one frame, nothing injected, the page only asked for its viewport's size. */
async function visibleRunner(tab: chrome.tabs.Tab, captureId: string, live: LiveEditor): Promise<{ runner: VisibleCapture; fastSession: null }> {
  const tabId = tab.id!;
  const runner = new VisibleCapture({
    measure: async () => {
      const [res] = await withAccessRetry(() => chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, func: readViewport }));
      return res.result as ReturnType<typeof readViewport>;
    },
    // The first call to need the click's grant (nothing is injected before it).
    captureVisibleTab: () => withAccessRetry(() => captureVisibleTabOf(tab)),
    putTile: (index, blob) => putTile(captureId, index, blob),
    scheduler,
    limits: await canvasLimits(),
    now: () => performance.now(),
    onFrame: (frame) => live.send({ type: 'frame', ...frame }),
  });
  return { runner, fastSession: null };
}

/**
 * Area and element modes, once the user has picked on the page: the content script (injected for
 * the picker, and again here for the motion hooks) keeps the pick; AreaCapture takes it.
 */
async function pickedRunner(tab: chrome.tabs.Tab, captureId: string, live: LiveEditor, kind: PickedKind): Promise<{ runner: AreaCapture; fastSession: null } | null> {
  const tabId = tab.id!;
  try {
    await injectContentScript(tabId);
  } catch (err) {
    await failInjection(tab, live, err);
    return null;
  }
  const runner = new AreaCapture(
    {
      send: (msg) => sendToTab(tabId, msg),
      captureVisibleTab: () => captureVisibleTabOf(tab),
      putTile: (index, blob) => putTile(captureId, index, blob),
      scheduler,
      limits: await canvasLimits(),
      now: () => performance.now(),
      onFrame: (frame) => live.send({ type: 'frame', ...frame }),
    },
    kind,
  );
  return { runner, fastSession: null };
}

/**
 * Shows the area or element picker on the page; nothing is captured (and no editor opens) until
 * the user picks, which the content script tells with a `picked` message. Escape just closes it.
 */
async function startPicker(tab: chrome.tabs.Tab, kind: PickedKind): Promise<void> {
  const tabId = tab.id!;
  if (running.has(tabId)) return;
  const reason = restrictedReason(tab.url ?? tab.pendingUrl, chrome.runtime.getURL(''));
  if (reason) {
    await openEditorTab(tab, { restricted: reason });
    return;
  }
  try {
    await injectContentScript(tabId);
    await sendToTab(tabId, { target: 'content', type: 'pick', kind });
  } catch (err) {
    await openEditorTab(tab, tab.url?.startsWith('file:') ? { restricted: 'file-access' } : { error: err instanceof Error ? err.message : String(err) });
  }
}

export async function captureTab(tab: chrome.tabs.Tab, kind: CaptureKind = 'whole'): Promise<void> {
  const tabId = tab.id;
  if (tabId === undefined || running.has(tabId)) return;
  const reason = restrictedReason(tab.url ?? tab.pendingUrl, chrome.runtime.getURL(''));
  if (reason) {
    await openEditorTab(tab, { restricted: reason });
    return;
  }
  const captureId = newCaptureId();
  // The editor tab loads while the page is injected and prepared (in the background: the page stays on screen).
  const live = LiveEditor.open(captureId, tab);
  const started = isPicked(kind)
    ? await pickedRunner(tab, captureId, live, kind)
    : kind === 'visible'
      ? await visibleRunner(tab, captureId, live)
      : await wholePageRunner(tab, captureId, live);
  if (!started) return;
  const { runner, fastSession } = started;
  running.set(tabId, runner);
  const quotaBefore = scheduler.quotaErrors;
  if (__FPS_TEST_HOOKS__) globalThis.fpsLastRun = { quotaErrors: 0 };
  try {
    const result = await runner.run();
    if ('restricted' in result) {
      await live.fail({ restricted: result.restricted });
      return;
    }
    await putCapture({ ...result.record, id: captureId, createdAt: Date.now() });
    if (__FPS_TEST_HOOKS__) {
      globalThis.fpsLastRun = {
        captureId,
        frames: result.frames,
        mode: result.record.mode,
        parts: result.record.parts.length,
        bitmapBytes: result.record.parts.reduce((sum, p) => sum + p.width * p.height * 4, 0),
        timings: result.timings,
        quotaErrors: scheduler.quotaErrors - quotaBefore,
        staleFrames: runner instanceof CaptureRunner ? runner.staleFrames : 0,
        fast: fastSession?.stats,
      };
    }
    await live.finish();
    void pruneCaptures();
  } catch (err) {
    if (err instanceof CaptureCancelled) {
      await live.discard();
      void deleteCapture(captureId); // frames stored so far
      return;
    }
    const msg = err instanceof Error ? err.message : String(err);
    if (__FPS_TEST_HOOKS__) globalThis.fpsLastRun = { quotaErrors: scheduler.quotaErrors - quotaBefore, error: msg };
    void deleteCapture(captureId);
    await live.fail({ error: msg });
  } finally {
    void fastSession?.detach();
    running.delete(tabId);
  }
}

/** Starts a mode on a tab: at once, or after its countdown on the toolbar button's badge. */
export function startMode(mode: CaptureMode, tab: chrome.tabs.Tab): void {
  const tabId = tab.id;
  if (tabId === undefined) return;
  if (isPicked(mode.kind)) {
    void startPicker(tab, mode.kind);
    return;
  }
  if (!mode.delay) {
    void captureTab(tab, mode.kind);
    return;
  }
  startCountdown(tabId, mode, () => void chrome.tabs.get(tabId).then((now) => captureAfterCountdown(tab, now, mode.kind), () => undefined));
}

/**
 * The tab as it is when the countdown ends. The click's activeTab grant ends when the tab goes to
 * another page, and its URL can no longer be read: say so rather than call it a browser page.
 */
async function captureAfterCountdown(clicked: chrome.tabs.Tab, now: chrome.tabs.Tab, kind: CaptureKind): Promise<void> {
  if (clicked.url && !now.url && !now.pendingUrl) {
    await openEditorTab(now, { error: 'the tab went to another page during the countdown' });
    return;
  }
  await captureTab(now, kind);
}

/** Stops the capture running on a tab (the editor's Cancel). */
export function cancelCapture(tabId: number): void {
  running.get(tabId)?.cancel();
}
