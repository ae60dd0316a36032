/** What the MAIN-world motion hook tests share. Import it before the hooks are installed. */

/** Sends the content script's command to the hooks, as motion-freeze does. */
export const tell = (what: string) => document.dispatchEvent(new CustomEvent('fps:motion', { detail: what }));

// The tests' own waits use the timer from before the hooks, which a freeze never holds.
const realSetTimeout = globalThis.setTimeout.bind(globalThis);
const realSetInterval = globalThis.setInterval.bind(globalThis);
const realClearInterval = globalThis.clearInterval.bind(globalThis);
/** An interval the page set before the hooks were installed (cannot be wrapped); returns its stop. */
export function everyNative(ms: number, fn: () => void): () => void {
  const id = realSetInterval(fn, ms);
  return () => realClearInterval(id);
}
export const sleep = (ms: number) => new Promise<void>((resolve) => realSetTimeout(resolve, ms));

/** Starts a requestAnimationFrame loop (up to 1,000 frames); returns how many frames it has run so far. */
export function startFrameLoop(): () => number {
  let frames = 0;
  const loop = () => {
    frames++;
    if (frames < 1000) requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  return () => frames;
}

/** Resolves with the hooks' answer to the next settle. */
export function quiet(): Promise<{ ms: number; quiet: boolean }> {
  return new Promise((resolve) => document.addEventListener('fps:motion-quiet', (e) => resolve((e as CustomEvent).detail), { once: true }));
}
