import { afterEach, describe, expect, it, vi } from 'vitest';
import { initErrorReporting, isErrorReportingEnabled, reportError, setErrorReportingUser } from './error-reporting';

afterEach(() => vi.unstubAllGlobals());

describe('isErrorReportingEnabled', () => {
  it('is on only outside development and only on the product hosts', () => {
    expect(isErrorReportingEnabled({ hostname: 'fullpageshot.com', isDevelopment: false })).toBe(true);
    expect(isErrorReportingEnabled({ hostname: 'www.fullpageshot.com', isDevelopment: false })).toBe(true);
    expect(isErrorReportingEnabled({ hostname: 'fullpageshot.com', isDevelopment: true })).toBe(false);
    expect(isErrorReportingEnabled({ hostname: '127.0.0.1', isDevelopment: false })).toBe(false);
    expect(isErrorReportingEnabled({ hostname: 'evil-fullpageshot.com', isDevelopment: false })).toBe(false);
    expect(isErrorReportingEnabled({ hostname: 'staging.example.org', hosts: ['staging.example.org'], isDevelopment: false })).toBe(true);
  });
});

describe('initErrorReporting', () => {
  it('is a no-op locally: no listener, nothing sent', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const stop = initErrorReporting({ dsn: 'https://errors.example/report', hostname: 'localhost', isDevelopment: false });
    // (No `error` object: with no listener of ours installed, the test runner would rethrow it.)
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    expect(fetchMock).not.toHaveBeenCalled();
    stop();
  });

  it('POSTs window errors to the DSN when enabled, once per message', () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null));
    vi.stubGlobal('fetch', fetchMock);
    const stop = initErrorReporting({ dsn: 'https://errors.example/report', hostname: 'fullpageshot.com', isDevelopment: false, release: '1.0' });
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom' }));
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('https://errors.example/report');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toMatchObject({ message: 'boom', release: '1.0' });
    stop();
  });

  it("carries the signed-in user's id once the app sets it (spec: user id, error and code)", () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null));
    vi.stubGlobal('fetch', fetchMock);
    const stop = initErrorReporting({ dsn: 'https://errors.example/report', hostname: 'fullpageshot.com', isDevelopment: false });
    setErrorReportingUser('user-1');
    reportError(new Error('card failed'), { code: 'card_declined' });
    setErrorReportingUser(undefined);
    reportError(new Error('later'));
    const [first, second] = fetchMock.mock.calls.map(([, init]) => JSON.parse(init.body));
    expect(first).toMatchObject({ message: 'card failed', userId: 'user-1', code: 'card_declined' });
    expect(second.message).toBe('later');
    expect(second).not.toHaveProperty('userId');
    stop();
  });
});
