// Tiny HTML helpers for the emulator's own pages (checkout, receipts, invoices).

import { PRODUCT_NAME } from '#shared/domain/product-name';

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function formatDate(ts: number): string {
  return new Date(ts * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

const STYLE = `
  body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f6f9fc; color: #1a1f36; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  .summary { border-bottom: 1px solid #e3e8ee; padding-bottom: 1rem; margin-bottom: 1rem; }
  .amount { font-size: 1.6rem; font-weight: 600; }
  .row { display: flex; justify-content: space-between; gap: 1rem; margin: .3rem 0; }
  label { display: block; font-weight: 500; margin: .9rem 0 .3rem; }
  input { width: 100%; box-sizing: border-box; padding: .6rem; font-size: 1rem; border: 1px solid #cfd7df; border-radius: 4px; }
  input[aria-invalid="true"] { border-color: #df1b41; }
  .pair { display: flex; gap: 1rem; } .pair > div { flex: 1; }
  button { margin-top: 1.4rem; width: 100%; padding: .8rem; font-size: 1rem; font-weight: 600; color: #fff; background: #635bff; border: 0; border-radius: 4px; cursor: pointer; }
  .error { color: #df1b41; background: #fff5f7; border: 1px solid #f8c3cf; padding: .6rem; border-radius: 4px; margin-top: 1rem; }
  .muted { color: #697386; font-size: .9rem; }
  .badge { display: inline-block; background: #ffde92; color: #5c3b00; font-size: .75rem; font-weight: 600; padding: .1rem .4rem; border-radius: 3px; }
  table { width: 100%; border-collapse: collapse; } td, th { text-align: left; padding: .3rem 0; }
  a { color: #635bff; }
`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p><span class="badge">TEST MODE</span> <strong class="business">${escapeHtml(PRODUCT_NAME)}</strong> <span class="muted">· Local Stripe emulator</span></p>
${body}
</main>
</body>
</html>`;
}
