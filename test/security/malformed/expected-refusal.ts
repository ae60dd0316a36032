import Stripe from 'stripe';
import { MAX_BODY_BYTES } from '../../../lambdas/lib/parse-request';
import type { FuzzRequest } from './fuzz-request';

// Only its signature check is used: no network.
const stripeSdk = new Stripe('sk_test_fuzz');

/** Query parameters as API Gateway passes them: repeated keys joined with commas, every key an own property. */
function decodeQuery(raw: string): Record<string, string> {
  const joined = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(raw)) joined.set(k, joined.has(k) ? `${joined.get(k)},${v}` : v);
  return Object.fromEntries(joined);
}

/** A path segment as the API decodes it (a segment that is not valid percent-encoding stays as sent). */
function decodeSegment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const bodyText = (body: FuzzRequest['body']) =>
  body === undefined ? '' : typeof body === 'string' ? body : Buffer.from(body).toString('utf8');

/**
 * Why the API must refuse this request, or `undefined` when the request is in fact valid and must
 * not be sent (a valid request would be served and might write). Judged on the decoded input with
 * the route's zod schemas, the body-size limit, the JSON content type, and for the webhook the
 * Stripe signature over the raw body.
 */
export function expectedRefusal(req: FuzzRequest, webhookSecret: string): string | undefined {
  const { route } = req;
  const text = bodyText(req.body);
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) return 'body too large';
  if (route.caller === 'stripe-signature') {
    const signature = req.headers['stripe-signature'];
    if (!signature) return 'no signature';
    try {
      stripeSdk.webhooks.constructEvent(text, signature, webhookSecret);
    } catch {
      return 'bad signature';
    }
    return undefined;
  }
  let body: unknown = {};
  if (text.trim() !== '') {
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return 'not JSON content type';
    try {
      body = JSON.parse(text);
    } catch {
      return 'invalid JSON';
    }
  }
  if (route.body && !route.body.safeParse(body).success) return 'body fails schema';
  if (route.query && !route.query.safeParse(decodeQuery(req.rawQuery)).success) return 'query fails schema';
  const params = Object.fromEntries(Object.entries(req.rawParams).map(([k, v]) => [k, decodeSegment(v)]));
  if (route.params && !route.params.safeParse(params).success) return 'path fails schema';
  return undefined;
}
