import { describe, expect, it } from 'vitest';
import { headerHasBackground, isChromeHidden, isEnterpriseDashboardPath } from './chrome-rules';

describe('isChromeHidden', () => {
  it.each(['/connect', '/auth', '/auth/signout', '/auth/signin/x', '/demo-editor-inline', '/images', '/images/abc', '/images/'])(
    'hides header and footer on %s',
    (path) => expect(isChromeHidden(path)).toBe(true),
  );
  it.each(['/', '/faq', '/account', '/authors', '/imagesx', '/connected', '/enterprise', '/demos', '/style-guide', '/auth/signin', '/auth/signin/', '/AUTH/signin'])(
    'shows header and footer on %s',
    (path) => expect(isChromeHidden(path)).toBe(false),
  );
});

describe('headerHasBackground', () => {
  it('has no background at the top of an ordinary page, up to and including 5px', () => {
    expect(headerHasBackground('/', 0)).toBe(false);
    expect(headerHasBackground('/faq', 5)).toBe(false);
  });
  it('gets a background once scrolled more than 5px', () => {
    expect(headerHasBackground('/', 5.5)).toBe(true);
    expect(headerHasBackground('/faq', 6)).toBe(true);
  });
  it('always has a background on enterprise dashboard paths', () => {
    expect(headerHasBackground('/enterprise/account', 0)).toBe(true);
    expect(headerHasBackground('/enterprise/account/members', 0)).toBe(true);
    expect(headerHasBackground('/enterprise', 0)).toBe(false);
    expect(isEnterpriseDashboardPath('/enterprise/accounts')).toBe(false);
  });
});
