import { describe, expect, it } from 'vitest';
import { buildPageTitle } from './page-title-text';

describe('buildPageTitle', () => {
  it('joins the page name and the product title with " | "', () => {
    expect(buildPageTitle('About Us')).toBe('About Us | Full Page Shot');
    expect(buildPageTitle('Accessibility')).toBe('Accessibility | Full Page Shot');
  });
  it('is the product title alone without a page name', () => {
    expect(buildPageTitle()).toBe('Full Page Shot');
    expect(buildPageTitle('   ')).toBe('Full Page Shot');
  });
});
