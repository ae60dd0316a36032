import { describe, expect, it } from 'vitest';
import { restrictedReason } from './url-policy';

describe('restrictedReason', () => {
  it.each([
    ['chrome://settings', 'browser-page'],
    ['edge://extensions', 'browser-page'],
    ['about:blank', 'browser-page'],
    [undefined, 'browser-page'],
    ['https://chromewebstore.google.com/detail/x', 'web-store'],
    ['https://chrome.google.com/webstore/category/extensions', 'web-store'],
    ['https://microsoftedge.microsoft.com/addons/detail/x', 'web-store'],
    ['chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/index.html', 'pdf-viewer'],
    ['chrome-extension://abc/editor.html', 'extension-page'],
  ])('%s → %s', (url, reason) => {
    expect(restrictedReason(url)).toBe(reason);
  });
  it.each(['https://example.com/', 'http://127.0.0.1:5173/x', 'file:///tmp/a.html'])('%s is capturable', (url) => {
    expect(restrictedReason(url)).toBeNull();
  });
});
