import { describe, expect, it } from 'vitest';
import { SUPPORTED_BROWSERS } from '#shared/extension/store-links';
import { privacyPolicy, privacyUpdated } from './privacy';
import { termsOfUse, termsUpdated } from './terms-of-use';

// The Firefox build ships (issue #33 §2): the legal texts name every browser the extension is for.
describe('the legal texts', () => {
  it.each([
    ['Terms of Use', termsOfUse, termsUpdated],
    ['Privacy Policy', privacyPolicy, privacyUpdated],
  ])('%s: the extension is for Chrome, Edge and Firefox, revised on or after the Firefox build', (_name, text, updated) => {
    expect(SUPPORTED_BROWSERS).toBe('Chrome, Edge and Firefox');
    expect(text).toContain(`browser extension for ${SUPPORTED_BROWSERS},`);
    expect(text).not.toMatch(/for Chrome and Edge\b/);
    expect(updated >= '2026-11-29').toBe(true);
  });
});
