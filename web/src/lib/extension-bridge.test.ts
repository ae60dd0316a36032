import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExtensionToSite, SiteToExtension } from '#shared/extension/bridge-protocol';
import { EXTENSION_ORIGIN_ATTRIBUTE } from '#shared/extension/announced-origin';
import { bridgeOrigins, siteExtensionOrigins, ExtensionBridge, LOGIN_SUCCESS_EVENT, NO_MATCHING_URLS, NO_REPLY, NOT_CONNECTED } from './extension-bridge';

const A = 'chrome-extension://aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'chrome-extension://bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
const login = { userId: 'u1', orgId: '', expires: 2_000_000_000, status: 'active', sub_created: 1_700_000_000 };

/** jsdom loads no frames: we play the extension by firing `load` and posting its replies. */
function frames() {
  return Array.from(document.querySelectorAll('iframe'));
}
function frameFor(origin: string) {
  return frames().find((f) => f.src === `${origin}/frame.html`);
}
function reply(origin: string, data: ExtensionToSite) {
  const frame = frameFor(origin)!;
  window.dispatchEvent(new MessageEvent('message', { data: ExtensionToSite.parse(data), origin, source: frame.contentWindow }));
}
/** Captures what the site posts into the frame. */
function spyPosts(origin: string) {
  const frame = frameFor(origin)!;
  const posts: SiteToExtension[] = [];
  vi.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(((msg: unknown, target: string) => {
    const parsed = SiteToExtension.parse(msg);
    // The secret-free handshake goes to whatever the frame holds; logins only to the extension.
    expect(target).toBe(parsed.type === 'handshake' ? '*' : origin);
    posts.push(parsed);
  }) as typeof window.postMessage);
  return posts;
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('ExtensionBridge handshake', () => {
  it('tries each origin in turn, 500 ms each, and keeps the first that answers', async () => {
    const bridge = new ExtensionBridge({ origins: [A, B] });
    expect(bridge.getStatus()).toMatchObject({ installed: false, connected: false });
    const done = bridge.connect();

    const postsA = spyPosts(A);
    frameFor(A)!.dispatchEvent(new Event('load'));
    expect(postsA).toEqual([{ source: 'fps-site', type: 'handshake', id: expect.any(String) }]);
    await vi.advanceTimersByTimeAsync(499);
    expect(frameFor(B)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(frameFor(A)).toBeUndefined(); // the unanswered frame is removed

    const postsB = spyPosts(B);
    frameFor(B)!.dispatchEvent(new Event('load'));
    reply(B, { source: 'fps-extension', type: 'handshake-ok', id: postsB[0].id, version: '2.0.0' });
    await done;
    expect(bridge.getStatus()).toMatchObject({ phase: 'connected', installed: true, connected: true, origin: B, version: '2.0.0' });
    expect(localStorage.getItem('fps.extension.connected')).toBe('1');
    expect(frames()).toHaveLength(1);
    bridge.dispose();
  });

  it('ignores answers from other origins, windows or handshakes', async () => {
    const bridge = new ExtensionBridge({ origins: [A] });
    const done = bridge.connect().catch((e: Error) => e.message);
    const posts = spyPosts(A);
    frameFor(A)!.dispatchEvent(new Event('load'));
    const ok = { source: 'fps-extension', type: 'handshake-ok', id: posts[0].id, version: '1' } as const;
    window.dispatchEvent(new MessageEvent('message', { data: ok, origin: 'https://evil.example', source: frameFor(A)!.contentWindow }));
    window.dispatchEvent(new MessageEvent('message', { data: ok, origin: A, source: window }));
    reply(A, { ...ok, id: 'some-other-handshake' });
    await vi.advanceTimersByTimeAsync(500);
    expect(bridge.getStatus().phase).toBe('connecting');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await done).toBe(NO_MATCHING_URLS);
  });

  it('when the list is exhausted, waits 10 s, then fails with No matching URLs and clears the flags', async () => {
    localStorage.setItem('fps.extension.connected', '1');
    const bridge = new ExtensionBridge({ origins: [A] });
    expect(bridge.getStatus().connected).toBe(true); // remembered from the last visit
    const outcome = bridge.connect().then(() => 'ok', (e: Error) => e.message);
    frameFor(A)!.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(500);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(bridge.getStatus().phase).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe(NO_MATCHING_URLS);
    expect(bridge.getStatus()).toMatchObject({ phase: 'failed', installed: false, connected: false, error: NO_MATCHING_URLS });
    expect(localStorage.getItem('fps.extension.connected')).toBe('');
  });

  it('gives up on a frame that never loads', async () => {
    const bridge = new ExtensionBridge({ origins: [A, B] });
    void bridge.connect().catch(() => {});
    await vi.advanceTimersByTimeAsync(5_000);
    expect(frameFor(A)).toBeUndefined();
    expect(frameFor(B)).toBeDefined();
    bridge.dispose();
  });
});

async function connected() {
  const bridge = new ExtensionBridge({ origins: [A] });
  const done = bridge.connect();
  const posts = spyPosts(A);
  frameFor(A)!.dispatchEvent(new Event('load'));
  reply(A, { source: 'fps-extension', type: 'handshake-ok', id: posts[0].id, version: '1' });
  await done;
  return { bridge, posts };
}

describe('ExtensionBridge captures (Add from extension)', () => {
  const listing = { id: 'c1', title: 'Page', url: 'https://example.com/', createdAt: 1, width: 800, height: 2000, parts: 2, thumbnail: null };

  it('lists the captures and fetches one by id, from the connected frame only', async () => {
    const { bridge, posts } = await connected();
    const listed = bridge.listCaptures();
    await vi.advanceTimersByTimeAsync(0);
    expect(posts.at(-1)).toEqual({ source: 'fps-site', type: 'list-captures', id: expect.any(String) });
    // A reply from another window with the same id is ignored.
    window.dispatchEvent(new MessageEvent('message', { data: { source: 'fps-extension', type: 'captures', id: posts.at(-1)!.id, captures: [] }, origin: A, source: window }));
    reply(A, { source: 'fps-extension', type: 'captures', id: posts.at(-1)!.id, captures: [listing] });
    expect(await listed).toEqual([listing]);

    const got = bridge.getCapture('c1');
    await vi.advanceTimersByTimeAsync(0);
    expect(posts.at(-1)).toEqual({ source: 'fps-site', type: 'get-capture', id: expect.any(String), captureId: 'c1' });
    const capture = { id: 'c1', title: 'Page', url: 'https://example.com/', parts: [{ blob: new Blob(['a']), width: 1, height: 1 }] };
    reply(A, { source: 'fps-extension', type: 'capture', id: posts.at(-1)!.id, capture });
    expect(await got).toEqual(capture);
    bridge.dispose();
  });

  it("shows the extension's message for a capture it cannot give, and gives up when it does not answer", async () => {
    const { bridge, posts } = await connected();
    const got = bridge.getCapture('gone').catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(0);
    reply(A, { source: 'fps-extension', type: 'capture-error', id: posts.at(-1)!.id, message: 'This capture is no longer in the extension.' });
    expect(await got).toBe('This capture is no longer in the extension.');
    const silent = bridge.listCaptures().catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await silent).toBe(NO_REPLY);
    bridge.dispose();
  });

  it('says so without the extension', async () => {
    const bridge = new ExtensionBridge({ origins: [A] });
    const listed = bridge.listCaptures().catch((e: Error) => e.message);
    frameFor(A)!.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(10_500);
    expect(await listed).toBe(NOT_CONNECTED);
    bridge.dispose();
  });
});

describe('ExtensionBridge login messages', () => {
  it('sends the login and re-broadcasts a live status', async () => {
    const { bridge, posts } = await connected();
    const events: unknown[] = [];
    window.addEventListener(LOGIN_SUCCESS_EVENT, (e) => events.push((e as CustomEvent).detail));
    const sent = bridge.sendLogin(login);
    await vi.advanceTimersByTimeAsync(0);
    expect(posts.at(-1)).toEqual({ source: 'fps-site', type: 'login', id: expect.any(String), payload: login });
    reply(A, { source: 'fps-extension', type: 'login-success', id: posts.at(-1)!.id, status: 'active' });
    expect(await sent).toEqual({ status: 'active' });
    expect(events).toEqual([{ status: 'active' }]);
    expect(bridge.getStatus().lastLogin).toEqual({ userId: 'u1', status: 'active' });
    bridge.dispose();
  });

  it('does not re-broadcast an empty or canceled status', async () => {
    const { bridge, posts } = await connected();
    const events: unknown[] = [];
    window.addEventListener(LOGIN_SUCCESS_EVENT, (e) => events.push((e as CustomEvent).detail));
    for (const status of ['', 'canceled']) {
      const sent = bridge.sendLogin(status ? { ...login, status } : {});
      await vi.advanceTimersByTimeAsync(0);
      reply(A, { source: 'fps-extension', type: 'login-success', id: posts.at(-1)!.id, status });
      expect(await sent).toEqual({ status });
    }
    expect(posts.at(-2)!).toMatchObject({ type: 'login', payload: {} });
    expect(events).toEqual([]);
    expect(bridge.getStatus().lastLogin).toEqual({ userId: 'u1', status: 'canceled' });
    bridge.dispose();
  });

  it('builds a function payload (the upload grant) only once an extension answered', async () => {
    const build = vi.fn(async () => ({ ...login, status: 'active' }));
    const absent = new ExtensionBridge({ origins: [A] });
    const none = absent.sendLogin(build, { waitMs: 1500 });
    await vi.advanceTimersByTimeAsync(1500);
    expect(await none).toBeNull();
    expect(build).not.toHaveBeenCalled();
    absent.dispose();
    await vi.advanceTimersByTimeAsync(10_000);

    const { bridge, posts } = await connected();
    const sent = bridge.sendLogin(build);
    await vi.advanceTimersByTimeAsync(0);
    expect(build).toHaveBeenCalledOnce();
    expect(posts.at(-1)).toMatchObject({ type: 'login', payload: { userId: 'u1', status: 'active' } });
    reply(A, { source: 'fps-extension', type: 'login-success', id: posts.at(-1)!.id, status: 'active' });
    expect(await sent).toEqual({ status: 'active' });
    bridge.dispose();
  });

  it('never sends a login prepared before a log-out after it (the grant minted meanwhile stays here)', async () => {
    const { bridge, posts } = await connected();
    let mint!: (l: typeof login) => void;
    const prepared = bridge.sendLogin(() => new Promise((r) => (mint = r)));
    await vi.advanceTimersByTimeAsync(0);
    const out = bridge.sendLogin({});
    await vi.advanceTimersByTimeAsync(0);
    reply(A, { source: 'fps-extension', type: 'login-success', id: posts.at(-1)!.id, status: '' });
    expect(await out).toEqual({ status: '' });
    mint(login);
    expect(await prepared).toBeNull();
    expect(posts.filter((p) => p.type === 'login').map((p) => p.type === 'login' && p.payload)).toEqual([{}]);
    // A payload that answers null sends nothing.
    expect(await bridge.sendLogin(async () => null)).toBeNull();
    expect(posts.filter((p) => p.type === 'login')).toHaveLength(1);
    bridge.dispose();
  });

  it('tries one more round when no origin answered in time, and stops once that one is tried too', async () => {
    const bridge = new ExtensionBridge({ origins: [A] });
    const sent = bridge.sendLogin({}, { waitMs: 8000 });
    frameFor(A)!.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(500);
    // The second round: a frame again, which answers this time.
    const posts = spyPosts(A);
    frameFor(A)!.dispatchEvent(new Event('load'));
    reply(A, { source: 'fps-extension', type: 'handshake-ok', id: posts[0].id, version: '1' });
    await vi.advanceTimersByTimeAsync(0);
    reply(A, { source: 'fps-extension', type: 'login-success', id: posts.at(-1)!.id, status: '' });
    expect(await sent).toEqual({ status: '' });
    expect(bridge.getStatus()).toMatchObject({ phase: 'connected', connected: true });
    // Ten seconds on, the first round's end changes nothing.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(bridge.getStatus().phase).toBe('connected');
    bridge.dispose();

    const absent = new ExtensionBridge({ origins: [A] });
    const none = absent.sendLogin({}, { waitMs: 8000 });
    for (let i = 0; i < 2; i++) {
      frameFor(A)!.dispatchEvent(new Event('load'));
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(await none).toBeNull();
    expect(absent.getStatus()).toMatchObject({ phase: 'connecting', triedAll: true });
    absent.dispose();
  });

  it('gives up quietly when there is no extension within the wait', async () => {
    const bridge = new ExtensionBridge({ origins: [A] });
    const sent = bridge.sendLogin({}, { waitMs: 1500 });
    await vi.advanceTimersByTimeAsync(1500);
    expect(await sent).toBeNull();
    bridge.dispose();
  });
});

describe('bridgeOrigins', () => {
  it('puts the /_test override first', () => {
    expect(bridgeOrigins([A, B])).toEqual([A, B]);
    localStorage.setItem('fps.extension.id', 'cccccccccccccccccccccccccccccccc');
    expect(bridgeOrigins([A, B])).toEqual(['chrome-extension://cccccccccccccccccccccccccccccccc', A, B]);
  });

  it("tries the Firefox add-on's announced origin before the configured ones, and ignores anything else written there", () => {
    const moz = 'moz-extension://0f8fad5b-d9cb-469f-a165-70867728950e';
    const html = document.documentElement;
    try {
      html.setAttribute(EXTENSION_ORIGIN_ATTRIBUTE, moz);
      expect(siteExtensionOrigins([A, B])).toEqual([moz, A, B]);
      expect(bridgeOrigins([A, B])).toEqual([moz, A, B]);
      html.setAttribute(EXTENSION_ORIGIN_ATTRIBUTE, 'https://evil.example');
      expect(siteExtensionOrigins([A, B])).toEqual([A, B]);
    } finally {
      html.removeAttribute(EXTENSION_ORIGIN_ATTRIBUTE);
    }
  });
});
