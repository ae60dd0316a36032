import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { decodeForm, parseKey } from './form-decode';

describe('decodeForm (Stripe bracket notation)', () => {
  it('decodes nested hashes, indexed arrays and appended arrays', () => {
    const body =
      'mode=subscription&line_items[0][price]=price_x&line_items[0][quantity]=2&line_items[1][price]=price_y' +
      '&metadata[userId]=u%201&subscription_data[metadata][plan]=premium&expand[]=subscription&expand[]=customer';
    expect(decodeForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_x', quantity: '2' }, { price: 'price_y' }],
      metadata: { userId: 'u 1' },
      subscription_data: { metadata: { plan: 'premium' } },
      expand: ['subscription', 'customer'],
    });
  });

  it('accepts percent-encoded brackets, plus as space and empty values', () => {
    expect(decodeForm('metadata%5Bnote%5D=a+b&description=&expand%5B0%5D=data.charge')).toEqual({
      metadata: { note: 'a b' },
      description: '',
      expand: ['data.charge'],
    });
  });

  it('keeps numeric metadata keys as keys, not array indexes', () => {
    expect(decodeForm('metadata[0]=zero&metadata[1]=one')).toEqual({ metadata: { '0': 'zero', '1': 'one' } });
  });

  it('orders indexed arrays numerically', () => {
    expect(decodeForm('items[10][q]=b&items[2][q]=a')).toEqual({ items: [{ q: 'a' }, { q: 'b' }] });
  });

  it('ignores prototype-polluting keys and malformed keys', () => {
    const out = decodeForm('__proto__[x]=1&a[constructor][y]=2&b[c=3&ok=1');
    expect(out).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('round-trips what the official SDK sends', async () => {
    // Capture the raw body the SDK produces for a nested update.
    let raw = '';
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        raw = Buffer.concat(chunks).toString('utf8');
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"id":"cus_1","object":"customer"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const stripe = new Stripe('sk_test_x', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
    await stripe.customers.update('cus_1', {
      invoice_settings: { default_payment_method: 'pm_1' },
      metadata: { 'user id': 'a&b=c[d]', empty: '' },
      preferred_locales: ['en', 'de'],
      expand: ['subscriptions', 'default_source'],
    });
    server.close();
    expect(decodeForm(raw)).toEqual({
      invoice_settings: { default_payment_method: 'pm_1' },
      metadata: { 'user id': 'a&b=c[d]', empty: '' },
      preferred_locales: ['en', 'de'],
      expand: ['subscriptions', 'default_source'],
    });
  });

  it('parses keys', () => {
    expect(parseKey('a[b][0][]')).toEqual(['a', 'b', '0', '']);
    expect(parseKey('plain')).toEqual(['plain']);
    expect(parseKey('a[b')).toBeNull();
  });
});
