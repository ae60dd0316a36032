// Pages behind `charge.receipt_url` (/receipts/:chargeId) and
// `invoice.hosted_invoice_url` (/invoices/:invoiceId). Like Stripe's, they need no
// API key: the unguessable id in the URL is the credential.

import { PRODUCT_NAME } from '#shared/domain/product-name';
import { formatAmount, invoiceIdOfCharge } from './billing';
import type { EmulatorCore } from './core';
import { escapeHtml, formatDate, page } from './html';

export function renderReceipt(core: EmulatorCore, chargeId: string): string | undefined {
  const charge = core.state.charges[chargeId];
  if (!charge) return undefined;
  const card = charge.payment_method_details.card;
  const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  const refunds = Object.values(core.state.refunds).filter((r) => r.charge === charge.id);
  const invoiceId = invoiceIdOfCharge(core, charge.id);
  const invoice = invoiceId ? core.state.invoices[invoiceId] : undefined;
  const lines = invoice
    ? invoice.lines.data.map((l) => `<tr><td>${escapeHtml(l.description)}</td><td>${formatAmount(l.amount, l.currency)}</td></tr>`).join('')
    : `<tr><td>${escapeHtml(charge.description ?? 'Payment')}</td><td>${formatAmount(charge.amount, charge.currency)}</td></tr>`;
  const refundRows = refunds
    .map((r) => `<div class="row"><span>Refunded ${escapeHtml(formatDate(r.created))}</span><span>-${formatAmount(r.amount, r.currency)}</span></div>`)
    .join('');
  const body = `
<h1>Receipt from ${escapeHtml(PRODUCT_NAME)}</h1>
<p class="muted">Receipt #${escapeHtml(charge.receipt_number ?? charge.id)}</p>
${charge.status === 'succeeded' ? '' : '<p class="error" role="alert">This payment failed.</p>'}
<section class="summary" aria-label="Payment">
<div class="row"><span>Amount paid</span><strong>${formatAmount(charge.status === 'succeeded' ? charge.amount : 0, charge.currency)}</strong></div>
<div class="row"><span>Date paid</span><span>${escapeHtml(formatDate(charge.created))}</span></div>
<div class="row"><span>Payment method</span><span>${escapeHtml(brand)} – ${escapeHtml(card.last4)}</span></div>
${refundRows}
</section>
<h2>Summary</h2>
<table>${lines}</table>
${invoice ? `<p><a href="/invoices/${escapeHtml(invoice.id)}">View invoice ${escapeHtml(invoice.number ?? invoice.id)}</a></p>` : ''}`;
  return page('Receipt', body);
}

export function renderInvoice(core: EmulatorCore, invoiceId: string): string | undefined {
  const invoice = core.state.invoices[invoiceId];
  if (!invoice) return undefined;
  const charges = Object.values(core.state.charges).filter((c) => invoiceIdOfCharge(core, c.id) === invoice.id);
  const lines = invoice.lines.data
    .map((l) => `<tr><td>${escapeHtml(l.description)}</td><td>${formatAmount(l.amount, l.currency)}</td></tr>`)
    .join('');
  const body = `
<h1>Invoice ${escapeHtml(invoice.number ?? invoice.id)}</h1>
<section class="summary" aria-label="Invoice">
<div class="row"><span>Status</span><strong>${escapeHtml(invoice.status)}</strong></div>
<div class="row"><span>Date</span><span>${escapeHtml(formatDate(invoice.created))}</span></div>
<div class="row"><span>Billed to</span><span>${escapeHtml(invoice.customer_email ?? invoice.customer)}</span></div>
<div class="row"><span>Amount due</span><span>${formatAmount(invoice.amount_due, invoice.currency)}</span></div>
<div class="row"><span>Amount paid</span><span>${formatAmount(invoice.amount_paid, invoice.currency)}</span></div>
</section>
<table>${lines}</table>
${charges.map((c) => `<p><a href="/receipts/${escapeHtml(c.id)}">Receipt for ${formatAmount(c.amount, c.currency)} (${escapeHtml(c.status)})</a></p>`).join('')}`;
  return page('Invoice', body);
}
