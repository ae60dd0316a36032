import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NEWSLETTER_TIMEOUT_MS, NewsletterError, getNewsletterUrl, isNewsletterEmail, providerMessageText, resetNewsletterConfig,
  subscribeToNewsletter, toPostJsonUrl,
} from './newsletter';

type Cb = (data: unknown) => void;

/** The script the JSONP call added, and the global callback its URL names. */
function pendingCall() {
  const script = document.head.querySelector<HTMLScriptElement>('script[src*="EMAIL="]');
  if (!script) throw new Error('no JSONP script');
  const url = new URL(script.src);
  const name = url.searchParams.get('c')!;
  return { script, url, callback: (window as unknown as Record<string, Cb>)[name] };
}

beforeEach(() => {
  document.head.innerHTML = '';
  resetNewsletterConfig();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('newsletter rules', () => {
  it('requires an e-mail containing @', () => {
    expect(isNewsletterEmail('reader@example.com')).toBe(true);
    expect(isNewsletterEmail('reader.example.com')).toBe(false);
  });
  it('turns a post URL into its post-json variant', () => {
    expect(toPostJsonUrl('https://x.list-manage.com/subscribe/post?u=1&id=2')).toBe('https://x.list-manage.com/subscribe/post-json?u=1&id=2');
    expect(toPostJsonUrl('http://127.0.0.1:4000/newsletter/post-json')).toBe('http://127.0.0.1:4000/newsletter/post-json');
  });
  it('shows provider messages as plain text', () => {
    expect(providerMessageText('0 - An email address must contain a single @.')).toBe('An email address must contain a single @.');
    expect(providerMessageText('a@b.co is already subscribed. <a href="https://x">Update your profile</a>')).toBe('a@b.co is already subscribed. Update your profile');
    expect(providerMessageText(undefined)).toBe('Undefined error');
  });
});

describe('subscribeToNewsletter (JSONP)', () => {
  const url = 'https://lists.example/newsletter/post-json?u=1';

  it('sends EMAIL and a callback name, and resolves on result success', async () => {
    const p = subscribeToNewsletter(' reader@example.com ', { url });
    const { url: sent, callback, script } = pendingCall();
    expect(sent.searchParams.get('EMAIL')).toBe('reader@example.com');
    expect(sent.searchParams.get('u')).toBe('1');
    callback({ result: 'success', msg: 'Thank you for subscribing!' });
    await expect(p).resolves.toEqual({ result: 'success', msg: 'Thank you for subscribing!' });
    expect(script.isConnected).toBe(false);
  });

  it("rejects with the provider's message on result error", async () => {
    const p = subscribeToNewsletter('reader@example.com', { url });
    pendingCall().callback({ result: 'error', msg: 'reader@example.com is already subscribed to list News.' });
    await expect(p).rejects.toMatchObject({ kind: 'provider', message: 'reader@example.com is already subscribed to list News.' });
  });

  it('times out after 60000 ms, not before, and ignores a late answer', async () => {
    vi.useFakeTimers();
    const p = subscribeToNewsletter('reader@example.com', { url });
    const outcome = p.then(() => 'resolved', (e: unknown) => e);
    const { callback } = pendingCall();
    await vi.advanceTimersByTimeAsync(NEWSLETTER_TIMEOUT_MS - 1);
    expect(document.head.querySelector('script')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    const err = await outcome;
    expect(err).toBeInstanceOf(NewsletterError);
    expect((err as NewsletterError).kind).toBe('timeout');
    expect(document.head.querySelector('script')).toBeNull();
    expect(() => callback({ result: 'success', msg: 'late' })).not.toThrow();
  });

  it('rejects when the script cannot load', async () => {
    const p = subscribeToNewsletter('reader@example.com', { url });
    pendingCall().script.dispatchEvent(new Event('error'));
    await expect(p).rejects.toMatchObject({ kind: 'network' });
  });

  it('reads newsletterUrl from /config.json once', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ newsletterUrl: url })));
    vi.stubGlobal('fetch', fetchMock);
    expect(await getNewsletterUrl()).toBe(url);
    expect(await getNewsletterUrl()).toBe(url);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/config.json');
  });

  it('is not configured when /config.json has no newsletterUrl', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } })));
    await expect(subscribeToNewsletter('reader@example.com')).rejects.toMatchObject({ kind: 'config' });
  });
});
