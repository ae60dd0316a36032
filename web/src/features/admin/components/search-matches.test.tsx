import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SearchForm } from './search-form';
import { SearchMatches } from './search-matches';

describe('admin search: what it matches', () => {
  it('says under the search box what a search matches, tied to the box for screen readers', () => {
    render(<SearchForm initial="" loading={false} error={null} onSubmit={() => {}} />);
    const box = screen.getByPlaceholderText('email or userId');
    const hint = screen.getByText(/^Matches an e-mail address or its beginning, a user id, or a Stripe customer id\./);
    expect(hint.textContent).toContain('at most 20');
    expect(box.getAttribute('aria-describedby')).toContain(hint.id);
  });

  it('lists several e-mail matches as links to their lookup, and says when there are more', () => {
    const matches = [
      { userId: 'u1', email: 'alice@example.com', userStatus: 'CONFIRMED' },
      { userId: 'u2', email: 'alison@example.com', userStatus: 'UNCONFIRMED' },
    ];
    render(<MemoryRouter><SearchMatches query="ali" matches={matches} more /></MemoryRouter>);
    const list = screen.getByTestId('search-matches');
    expect(within(list).getByRole('heading').textContent).toBe('2 e-mail addresses begin with “ali”');
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['alice@example.com', '/ziggy?q=alice%40example.com'],
      ['alison@example.com', '/ziggy?q=alison%40example.com'],
    ]);
    expect(within(list).getByText(/Only the first 20 are shown/)).toBeTruthy();
  });
});
