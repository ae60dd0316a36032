/**
 * Shows the stitched image without putting the full-size canvas on screen. Chrome hands a
 * displayed canvas to the compositor whole, and with software compositing it copies it to do so:
 * a second full-size bitmap (557 MB for a page 40 viewports tall at DPR 2). So the full-size
 * canvas (#view) stays display:none and holds the pixels that are exported and edited; #screen,
 * the size of the visible box, is redrawn from it on scroll, resize and zoom; #sizer gives the
 * stage the image's displayed size, so it scrolls and measures as the image itself would.
 */
export type Zoom = 'fit' | '100';

export class ScreenView {
  zoom: Zoom = 'fit';
  private shown = false;
  private frame = 0;
  /**
   * A decoded image that covers the whole source but is not drawn into it yet: shown from here,
   * and copied into the source once it is on screen (see hold).
   */
  private held: ImageBitmap | null = null;
  private copying: Promise<void> | null = null;

  constructor(
    private readonly stage: HTMLElement,
    private readonly sizer: HTMLElement,
    private readonly screen: HTMLCanvasElement,
    private readonly source: HTMLCanvasElement,
  ) {
    stage.addEventListener('scroll', () => this.schedule(), { passive: true });
    new ResizeObserver(() => this.layout()).observe(stage);
  }

  /** Starts (or refreshes) the display; until then the source is being stitched and is left alone. */
  show(): void {
    this.shown = true;
    this.screen.hidden = false;
    this.layout();
  }

  /**
   * Shows `bitmap` (the source's size, drawn at 0,0) in place of the source until it is copied
   * there. Copying a whole page into the canvas takes tens of ms: `whenCopied` does it once the
   * image has been drawn on screen. Whatever reads the source's pixels awaits `whenCopied` first.
   */
  hold(bitmap: ImageBitmap): void {
    this.copyNow();
    this.held = bitmap;
    this.source.dataset.pending = ''; // for tests that read the canvas
  }

  /** Resolves once the source holds the image shown: after the next frame if an image is held. */
  whenCopied(): Promise<void> {
    if (!this.held) return Promise.resolve();
    this.copying ??= new Promise((resolve) => {
      let fired = false;
      const done = () => {
        if (fired) return;
        fired = true;
        clearTimeout(timer);
        this.copyNow();
        resolve();
      };
      // rAF does not run in a background tab: then 100 ms at most.
      const timer = setTimeout(done, 100);
      requestAnimationFrame(() => setTimeout(done, 0));
    });
    return this.copying;
  }

  /** Draws the held image into the source now. */
  copyNow(): void {
    const { held } = this;
    this.copying = null;
    if (!held) return;
    this.held = null;
    this.source.getContext('2d')!.drawImage(held, 0, 0);
    held.close();
    delete this.source.dataset.pending;
  }

  /** The source is about to be drawn from elsewhere: the held image is not needed. */
  drop(): void {
    this.held?.close();
    this.held = null;
    this.copying = null;
    delete this.source.dataset.pending;
  }

  /** Image pixels per CSS pixel of the displayed image. */
  get zoomFactor(): number {
    return this.source.width / Math.max(1, this.sizer.clientWidth);
  }

  /** Sizes the sizer for the zoom (100% = one image pixel per device pixel) and repaints. */
  layout(): void {
    if (!this.shown) return;
    const { source, sizer } = this;
    if (this.zoom === '100') {
      sizer.style.width = `${source.width / devicePixelRatio}px`;
      sizer.style.height = `${source.height / devicePixelRatio}px`;
    } else {
      sizer.style.width = '100%';
      sizer.style.height = `${(sizer.clientWidth * source.height) / Math.max(1, source.width)}px`;
    }
    this.paint();
  }

  /** Repaints at the next frame (scrolling fires faster than frames are drawn). */
  schedule(): void {
    if (!this.shown || this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.paint();
    });
  }

  /** Draws the visible part of the source into the screen canvas, placed over it. */
  paint(): void {
    if (!this.shown) return;
    const { stage, sizer, screen, source } = this;
    const x = stage.scrollLeft;
    const y = stage.scrollTop;
    const w = Math.max(0, Math.min(stage.clientWidth, sizer.clientWidth - x));
    const h = Math.max(0, Math.min(stage.clientHeight, sizer.clientHeight - y));
    screen.style.left = `${sizer.offsetLeft + x}px`;
    screen.style.top = `${sizer.offsetTop + y}px`;
    screen.style.width = `${w}px`;
    screen.style.height = `${h}px`;
    screen.width = Math.max(1, Math.round(w * devicePixelRatio));
    screen.height = Math.max(1, Math.round(h * devicePixelRatio));
    if (!w || !h || !source.width || !source.height) return;
    const k = this.zoomFactor;
    const ctx = screen.getContext('2d')!;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(this.held ?? source, x * k, y * k, w * k, h * k, 0, 0, screen.width, screen.height);
  }
}
