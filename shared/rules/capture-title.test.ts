import { describe, expect, it } from 'vitest';
import { IMAGE_TITLE_MAX } from '../domain/image';
import { captureLink, captureTitle, UNTITLED_CAPTURE } from './capture-title';

describe('captureTitle', () => {
  it('is the page title, numbered when the capture was split', () => {
    expect(captureTitle({ title: ' Docs ', url: 'https://a.example/' })).toBe('Docs');
    expect(captureTitle({ title: 'Docs', url: 'https://a.example/' }, 0, 3)).toBe('Docs (1 of 3)');
    expect(captureTitle({ title: 'Docs', url: 'https://a.example/' }, 2, 3)).toBe('Docs (3 of 3)');
  });

  it('falls back to the host, then to a plain name', () => {
    expect(captureTitle({ title: '  ', url: 'https://a.example/x' })).toBe('a.example');
    expect(captureTitle({ title: '', url: 'file:///tmp/x.html' })).toBe(UNTITLED_CAPTURE);
  });

  it('keeps the part number within the title limit, cutting whole graphemes', () => {
    const long = '👍🏽'.repeat(150);
    const t = captureTitle({ title: long, url: '' }, 9, 12);
    expect(t.length).toBeLessThanOrEqual(IMAGE_TITLE_MAX);
    expect(t.endsWith('… (10 of 12)')).toBe(true);
    expect(t).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('captureLink', () => {
  it('keeps web addresses only', () => {
    expect(captureLink('https://a.example/p?q=1#h')).toBe('https://a.example/p?q=1#h');
    expect(captureLink('chrome://settings')).toBeNull();
    expect(captureLink('file:///x')).toBeNull();
    expect(captureLink('nonsense')).toBeNull();
    expect(captureLink(`https://a.example/${'x'.repeat(3000)}`)).toBeNull();
  });
});
