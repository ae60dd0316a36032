import type { StylePatcher } from './style-patcher';

/** The event the MAIN-world hooks (motion-main.ts) listen to; DOM events cross worlds. */
const MOTION_EVENT = 'fps:motion';
/** Images whose format can animate; a still one is simply snapshotted to itself. */
const ANIMATED_IMAGE = /^data:image\/(gif|webp|apng|avif)|\.(gif|webp|apng|avif)([?#]|$)/i;

/** How long an animated image from another origin may take to load again with CORS. */
const CORS_RELOAD_MS = 1_000;
const PIXEL_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const tell = (what: 'freeze' | 'strict' | 'thaw' | 'ping') => document.dispatchEvent(new CustomEvent(MOTION_EVENT, { detail: what }));

/**
 * Stops what moves for the duration of a capture, so that an element crossing a seam shows the
 * same state in both frames, and restores it afterwards:
 * - animations and transitions (CSS and Web Animations) running at the freeze are paused and
 *   played again at the thaw, from where they were;
 * - playing videos are paused and played again;
 * - animated images (GIF, WebP, APNG, AVIF) show a still of one frame (`content: url(png)`);
 * - page timers and motion style writes are held in the MAIN world (motion-main.ts).
 * Animations that start during the capture are finished (a reveal on scroll shows its end
 * state) or, when endless, paused like the others.
 */
export class MotionFreezer {
  private readonly animations = new Set<Animation>();
  private readonly videos: HTMLVideoElement[] = [];
  private frozen = false;

  constructor(private readonly styles: StylePatcher) {}

  async freeze(): Promise<void> {
    if (this.frozen) return;
    this.frozen = true;
    tell('freeze');
    this.pauseAnimations(false);
    for (const v of document.querySelectorAll('video')) {
      if (v.paused || v.ended) continue;
      v.pause();
      this.videos.push(v);
    }
    const animated = [...document.images].filter((img) => ANIMATED_IMAGE.test(img.currentSrc || img.src) && img.complete && img.naturalWidth > 0);
    // A page whose CSP forbids data: images would show nothing instead: leave them animating.
    if (animated.length && (await dataImagesAllowed())) await Promise.all(animated.map((img) => this.stillImage(img)));
  }

  /** After the warm-up: from now on, timers scheduled during the capture are held too. */
  strict(): void {
    if (this.frozen) tell('strict');
  }

  /** Before each frame: stops animations that started since. Returns how many it stopped. */
  hold(): number {
    if (!this.frozen) return 0;
    tell('ping');
    return this.pauseAnimations(true);
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

  private pauseAnimations(late: boolean): number {
    let n = 0;
    for (const a of document.getAnimations()) {
      if (a.playState !== 'running' || this.animations.has(a)) continue;
      try {
        const end = a.effect?.getComputedTiming().endTime;
        n += 1;
        if (late && typeof end === 'number' && Number.isFinite(end)) {
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
