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
    // Mixed case, padding and the characters browsers strip from a scheme.
    'jAvAsCrIpT:alert(1)',
    'javascript\r:alert(1)',
    'j\u0000avascript:alert(1)',
    '\u0000\u0020javascript:alert(1)',
    '\u0085javascript:alert(1)',
    'VbScRiPt:msgbox(1)',
    ' data:text/html,x',
    'Data:Text/Html;base64,PHNjcmlwdD4=',
    'data:text/javascript,alert(1)',
    'data:application/xhtml+xml,<x/>',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:imagex/png,x',
    'data:image/pngx,x',
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
    'data:image/gif;base64,R0lGODlh',
    'DATA:IMAGE/PNG;base64,iVBORw0KGgo=',
    // Not a scheme to a browser (percent-encoding and entities are not decoded in a scheme).
    '%6Aavascript:alert(1)',
  ])('allows %j unchanged', (url) => expect(safeUrl(url)).toBe(url));
});

describe('isInternalPath', () => {
  it('tells same-site paths from other sites', () => {
    expect(isInternalPath('/privacy')).toBe(true);
    expect(isInternalPath('//evil.example/x')).toBe(false);
    expect(isInternalPath('https://example.com')).toBe(false);
  });

  it.each(['/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/..//evil.example', '\\\\evil.example', 'javascript:x'])(
    'does not route %j inside the site (browsers read it as another host)',
    (href) => expect(isInternalPath(href)).toBe(false),
  );
});
