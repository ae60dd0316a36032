/**
 * The editor tab of a capture in progress. It opens in the background as the capture starts and
 * connects back with a Port; frames are forwarded to it as they are taken so that it stitches
 * while the capture waits for Chrome's quota, and is ready the moment the last frame is in.
 * Messages go over a BroadcastChannel once the Port is there (see LiveMessage).
 */
import { LIVE_PORT_PREFIX, type LiveMessage } from '#shared/extension/messages';

const editors = new Map<string, LiveEditor>();

export class LiveEditor {
  private port: chrome.runtime.Port | null = null;
  private readonly channel: BroadcastChannel;
  private queue: LiveMessage[] = [];
  /** The editor tab's id once Chrome has created it; null if it could not be. */
  private tab: Promise<number | null> = Promise.resolve(null);
  private closed = false;

  private constructor(
    readonly captureId: string,
    private readonly source: chrome.tabs.Tab,
  ) {
    this.channel = new BroadcastChannel(`${LIVE_PORT_PREFIX}${captureId}`);
  }

  /** Starts opening the editor tab and returns at once: the tab loads while the page is prepared. */
  static open(captureId: string, source: chrome.tabs.Tab): LiveEditor {
    const live = new LiveEditor(captureId, source);
    editors.set(captureId, live);
    // Not active: captureVisibleTab takes the active tab, which must stay the page.
    live.tab = chrome.tabs
      .create({ url: editorUrl({ id: captureId, live: '1' }), active: false, index: source.index + 1, openerTabId: source.id, windowId: source.windowId })
      .then((tab) => tab.id ?? null, () => null); // the capture still works; the editor opens at the end instead
    return live;
  }

  /** Called by the port listener when the editor page connects. */
  attach(port: chrome.runtime.Port): void {
    this.port = port;
    port.onDisconnect.addListener(() => {
      this.port = null;
      this.closed = true; // the user closed the tab
    });
    // The editor listens on the channel before it connects: nothing sent from now on is missed.
    for (const m of this.queue) this.channel.postMessage(m);
    this.queue = [];
  }

  send(msg: LiveMessage): void {
    if (this.closed) return;
    if (this.port) this.channel.postMessage(msg);
    else this.queue.push(msg);
  }

  /** The capture is saved: let the editor finish, then show it. */
  async finish(): Promise<void> {
    editors.delete(this.captureId);
    const tabId = await this.tab;
    try {
      if (tabId !== null && !this.closed) {
        this.send({ type: 'done' });
        await chrome.tabs.update(tabId, { active: true });
        return;
      }
    } catch {
      /* tab gone: open a fresh one below */
    } finally {
      this.channel.close(); // what was posted is delivered
    }
    await openEditorTab(this.source, { id: this.captureId });
  }

  /** The capture failed or the page cannot be captured: show why, in the same tab. */
  async fail(params: Record<string, string>): Promise<void> {
    editors.delete(this.captureId);
    this.channel.close();
    const tabId = await this.tab;
    if (tabId !== null && !this.closed) {
      try {
        await chrome.tabs.update(tabId, { url: editorUrl(params), active: true });
        return;
      } catch {
        /* fall through */
      }
    }
    await openEditorTab(this.source, params);
  }

  /** Cancelled: the half-built editor goes away. */
  async discard(): Promise<void> {
    editors.delete(this.captureId);
    this.channel.close();
    this.closed = true;
    const tabId = await this.tab;
    if (tabId !== null) await chrome.tabs.remove(tabId).catch(() => undefined);
  }
}

function editorUrl(params: Record<string, string>): string {
  return chrome.runtime.getURL(`editor.html?${new URLSearchParams(params)}`);
}

export async function openEditorTab(source: chrome.tabs.Tab, params: Record<string, string>): Promise<void> {
  await chrome.tabs.create({ url: editorUrl(params), index: source.index + 1, openerTabId: source.id, windowId: source.windowId });
}

chrome.runtime.onConnect.addListener((port) => {
  if (!port.name.startsWith(LIVE_PORT_PREFIX)) return;
  const live = editors.get(port.name.slice(LIVE_PORT_PREFIX.length));
  if (live) live.attach(port);
  else port.postMessage({ type: 'done' } satisfies LiveMessage); // capture already over: load from storage
});
