import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { faqHtmlCategories } from '../content/faq-html.build';
import { FaqList } from './faq-list';

afterEach(cleanup);

describe('FaqList', () => {
  it('lists the categories Introduction, Capture, Premium, Misc: Premium before the last one', () => {
    render(<MemoryRouter><FaqList categories={faqHtmlCategories} /></MemoryRouter>);
    const sidebar = screen.getByRole('navigation', { name: 'FAQ categories' });
    const links = within(sidebar).getAllByRole('link').map((a) => a.textContent);
    expect(links).toEqual(['Introduction', 'Capture', 'Premium', 'Misc']);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Categories', 'Introduction', 'Capture', 'Premium', 'Misc']);
  });

  it('gives every category and question an anchor, including #help-i-cant-log-in', () => {
    render(<MemoryRouter><FaqList categories={faqHtmlCategories} /></MemoryRouter>);
    expect(within(screen.getByRole('navigation', { name: 'FAQ categories' })).getByRole('link', { name: 'Capture' }).getAttribute('href')).toBe('/#capture');
    const help = document.getElementById('help-i-cant-log-in');
    expect(help).not.toBeNull();
    expect(within(help!).getByRole('heading', { level: 3 }).textContent).toBe('Help! I can’t log in');
  });

  it('answers the questions the spec names: shortcut, permissions, where screenshots are kept, split images', () => {
    render(<MemoryRouter><FaqList categories={faqHtmlCategories} /></MemoryRouter>);
    const text = document.body.textContent ?? '';
    expect(text).toContain('alt+shift+p');
    expect(text).toContain('Downloads');
    expect(text).toContain('iFrame');
    // Issue #23: captures can be saved to the library, so "never on our servers" is no longer said.
    expect(text).toContain('Screenshots stay in your browser unless you save them to your image library.');
    expect(text).not.toContain('never on our servers');
    expect(text).toContain('10 or more split images may fail');
  });
});
