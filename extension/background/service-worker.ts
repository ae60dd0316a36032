/**
 * The background service worker: starts a capture on the toolbar button or alt+shift+p
 * (`_execute_action`), the button's menu or a mode's shortcut (lib/capture-modes.ts), routes
 * messages, and opens the editor. Capture steps live in CaptureRunner (whole page),
 * VisibleCapture (visible part) and AreaCapture (a picked area or element, after the page's
 * picker); delayed modes wait for their countdown (countdown.ts).
 */
import type { ContentMessage, ContentResponse, PageGeometry, WorkerMessage } from '#shared/extension/messages';
import { CaptureScheduler } from '../capture/scheduler';
import type { CanvasLimits } from '../capture/split-planner';
import { restrictedReason } from '../capture/url-policy';
import '../lib/build-config'; // declares __FPS_TEST_HOOKS__
import { browserCanvasLimits, fastModeAvailable } from '../lib/browser-support';
import { deleteCapture, newCaptureId, pruneCaptures, putCapture, putTile } from '../lib/capture-store';
import { readSettings } from '../lib/settings';
import { installMotionHooks } from '../capture/motion-main';
import { CaptureCancelled, CaptureRunner, type DocumentCapture } from './capture-runner';
import { skipNeedlessWarmUp, tabCaptureBackend } from './tab-capture';
import { serveCapturesPort } from './capture-export';
import { FastCaptureSession } from './fast-capture';
import { CAPTURES_PORT } from '../lib/capture-port';
import { LiveEditor, openEditorTab } from './live-editor';
import { onWorkerMessage } from './worker-messages';
import { readViewport, VisibleCapture } from './visible-capture';
import { cancelCountdown, startCountdown } from './countdown';
import { installCaptureMenu, onCaptureMenuClick } from './capture-menu';
import { isPicked, modeOfCommand, parseModeId, type CaptureKind, type CaptureMode, type PickedKind } from '../lib/capture-modes';
import { AreaCapture } from './area-capture';

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

async function sendToTab<M extends ContentMessage>(tabId: number, msg: M, frameId = 0): Promise<ContentResponse<M>> {
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

async function withAccessRetry<T>(call: () => Promise<T>): Promise<T> {
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
async function injectContentScript(tabId: number): Promise<void> {
  await withAccessRetry(() => chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: ['content.js'] }));
  // The page's own timers can only be held from its MAIN world (see capture/motion-main.ts).
  await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, world: 'MAIN', func: installMotionHooks }).catch(() => undefined);
}

/**
 * For pages whose content scrolls inside an iframe: injects the content script into every frame
 * we may access (same-site frames with activeTab; others need the optional iFrame access) and
 * returns the frame whose document has the iframe's size and scrolls.
 */
async function findScrollerFrame(tabId: number, frame: NonNullable<PageGeometry['frame']>): Promise<number | null> {
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

async function captureTab(tab: chrome.tabs.Tab, kind: CaptureKind = 'whole'): Promise<void> {
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
function startMode(mode: CaptureMode, tab: chrome.tabs.Tab): void {
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
    cancelCapture: (tabId) => running.get(tabId)?.cancel(),
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
