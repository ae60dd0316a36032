// One real-browser run of the hosted checkout page (Debian Chromium via playwright-core),
// driven by labels and roles the way the product's end-to-end tests will drive it.

import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeEmulator } from './server';
import { startWithSdk } from './test-helpers';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

describe.skipIf(!existsSync(CHROME))('hosted checkout page in Chromium', () => {
  let emulator: StripeEmulator;
  let stripe: Stripe;
  let browser: Browser;
  let site: Server;
  let siteUrl: string;

  beforeAll(async () => {
    ({ emulator, stripe } = await startWithSdk());
    // Stands in for the product's website: the success and cancel pages.
    site = createServer((req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<h1>Site ${req.url}</h1>`));
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROME, args: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    site?.close();
    await emulator?.close();
  });

  it('shows a decline, then starts the trial and lands on success_url', async () => {
    const customer = await stripe.customers.create({ email: 'browser@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: 'price_premium_yearly', quantity: 1 }],
      subscription_data: { trial_period_days: 7 },
      success_url: `${siteUrl}/checkout?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${siteUrl}/checkout?checkout=cancel`,
    });

    const page = await browser.newPage();
    await page.goto(session.url!);
    await expect(page.getByRole('heading', { name: 'Start your free trial' }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe(`${siteUrl}/checkout?checkout=cancel`);

    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Name on card').fill('Grace Hopper');
    await page.getByRole('button', { name: 'Start trial' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('Your card was declined.');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Start trial' }).click();
    await page.waitForURL(`${siteUrl}/checkout?checkout=success&session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect((done.subscription as Stripe.Subscription).status).toBe('trialing');
    await page.close();
  }, 30_000);
});
