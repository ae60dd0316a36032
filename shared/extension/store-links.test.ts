import { describe, expect, it } from 'vitest';
import { EXTENSION_STORES, STORE_ORDER, storeBrowserOf } from './store-links';

const UA = {
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
  edgeAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36 EdgA/142.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  firefoxIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/140.0 Mobile/15E148 Safari/605.1.15',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
};

describe('storeBrowserOf', () => {
  it('sends Edge to Edge Add-ons, Firefox to Firefox Add-ons, and everyone else to the Chrome Web Store', () => {
    expect(storeBrowserOf(UA.chrome)).toBe('chrome');
    expect(storeBrowserOf(UA.edge)).toBe('edge');
    expect(storeBrowserOf(UA.edgeAndroid)).toBe('edge');
    expect(storeBrowserOf(UA.firefox)).toBe('firefox');
    expect(storeBrowserOf(UA.firefoxIos)).toBe('firefox');
    expect(storeBrowserOf(UA.safari)).toBe('chrome');
    expect(storeBrowserOf('')).toBe('chrome');
  });

  it('lists each store once, on https, in the site order', () => {
    expect(STORE_ORDER.map((id) => EXTENSION_STORES[id].id)).toEqual(['chrome', 'edge', 'firefox']);
    for (const id of STORE_ORDER) expect(new URL(EXTENSION_STORES[id].url).protocol).toBe('https:');
    expect(new URL(EXTENSION_STORES.firefox.url).hostname).toBe('addons.mozilla.org');
  });
});
