// The hosted checkout page at /pay/:sessionId, standing in for checkout.stripe.com.
// A plain form with labelled fields (so tests can drive it by role and label):
// "Card number", "Expiry", "CVC", "Name on card", a "Start trial" / "Pay" /
// "Save card" button, and a "Cancel" link back to cancel_url.

import { formatAmount } from './billing';
import { completeCheckoutSession } from './checkout-completion';
import { SECONDS } from './clock';
import type { EmulatorCore } from './core';
import { escapeHtml, formatDate, page } from './html';
import { lookupTestCard, parseExpiry } from './test-cards';
import type { CheckoutSession } from './types';

export interface PageResponse {
  status: number;
  html?: string;
  redirect?: string;
}

type Field = 'email' | 'card_number' | 'expiry' | 'cvc' | 'name';

interface FormState {
  values: Partial<Record<Field, string>>;
  error?: { message: string; field?: Field };
}

function needsEmail(session: CheckoutSession): boolean {
  return !session.customer && !session.customer_email;
}

function trialDays(core: EmulatorCore, session: CheckoutSession): number | null {
  const settings = core.state.checkoutSettings[session.id];
  if (!settings) return null;
  if (settings.trialPeriodDays) return settings.trialPeriodDays;
  if (settings.trialEnd) return Math.max(1, Math.round((settings.trialEnd - core.now()) / SECONDS.day));
  return null;
}

function summary(core: EmulatorCore, session: CheckoutSession): { heading: string; html: string; button: string } {
  if (session.mode === 'setup') {
    const customer = session.customer ? core.state.customers[session.customer] : undefined;
    return {
      heading: 'Update your payment method',
      html: `<p>Save a card for future payments${customer?.email ? ` for <strong>${escapeHtml(customer.email)}</strong>` : ''}. You will not be charged now.</p>`,
      button: 'Save card',
    };
  }
  const items = core.state.checkoutLineItems[session.id] ?? [];
  const days = trialDays(core, session);
  const total = items.reduce((sum, li) => sum + li.amount_total, 0);
  const interval = items[0]?.price.recurring;
  const per = interval ? (interval.interval_count > 1 ? `every ${interval.interval_count} ${interval.interval}s` : `per ${interval.interval}`) : '';
  const lines = items
    .map((li) => {
      const each = li.quantity > 1 ? ` <span class="muted">(${li.quantity} × ${formatAmount(li.price.unit_amount, li.currency)})</span>` : '';
      return `<div class="row"><span>${escapeHtml(li.description)}${each}</span><span>${formatAmount(li.amount_total, li.currency)} ${per}</span></div>`;
    })
    .join('\n');
  const headline = days
    ? `<p class="amount">${days} days free</p><p>Then ${formatAmount(total)} ${per}</p>`
    : `<p class="amount">${formatAmount(total)} ${per}</p>`;
  return {
    heading: days ? 'Start your free trial' : `Subscribe to ${[...new Set(items.map((li) => li.description))].join(', ')}`,
    html: `${headline}\n${lines}\n<div class="row"><strong>Total due today</strong><strong>${formatAmount(days ? 0 : total)}</strong></div>`,
    button: days ? 'Start trial' : 'Pay',
  };
}

function input(field: Field, label: string, state: FormState, attrs: string): string {
  const invalid = state.error?.field === field;
  const value = state.values[field] ?? '';
  return `<label for="${field}">${label}</label>
<input id="${field}" name="${field}" value="${escapeHtml(value)}" ${attrs}${invalid ? ' aria-invalid="true" aria-describedby="form-error"' : ''}>`;
}

export function renderCheckoutPage(core: EmulatorCore, session: CheckoutSession, state: FormState = { values: {} }): string {
  if (session.status !== 'open') {
    const body =
      session.status === 'complete'
        ? `<h1>Payment complete</h1><p>This checkout session is already complete.</p>${
            session.success_url ? `<p><a href="${escapeHtml(session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id))}">Continue</a></p>` : ''
          }`
        : `<h1>Session expired</h1><p>This checkout session has expired. Please start a new checkout.</p>${
            session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Go back</a></p>` : ''
          }`;
    return page('Checkout', body);
  }
  const s = summary(core, session);
  const error = state.error ? `<div id="form-error" class="error" role="alert">${escapeHtml(state.error.message)}</div>` : '';
  const body = `
<h1>${escapeHtml(s.heading)}</h1>
<section class="summary" aria-label="Order summary">
${s.html}
</section>
<form method="post" action="/pay/${escapeHtml(session.id)}" novalidate>
${needsEmail(session) ? input('email', 'Email', state, 'type="email" autocomplete="email" required') : ''}
${input('card_number', 'Card number', state, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required')}
<div class="pair">
<div>${input('expiry', 'Expiry', state, 'autocomplete="cc-exp" placeholder="MM / YY" required')}</div>
<div>${input('cvc', 'CVC', state, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" required')}</div>
</div>
${input('name', 'Name on card', state, 'autocomplete="cc-name" required')}
${error}
<button type="submit">${escapeHtml(s.button)}</button>
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ''}
<p class="muted">Test cards: 4242 4242 4242 4242 (Visa) or 5555 5555 5555 4444 (Mastercard) succeed; 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 saves but later charges fail. Any future expiry and any CVC.</p>
<p class="muted">Session expires ${escapeHtml(formatDate(session.expires_at))}.</p>`;
  return page('Checkout', body);
}

/** Validates the submitted form the way Stripe's card element does, in the same order. */
function validate(core: EmulatorCore, session: CheckoutSession, values: FormState['values']): FormState['error'] | { expMonth: number; expYear: number } {
  if (needsEmail(session) && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email ?? '')) {
    return { message: 'Your email address is invalid.', field: 'email' };
  }
  const card = lookupTestCard(values.card_number ?? '');
  if (!card.ok) return { message: card.message, field: 'card_number' };
  const expiry = parseExpiry(values.expiry ?? '');
  if (!expiry) return { message: "Your card's expiration date is incomplete.", field: 'expiry' };
  const today = new Date(core.now() * 1000);
  const year = today.getUTCFullYear();
  if (expiry.year < year) return { message: "Your card's expiration year is in the past.", field: 'expiry' };
  if (expiry.year === year && expiry.month < today.getUTCMonth() + 1) {
    return { message: "Your card's expiration date is in the past.", field: 'expiry' };
  }
  if (!/^\d{3,4}$/.test((values.cvc ?? '').trim())) return { message: "Your card's security code is incomplete.", field: 'cvc' };
  if (!(values.name ?? '').trim()) return { message: 'Enter the name on your card.', field: 'name' };
  return { expMonth: expiry.month, expYear: expiry.year };
}

export function handleCheckoutSubmit(core: EmulatorCore, session: CheckoutSession, form: URLSearchParams): PageResponse {
  if (session.status !== 'open') return { status: 409, html: renderCheckoutPage(core, session) };
  const values: FormState['values'] = {
    email: form.get('email') ?? undefined,
    card_number: form.get('card_number') ?? '',
    expiry: form.get('expiry') ?? '',
    cvc: form.get('cvc') ?? '',
    name: form.get('name') ?? '',
  };
  const checked = validate(core, session, values);
  if (!checked || 'message' in checked) {
    return { status: 400, html: renderCheckoutPage(core, session, { values, error: checked }) };
  }
  const result = completeCheckoutSession(core, session, {
    number: values.card_number!,
    expMonth: checked.expMonth,
    expYear: checked.expYear,
    name: values.name!.trim(),
    email: values.email?.trim(),
  });
  if (!result.ok) {
    return { status: 402, html: renderCheckoutPage(core, session, { values, error: { message: result.message, field: 'card_number' } }) };
  }
  if (result.redirectUrl) return { status: 303, redirect: result.redirectUrl };
  return { status: 200, html: renderCheckoutPage(core, session) };
}
