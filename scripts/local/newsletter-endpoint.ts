import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';

/**
 * A local stand-in for a Mailchimp-style list's `post-json` endpoint, which the newsletter form
 * calls by JSONP: `GET …/newsletter/post-json?EMAIL=a@b.c&c=<callback>` answers a script that calls
 * `<callback>({"result":"success"|"error","msg":"…"})`. Sign-ups go to a JSON file.
 */

export interface NewsletterEndpointOptions {
  /** JSON file holding `{ "subscribers": [{ "email", "subscribedAt" }] }`; created on first sign-up. */
  file: string;
  /** The list name used in messages. */
  listName?: string;
}

interface Subscriber {
  email: string;
  subscribedAt: string;
}

interface ListFile {
  subscribers: Subscriber[];
}

type NewsletterResult = { result: 'success' | 'error'; msg: string };

const SUCCESS_MSG = 'Thank you for subscribing!';

// The provider's own wording, numbered field first ("0 - ") as Mailchimp does.
const INVALID_MSG = '0 - An email address must contain a single @.';
const INVALID_DOMAIN_MSG = '0 - The domain portion of the email address is invalid.';
const MISSING_MSG = '0 - Please enter a value.';
const alreadyMsg = (email: string, list: string) => `${email} is already subscribed to list ${list}.`;

/** A JavaScript identifier path (`cb`, `jsonp_1`, `a.b`): anything else could inject script. */
const CALLBACK = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;
const EMAIL = /^[^\s@<>()",;:]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/;

function checkEmail(raw: string): NewsletterResult | undefined {
  const email = raw.trim();
  if (!email) return { result: 'error', msg: MISSING_MSG };
  if (email.split('@').length !== 2) return { result: 'error', msg: INVALID_MSG };
  if (email.length > 254 || !EMAIL.test(email)) return { result: 'error', msg: INVALID_DOMAIN_MSG };
  return undefined;
}

function readList(file: string): ListFile {
  if (!existsSync(file)) return { subscribers: [] };
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<ListFile>;
  return { subscribers: Array.isArray(parsed.subscribers) ? parsed.subscribers : [] };
}

function writeList(file: string, list: ListFile): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(list, null, 2)}\n`);
  renameSync(tmp, file); // atomic: a reader never sees half a file
}

/** Subscribes `email`; reads and writes synchronously, so concurrent requests cannot interleave. */
function subscribe(file: string, email: string, listName = 'Full Page Shot News', now = new Date()): NewsletterResult {
  const invalid = checkEmail(email);
  if (invalid) return invalid;
  const normalized = email.trim().toLowerCase();
  const list = readList(file);
  if (list.subscribers.some((s) => s.email === normalized)) {
    return { result: 'error', msg: alreadyMsg(normalized, listName) };
  }
  list.subscribers.push({ email: normalized, subscribedAt: now.toISOString() });
  writeList(file, list);
  return { result: 'success', msg: SUCCESS_MSG };
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

export function createNewsletterEndpoint(opts: NewsletterEndpointOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const listName = opts.listName ?? 'Full Page Shot News';
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Mounted under a prefix or not, the endpoint is the path ending in /post-json.
    if (!url.pathname.replace(/\/+$/, '').endsWith('/post-json')) {
      send(res, 404, 'text/plain; charset=utf-8', 'Not found');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('allow', 'GET, HEAD');
      send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed');
      return;
    }
    const callback = url.searchParams.get('c') ?? url.searchParams.get('callback') ?? '';
    let result: NewsletterResult;
    try {
      result = subscribe(opts.file, url.searchParams.get('EMAIL') ?? '', listName);
    } catch {
      result = { result: 'error', msg: 'The list is unavailable right now. Please try again later.' };
    }
    if (!callback) {
      send(res, 200, 'application/json; charset=utf-8', JSON.stringify(result));
      return;
    }
    if (!CALLBACK.test(callback) || callback.length > 128) {
      send(res, 400, 'text/plain; charset=utf-8', 'Invalid callback');
      return;
    }
    // U+2028/2029 are valid in JSON but end a line in older JavaScript parsers.
    const payload = JSON.stringify(result).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
    send(res, 200, 'application/javascript; charset=utf-8', `${callback}(${payload})`);
  };
}
