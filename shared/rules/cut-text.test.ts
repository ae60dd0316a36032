import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutText, graphemes, wellFormed } from './cut-text';

const isWellFormed = (s: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe('cutText (one rule for every cut of user text)', () => {
  it('never splits a surrogate pair at the cut (119 ASCII + emoji cut at 120)', () => {
    const cut = cutText(`${'a'.repeat(119)}😀 more`, 120);
    expect(cut).toBe('a'.repeat(119));
    expect(() => encodeURIComponent(cut)).not.toThrow();
  });

  it('keeps combining marks, ZWJ sequences and flags with their base', () => {
    expect(cutText('abe\u0301\u0301x', 4)).toBe('ab');
    expect(cutText('ab👩‍👩‍👧‍👦', 5)).toBe('ab');
    expect(cutText('a🇫🇷🇩🇪', 5)).toBe('a🇫🇷');
    expect(cutText('שלום\u200Bעולם', 5)).toBe('שלום\u200B');
  });

  it('adds an ellipsis within the limit only when it cuts', () => {
    expect(cutText('short', 10, '…')).toBe('short');
    expect(cutText('abcdef', 4, '…')).toBe('abc…');
  });

  it('replaces lone surrogates even when nothing is cut', () => {
    expect(wellFormed('a\uD800b\uDFFF')).toBe('a\uFFFDb\uFFFD');
    expect(cutText('x\uD83D', 10)).toBe('x\uFFFD');
  });

  it('property: fits the limit, is a prefix of whole graphemes, and is well-formed', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('😀', 'e\u0301', '\u200D', '\u202E', '🇫🇷', '\uD800', 'ש'), fc.string({ unit: 'binary', maxLength: 1 })), maxLength: 60 }), fc.nat(80), (s, max) => {
        const cut = cutText(s, max);
        expect(cut.length).toBeLessThanOrEqual(max);
        expect(isWellFormed(cut)).toBe(true);
        expect(() => encodeURIComponent(cut)).not.toThrow();
        const g = graphemes(wellFormed(s));
        expect(g.slice(0, graphemes(cut).length).join('')).toBe(cut);
      }),
    );
  });
});
