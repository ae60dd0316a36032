import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reviews } from '../content/reviews';
import { ReviewColumns } from './review-columns';

afterEach(cleanup);

describe('ReviewColumns', () => {
  it('shows the six reviews in 2 columns of three, in order', () => {
    render(<ReviewColumns />);
    const section = screen.getByRole('region', { name: 'What our users say' });
    const columns = within(section).getAllByRole('list');
    expect(columns).toHaveLength(2);
    const names = columns.map((c) => within(c).getAllByRole('listitem').map((li) => li.querySelector('.review__name')?.textContent));
    expect(names).toEqual([reviews.slice(0, 3).map((r) => r.name), reviews.slice(3).map((r) => r.name)]);
  });

  it('gives every review its name, date, text, and a 1x and 2x image', () => {
    render(<ReviewColumns />);
    const first = reviews[0];
    expect(screen.getByText(first.text)).toBeTruthy();
    const date = screen.getByText('January 14, 2025');
    expect(date.getAttribute('datetime')).toBe(first.date);
    const img = document.querySelector<HTMLImageElement>(`img[src="${first.image}"]`);
    expect(img?.getAttribute('srcset')).toBe(`${first.image} 1x, ${first.image2x} 2x`);
  });
});
