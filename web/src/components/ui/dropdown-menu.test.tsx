import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropdownMenu } from './dropdown-menu';

afterEach(cleanup);

const renderMenu = (onSelect = vi.fn()) =>
  render(
    <MemoryRouter>
      <DropdownMenu label="Account" to="/account" items={[{ label: 'Sign in', to: '/auth/signin' }, { label: 'Delete', onSelect }]} />
      <button type="button">elsewhere</button>
    </MemoryRouter>,
  );

describe('DropdownMenu', () => {
  it('opens from the keyboard, moves with arrows, closes on Escape back to its toggle', async () => {
    const user = userEvent.setup();
    renderMenu();
    const toggle = screen.getByRole('button', { name: 'Account menu' });
    expect(screen.getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/account');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Sign in'));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Delete'));
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('opens on hover, stays open when clicked, and runs an item action', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    renderMenu(onSelect);
    const toggle = screen.getByRole('button', { name: 'Account menu' });
    await user.hover(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onSelect).toHaveBeenCalledOnce();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
