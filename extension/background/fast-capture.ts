/**
 * Optional fast mode: one Page.captureScreenshot per part with captureBeyondViewport, through the
 * optional `debugger` permission. Chrome shows its "is debugging this browser" bar meanwhile.
 *
 * What costs time besides the screenshot itself, and what this does about it:
 * - Attaching makes Chrome show its infobar, which shrinks the viewport 13–185 ms later (animated
 *   over 2–3 resizes). A screenshot taken while that resize is in flight repeats the first
 *   viewport down the whole image, and pinning the viewport (Emulation.setDeviceMetricsOverride)
 *   does not help: the view still shrinks under it, with the same result (tried at the size
 *   before the bar and at the size under it). So the session attaches at the click if a probe
 *   says the document scrolls, while the page is injected and prepared, and waits for the
 *   viewport to settle (changed and then unchanged for 3 polls, or unchanged since the attach for
 *   NO_INFOBAR_MS, which is skipped while the previous capture's bar is still up). If it changed,
 *   the page is measured again: a page laid out in `vh` is shorter under the bar. A screenshot is
 *   taken again if the viewport changed while it was taken.
 * - 'prepare' skips its wait for paint (`paint: false`): the debugger's screenshot renders the
 *   page afresh. Should the page not scroll as a document, the stitched capture that follows
 *   gets that wait ('paint') before its first frame.
 * - The warm-up pass (scrolling through the page so lazy content loads) is skipped when a cheap
 *   check finds nothing below the fold that loads late and nothing still loading (see
 *   `lazyContentCheck`); the geometry measured by 'prepare' then stands.
 * - The editor tab is already open in the background: each part's Blob goes to it at once (see
 *   LiveMessage), and it decodes while the worker stores.
 */
import type { ContentMessage, ContentResponse, PageGeometry } from '#shared/extension/messages';
import { documentScrolls } from '../capture/measure';

type Clip = { x: number; y: number; width: number; height: number };
/**
 * What the infobar changes, each as one number to compare: the viewport as the page lays it out
 * (Page.getLayoutMetrics: CSS px, scrollbars excluded, as 'prepare' measures it) and the tab as
 * the browser sizes it (chrome.tabs, DIP). The tab changes as soon as the bar comes; the page is
 * laid out at it a frame or more later, and a screenshot taken in between repeats the fixed header
 * every viewport (seen: the bar came during the screenshot of a tab opened 0.45 s after the
 * previous capture's detach; the viewport still read 712 after it, the tab 657).
 */
type Sizes = { viewport: number; tab: number };
const sameSizes = (a: Sizes, b: Sizes) => a.viewport === b.viewport && a.tab === b.tab;
type Send = <M extends ContentMessage>(msg: M) => Promise<ContentResponse<M>>;

/** Poll interval for the viewport size, and how many equal polls count as settled. */
const POLL_MS = 20;
const STABLE_POLLS = 3;
/** No resize this long after attaching: the infobar was already shown (another capture, another debugger). */
const NO_INFOBAR_MS = 350;
/**
 * Chrome keeps the infobar 5 s after the last detach (measured: it closed 5.1 s later). Within
 * this long of the previous fast capture it is still there and no resize will come.
 */
const INFOBAR_LINGER_MS = 3000; // 2 s short of Chrome's 5.1 s: under load our detach time lags Chrome's
/** The bar may still be up this long after the previous fast capture: 1 s past Chrome's 5.1 s. */
const INFOBAR_CLOSES_MS = 6000;
let lastDetachAt = -Infinity;
/**
 * Where the infobar's resize ended, by where it started (viewport sizes as `sizes` gives
 * them): seen once, the next one is over as soon as the viewport gets there.
 */
const infobarResizes = new Map<number, number>();
/** Give up waiting for a quiet viewport after this long, and take the screenshot anyway. */
const SETTLE_LIMIT_MS = 2000;
const MAX_SHOTS = 3;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs in the page (isolated world, through chrome.scripting): is there anything below the fold
 * that only loads when scrolled to, or anything still loading? Either way the warm-up pass runs.
 * Lazy content: native `loading=lazy` images and iframes, the usual JS lazy-loader markers
 * (`data-src`, `data-srcset`, `data-lazy*`, `data-bg`, lazysizes' `.lazyload`), elements that
 * scroll-reveal libraries hide until they are seen (`data-aos`, `.wow`, `data-scroll`), and what
 * looks like a virtual list (the warm-up then finds out whether the page draws rows on scroll).
 */
export function lazyContentCheck(): { lazy: number; pending: number } {
  const fold = innerHeight;
  const below = (el: Element) => el.getBoundingClientRect().bottom > fold;
  const selectors = [
    'img[loading="lazy"]', 'iframe[loading="lazy"]',
    '[data-src]', '[data-srcset]', '[data-lazy]', '[data-lazy-src]', '[data-lazy-srcset]', '[data-original]', '[data-bg]', '[data-background]',
    '.lazyload', '.lazyloading', '.lazy', '[data-aos]', '.wow', '[data-scroll]', '[data-sal]',
  ];
  let lazy = 0;
  for (const el of document.querySelectorAll(selectors.join(','))) {
    if (el instanceof HTMLImageElement && el.loading === 'lazy' && el.complete && el.naturalWidth > 0) continue;
    if (below(el)) lazy += 1;
  }
  // Virtual lists: a box taller than two screens whose rows fill less than half of it (a spacer
  // or padding holds the place of rows drawn only when scrolled to). The warm-up tells for sure.
  for (const el of document.body?.querySelectorAll('*') ?? []) {
    if (el.childElementCount < 2) continue;
    const box = el.getBoundingClientRect();
    if (box.height < 2 * fold || box.bottom <= fold) continue;
    let filled = 0;
    for (const row of el.children) filled += row.getBoundingClientRect().height;
    if (filled < box.height / 2) lazy += 1;
  }
  let pending = [...document.images].filter((img) => !img.complete).length;
  if (document.fonts && document.fonts.status !== 'loaded') pending += 1;
  return { lazy, pending };
}

/**
 * Whether a one-shot capture may skip the warm-up pass: `lazyContentCheck` in the tab's top frame
 * finds nothing that loads late and nothing still loading. Unknown (not scriptable) counts as no.
 */
export async function nothingLoadsLate(tabId: number): Promise<boolean> {
  try {
    const [r] = await chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, func: lazyContentCheck });
    const check = r?.result as ReturnType<typeof lazyContentCheck> | undefined;
    return !!check && check.lazy === 0 && check.pending === 0;
  } catch {
    return false;
  }
}

/**
 * The debugger side of one fast capture. `send` is put between the CaptureRunner and the content
 * script: it starts attaching as soon as a probe says the document scrolls, prepares the page
 * without waiting for paint, and answers 'warm-up' with the prepared geometry when the page has
 * nothing to load late.
 */
export class FastCaptureSession {
  private readonly target: chrome.debugger.Debuggee;
  private readonly tabId: number;
  private attaching: Promise<void> | null = null;
  private attachedAt = 0;
  private sizesAtAttach: Sizes = { viewport: -1, tab: -1 };
  /** The sizes once the infobar's resize is over (see settle), asked once. */
  private settling: Promise<Sizes> | null = null;
  /** The viewport changed after the attach: what 'prepare' measured may be stale. */
  private resized = false;
  private detached = false;
  private prepared: PageGeometry | null = null;
  /** Whether the document scrolls, asked at the click (while the content script goes in); attaching starts then if so. */
  private readonly early: Promise<boolean>;
  /** Figures for the benchmark and tests: the infobar wait, retakes, whether the warm-up ran or the page was measured again. */
  readonly stats = { settleMs: 0, shots: 0, shotMs: 0, warmUp: 'ran' as 'ran' | 'skipped', measuredAgain: false };

  constructor(
    tabId: number,
    private readonly next: Send,
  ) {
    this.tabId = tabId;
    this.target = { tabId };
    // A document that scrolls is taken in one shot: attach while the page is prepared, so that the
    // infobar comes (and its resize is over) meanwhile rather than after.
    this.early = chrome.scripting.executeScript({ target: { tabId, frameIds: [0] }, func: documentScrolls }).then(
      ([r]) => {
        const scrolls = r?.result === true;
        if (scrolls) this.settled().catch(() => undefined); // a failure shows again when capture() awaits it
        return scrolls;
      },
      () => false, // not scriptable: the capture reports why
    );
  }

  /** Wraps the runner's messages to the top frame's content script. */
  async send<M extends ContentMessage>(msg: M): Promise<ContentResponse<M>> {
    const { next } = this;
    if (msg.type === 'warm-up' && this.prepared) {
      // The warm-up or a new measure, if any, comes after the infobar's resize.
      const [skip, size] = await Promise.all([nothingLoadsLate(this.tabId), this.settled().catch(() => undefined)]);
      if (!skip) return next(msg);
      this.stats.warmUp = 'skipped';
      // The bar may have come before or after 'prepare' measured, even before the first reading
      // after the attach: compare the viewport 'prepare' saw with the settled one as well.
      const p = this.prepared;
      if (!this.resized && size?.viewport === p.viewportHeight * 100_000 + p.viewportWidth) return p as ContentResponse<M>;
      // Prepared before the infobar shrank the viewport: a page laid out in vh is shorter now.
      this.stats.measuredAgain = true;
      return next({ target: 'content', type: 'measure' }) as Promise<ContentResponse<M>>;
    }
    if (msg.type !== 'prepare' || (msg as { overlay?: boolean }).overlay === false) return next(msg);
    const g = (await next({ ...msg, paint: false })) as PageGeometry;
    if (g.restricted) return g as ContentResponse<M>;
    if (!g.frame && g.scrollerKind === 'document') {
      this.prepared = g;
      this.settled().catch(() => undefined);
      return g as ContentResponse<M>;
    }
    // The previous capture's infobar still up would close during this one and resize the pane
    // under it (seen: the last 56 rows of a pane missing): attaching keeps it up instead.
    if ((await this.early) || performance.now() - lastDetachAt < INFOBAR_CLOSES_MS) return this.stitchUnderInfobar(msg);
    await next({ target: 'content', type: 'paint' }); // the stitched capture's frame 0 comes next
    return g as ContentResponse<M>;
  }

  /**
   * The probe said the document scrolls, but prepared it does not (rendering its skipped sections
   * shrank it): the stitched capture runs instead. The debugger stays attached so that the infobar
   * stays put for the whole capture, and the page is prepared again once it has settled under it.
   */
  private async stitchUnderInfobar<M extends ContentMessage>(msg: M): Promise<ContentResponse<M>> {
    await this.settled().catch(() => this.detach()); // no debugger: no infobar either
    await this.next({ target: 'content', type: 'restore' });
    return this.next(msg);
  }


  private attach(): Promise<void> {
    this.attaching ??= chrome.debugger.attach(this.target, '1.3').then(async () => {
      this.attachedAt = performance.now();
      // The size before the infobar (its resize comes at least a frame after the attach).
      this.sizesAtAttach = await this.sizes();
    });
    return this.attaching;
  }

  private settled(): Promise<Sizes> {
    this.settling ??= this.attach().then(() => this.settle(this.sizesAtAttach));
    return this.settling;
  }

  /** The viewport's and the tab's size now (see Sizes). */
  private async sizes(): Promise<Sizes> {
    const [m, t] = await Promise.all([
      chrome.debugger.sendCommand(this.target, 'Page.getLayoutMetrics') as Promise<{ cssLayoutViewport: { clientHeight: number; clientWidth: number } }>,
      chrome.tabs.get(this.tabId),
    ]);
    return { viewport: m.cssLayoutViewport.clientHeight * 100_000 + m.cssLayoutViewport.clientWidth, tab: (t.height ?? 0) * 100_000 + (t.width ?? 0) };
  }

  /**
   * Waits for the infobar's resize to be over: the sizes changed since `from` and then stayed the
   * same for STABLE_POLLS polls (or the viewport reached the size an earlier resize from `from`
   * ended at), or they have not changed for NO_INFOBAR_MS since the attach.
   */
  private async settle(from: Sizes): Promise<Sizes> {
    const t0 = performance.now();
    let polledAt = t0;
    const noInfobarMs = this.attachedAt - lastDetachAt < INFOBAR_LINGER_MS ? 0 : NO_INFOBAR_MS;
    let last = await this.sizes();
    let changed = !sameSizes(last, from);
    if (changed) this.resized = true;
    let stable = 0;
    const known = infobarResizes.get(from.viewport);
    while (performance.now() - t0 < SETTLE_LIMIT_MS) {
      if (changed && (stable >= STABLE_POLLS || last.viewport === known)) break;
      // Even with the infobar expected to linger, the viewport must hold still for a few polls: a
      // new attach may take the lingering bar down and put it up again (seen: a resize 1.5 s after
      // the last capture), and a bar closing as we attach resizes the page under the screenshot.
      if (!changed && stable >= STABLE_POLLS && performance.now() - this.attachedAt >= noInfobarMs) break;
      // Polls start POLL_MS apart whatever each reading takes (a few ms, more under load).
      polledAt += POLL_MS;
      await sleep(Math.max(0, polledAt - performance.now()));
      const now = await this.sizes();
      if (!sameSizes(now, last)) {
        changed = true;
        this.resized = true;
        stable = 0;
        last = now;
      } else {
        stable += 1;
      }
    }
    this.stats.settleMs += performance.now() - t0;
    if (last.viewport !== from.viewport) infobarResizes.set(from.viewport, last.viewport);
    return last;
  }

  /** One screenshot per clip (CSS px); taken again if the viewport or the tab changed meanwhile. */
  async capture(clips: Clip[]): Promise<string[]> {
    let size = await this.settled();
    // MOTION FREEZE CALL SITE (issue #21): motion is frozen by the content script's capture
    // session between 'prepare' and 'restore' (content/motion-freeze.ts), which brackets this
    // screenshot. If the freezer ever moves out of that bracket, freeze here, before the shots.
    for (let shot = 1; ; shot++) {
      this.stats.shots = shot;
      const t0 = performance.now();
      const out: string[] = [];
      for (const clip of clips) {
        const res = (await chrome.debugger.sendCommand(this.target, 'Page.captureScreenshot', {
          format: 'png',
          captureBeyondViewport: true,
          fromSurface: true,
          // A full page is one huge PNG: fast zlib settings halve the encode (bigger file, same pixels).
          optimizeForSpeed: true,
          // CDP's own `scale` (output px per device px of the clip): 1 keeps device pixels.
          clip: { ...clip, scale: 1 },
        })) as { data: string };
        out.push(`data:image/png;base64,${res.data}`);
      }
      this.stats.shotMs += performance.now() - t0;
      if (sameSizes(await this.sizes(), size) || shot >= MAX_SHOTS) return out;
      // The viewport or the tab moved while the screenshot was taken (the infobar came late): take it again.
      size = await this.settle(size);
    }
  }

  /** Detaches (the infobar goes away); safe to call more than once. */
  async detach(): Promise<void> {
    const attaching = this.attaching;
    if (!attaching || this.detached) return;
    this.detached = true;
    await attaching.catch(() => undefined);
    await chrome.debugger.detach(this.target).catch(() => undefined);
    lastDetachAt = performance.now();
  }
}
