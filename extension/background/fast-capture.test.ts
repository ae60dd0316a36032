import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentMessage, PageGeometry } from '#shared/extension/messages';

/**
 * A fake of the debugger: `heights` scripts what Page.getLayoutMetrics reports over time (ms
 * since the attach → viewport height), like Chrome's infobar sliding in after an attach.
 */
function fakeChrome(opts: { heights: Array<[number, number]>; shotMs?: number; lazy?: { lazy: number; pending: number }; resizeDuringFirstShot?: number }) {
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
    debugger: {
      attach: vi.fn(async () => {
        attachedAt = performance.now();
      }),
      detach: vi.fn(async () => undefined),
      sendCommand: vi.fn(async (_t: unknown, method: string) => {
        commands.push(method);
        if (method === 'Page.getLayoutMetrics') return { cssLayoutViewport: { clientHeight: height(), clientWidth: 1280 } };
        if (method === 'Page.captureScreenshot') {
          shotStarted = true;
          await new Promise((r) => setTimeout(r, opts.shotMs ?? 10));
          return { data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB' };
        }
        throw new Error(method);
      }),
    },
    scripting: { executeScript: vi.fn(async () => [{ result: opts.lazy ?? { lazy: 0, pending: 0 } }]) },
  };
  vi.stubGlobal('chrome', chrome);
  return { chrome, commands };
}

const geometry = { scrollerKind: 'document', contentWidth: 1280, contentHeight: 8000, viewportWidth: 1280, viewportHeight: 713 } as PageGeometry;
const prepare = { target: 'content', type: 'prepare' } as const satisfies ContentMessage;
const warmUp = { target: 'content', type: 'warm-up' } as const satisfies ContentMessage;
const clip = [{ x: 0, y: 0, width: 1280, height: 8000 }];

describe('FastCaptureSession', () => {
  beforeEach(() => vi.resetModules()); // the module remembers the last detach (the infobar lingers)
  afterEach(() => vi.unstubAllGlobals());

  it('attaches once prepare says the document scrolls, and waits for the infobar resize to settle', async () => {
    const { chrome, commands } = fakeChrome({ heights: [[0, 713], [60, 682], [80, 657]] });
    const { FastCaptureSession } = await import('./fast-capture');
    const s = new FastCaptureSession(7);
    const next = vi.fn(async () => geometry);
    await s.send(prepare, next as never);
    expect(chrome.debugger.attach).toHaveBeenCalledTimes(1);
    await s.capture(clip);
    // The screenshot came after the viewport reached its final size (657) and stayed there.
    const shotAt = commands.indexOf('Page.captureScreenshot');
    expect(shotAt).toBeGreaterThan(3);
    expect(s.stats.shots).toBe(1);
    expect(s.stats.settleMs).toBeGreaterThanOrEqual(60);
    expect(s.stats.settleMs).toBeLessThan(1000); // not the 2 s limit
  });

  it('takes the screenshot again when the viewport changed while it was taken', async () => {
    // No change for a while, then the infobar comes during the screenshot.
    fakeChrome({ heights: [[0, 713]], resizeDuringFirstShot: 657 });
    const { FastCaptureSession } = await import('./fast-capture');
    const s = new FastCaptureSession(7);
    await s.send(prepare, (async () => geometry) as never);
    await s.capture(clip);
    expect(s.stats.shots).toBe(2);
  });

  it('does not wait while the previous capture’s infobar is still up', async () => {
    fakeChrome({ heights: [[0, 657]] });
    const { FastCaptureSession } = await import('./fast-capture');
    const first = new FastCaptureSession(7);
    await first.send(prepare, (async () => geometry) as never);
    await first.capture(clip);
    expect(first.stats.settleMs).toBeGreaterThanOrEqual(300); // no resize: the 350 ms no-infobar wait
    await first.detach();
    const second = new FastCaptureSession(7);
    await second.send(prepare, (async () => geometry) as never);
    await second.capture(clip);
    expect(second.stats.settleMs).toBeLessThan(100);
  });

  it('skips the warm-up when nothing loads late, and runs it otherwise', async () => {
    fakeChrome({ heights: [[0, 713]] });
    const { FastCaptureSession } = await import('./fast-capture');
    const s = new FastCaptureSession(7);
    const next = vi.fn(async (m: ContentMessage) => (m.type === 'warm-up' ? { ...geometry, contentHeight: 9000 } : geometry));
    await s.send(prepare, next as never);
    expect(await s.send(warmUp, next as never)).toBe(geometry);
    expect(next).toHaveBeenCalledTimes(1);
    expect(s.stats.warmUp).toBe('skipped');
    await s.detach();

    vi.resetModules();
    fakeChrome({ heights: [[0, 713]], lazy: { lazy: 3, pending: 0 } });
    const again = new (await import('./fast-capture')).FastCaptureSession(7);
    await again.send(prepare, next as never);
    expect(((await again.send(warmUp, next as never)) as PageGeometry).contentHeight).toBe(9000);
    expect(again.stats.warmUp).toBe('ran');
  });

  it('does not attach for a page that scrolls in an inner element (stitched even in fast mode)', async () => {
    const { chrome } = fakeChrome({ heights: [[0, 713]] });
    const { FastCaptureSession } = await import('./fast-capture');
    const s = new FastCaptureSession(7);
    const inner = { ...geometry, scrollerKind: 'element' } as PageGeometry;
    await s.send(prepare, (async () => inner) as never);
    expect(chrome.debugger.attach).not.toHaveBeenCalled();
    const next = vi.fn(async () => inner);
    await s.send(warmUp, next as never);
    expect(next).toHaveBeenCalledTimes(1); // the warm-up is not skipped
  });
});
