import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown';
import { markdownToHtml } from './markdown-html';

afterEach(cleanup);

// Markdown is rendered to HTML at build time (markdownToHtml) and shown by <Markdown html>: these
// are the safety rules of that rendering, checked on what the browser gets.
const renderMd = (md: string) => render(<MemoryRouter><Markdown html={markdownToHtml(md)} /></MemoryRouter>);

describe('markdownToHtml shown by <Markdown>', () => {
  it('renders blocked links as plain text, not clickable', () => {
    renderMd('[Click me](javascript:alert(1)) and [data](data:text/html,hi) and [vb](vbscript:x)');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('Click me').tagName).toBe('SPAN');
    expect(document.querySelector('[href]')).toBeNull();
  });

  it('keeps safe links: in-site paths through the router, others as plain anchors', () => {
    renderMd('See the [FAQ](/faq#help-i-cant-log-in), [mail](mailto:a@b.co) and [site](https://example.com).');
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq#help-i-cant-log-in');
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:a@b.co');
    expect(screen.getByRole('link', { name: 'site' }).getAttribute('rel')).toBe('noopener noreferrer');
  });

  // Every way markdown can carry an address: inline, reference, autolink, image; with mixed case,
  // entities (decoded by the parser before the check) and padding.
  it.each([
    '[a](javascript:alert(1))',
    '[a](JaVaScRiPt:alert(1))',
    '[a](&#106;avascript:alert(1))',
    '[a](&#x6A;&#x61;vascript:alert(1))',
    '[a](javascript&colon;alert(1))',
    '[a](java&#9;script:alert(1))',
    '[a](java&Tab;script:alert(1))',
    '[a](<javascript:alert(1)>)',
    '[a](< javascript:alert(1)>)',
    '<javascript:alert(1)>',
    '[a][r]\n\n[r]: javascript:alert(1)',
    '[a][r]\n\n[r]: <vbscript:msgbox(1)>',
    '[a](vbscript:msgbox(1))',
    '[a](VBScript&#58;msgbox(1))',
    '[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[a](DATA:text/html,<b>x</b>)',
    '[a](data&colon;text/html,x)',
    '[a](data:image/svg+xml,x)',
    '![a](javascript:alert(1))',
    '![a](data:text/html,x)',
    '![a](data:image/svg+xml;base64,PHN2Zz4=)',
    '[![a](data:text/html,x)](javascript:alert(1))',
  ])('leaves %j inert: no script or document address anywhere', (md) => {
    renderMd(md);
    expect(document.querySelector('img')).toBeNull();
    // What the browser would do with each remaining address: it must not run or render a document.
    for (const el of Array.from(document.querySelectorAll('[href], [src]'))) {
      const value = el.getAttribute('href') ?? el.getAttribute('src')!;
      expect(new URL(value, 'https://site.example/faq').protocol, value).toBe('https:');
    }
  });

  it.each(['[a](javascript:alert(1))', '[a](&#106;avascript:alert(1))', '[a](vbscript:x)', '[a](data:text/html,x)'])(
    'renders %j as text with nothing to click',
    (md) => {
      renderMd(md);
      expect(screen.queryAllByRole('link')).toHaveLength(0);
      expect(screen.getByText('a').tagName).toBe('SPAN');
    },
  );

  it('allows data:image addresses for images and image links (spec: only non-image data: is blocked)', () => {
    renderMd('![dot](data:image/png;base64,iVBORw0KGgo=) and [png](data:image/png;base64,iVBORw0KGgo=)');
    expect(screen.getByRole('img', { name: 'dot' }).getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByRole('link', { name: 'png' }).getAttribute('href')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('routes only real site paths through the router; look-alikes get a plain, no-opener anchor', () => {
    renderMd('[in](/privacy) [slash](<//evil.example/x>) [back](</\\evil.example>)');
    expect(screen.getByRole('link', { name: 'in' }).getAttribute('rel')).toBeNull();
    for (const name of ['slash', 'back']) {
      const a = screen.getByRole('link', { name });
      const target = new URL(a.getAttribute('href')!, 'https://site.example/faq');
      // Either the parser encoded it into a path on the site, or it is marked as leaving the site.
      if (target.origin !== 'https://site.example') expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('routes a plain click on a site link through the router, and leaves modified clicks to the browser', () => {
    function Where() {
      return <output>{useLocation().pathname}</output>;
    }
    render(
      <MemoryRouter initialEntries={['/faq']}>
        <Markdown html={markdownToHtml('[Premium](/premium) and [site](https://example.com)')} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const premium = screen.getByRole('link', { name: 'Premium' });
    expect(fireEvent.click(premium, { ctrlKey: true })).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('/faq');
    expect(fireEvent.click(premium)).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('/premium');
    expect(screen.getByRole('link', { name: 'site' }).hasAttribute('data-internal')).toBe(false);
  });

  it('does not render raw HTML', () => {
    renderMd('Hello <img src=x onerror="alert(1)"> <b>bold</b>');
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
  });
});
