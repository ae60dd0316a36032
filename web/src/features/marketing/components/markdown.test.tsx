import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

afterEach(cleanup);

const renderMd = (md: string) => render(<MemoryRouter><Markdown>{md}</Markdown></MemoryRouter>);

describe('Markdown', () => {
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

  it('does not render raw HTML', () => {
    renderMd('Hello <img src=x onerror="alert(1)"> <b>bold</b>');
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
  });
});
