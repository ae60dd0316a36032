/** Premium (spec): $12 USD per year, 7-day free trial, auto-renews, with a reminder 3 days before each renewal. */
export const PREMIUM_PRICE_CENTS = 1200;
export const TRIAL_DAYS = 7;
export const RENEWAL_REMINDER_DAYS = 3;

/** Enterprise is the same yearly amount per seat, billed as a quantity. */
export const ENTERPRISE_SEAT_PRICE_CENTS = PREMIUM_PRICE_CENTS;
