import { beforeEach, describe, expect, it } from 'vitest';
import { shouldTrackPageView, trackAddToCart, trackPageChange, trackViewProduct } from './analytics';

beforeEach(() => {
  window.dataLayer = [];
});

describe('page-change events', () => {
  it('pushes {event: pageChange, page} for ordinary pages', () => {
    trackPageChange('/faq');
    trackPageChange('/');
    expect(window.dataLayer).toEqual([
      { event: 'pageChange', page: '/faq' },
      { event: 'pageChange', page: '/' },
    ]);
  });
  it('skips the sign-in and sign-out routes', () => {
    trackPageChange('/auth/signin');
    trackPageChange('/auth/signout/');
    expect(window.dataLayer).toEqual([]);
    expect(shouldTrackPageView('/auth')).toBe(true);
    expect(shouldTrackPageView('/auth/signinx')).toBe(true);
  });
});

describe('ecommerce events', () => {
  it('carries category, action, label, products and page name', () => {
    const products = [{ id: 'premium', name: 'Premium', price: 12 }];
    trackViewProduct({ category: 'Ecommerce', action: 'View product', label: 'Premium', products, pageName: 'Premium' });
    trackAddToCart({ category: 'Ecommerce', action: 'Add to cart', label: 'Premium', products, pageName: 'Premium' });
    expect(window.dataLayer?.map((e) => e.event)).toEqual(['viewProduct', 'addToCart']);
    expect(window.dataLayer?.[1]).toEqual({
      event: 'addToCart', eventCategory: 'Ecommerce', eventAction: 'Add to cart', eventLabel: 'Premium',
      pageName: 'Premium', ecommerce: { products },
    });
  });
});
