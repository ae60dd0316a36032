import { SUPPORT_EMAIL } from '#shared/domain/support-email';

/**
 * Facts about the company that the header, footer and marketing pages all state. One place, so
 * the About page, the footer statistics and the legal texts never disagree.
 */
export const siteFacts = {
  company: 'Full Page Shot LLC',
  founded: 2012,
  city: 'Austin, Texas',
  /** Users, as the About page and footer state them. */
  usersText: '8 million',
  usersShort: '8M+',
  /** Average store rating and how many five-star ratings it has. */
  rating: '4.8',
  ratingOutOf: '5',
  fiveStarRatings: '95,000+',
  supportEmail: SUPPORT_EMAIL,
  salesEmail: 'sales@fullpageshot.com',
  pressEmail: 'press@fullpageshot.com',
  privacyEmail: 'privacy@fullpageshot.com',
  postalAddress: ['Full Page Shot LLC', 'P.O. Box 12012', 'Austin, TX 78711', 'United States'],
  supportTicketsUrl: 'https://support.fullpageshot.com/hc/requests/new',
  social: [
    { label: 'X (Twitter)', href: 'https://x.com/fullpageshot' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/fullpageshot' },
    { label: 'YouTube', href: 'https://www.youtube.com/@fullpageshot' },
    { label: 'GitHub', href: 'https://github.com/fullpageshot' },
  ],
} as const;

export const mailto = (address: string, subject?: string) =>
  subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
