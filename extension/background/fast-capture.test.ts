import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ContentMessage, PageGeometry } from '#shared/extension/messages';
import { documentScrolls } from '../capture/measure';

/**
 * A fake of the debugger: `heights` scripts what Page.getLayoutMetrics reports over time (ms
 * since the attach → viewport height), like Chrome's infobar sliding in after an attach.
 */
function fakeChrome(opts: {
  heights: Array<[number, number]>;
  shotMs?: number;
  lazy?: { lazy: number; pending: number };
  resizeDuringFirstShot?: number;
  documentScrolls?: boolean;
  metricsMs?: number;
  /** The tab's height (chrome.tabs.get) once the first screenshot has started; else it follows `heights`. */
  tabResizeDuringFirstShot?: number;
}) {
  let attachedAt = 0;
  let shotStarted = false;
  const commands: string[] = [];
  const height = () => {
    const t = performance.now() - attachedAt;
    let h = opts.heights[0][1];
    for (const [at, v] of opts.heights) if (t >= at) h = v;
    return shotStarted && opts.resizeDuringFirstShot ? opts.resizeDuringFirstShot : h;
  };
  const chrome = {
    tabs: {
      get: vi.fn(async () => ({ width: 1280, height: shotStarted && opts.tabResizeDuringFirstShot ? opts.tabResizeDuringFirstShot : height() })),
    },
    debugger: {
      attach: vi.fn(async () => {
        commands.push('attach');
        attachedAt = performance.now();
      }),
      detach: vi.fn(async () => undefined),
      sendCommand: vi.fn(async (_t: unknown, method: string) => {
        commands.push(method);
        if (method === 'Page.getLayoutMetrics') {
          const h = height();
          if (opts.metricsMs) await new Promise((r) => setTimeout(r, opts.metricsMs));
          return { cssLayoutViewport: { clientHeight: h, clientWidth: 1280 } };
        }
        if (method === 'Page.captureScreenshot') {
          shotStarted = true;
          await new Promise((r) => setTimeout(r, opts.shotMs ?? 10));
          return { data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB' };
        }
        throw new Error(method);
      }),
    },
    scripting: {
      executeScript: vi.fn(async (injection: { func: () => unknown }) => [
        // By name: the module under test is imported afresh in each test (vi.resetModules).
        { result: injection.func.name === documentScrolls.name ? (opts.documentScrolls ?? true) : (opts.lazy ?? { lazy: 0, pending: 0 }) },
      ]),
    },
  };
  vi.stubGlobal('chrome', chrome);
  return { chrome, commands };
}

const geometry = { scrollerKind: 'document', contentWidth: 1280, contentHeight: 8000, viewportWidth: 1280, viewportHeight: 713 } as PageGeometry;
const inner = { ...geometry, scrollerKind: 'element' } as PageGeometry;
const prepare = { target: 'content', type: 'prepare' } as const satisfies ContentMessage;
const warmUp = { target: 'content', type: 'warm-up' } as const satisfies ContentMessage;
const clip = [{ x: 0, y: 0, width: 1280, height: 8000 }];

/** The content script's side: answers each message type, and records what it was sent. */
function contentScript(answers: { prepared?: PageGeometry; warmedUp?: PageGeometry; measured?: PageGeometry } = {}) {
  const sent: ContentMessage[] = [];
  const next = vi.fn(async (m: ContentMessage) => {
    sent.push(m);
    if (m.type === 'prepare') return answers.prepared ?? geometry;
    if (m.type === 'warm-up') return answers.warmedUp ?? geometry;
    if (m.type === 'measure') return answers.measured ?? geometry;
    return { ok: true };
  });
  return { next: next as never, sent };
}

describe('FastCaptureSession', () => {
  beforeEach(() => vi.resetModules()); // the module remembers the last detach (the infobar lingers)
  afterEach(() => vi.unstubAllGlobals());

  it('attaches at once when a probe says the document scrolls, and shoots once the infobar resize has settled', async () => {
    const { chrome, commands } = fakeChrome({ heights: [[0, 713], [60, 682], [80, 657]] });
    const { FastCaptureSession } = await import('./fast-capture');
    const page = contentScript();
    const s = new FastCaptureSession(7, page.next);
    await vi.waitFor(() => expect(chrome.debugger.attach).toHaveBeenCalledTimes(1)); // before anything is prepared
    expect(await s.send(prepare)).toBe(geometry);
    // Prepared without the wait for paint (the debugger renders afresh).
    expect(page.sent).toEqual([{ ...prepare, paint: false }]);
    await s.capture(clip);
    // The screenshot came after the viewport reached its final size (657) and stayed there.
    expect(commands.indexOf('Page.captureScreenshot')).toBeGreaterThan(4);
    expect(s.stats.shots).toBe(1);
    expect(s.stats.settleMs).toBeGreaterThanOrEqual(60);
    expect(s.stats.settleMs).toBeLessThan(1000); // not the 2 s limit
  });

  it('measures the page again when the infobar resized it after it was prepared (a page laid out in vh)', async () => {
    fakeChrome({ heights: [[0, 713], [30, 657]] });
    const { FastCaptureSession } = await import('./fast-capture');
    const shorter = { ...geometry, contentHeight: 7944, viewportHeight: 657 } as PageGeometry;
    const page = contentScript({ measured: shorter });
    const s = new FastCaptureSession(7, page.next);
    await s.send(prepare);
    expect(await s.send(warmUp)).toBe(shorter);
    expect(page.sent.map((m) => m.type)).toEqual(['prepare', 'measure']);
    expect(s.stats).toMatchObject({ warmUp: 'skipped', measuredAgain: true });
  });

  // No change for a while, then the infobar comes during the screenshot. The browser sizes the tab
  // first; Page.getLayoutMetrics may still read the old viewport right after the screenshot (seen:
  // 712 against the tab's 657, the image's fixed header repeated every 657 rows).
  it.each([
    ['the viewport changed size', { heights: [[0, 713]] as Array<[number, number]>, resizeDuringFirstShot: 657 }],
    ['the tab changed size (the page not yet)', { heights: [[0, 712]] as Array<[number, number]>, tabResizeDuringFirstShot: 657 }],
  ])('takes the screenshot again when %s while it was taken', async (_, opts) => {
    fakeChrome(opts);
    const { FastCaptureSession } = await import('./fast-capture');
    const s = new FastCaptureSession(7, contentScript().next);
    await s.send(prepare);
    await s.capture(clip);
    expect(s.stats.shots).toBe(2);
  });

  /** A first capture, detached: the next one within 3 s finds its infobar still up. */
  async function afterAnotherCapture() {
    const { FastCaptureSession } = await import('./fast-capture');
    const first = new FastCaptureSession(7, contentScript().next);
    await first.send(prepare);
    await first.capture(clip);
    await first.detach();
    return { FastCaptureSession, first };
  }

  it('does not wait while the previous capture’s infobar is still up, and keeps the prepared geometry', async () => {
    fakeChrome({ heights: [[0, 657]] });
    const { FastCaptureSession, first } = await afterAnotherCapture();
    expect(first.stats.settleMs).toBeGreaterThanOrEqual(300); // no resize: the 350 ms no-infobar wait
    const underBar = { ...geometry, viewportHeight: 657 } as PageGeometry;
    const second = new FastCaptureSession(7, contentScript({ prepared: underBar }).next);
    await second.send(prepare);
    expect(await second.send(warmUp)).toBe(underBar);
    await second.capture(clip);
    expect(second.stats.settleMs).toBeLessThan(100);
    expect(second.stats.measuredAgain).toBe(false);
  });

  it('starts the still polls 20 ms apart however long each reading takes', async () => {
    // On a fake clock: a loaded machine runs real timers late, and this counts milliseconds.
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    onTestFinished(() => void vi.useRealTimers());
    fakeChrome({ heights: [[0, 657]], metricsMs: 18 });
    const captured = afterAnotherCapture().then(async ({ FastCaptureSession }) => {
      const second = new FastCaptureSession(7, contentScript({ prepared: { ...geometry, viewportHeight: 657 } as PageGeometry }).next);
      await second.send(prepare);
      await second.capture(clip);
      return second;
    });
    await vi.runAllTimersAsync();
    const second = await captured;
    // 4 readings (the first and 3 still ones) 20 ms apart, the last one 18 ms long: about 78 ms,
    // where waiting 20 ms after each reading took 4 × 18 + 3 × 20 = 132 ms.
    expect(second.stats.settleMs).toBeGreaterThanOrEqual(70);
    expect(second.stats.settleMs).toBeLessThan(105);
  });

  it('measures again when the bar came before the first reading after the attach, but after prepare measured', async () => {
    fakeChrome({ heights: [[0, 657]] }); // already shrunk when first read: no resize is seen
    const { FastCaptureSession } = await import('./fast-capture');
    const shorter = { ...geometry, contentHeight: 7944, viewportHeight: 657 } as PageGeometry;
    const page = contentScript({ measured: shorter }); // prepared at 713
    const s = new FastCaptureSession(7, page.next);
    await s.send(prepare);
    expect(await s.send(warmUp)).toBe(shorter);
    expect(s.stats.measuredAgain).toBe(true);
  });

  it('skips the warm-up when nothing loads late, and runs it otherwise', async () => {
    fakeChrome({ heights: [[0, 713]] });
    const { FastCaptureSession } = await import('./fast-capture');
    const page = contentScript({ warmedUp: { ...geometry, contentHeight: 9000 } });
    const s = new FastCaptureSession(7, page.next);
    await s.send(prepare);
    expect(await s.send(warmUp)).toBe(geometry);
    expect(page.sent.map((m) => m.type)).not.toContain('warm-up');
    expect(s.stats.warmUp).toBe('skipped');
    await s.detach();

    vi.resetModules();
    fakeChrome({ heights: [[0, 713]], lazy: { lazy: 3, pending: 0 } });
    const again = new (await import('./fast-capture')).FastCaptureSession(7, page.next);
    await again.send(prepare);
    expect(((await again.send(warmUp)) as PageGeometry).contentHeight).toBe(9000);
    expect(again.stats.warmUp).toBe('ran');
  });

  it('does not attach for a page that scrolls in an inner element, and lets it paint for the stitched capture', async () => {
    const { chrome } = fakeChrome({ heights: [[0, 713]], documentScrolls: false });
    const { FastCaptureSession } = await import('./fast-capture');
    const page = contentScript({ prepared: inner, warmedUp: inner });
    const s = new FastCaptureSession(7, page.next);
    expect(await s.send(prepare)).toBe(inner);
    expect(chrome.debugger.attach).not.toHaveBeenCalled();
    // Frame 0 of the stitched capture is taken next, with captureVisibleTab: it must be painted.
    expect(page.sent.map((m) => m.type)).toEqual(['prepare', 'paint']);
    await s.send(warmUp);
    expect(page.sent.map((m) => m.type)).toContain('warm-up'); // not skipped
  });

  it('keeps the previous capture’s infobar up for a page that scrolls in an inner element, so that it cannot close mid-capture', async () => {
    fakeChrome({ heights: [[0, 713]] });
    const { FastCaptureSession } = await import('./fast-capture');
    const first = new FastCaptureSession(7, contentScript().next);
    await first.send(prepare);
    await first.detach(); // a fast capture of a document just ended: its bar lingers
    const { chrome } = fakeChrome({ heights: [[0, 713]], documentScrolls: false });
    const page = contentScript({ prepared: inner });
    const s = new FastCaptureSession(7, page.next);
    expect(await s.send(prepare)).toBe(inner);
    expect(chrome.debugger.attach).toHaveBeenCalledTimes(1);
    expect(page.sent.map((m) => m.type)).toEqual(['prepare', 'restore', 'prepare']);
  });

  it('when the prepared page turns out not to scroll as a document, stitches under a settled infobar', async () => {
    const { chrome } = fakeChrome({ heights: [[0, 713], [30, 657]] });
    const { FastCaptureSession } = await import('./fast-capture');
    const page = contentScript({ prepared: inner });
    const s = new FastCaptureSession(7, page.next);
    expect(await s.send(prepare)).toBe(inner);
    // Still attached (the infobar stays put for the whole capture), settled, prepared again with paint.
    expect(chrome.debugger.detach).not.toHaveBeenCalled();
    expect(s.stats.settleMs).toBeGreaterThanOrEqual(60);
    expect(page.sent.map((m) => m.type)).toEqual(['prepare', 'restore', 'prepare']);
    expect(page.sent[2]).not.toHaveProperty('paint');
  });
});
