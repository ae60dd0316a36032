/**
 * Optional fast mode: one Page.captureScreenshot per part with captureBeyondViewport, through the
 * optional `debugger` permission. Chrome shows its "is debugging this browser" bar meanwhile.
 */
const ATTACH_SETTLE_MS = 300; // right after attaching, the first screenshot repeats the first viewport

export async function debuggerCapture(
  tabId: number,
  clips: Array<{ x: number; y: number; width: number; height: number }>,
  _scale: number,
): Promise<string[]> {
  const target = { tabId };
  await chrome.debugger.attach(target, '1.3');
  try {
    await new Promise((resolve) => setTimeout(resolve, ATTACH_SETTLE_MS));
    const out: string[] = [];
    for (const clip of clips) {
      const res = (await chrome.debugger.sendCommand(target, 'Page.captureScreenshot', {
        format: 'png',
        captureBeyondViewport: true,
        fromSurface: true,
        // A full page is one huge PNG: fast zlib settings halve the encode (bigger file, same pixels).
        optimizeForSpeed: true,
        clip: { ...clip, scale: 1 },
      })) as { data: string };
      out.push(`data:image/png;base64,${res.data}`);
    }
    return out;
  } finally {
    await chrome.debugger.detach(target).catch(() => undefined);
  }
}
