// Stripe's documented test cards, with the behaviour the emulator gives them.
// https://docs.stripe.com/testing#cards

export type ChargeBehavior =
  /** Every charge succeeds. */
  | 'succeed'
  /** Can be saved (attach/setup/trial succeed) but every charge is declined: 4000 0000 0000 0341. */
  | 'decline_charges';

interface TestCard {
  brand: 'visa' | 'mastercard' | 'amex' | 'discover';
  funding: 'credit' | 'debit';
  /** Set when the card is refused outright, even for saving it. */
  decline?: { code: string; declineCode: string; message: string };
  charges: ChargeBehavior;
}

const GENERIC_DECLINE = { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };

const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', funding: 'credit', charges: 'succeed' },
  '4000056655665556': { brand: 'visa', funding: 'debit', charges: 'succeed' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit', charges: 'succeed' },
  '2223003122003222': { brand: 'mastercard', funding: 'credit', charges: 'succeed' },
  '378282246310005': { brand: 'amex', funding: 'credit', charges: 'succeed' },
  '6011111111111117': { brand: 'discover', funding: 'credit', charges: 'succeed' },
  '4000000000000341': { brand: 'visa', funding: 'credit', charges: 'decline_charges' },
  '4000000000000002': { brand: 'visa', funding: 'credit', charges: 'decline_charges', decline: GENERIC_DECLINE },
  '4000000000009995': {
    brand: 'visa',
    funding: 'credit',
    charges: 'decline_charges',
    decline: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  '4000000000000069': {
    brand: 'visa',
    funding: 'credit',
    charges: 'decline_charges',
    decline: { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  },
};

/** The `pm_card_*` / `tok_*` shortcuts Stripe test mode accepts in place of card numbers. */
const TEST_TOKENS: Record<string, string> = {
  visa: '4242424242424242',
  visa_debit: '4000056655665556',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
  chargeCustomerFail: '4000000000000341',
  chargeDeclined: '4000000000000002',
  chargeDeclinedInsufficientFunds: '4000000000009995',
};

export function cardNumberForToken(token: string): string | undefined {
  const m = /^(?:pm_card_|tok_)(.+)$/.exec(token);
  return m ? TEST_TOKENS[m[1]] : undefined;
}

export type CardLookup = { ok: true; number: string; card: TestCard } | { ok: false; message: string; code: string };

/** Spaces and dashes are allowed, as people type them. */
export function lookupTestCard(raw: string): CardLookup {
  const number = raw.replace(/[\s-]/g, '');
  const card = /^\d+$/.test(number) ? TEST_CARDS[number] : undefined;
  if (!card) return { ok: false, message: 'Your card number is invalid.', code: 'invalid_number' };
  return { ok: true, number, card };
}

/** The charge behaviour of a saved card, from its last4 (all test cards have distinct last4s). */
export function chargeBehaviorForLast4(last4: string): ChargeBehavior {
  for (const [number, card] of Object.entries(TEST_CARDS)) {
    if (number.endsWith(last4)) return card.charges;
  }
  return 'succeed';
}

/** Parses "MM / YY", "MM/YY", "MMYY" or "MM/YYYY". */
export function parseExpiry(raw: string): { month: number; year: number } | undefined {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}
