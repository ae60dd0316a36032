/**
 * Live mode: this tab was opened in the background when the capture started. Frames arrive from
 * the service worker as they are taken (see LiveMessage) and are stitched into the first image
 * right away.
 */
import { LIVE_PORT_PREFIX, type LiveDraw, type LiveMessage } from '#shared/extension/messages';
import { display, say, setState, view } from './editor-state';
import type { Draw } from '../lib/live-repair';

/**
 * Draws the frames of capture `id` as they arrive. Resolves once the worker says it is done (the
 * capture is stored), with the drawing still going on: `drawn` gives the draws made on the first
 * image, or null when frames were lost to a size change (see liveRepair: opening the stored
 * capture then draws again only what differs from its final plan).
 */
export async function streamLive(id: string): Promise<{ drawn: Promise<Draw[] | null> }> {
  setState('capturing');
  say('Capturing the page…');
  const done: Draw[] = [];
  let frames = 0;
  let valid = true;
  let chain: Promise<void> = Promise.resolve();
  const drawFrame = async (m: Extract<LiveMessage, { type: 'frame' }>, draws: LiveDraw[], decoding: Promise<ImageBitmap> | null) => {
    const part0 = m.parts[0];
    const whole = frames === 0 && draws.length === 1 && draws[0].sx === 0 && draws[0].sy === 0 && draws[0].dx === 0 && draws[0].dy === 0 && draws[0].sw === part0.width && draws[0].sh === part0.height;
    if (view.width !== part0.width || view.height !== part0.height || frames === 0) {
      // A size change after the first frame means earlier frames were lost: stitch again at the end.
      // (Rare: the runner sizes the live image by where the warm-up found the page's end. Keeping
      // the drawn rows across a resize would need a copy of the whole canvas, twice the memory.)
      if (frames > 0) valid = false;
      display.drop();
      view.width = part0.width;
      view.height = part0.height;
      // White under what the frames leave uncovered; a frame that covers it all (fast mode) needs none.
      if (!whole) {
        const ctx = view.getContext('2d')!;
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(0, 0, view.width, view.height);
      }
    }
    if (decoding && whole) {
      // Shown from the bitmap at once; copied into the canvas once it is on screen.
      display.hold(await decoding);
    } else if (decoding) {
      const bitmap = await decoding;
      display.copyNow();
      const ctx = view.getContext('2d')!;
      for (const d of draws) ctx.drawImage(bitmap, d.sx, d.sy, d.sw, d.sh, d.dx, d.dy, d.sw, d.sh);
      bitmap.close();
    }
    for (const d of draws) done.push({ tile: m.tile, sx: d.sx, sy: d.sy, sw: d.sw, sh: d.sh, dx: d.dx, dy: d.dy });
    frames += 1;
    say(`Capturing the page… ${m.tile + 1} of ${m.total}`);
  };
  const channel = new BroadcastChannel(`${LIVE_PORT_PREFIX}${id}`);
  try {
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: LiveMessage) => {
        if (m.type === 'frame') {
          const draws = m.draws.filter((d) => d.part === 0);
          // Decoded off the main thread from now on, while earlier frames are drawn or the canvas is
          // sized and cleared (each takes tens of ms for a whole page).
          const decoding = draws.length ? createImageBitmap(m.image) : null;
          decoding?.catch(() => undefined); // reported when drawFrame awaits it
          chain = chain.then(() => drawFrame(m, draws, decoding));
        }
        else if (m.type === 'done') {
          port.disconnect();
          resolve();
        }
      };
      // Listening before connecting: the worker sends only once the Port is there.
      channel.onmessage = (e: MessageEvent<LiveMessage>) => onMessage(e.data);
      const port = chrome.runtime.connect({ name: `${LIVE_PORT_PREFIX}${id}` });
      port.onMessage.addListener(onMessage); // 'done' when the capture was over before this tab connected
      port.onDisconnect.addListener(() => reject(new Error('The capture stopped unexpectedly.')));
    });
  } finally {
    channel.close();
  }
  return { drawn: chain.then(() => (valid && frames > 0 ? done : null)) };
}
