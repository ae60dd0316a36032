import { describe, expect, it } from 'vitest';
import { isInternalPath, safeUrl } from './safe-url';

describe('safeUrl', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    '  javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD4=',
    'DATA:application/javascript,alert(1)',
    'data:image/svg+xml,<svg onload="alert(1)"/>',
    'data:,hello',
  ])('blocks %j', (url) => expect(safeUrl(url)).toBeUndefined());

  it.each([
    'https://example.com/a?b=c',
    'http://example.com',
    'mailto:support@fullpageshot.com?subject=Accessibility',
    '/faq#help-i-cant-log-in',
    '#capture',
    'relative/path',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/jpeg;base64,/9j/4AAQ',
    'https://example.com/javascript:not-a-scheme',
  ])('allows %j unchanged', (url) => expect(safeUrl(url)).toBe(url));
});

describe('isInternalPath', () => {
  it('tells same-site paths from other sites', () => {
    expect(isInternalPath('/privacy')).toBe(true);
    expect(isInternalPath('//evil.example/x')).toBe(false);
    expect(isInternalPath('https://example.com')).toBe(false);
  });
});
