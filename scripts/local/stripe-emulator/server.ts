// Local emulator of the Stripe REST subset the product uses. The official SDK talks
// to it unchanged:
//   new Stripe('sk_test_local', { host: '127.0.0.1', port, protocol: 'http' })
// See README.md in this folder for the endpoints and the emulator-only extras.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_VERSION, EmulatorCore } from './core';
import { advance, handleAdmin } from './emulator-admin';
import { StripeApiError } from './errors';
import { faultBody, FaultSwitch, handleFaultAdmin, sleep } from './faults';
import { decodeForm } from './form-decode';
import { handleCheckoutSubmit, renderCheckoutPage, type PageResponse } from './hosted-checkout-page';
import { escapeHtml, page } from './html';
import { randomToken } from './ids';
import { processDueTransitions } from './lifecycle';
import { Params } from './params';
import { renderInvoice, renderReceipt } from './receipt-pages';
import { applyExpand, materialize, publicView } from './render';
import { registerChargeRoutes } from './resources/charges';
import { registerCheckoutSessionRoutes } from './resources/checkout-sessions';
import { registerCustomerRoutes } from './resources/customers';
import { registerIntentAndEventRoutes } from './resources/intents-and-events';
import { registerInvoiceRoutes } from './resources/invoices';
import { registerPaymentMethodRoutes } from './resources/payment-methods';
import { registerPriceRoutes } from './resources/prices';
import { registerSubscriptionRoutes } from './resources/subscriptions';
import { registerWebhookEndpointRoutes } from './resources/webhook-endpoints';
import { Router } from './router';
import type { StoredObject } from './types';

export interface StripeEmulatorOptions {
  /** 0 picks a free port; read the actual one from `StripeEmulator.port`. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** JSON file the state is kept in across restarts; omit for memory only. */
  stateFile?: string;
  /** Where events are POSTed, signed with `webhookSecret`. */
  webhookUrl?: string;
  /** e.g. 'whsec_local'; pass the same secret to `stripe.webhooks.constructEvent`. */
  webhookSecret: string;
  /** Log sink; default console.log with a prefix. `false` silences it. */
  log?: ((message: string) => void) | false;
  /** Waits before webhook retries; default 1, 2, 4, 8, 16 s (5 retries). */
  webhookRetryDelaysMs?: number[];
  /** How often due transitions are checked as real time passes; default 1000 ms. */
  tickIntervalMs?: number;
}

export interface StripeEmulator {
  /** `http://host:port` */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Moves emulator time forward and applies what fell due (trial ends, renewals, retries, ...). */
  advanceClock(seconds: number): Promise<void>;
  /** Emulator time in Unix seconds. */
  now(): number;
  /** Resolves once every queued webhook has been delivered or given up on. */
  webhooksIdle(): Promise<void>;
  /** Back to a fresh, seeded state (same as `POST /_emulator/reset`). */
  reset(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
const IDEMPOTENCY_TTL = 24 * 3600;

function buildRouter(): Router {
  const router = new Router();
  registerPriceRoutes(router);
  registerCustomerRoutes(router);
  registerPaymentMethodRoutes(router);
  registerCheckoutSessionRoutes(router);
  registerSubscriptionRoutes(router);
  registerInvoiceRoutes(router);
  registerChargeRoutes(router);
  registerIntentAndEventRoutes(router);
  registerWebhookEndpointRoutes(router);
  return router;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new StripeApiError(413, { type: 'invalid_request_error', message: 'Request body too large.' }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body, null, 2);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, no-store', ...headers });
  res.end(text);
}

function sendPage(res: ServerResponse, result: PageResponse): void {
  if (result.redirect) {
    res.writeHead(result.status, { Location: result.redirect });
    res.end();
    return;
  }
  res.writeHead(result.status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(result.html ?? '');
}

/** The secret key from `Authorization: Bearer sk_test_…` (or Basic, as curl -u sends it). */
function apiKeyOf(req: IncomingMessage): { key?: string; error?: StripeApiError } {
  const header = req.headers.authorization ?? '';
  let key: string | undefined;
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  const basic = /^Basic\s+(.+)$/i.exec(header);
  if (bearer) key = bearer[1].trim();
  else if (basic) key = Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
  if (!key) {
    return {
      error: new StripeApiError(401, {
        type: 'invalid_request_error',
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      }),
    };
  }
  if (!/^sk_test_\S+$/.test(key)) {
    // Stripe shows only the start and the last four characters of a bad key.
    const masked = key.length > 16 ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}` : `${key.slice(0, 8)}***`;
    return {
      error: new StripeApiError(401, {
        type: 'invalid_request_error',
        code: 'api_key_invalid',
        message: `Invalid API Key provided: ${masked}. The local Stripe emulator accepts any secret test key (sk_test_...).`,
      }),
    };
  }
  return { key };
}

export async function startStripeEmulator(opts: StripeEmulatorOptions): Promise<StripeEmulator> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.log === false ? () => undefined : (opts.log ?? ((m: string) => console.log(`[stripe-emulator] ${m}`)));
  const core = new EmulatorCore({
    stateFile: opts.stateFile,
    webhookUrl: opts.webhookUrl,
    webhookSecret: opts.webhookSecret,
    webhookRetryDelaysMs: opts.webhookRetryDelaysMs,
    log,
  });
  const router = buildRouter();
  const faults = new FaultSwitch();

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, rawBody: string): Promise<void> {
    const method = req.method ?? 'GET';
    const requestId = `req_${randomToken(14)}`;
    const headers: Record<string, string> = {
      'Request-Id': requestId,
      'Stripe-Version': String(req.headers['stripe-version'] ?? API_VERSION),
    };
    const fail = (err: StripeApiError): void => sendJson(res, err.statusCode, err.toJSON(), headers);

    const auth = apiKeyOf(req);
    if (auth.error) return fail(auth.error);

    // Injected faults (faults.ts): wait and/or fail, before or after carrying the request out.
    const fault = faults.take(method, url.pathname);
    if (fault?.hangMs && !fault.after) await sleep(fault.hangMs);
    if (fault?.status && !fault.after) return sendJson(res, fault.status, faultBody(fault), headers);
    const answer = async (status: number, body: unknown, extra: Record<string, string> = {}) => {
      if (fault?.after && fault.hangMs) await sleep(fault.hangMs);
      if (fault?.after && fault.status) return sendJson(res, fault.status, faultBody(fault), headers);
      sendJson(res, status, body, { ...headers, ...extra });
    };

    const match = router.match(method, url.pathname);
    if (!match) {
      return fail(
        new StripeApiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        }),
      );
    }

    // Idempotency: same key + same request → the stored response; same key + different request → error.
    // POST only, as at Stripe: keys sent with GET and DELETE have no effect (those are idempotent by
    // definition; the SDK itself keys only POSTs), so a repeated DELETE is simply carried out again.
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key'] as string | undefined) : undefined;
    const idemSlot = idempotencyKey ? `${auth.key}:${idempotencyKey}` : undefined;
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    if (idemSlot) {
      const prior = core.state.idempotency[idemSlot];
      if (prior) {
        if (prior.method !== method || prior.path !== url.pathname || prior.body !== rawBody) {
          return fail(
            new StripeApiError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            }),
          );
        }
        return answer(prior.status, prior.response, { 'Idempotent-Replayed': 'true' });
      }
    }

    const query = decodeForm(url.search.slice(1));
    const params = new Params(method === 'POST' ? { ...query, ...decodeForm(rawBody) } : query);
    let status = 200;
    let responseText: string;
    core.currentRequest = { id: requestId, idempotency_key: idempotencyKey ?? null };
    try {
      const expand = params.strList('expand') ?? [];
      const result = match.handler({ core, params, path: match.path });
      const body = structuredClone(
        result && typeof result === 'object' && 'object' in result ? publicView(result as StoredObject) : result,
      );
      applyExpand(body, expand, core);
      responseText = JSON.stringify(materialize(body, core.origin), null, 2);
      const ignored = params.unused();
      if (ignored.length > 0) log(`${method} ${url.pathname}: ignored unsupported parameter(s): ${ignored.join(', ')}`);
    } catch (err) {
      if (err instanceof StripeApiError) {
        status = err.statusCode;
        responseText = JSON.stringify(err.toJSON(), null, 2);
      } else {
        status = 500;
        log(`${method} ${url.pathname} failed: ${(err as Error).stack ?? String(err)}`);
        responseText = JSON.stringify({ error: { type: 'api_error', message: `Local Stripe emulator error: ${(err as Error).message}` } });
      }
    } finally {
      core.currentRequest = { id: null, idempotency_key: null };
    }

    // Like Stripe, remember results that executed (success or card decline), not validation errors.
    if (idemSlot && (status < 300 || status === 402)) {
      const now = core.now();
      for (const [k, rec] of Object.entries(core.state.idempotency)) {
        if (rec.created < now - IDEMPOTENCY_TTL) delete core.state.idempotency[k];
      }
      core.state.idempotency[idemSlot] = { method, path: url.pathname, body: rawBody, status, response: responseText, created: now };
      core.markDirty();
    }
    core.flushSoon();
    await answer(status, responseText);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    const rawBody = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);
    const path = url.pathname;

    if (path.startsWith('/v1/')) return handleApi(req, res, url, rawBody);

    if (path.startsWith('/_emulator/')) {
      if (path.startsWith('/_emulator/reset')) faults.clear();
      const armed = handleFaultAdmin(faults, method, path, rawBody, url.searchParams);
      if (armed) return sendJson(res, armed.status, armed.json);
      const result = handleAdmin(core, method, path, rawBody, url.searchParams);
      if (result) return sendJson(res, result.status, result.json);
    }

    const pay = /^\/pay\/([^/]+)\/?$/.exec(path);
    if (pay) {
      const session = core.state.checkoutSessions[decodeURIComponent(pay[1])];
      if (!session) return sendPage(res, { status: 404, html: page('Checkout', '<h1>Checkout session not found</h1>') });
      if (method === 'POST') {
        const result = handleCheckoutSubmit(core, session, new URLSearchParams(rawBody));
        core.flushSoon();
        return sendPage(res, result);
      }
      return sendPage(res, { status: 200, html: renderCheckoutPage(core, session) });
    }

    const receipt = /^\/receipts\/([^/]+)\/?$/.exec(path);
    if (receipt && method === 'GET') {
      const html = renderReceipt(core, decodeURIComponent(receipt[1]));
      return sendPage(res, html ? { status: 200, html } : { status: 404, html: page('Receipt', '<h1>Receipt not found</h1>') });
    }

    const invoice = /^\/invoices\/([^/]+)\/?$/.exec(path);
    if (invoice && method === 'GET') {
      const html = renderInvoice(core, decodeURIComponent(invoice[1]));
      return sendPage(res, html ? { status: 200, html } : { status: 404, html: page('Invoice', '<h1>Invoice not found</h1>') });
    }

    if (path === '/' && method === 'GET') {
      const open = Object.values(core.state.checkoutSessions).filter((s) => s.status === 'open');
      const html = page(
        'Stripe emulator',
        `<h1>Local Stripe emulator</h1>
<p>API at <code>${escapeHtml(core.origin)}/v1</code>. Emulator time: ${escapeHtml(new Date(core.now() * 1000).toISOString())}.</p>
<p><a href="/_emulator/state">State dump</a></p>
<h2>Open checkout sessions</h2>
<ul>${open.map((s) => `<li><a href="/pay/${escapeHtml(s.id)}">${escapeHtml(s.id)}</a> (${escapeHtml(s.mode)})</li>`).join('') || '<li>None</li>'}</ul>`,
      );
      return sendPage(res, { status: 200, html });
    }

    sendJson(res, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.` },
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (err instanceof StripeApiError) {
        if (!res.headersSent) sendJson(res, err.statusCode, err.toJSON());
        return;
      }
      log(`request failed: ${(err as Error).stack ?? String(err)}`);
      if (!res.headersSent) sendJson(res, 500, { error: { type: 'api_error', message: 'Local Stripe emulator error.' } });
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  core.origin = origin;

  // Time passed while the emulator was stopped: catch up, then resume unfinished deliveries.
  processDueTransitions(core);
  core.resumePendingWebhooks();
  core.flush();

  // Real time moves the emulator clock too (e.g. a short trial made with trial_end), so check regularly.
  const ticker = setInterval(() => {
    try {
      if (processDueTransitions(core) > 0) core.flushSoon();
    } catch (err) {
      log(`scheduled processing failed: ${(err as Error).stack ?? String(err)}`);
    }
  }, opts.tickIntervalMs ?? 1000);
  ticker.unref();

  let closed = false;
  return {
    url: origin,
    port,
    now: () => core.now(),
    async advanceClock(seconds: number) {
      advance(core, seconds);
    },
    webhooksIdle: () => core.webhooks.idle(),
    async reset() {
      core.reset();
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(ticker);
      core.webhooks.close();
      core.flush();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
