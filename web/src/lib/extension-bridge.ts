import { useSyncExternalStore } from 'react';
import type { LoginMessage } from '#shared/domain/login-message';
import { announcedExtensionOrigin, EXTENSION_ORIGIN_ATTRIBUTE } from '#shared/extension/announced-origin';
import type {
  BRIDGE_FRAME_PATH as ProtocolFramePath, BRIDGE_SOURCE_EXTENSION as ProtocolExtensionSource,
  BRIDGE_SOURCE_SITE as ProtocolSiteSource, CaptureExport, CaptureListing, ExtensionToSite, SiteToExtension,
} from '#shared/extension/bridge-protocol';
import { shouldRebroadcastLoginSuccess } from '#shared/rules/login-message';
import { useExtensionBridge } from './extension-bridge-context';
import { readStorage, storageKeys, writeStorage } from './storage';

export { useExtensionBridge } from './extension-bridge-context';

/**
 * The website side of the extension bridge (protocol: shared/extension/bridge-protocol.ts).
 *
 * The handshake tries each configured extension origin in turn: a hidden iframe loads
 * `<origin>/frame.html`; once it has loaded we post `handshake` and wait 500 ms for `handshake-ok`
 * (a frame that never loads is given up after 5 s). The first frame
 * that answers stays as the channel. When the list is exhausted the bridge waits 10 s and then
 * fails with 'No matching URLs'. `installed` and `connected` are set on success and cleared on
 * failure; `connected` is remembered in localStorage as '1' or ''.
 *
 * Login messages (spec: on every account update; an empty payload on sign-out) go through the
 * connected frame. A `login-success` reply is re-broadcast as a window event only when its
 * status is present and not 'canceled'.
 *
 * Only the protocol's types are imported (the zod schemas stay out of every page's bundle); the
 * constants below are checked against the protocol's at compile time.
 */
const SOURCE_SITE: typeof ProtocolSiteSource = 'fps-site';
const SOURCE_EXTENSION: typeof ProtocolExtensionSource = 'fps-extension';
const FRAME_PATH: typeof ProtocolFramePath = '/frame.html';

const HANDSHAKE_TIMEOUT_MS = 500;
/** A frame that has not loaded after this long is given up (blocked or missing extension pages load at once). */
const FRAME_LOAD_BACKSTOP_MS = 5_000;
const EXHAUSTED_WAIT_MS = 10_000;
const LOGIN_REPLY_TIMEOUT_MS = 2_000;
export const NO_MATCHING_URLS = 'No matching URLs';
/** Listing is quick; a capture is stitched and encoded first (a 40-screen capture takes seconds). */
const LIST_REPLY_TIMEOUT_MS = 10_000;
const CAPTURE_REPLY_TIMEOUT_MS = 120_000;
export const NOT_CONNECTED = 'The extension is not connected to this site. Open the extension once, then reload this page.';
export const NO_REPLY = 'The extension did not answer. Reload this page and try again.';

/** A failed request to the extension, with a message to show. */
class ExtensionRequestError extends Error {}

/** Window event re-broadcasting a login-success reply: `detail: {status}`. */
export const LOGIN_SUCCESS_EVENT = 'fps:extension-login-success';

type EmptyLogin = Record<string, never>;
export type LoginPayload = LoginMessage | EmptyLogin;

export interface BridgeStatus {
  phase: 'idle' | 'connecting' | 'connected' | 'failed';
  installed: boolean;
  connected: boolean;
  /** The extension origin that answered. */
  origin: string | null;
  version: string | null;
  error: string | null;
  /** The last login the extension acknowledged: whose (null = logged out) and with which status. */
  lastLogin: { userId: string | null; status: string } | null;
  /** Every origin was tried and none answered (the 10 s wait before 'failed' is still running). */
  triedAll: boolean;
}

export interface BridgeOptions {
  /** Extension origins, tried in this order (`chrome-extension://<id>`); read when the handshake starts. */
  origins: readonly string[] | (() => readonly string[]);
  handshakeTimeoutMs?: number;
  exhaustedWaitMs?: number;
  loginReplyTimeoutMs?: number;
  /** For tests. */
  win?: Window;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The extension's replies, checked by hand (shape of ExtensionToSite). */
function asExtensionReply(data: unknown): ExtensionToSite | null {
  if (!isRecord(data) || data.source !== SOURCE_EXTENSION || typeof data.id !== 'string') return null;
  if (data.type === 'handshake-ok' && typeof data.version === 'string') return data as ExtensionToSite;
  if (data.type === 'login-success' && typeof data.status === 'string') return data as ExtensionToSite;
  if (data.type === 'captures' && Array.isArray(data.captures)) return data as ExtensionToSite;
  if (data.type === 'capture' && isRecord(data.capture) && Array.isArray(data.capture.parts)) return data as ExtensionToSite;
  if (data.type === 'capture-error' && typeof data.message === 'string') return data as ExtensionToSite;
  return null;
}

let counter = 0;
const newId = (kind: string) => `${kind}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export class ExtensionBridge {
  private status: BridgeStatus;
  private readonly listeners = new Set<() => void>();
  private readonly opts: Required<Omit<BridgeOptions, 'win'>> & { win: Window };
  private connecting: Promise<void> | undefined;
  private frame: HTMLIFrameElement | null = null;
  private disposed = false;
  /** Settles when every origin was tried and none answered. */
  private noneAnswered = deferred();
  /** Handshake rounds started; a round that a later one replaced changes nothing any more. */
  private rounds = 0;
  private retried = false;
  /** Log-outs sent (empty login payloads): a login prepared before the latest one is dropped. */
  private logouts = 0;
  /** Replies awaited, by message id (logins and capture requests alike). */
  private readonly pending = new Map<string, (reply: ExtensionToSite) => void>();

  constructor(options: BridgeOptions) {
    this.opts = {
      handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS,
      exhaustedWaitMs: EXHAUSTED_WAIT_MS,
      loginReplyTimeoutMs: LOGIN_REPLY_TIMEOUT_MS,
      win: window,
      ...options,
    };
    const remembered = readStorage('local', storageKeys.extensionConnected) === '1';
    this.status = {
      phase: 'idle', installed: false, connected: remembered, origin: null, version: null, error: null, lastLogin: null, triedAll: false,
    };
    this.opts.win.addEventListener('message', this.onMessage);
  }

  getStatus = (): BridgeStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private set(patch: Partial<BridgeStatus>) {
    this.status = { ...this.status, ...patch };
    this.listeners.forEach((l) => l());
  }

  /** Runs the handshake once; later calls share its outcome. */
  connect(): Promise<void> {
    this.connecting ??= this.runHandshake(++this.rounds);
    return this.connecting;
  }

  private async runHandshake(round: number): Promise<void> {
    const current = () => !this.disposed && round === this.rounds;
    this.set({ phase: 'connecting', error: null, triedAll: false });
    const origins = typeof this.opts.origins === 'function' ? this.opts.origins() : this.opts.origins;
    for (const origin of origins) {
      if (!current()) return;
      const answer = await this.tryOrigin(origin);
      if (answer) {
        writeStorage('local', storageKeys.extensionConnected, '1');
        this.set({ phase: 'connected', installed: true, connected: true, origin, version: answer.version });
        return;
      }
    }
    this.set({ triedAll: true });
    this.noneAnswered.resolve();
    await sleep(this.opts.exhaustedWaitMs);
    if (!current()) return;
    writeStorage('local', storageKeys.extensionConnected, '');
    this.set({ phase: 'failed', installed: false, connected: false, origin: null, version: null, error: NO_MATCHING_URLS });
    throw new Error(NO_MATCHING_URLS);
  }

  /**
   * One attempt: once the frame has loaded, the handshake is posted and must be answered within
   * the timeout (500 ms). A frame that does not even load within FRAME_LOAD_BACKSTOP_MS counts as
   * unanswered too.
   */
  private tryOrigin(origin: string): Promise<{ version: string } | null> {
    const doc = this.opts.win.document;
    const frame = doc.createElement('iframe');
    frame.hidden = true;
    frame.tabIndex = -1;
    frame.title = 'Full Page Shot extension connection';
    frame.setAttribute('aria-hidden', 'true');
    const id = newId('handshake');
    return new Promise((resolve) => {
      let done = false;
      let timer = setTimeout(() => finish(null), FRAME_LOAD_BACKSTOP_MS);
      const finish = (result: { version: string } | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.opts.win.removeEventListener('message', onReply);
        if (result && !this.disposed) this.frame = frame;
        else frame.remove();
        resolve(result);
      };
      const onReply = (event: MessageEvent) => {
        if (event.origin !== origin || event.source !== frame.contentWindow) return;
        const reply = asExtensionReply(event.data);
        if (reply?.type === 'handshake-ok' && reply.id === id) finish({ version: reply.version });
      };
      this.opts.win.addEventListener('message', onReply);
      frame.addEventListener('load', () => {
        if (done) return;
        clearTimeout(timer);
        timer = setTimeout(() => finish(null), this.opts.handshakeTimeoutMs);
        const msg: SiteToExtension = { source: SOURCE_SITE, type: 'handshake', id };
        try {
          // Without the extension the frame holds Chrome's error page (origin "null"), and a post
          // aimed at the extension's origin would log an error on every page. The handshake holds
          // no secret (a random id), and only a reply from the extension's own origin and frame
          // counts (onReply), so it may go to whatever loaded. Logins go to the exact origin only.
          frame.contentWindow?.postMessage(msg, '*');
        } catch {
          finish(null);
        }
      });
      frame.src = `${origin}${FRAME_PATH}`;
      doc.body.appendChild(frame);
    });
  }

  private onMessage = (event: MessageEvent) => {
    const { origin } = this.status;
    if (!this.frame || !origin || event.origin !== origin || event.source !== this.frame.contentWindow) return;
    const reply = asExtensionReply(event.data);
    if (!reply || reply.type === 'handshake-ok') return;
    this.pending.get(reply.id)?.(reply);
    if (reply.type === 'login-success' && shouldRebroadcastLoginSuccess(reply.status)) {
      this.opts.win.dispatchEvent(new CustomEvent(LOGIN_SUCCESS_EVENT, { detail: { status: reply.status } }));
    }
  };

  /**
   * Whether the handshake succeeded, waiting at most `waitMs` when given. No answer from any origin
   * is known as soon as the last one is tried: the spec's 10 s wait before 'failed' is not waited
   * here, so a page without the extension is not held up by it.
   */
  private async connected(waitMs?: number): Promise<boolean> {
    const deadline = waitMs === undefined ? [] : [sleep(waitMs).then(() => false)];
    const round = () => Promise.race([this.connect().then(() => true, () => false), this.noneAnswered.promise.then(() => false), ...deadline]);
    if (await round()) return true;
    // On a busy machine the extension can miss its 500 ms (issue 31: the hand-over after sign-in,
    // the log-out, both lost): a message that must get through tries one more round, once per page.
    if (this.retried || this.disposed || !this.status.triedAll) return false;
    this.retried = true;
    this.connecting = undefined;
    this.noneAnswered = deferred();
    return round();
  }

  /** Posts to the connected frame (its exact origin only) and waits for the reply with the same id; null after `timeoutMs`. */
  private exchange(msg: SiteToExtension, timeoutMs: number): Promise<ExtensionToSite | null> {
    const target = this.frame?.contentWindow;
    const origin = this.status.origin;
    if (!target || !origin) return Promise.resolve(null);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(msg.id);
        resolve(null);
      }, timeoutMs);
      this.pending.set(msg.id, (reply) => {
        clearTimeout(timer);
        this.pending.delete(msg.id);
        resolve(reply);
      });
      target.postMessage(msg, origin);
    });
  }

  /**
   * Tells the extension who is signed in (an empty payload logs it out). Waits for the handshake
   * (at most `waitMs` when given); resolves with the extension's reply status, or null when there
   * is no extension, it did not answer, or the login was dropped (a log-out came after it).
   */
  async sendLogin(payload: LoginPayload | (() => Promise<LoginPayload | null>), { waitMs }: { waitMs?: number } = {}): Promise<{ status: string } | null> {
    // A log-out overtakes every login still being prepared: whatever they were waiting for (the
    // handshake, a grant being minted), they are not sent after it.
    const logouts = typeof payload !== 'function' && !('userId' in payload) ? ++this.logouts : this.logouts;
    if (!(await this.connected(waitMs))) return null;
    // A function payload is built only once an extension answered (an upload grant is minted for
    // it alone); it answers null when there is nothing to send any more.
    const body = typeof payload === 'function' ? await payload() : payload;
    if (!body || ('userId' in body && this.logouts !== logouts)) return null;
    const reply = await this.exchange({ source: SOURCE_SITE, type: 'login', id: newId('login'), payload: body }, this.opts.loginReplyTimeoutMs);
    if (reply?.type !== 'login-success') return null;
    this.set({ lastLogin: { userId: 'userId' in body ? body.userId : null, status: reply.status } });
    return { status: reply.status };
  }

  /** The captures the extension holds, newest first. Throws ExtensionRequestError with a message to show. */
  async listCaptures(): Promise<CaptureListing[]> {
    const reply = await this.request({ source: SOURCE_SITE, type: 'list-captures', id: newId('list') }, LIST_REPLY_TIMEOUT_MS);
    if (reply.type !== 'captures') throw new ExtensionRequestError(NO_REPLY);
    return reply.captures;
  }

  /** One capture as PNG files, every part in order. Throws ExtensionRequestError with a message to show. */
  async getCapture(captureId: string): Promise<CaptureExport> {
    const reply = await this.request({ source: SOURCE_SITE, type: 'get-capture', id: newId('capture'), captureId }, CAPTURE_REPLY_TIMEOUT_MS);
    if (reply.type !== 'capture') throw new ExtensionRequestError(NO_REPLY);
    return reply.capture;
  }

  /** A capture request: the extension's own refusal (`capture-error`) and silence become ExtensionRequestError. */
  private async request(msg: SiteToExtension, timeoutMs: number): Promise<ExtensionToSite> {
    if (!(await this.connected())) throw new ExtensionRequestError(NOT_CONNECTED);
    const reply = await this.exchange(msg, timeoutMs);
    if (!reply) throw new ExtensionRequestError(NO_REPLY);
    if (reply.type === 'capture-error') throw new ExtensionRequestError(reply.message);
    return reply;
  }

  dispose(): void {
    this.disposed = true;
    this.opts.win.removeEventListener('message', this.onMessage);
    this.frame?.remove();
    this.frame = null;
  }
}

/**
 * The extension origins of this browser: the Firefox add-on's, when its content script announced
 * it on this page (shared/extension/announced-origin.ts), then the configured ones (Chrome, Edge).
 */
export function siteExtensionOrigins(configured: readonly string[], doc: Document = document): string[] {
  const announced = announcedExtensionOrigin(doc.documentElement.getAttribute(EXTENSION_ORIGIN_ATTRIBUTE));
  return [...new Set([...(announced ? [announced] : []), ...configured])];
}

/** The extension origins to try: the /_test override first (an unpacked build), then this browser's. */
export function bridgeOrigins(configured: readonly string[], doc: Document = document): string[] {
  const override = readStorage('local', storageKeys.extensionIdOverride);
  const first = override ? [`chrome-extension://${override}`] : [];
  return [...new Set([...first, ...siteExtensionOrigins(configured, doc)])];
}

// ── React access ────────────────────────────────────────────────────────────

// The context and useExtensionBridge live in extension-bridge-context.ts (re-exported above).

const idleStatus: BridgeStatus = {
  phase: 'idle', installed: false, connected: false, origin: null, version: null, error: null, lastLogin: null, triedAll: false,
};
const noop = () => () => {};

/** Installed / connected flags and the last acknowledged login, re-rendering on change. */
export function useExtensionStatus(): BridgeStatus {
  const bridge = useExtensionBridge();
  return useSyncExternalStore(bridge?.subscribe ?? noop, bridge?.getStatus ?? (() => idleStatus), bridge?.getStatus ?? (() => idleStatus));
}
