import { describe, expect, it } from 'vitest';
import { CAPTURES_STAY_LOCAL } from './capture-storage';
import { privacyPolicy } from './privacy';

/**
 * Issue #23 §5: captures can be saved to the image library, so no page may still promise they never
 * reach our servers, and the Privacy Policy must say what the library keeps and how to delete it.
 */
const sources = import.meta.glob(['../../../**/*.{ts,tsx}', '!../../../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

describe('copy about where captures are kept', () => {
  it('no longer says anywhere on the site that screenshots are only local or never on our servers', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const stale = Object.entries(sources)
      .filter(([, text]) => /never on (our|a) servers?|stored only locally|only locally in (your|the) browser/i.test(text))
      .map(([file]) => file);
    expect(stale).toEqual([]);
  });

  it('never says screenshots stay in the browser without the rest of the sentence (issue #31 §5: the home hero)', () => {
    const cut = Object.entries(sources)
      .filter(([, text]) => /stay in your\s+browser(?!\s+unless)/i.test(text))
      .map(([file]) => file);
    expect(cut).toEqual([]);
  });

  it('says captures stay in the browser unless saved to the library', () => {
    expect(CAPTURES_STAY_LOCAL).toBe('Screenshots stay in your browser unless you save them to your image library.');
    expect(privacyPolicy).toContain(CAPTURES_STAY_LOCAL);
  });

  it('has the Privacy Policy name what the library and share links store, and how to delete it', () => {
    for (const what of ['thumbnail', 'title and notes', 'source page address', 'size in bytes', 'how much storage your images use', 'share link', 'how many times it has been opened', 'Deleting an image', 'Revoking a share link', 'Closing your account']) {
      expect(privacyPolicy).toContain(what);
    }
  });
});
