import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeObjects } from '../../../app/router';

beforeEach(() => {
  // No runtime config in these tests: /config.json answers 404.
  vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('not found', { status: 404 })));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.dataLayer = [];
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Lazy route modules are compiled on first use, which takes a while on a busy machine. */
const LOAD = { timeout: 15_000 };

const renderAt = (url: string) => {
  const router = createMemoryRouter(routeObjects, { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
};

describe('marketing routes, rendered as a visitor sees them', { timeout: 30_000 }, () => {
  it('/about: header, one h1, footer, page title', async () => {
    renderAt('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' }, LOAD)).toBeTruthy();
    // The title is set in an effect, which may run after the heading first shows.
    await waitFor(() => expect(document.title).toBe('About Us | Full Page Shot'));
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Enterprise', 'Go Premium', 'Contact Sales', 'Account']);
    // The footer loads after the page (a lazy chunk).
    const footer = await screen.findByRole('contentinfo', {}, LOAD);
    expect(within(footer).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Get', 'Learn More', 'Company', 'Resources', 'Connect']);
    expect(window.dataLayer).toContainEqual({ event: 'pageChange', page: '/about' });
  });

  it('an unknown path shows Page not found, and Return to home goes home', async () => {
    const router = renderAt('/does-not-exist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, LOAD)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Return to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), LOAD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Screenshot a whole web page in one click' }, LOAD)).toBeTruthy();
  });

  it('/demo-editor-inline has no header or footer', async () => {
    renderAt('/demo-editor-inline');
    expect(await screen.findByRole('heading', { level: 1, name: 'Editor demo' }, LOAD)).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(within(screen.getByRole('group', { name: 'Playback speed' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['5×', '2×', '1×', '0.5×', '0.1×']);
  });
});
