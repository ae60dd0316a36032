import { deepAnimations, deepQuery } from '../capture/deep-elements';
import type { StylePatcher } from './style-patcher';

/** The event the MAIN-world hooks (motion-main.ts) listen to; DOM events cross worlds. */
const MOTION_EVENT = 'fps:motion';
/** The hooks' answers: every command is acknowledged at once; a settle ends with 'quiet'. */
const ACK_EVENT = 'fps:motion-ack';
const QUIET_EVENT = 'fps:motion-quiet';
/** Images whose format can animate; a still one is simply snapshotted to itself. */
const ANIMATED_IMAGE = /^data:image\/(gif|webp|apng|avif)|\.(gif|webp|apng|avif)([?#]|$)/i;

/** How long an animated image from another origin may take to load again with CORS. */
const CORS_RELOAD_MS = 1_000;
const PIXEL_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const tell = (what: 'freeze' | 'open' | 'settle' | 'thaw' | 'ping') => document.dispatchEvent(new CustomEvent(MOTION_EVENT, { detail: what }));
/** Longest a settle may take if the MAIN world never answers (it answers within its own bound, 900 ms). */
const SETTLE_FALLBACK_MS = 1_500;

/**
 * Holds what moves by itself for the duration of a capture, so that an element crossing a seam
 * shows the same state in both frames, lets the page draw what the capture's scrolling reveals,
 * and restores it afterwards:
 * - finite animations and transitions (CSS and Web Animations) running at the freeze, or started
 *   during the capture, are finished: a reader who scrolls sees them at their end state;
 * - endless ones are paused and played again at the thaw, from where they were; animations on a
 *   scroll timeline follow the scroll and are left alone;
 * - playing videos are paused and played again;
 * - animated images (GIF, WebP, APNG, AVIF) show a still of one frame (`content: url(png)`);
 * - page timers and motion style writes are held in the MAIN world (motion-main.ts), except what
 *   the capture's own scrolling causes, which `settle` lets run until the page is quiet.
 * Shadow roots are searched too (web components).
 */
export class MotionFreezer {
  private readonly animations = new Set<Animation>();
  private readonly videos: HTMLVideoElement[] = [];
  private frozen = false;
  /** Whether the MAIN-world hooks answered (the injection can fail on some pages). */
  private hooked = false;

  constructor(private readonly styles: StylePatcher) {}

  async freeze(): Promise<void> {
    if (this.frozen) return;
    this.frozen = true;
    const ack = () => (this.hooked = true);
    document.addEventListener(ACK_EVENT, ack, { once: true });
    tell('freeze'); // dispatch is synchronous across worlds: the hooks answer before it returns
    document.removeEventListener(ACK_EVENT, ack);
    this.pauseAnimations();
    for (const v of deepQuery<HTMLVideoElement>('video')) {
      if (v.paused || v.ended) continue;
      v.pause();
      this.videos.push(v);
    }
    const animated = deepQuery<HTMLImageElement>('img').filter((img) => ANIMATED_IMAGE.test(img.currentSrc || img.src) && img.complete && img.naturalWidth > 0);
    // A page whose CSP forbids data: images would show nothing instead: leave them animating.
    if (animated.length && (await dataImagesAllowed())) await Promise.all(animated.map((img) => this.stillImage(img)));
  }

  /** The warm-up: the page reacts to the capture's scrolling freely until the next settle ends. */
  open(): void {
    if (this.frozen) tell('open');
  }

  /**
   * Scrolls (`scroll`) and lets the page react: its scroll handlers, the frames and timers they
   * schedule, and its observers run until nothing caused is due and the DOM rests (bounded).
   * What moves by itself stays held.
   */
  async settle(scroll: () => void): Promise<void> {
    if (!this.frozen || !this.hooked) {
      scroll();
      return;
    }
    let done = () => {};
    const quiet = new Promise<void>((resolve) => (done = resolve));
    const timer = setTimeout(done, SETTLE_FALLBACK_MS);
    document.addEventListener(QUIET_EVENT, done, { once: true });
    tell('settle'); // opened before the scroll, so its events count as the capture's
    scroll();
    await quiet;
    clearTimeout(timer);
    document.removeEventListener(QUIET_EVENT, done);
  }

  /** Before each frame: finishes or pauses animations that started since. Returns how many. */
  hold(): number {
    if (!this.frozen) return 0;
    tell('ping');
    return this.pauseAnimations();
  }

  thaw(): void {
    if (!this.frozen) return;
    this.frozen = false;
    for (const a of this.animations) {
      try {
        if (a.playState === 'paused') a.play();
      } catch {
        /* removed meanwhile */
      }
    }
    this.animations.clear();
    for (const v of this.videos.splice(0)) v.play().catch(() => undefined);
    tell('thaw');
  }

  /** Finite running animations jump to their end; endless ones are paused (and remembered). */
  private pauseAnimations(): number {
    let n = 0;
    for (const a of deepAnimations()) {
      if (a.playState !== 'running' || this.animations.has(a)) continue;
      // A scroll-driven animation is drawn from the scroll position, as a reader sees it.
      if (a.timeline && !(a.timeline instanceof DocumentTimeline)) continue;
      try {
        const end = a.effect?.getComputedTiming().endTime;
        n += 1;
        if (typeof end === 'number' && Number.isFinite(end)) {
          a.finish();
          continue;
        }
        a.pause();
        this.animations.add(a);
      } catch {
        /* an animation that cannot be paused or finished is left alone */
      }
    }
    return n;
  }

  /**
   * Shows one frame of an animated image as a PNG in its place; the element and its box stay.
   * Another origin's image is loaded again with CORS (its first frame then); without CORS it
   * cannot be read and keeps animating.
   */
  private async stillImage(img: HTMLImageElement): Promise<void> {
    const png = stillOf(img) ?? stillOf(await reloadWithCors(img.currentSrc || img.src));
    if (png && this.frozen) this.styles.set(img, 'content', `url("${png}")`);
  }
}

/** One frame of an image as a PNG data URL, or null when its pixels cannot be read. */
function stillOf(img: HTMLImageElement | null): string | null {
  if (!img?.naturalWidth) return null;
  try {
    const c = document.createElement('canvas');
    c.width = img.naturalWidth;
    c.height = img.naturalHeight;
    c.getContext('2d')!.drawImage(img, 0, 0);
    return c.toDataURL();
  } catch {
    return null; // tainted: another origin without CORS
  }
}

async function reloadWithCors(src: string): Promise<HTMLImageElement | null> {
  if (src.startsWith('data:')) return null;
  const img = new Image();
  img.crossOrigin = 'anonymous';
  img.src = src;
  const loaded = await Promise.race([img.decode().then(() => true, () => false), new Promise<boolean>((r) => setTimeout(() => r(false), CORS_RELOAD_MS))]);
  return loaded ? img : null;
}

/** Whether the page's CSP lets a data: image load in the document (probed with a 1 px image). */
function dataImagesAllowed(): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = document.createElement('img');
    probe.style.cssText = 'position:absolute;width:1px;height:1px;opacity:0;pointer-events:none';
    const done = (ok: boolean) => {
      probe.remove();
      resolve(ok);
    };
    probe.onload = () => done(true);
    probe.onerror = () => done(false);
    setTimeout(() => done(false), 500);
    probe.src = PIXEL_PNG;
    document.documentElement.append(probe);
  });
}
