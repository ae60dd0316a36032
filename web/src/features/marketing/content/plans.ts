import { PREMIUM_PRICE_CENTS, TRIAL_DAYS } from '#shared/domain/premium-plan';

/** A plan card (spec: amount in cents, shown per month). */
export interface Plan {
  id: 'basic' | 'premium';
  name: string;
  /** Price per billing interval, in US cents. */
  amountCents: number;
  /** Billing interval; none for the free plan. */
  interval?: 'year';
  summary: string;
  points: string[];
}


/**
 * The trial is one per customer and the server decides (account lookup `trialEligible`). The
 * prerendered marketing pages do not know who is reading without loading Amplify, so they say the
 * one thing true for everyone.
 */
export const TRIAL_OFFER = `${TRIAL_DAYS}-day free trial for new subscribers`;

export const plans: Plan[] = [
  {
    id: 'basic',
    name: 'Basic',
    amountCents: 0,
    summary: 'Everything you need to capture whole pages.',
    points: ['One-click full-page capture', 'PNG, JPG and PDF export', 'Keyboard shortcut alt+shift+p', 'Screenshots stay in your browser unless you save them'],
  },
  {
    id: 'premium',
    name: 'Premium',
    amountCents: PREMIUM_PRICE_CENTS,
    interval: 'year',
    // The price and the trial are on the card's billing line; this does not repeat them.
    summary: 'Every editing tool, renewed each year. Cancel the trial at any time from your account page.',
    points: ['Everything in Basic', 'Cropping', 'Annotation: blur, text and highlight', 'URL and date stamp', 'Smart PDF page splitting', 'Priority support'],
  },
];
