/**
 * Injected into the captured tab on demand (chrome.scripting). It measures and scrolls the page,
 * hides fixed and sticky elements between frames, shows the progress panel, and puts everything
 * back afterwards. It never captures pixels itself: the service worker does.
 */
import type { ContentMessage, FramePosition, PageGeometry, ScrollPosition } from '#shared/extension/messages';
import { ContentVisibility } from './content-visibility';
import { deepQuery } from '../capture/deep-elements';
import { FixedHider } from './fixed-hider';
import { LayoutAnchors } from './layout-watch';
import { chooseScrollTarget, measure, probe, type ScrollTarget } from '../capture/measure';
import { MotionFreezer } from './motion-freeze';
import { CaptureOverlay } from './overlay';
import { RowRemovalWatch } from './row-removal-watch';
import { closePicker, pickSelection, pickTarget, startPicker, takePick } from './selection';
import { StylePatcher } from './style-patcher';

/** If the service worker goes quiet this long mid-capture (it crashed), restore the page. */
const WATCHDOG_MS = 20_000;
const IMAGE_WAIT_MS = 3_000;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until scroll and style changes are painted: after two animation frames they are
 * committed; one more frame gives the compositor time to draw them, which captureVisibleTab reads.
 */
async function settlePaint(): Promise<void> {
  await nextFrame();
  await nextFrame();
  await nextFrame();
}

const onScreen = (img: HTMLImageElement) => {
  const r = img.getBoundingClientRect();
  return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
};

/** Waits (boundedly) for images still loading, and for web fonts. */
async function waitForImages(which: (img: HTMLImageElement) => boolean): Promise<void> {
  const pending = deepQuery<HTMLImageElement>('img').filter((img) => !img.complete && which(img));
  if (pending.length) {
    await Promise.race([
      Promise.all(pending.map((img) => new Promise((r) => {
        img.addEventListener('load', r, { once: true });
        img.addEventListener('error', r, { once: true });
      }))),
      sleep(IMAGE_WAIT_MS),
    ]);
  }
  try {
    await Promise.race([document.fonts.ready, sleep(500)]);
  } catch {
    /* fonts API unavailable */
  }
}

class CaptureSession {
  private readonly styles = new StylePatcher();
  private readonly overlay: CaptureOverlay;
  private readonly target: ScrollTarget;
  private readonly hider: FixedHider;
  /** Animations, videos, animated images and page timers stand still from prepare to restore. */
  private readonly motion = new MotionFreezer(this.styles);
  private readonly origin: { doc: ScrollPosition; el: ScrollPosition | null };
  /** Sections `content-visibility: auto` would skip are rendered for the whole capture. */
  private readonly sections = new ContentVisibility(this.styles);
  private readonly anchors: LayoutAnchors;
  private watchdog: ReturnType<typeof setTimeout> | undefined;
  private readonly onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') requestCancel();
  };

  /**
   * `withOverlay` is false in an iframe that is scrolled for the top page's capture. `choose` picks
   * what to scroll (area and element modes: the scroller of what the user picked).
   */
  constructor(withOverlay = true, choose: () => ScrollTarget = chooseScrollTarget) {
    this.overlay = withOverlay ? new CaptureOverlay(requestCancel) : CaptureOverlay.none();
    // Before choosing: a page whose skipped sections are tiny may not even scroll yet.
    this.sections.renderAll();
    this.sections.watch();
    this.target = choose();
    this.anchors = new LayoutAnchors(this.target);
    const scrollerEl = this.target.el;
    this.hider = new FixedHider(this.styles, (el) => el === this.overlay.host || (!!scrollerEl && el.contains(scrollerEl)), () => this.target.position());
    this.origin = { doc: { x: scrollX, y: scrollY }, el: scrollerEl ? { x: scrollerEl.scrollLeft, y: scrollerEl.scrollTop } : null };
    // Smooth scrolling and scroll snapping would move the page away from the positions we ask for.
    for (const el of [document.documentElement, document.body, scrollerEl]) {
      if (!el) continue;
      this.styles.set(el, 'scroll-behavior', 'auto');
      this.styles.set(el, 'scroll-snap-type', 'none');
    }
    addEventListener('keydown', this.onKey, true);
    this.ping();
  }

  ping(): void {
    clearTimeout(this.watchdog);
    this.watchdog = setTimeout(() => endSession(), WATCHDOG_MS);
  }

  /**
   * Scrolls to the origin and waits for what the first frame shows (it is taken before the
   * warm-up). `paint: false` when a debugger screenshot, which renders the page afresh, comes next.
   * `stay`: the page stays where it is (a picked area or element: its frames are planned from here).
   */
  async prepare(paint: boolean, stay = false): Promise<PageGeometry> {
    this.overlay.show('Preparing capture…');
    await this.motion.freeze();
    // Stitching settles before frame 0 even at the top: what the page owed at the click (a
    // render, a debounce) runs then, before any frame. A debugger screenshot is one frame.
    if (stay) await this.motion.settle(() => undefined);
    else if (paint) await this.motion.settle(() => this.target.scrollTo(0, 0));
    else await this.scrollAndSettle(0, 0);
    await nextFrame();
    await waitForImages(onScreen);
    if (paint) await settlePaint();
    // Frame 0 is taken in this layout: it is the image's, frames after it are placed against it.
    this.anchors.record();
    return measure(this.target);
  }

  measure(): PageGeometry {
    return measure(this.target);
  }

  /** Scrolls through the page once so lazy-loaded images start loading, waits for them, measures again. */
  async warmUp(): Promise<PageGeometry> {
    this.overlay.show('Preparing capture…');
    this.motion.open();
    const rows = new RowRemovalWatch();
    rows.start();
    const endY = await this.scrollThrough();
    await this.scrollAndSettle(0, 0);
    await settlePaint();
    const drawsOnScroll = rows.stop();
    // Lazy content that changed the top of the page means frame 0 is stale; later frames are
    // placed against the layout as it is now.
    const g = measure(this.target);
    const layoutChanged = this.anchors.movedAbove(g.scroller.height + 1);
    this.anchors.record();
    return { ...g, layoutChanged, drawsOnScroll, endY };
  }

  /** Returns where the last scroll stopped: the end of the page, as the browser clamps it. */
  private async scrollThrough(): Promise<number> {
    let g = measure(this.target);
    // Measured again at every step: the page may grow as it is scrolled (bounded for endless lists).
    const steps = Math.ceil(g.contentHeight / g.scroller.height) + 25;
    for (let y = g.scroller.height, n = 0; n < steps; y += g.scroller.height, n++) {
      const maxY = Math.max(0, g.contentHeight - g.scroller.height);
      if (y >= maxY + g.scroller.height) break;
      this.target.scrollTo(0, Math.min(y, maxY));
      await nextFrame();
      await sleep(0); // lets IntersectionObserver callbacks of lazy loaders run
      this.ping();
      g = measure(this.target);
    }
    const endY = this.target.position().y;
    // The page reacts to the last scroll where it ended: a throttled scroll handler's last call
    // (AOS's) ran after the jump back to the top, and revealed nothing below the first screen.
    await Promise.all([this.motion.settle(() => undefined), waitForImages(() => true)]);
    return endY;
  }

  /**
   * Scrolls so the viewport shows image y (the layout of frame 0), and says where it landed in
   * image px with the content size now, so the plan follows a page that grows or shrinks.
   */
  async scrollTo(x: number, y: number, hideFixed: boolean): Promise<FramePosition> {
    this.overlay.hide();
    if (hideFixed) await this.hider.apply();
    this.motion.hold();
    let offset = this.anchors.lastOffset;
    await this.scrollAndSettle(x, y - offset);
    await waitForImages(onScreen);
    await settlePaint();
    // Animations started by the scroll (reveals) are finished, endless ones paused.
    if (this.motion.hold() > 0) await settlePaint();
    // Late fixed elements may appear in reaction to the scroll itself.
    if (hideFixed && (await this.hider.apply()) > 0) await settlePaint();
    // The scroll may have moved the content (a header that collapses once scrolled): measure
    // where it is and scroll again until the frame shows image y, or the page ends.
    const dpr = devicePixelRatio || 1;
    for (let tries = 0; ; tries++) {
      const o = this.anchors.measure();
      const landed = this.target.position().y + o;
      const settled = Math.abs(landed - y) * dpr < 0.5 || o === offset;
      offset = o;
      if (settled || tries === 3) break;
      await this.scrollAndSettle(x, y - offset);
      await settlePaint();
    }
    const p = this.target.position();
    const g = measure(this.target);
    return { x: p.x, y: p.y + offset, contentWidth: g.contentWidth, contentHeight: g.contentHeight + offset };
  }

  /**
   * Scrolls and lets the page draw what the scroll reveals (virtual lists, lazy loaders on a
   * delay, reveals) before anything is measured or shot; see MotionFreezer.settle.
   */
  private async scrollAndSettle(x: number, y: number): Promise<void> {
    const at = this.target.position();
    if (Math.abs(at.x - x) < 0.5 && Math.abs(at.y - y) < 0.5) return;
    await this.motion.settle(() => this.target.scrollTo(x, y));
  }

  progress(done: number, total: number, label?: string): void {
    this.overlay.show(label ?? `Capturing page… ${done} of ${total}`, done, total);
  }

  hideOverlay(): void {
    this.overlay.hide();
  }

  restore(): void {
    clearTimeout(this.watchdog);
    removeEventListener('keydown', this.onKey, true);
    this.hider.disconnect();
    this.sections.disconnect();
    this.styles.restoreAll();
    this.overlay.remove();
    window.scrollTo({ left: this.origin.doc.x, top: this.origin.doc.y, behavior: 'instant' });
    if (this.target.el && this.origin.el) this.target.el.scrollTo({ left: this.origin.el.x, top: this.origin.el.y, behavior: 'instant' });
    this.motion.thaw();
  }
}

let session: CaptureSession | null = null;

function endSession(): void {
  session?.restore();
  session = null;
}

function requestCancel(): void {
  chrome.runtime.sendMessage({ target: 'worker', type: 'cancel-capture' }).catch(() => endSession());
}

async function handle(msg: ContentMessage): Promise<unknown> {
  switch (msg.type) {
    case 'prepare': {
      endSession(); // a previous capture that never finished
      closePicker(); // a picker left open when another mode started
      if (document.contentType === 'application/pdf') {
        return { restricted: 'pdf-viewer' } as Partial<PageGeometry>;
      }
      if (msg.selection) {
        const pick = takePick();
        if (!pick) throw new Error('nothing was selected on the page');
        const target = pickTarget(pick);
        session = new CaptureSession(true, () => target);
        const g = await session.prepare(true, true);
        return { ...g, selection: pickSelection(pick, target, g) };
      }
      session = new CaptureSession(msg.overlay !== false);
      return session.prepare(msg.paint !== false);
    }
    case 'pick':
      endSession();
      startPicker(msg.kind, () => void chrome.runtime.sendMessage({ target: 'worker', type: 'picked', kind: msg.kind }).catch(() => undefined));
      return { ok: true };
    case 'probe':
      return probe();
    case 'warm-up':
      if (!session) throw new Error('No capture in progress');
      session.ping();
      return session.warmUp();
    case 'scroll-to':
      if (!session) throw new Error('No capture in progress');
      session.ping();
      return session.scrollTo(msg.x, msg.y, msg.hideFixed);
    case 'progress':
      session?.ping();
      session?.progress(msg.done, msg.total, msg.label);
      return { ok: true };
    case 'paint':
      await settlePaint();
      return { ok: true };
    case 'measure':
      if (!session) throw new Error('No capture in progress');
      session.ping();
      return session.measure();
    case 'hide-overlay':
      session?.hideOverlay();
      return { ok: true };
    case 'restore':
      endSession();
      return { ok: true };
  }
}

declare global {
  interface Window {
    __fpsContentScript?: boolean;
  }
}

// The script is injected again for each capture; one listener is enough.
if (!window.__fpsContentScript) {
  window.__fpsContentScript = true;
  chrome.runtime.onMessage.addListener((msg: ContentMessage, _sender, sendResponse) => {
    if (msg?.target !== 'content') return false;
    handle(msg).then(
      (result) => sendResponse(result),
      (err: unknown) => sendResponse({ error: err instanceof Error ? err.message : String(err) }),
    );
    return true;
  });
}
