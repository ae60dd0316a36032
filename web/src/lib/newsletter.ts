/**
 * Newsletter sign-up through a mailing-list provider's `post-json` endpoint (Mailchimp style),
 * called by JSONP because such endpoints send no CORS headers: a <script> is added whose URL names
 * a global callback, and the provider answers `callback({"result":"success"|"error","msg":"…"})`.
 *
 * The endpoint comes from the runtime `/config.json` (field `newsletterUrl`), so one built bundle
 * serves every environment; the local stack points it at scripts/local/newsletter-endpoint.ts.
 */

/** Newsletter request timeout (spec): 60 seconds. */
export const NEWSLETTER_TIMEOUT_MS = 60_000;

export interface NewsletterResponse {
  result: 'success' | 'error';
  msg: string;
}

export class NewsletterError extends Error {
  constructor(message: string, readonly kind: 'provider' | 'timeout' | 'network' | 'config') {
    super(message);
    this.name = 'NewsletterError';
  }
}

const TIMEOUT_MESSAGE = 'The sign-up took too long. Please try again.';
const NETWORK_MESSAGE = 'We could not reach the mailing list. Please try again later.';
const NOT_CONFIGURED_MESSAGE = 'The newsletter sign-up is not available right now.';

/** The default form's rule (spec): the e-mail must contain '@'. */
export const isNewsletterEmail = (email: string): boolean => email.includes('@');

// ── runtime config ────────────────────────────────────────────────────────────
let configPromise: Promise<Record<string, unknown>> | undefined;

/** Reads `/config.json` once per page load; a failed read is not cached, so a later call retries. */
function loadConfig(): Promise<Record<string, unknown>> {
  configPromise ??= fetch('/config.json', { headers: { accept: 'application/json' } })
    .then(async (r) => {
      if (!r.ok) throw new Error(`config.json: HTTP ${r.status}`);
      const data: unknown = await r.json();
      return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    })
    .catch((e: unknown) => {
      configPromise = undefined;
      throw e;
    });
  return configPromise;
}

/** The mailing-list endpoint from `/config.json` (`newsletterUrl`), or undefined when not set. */
export async function getNewsletterUrl(): Promise<string | undefined> {
  try {
    const url = (await loadConfig()).newsletterUrl;
    return typeof url === 'string' && url ? url : undefined;
  } catch {
    return undefined;
  }
}

/** For tests: forget the cached config. */
export function resetNewsletterConfig(): void {
  configPromise = undefined;
}

// ── JSONP ─────────────────────────────────────────────────────────────────────
/** A provider's form action `…/subscribe/post?u=…` becomes its JSON variant `…/subscribe/post-json?u=…`. */
export function toPostJsonUrl(url: string): string {
  return url.replace(/\/post\?/, '/post-json?').replace(/\/post$/, '/post-json');
}

let sequence = 0;
type Callbacks = Record<string, ((data: unknown) => void) | undefined>;

/**
 * Loads `url` as a script with `&<callbackParam>=<name>` and resolves with what the script passes
 * to `window[name]`. Rejects after `timeoutMs` or when the script fails to load.
 */
function jsonp<T>(url: string, { timeoutMs = NEWSLETTER_TIMEOUT_MS, callbackParam = 'c' } = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const name = `__fpsJsonp${Date.now().toString(36)}_${++sequence}`;
    const callbacks = window as unknown as Callbacks;
    const script = document.createElement('script');

    const finish = () => {
      clearTimeout(timer);
      script.remove();
      // A late answer (after a timeout) finds a no-op rather than a ReferenceError.
      callbacks[name] = () => undefined;
    };
    callbacks[name] = (data) => {
      finish();
      resolve(data as T);
    };
    const timer = setTimeout(() => {
      finish();
      reject(new NewsletterError(TIMEOUT_MESSAGE, 'timeout'));
    }, timeoutMs);
    script.onerror = () => {
      finish();
      reject(new NewsletterError(NETWORK_MESSAGE, 'network'));
    };
    const sep = url.includes('?') ? '&' : '?';
    script.src = `${url}${sep}${callbackParam}=${encodeURIComponent(name)}`;
    script.async = true;
    document.head.appendChild(script);
  });
}

/** Providers may put markup and a field index ("0 - ") in `msg`; show it as plain text. */
export function providerMessageText(msg: unknown): string {
  const text = typeof msg === 'string' ? msg : '';
  const plain = text.replace(/<[^>]*>/g, '').replace(/^\s*\d+\s+-\s+/, '').trim();
  return plain || 'Undefined error';
}

/**
 * Subscribes `email`. Resolves with the provider's answer on success; rejects with a
 * NewsletterError carrying the provider's message on error, or a timeout / network message.
 */
export async function subscribeToNewsletter(email: string, opts: { url?: string; timeoutMs?: number } = {}): Promise<NewsletterResponse> {
  const base = opts.url ?? (await getNewsletterUrl());
  if (!base) throw new NewsletterError(NOT_CONFIGURED_MESSAGE, 'config');
  const endpoint = toPostJsonUrl(base);
  const sep = endpoint.includes('?') ? '&' : '?';
  const data = await jsonp<Partial<NewsletterResponse>>(`${endpoint}${sep}EMAIL=${encodeURIComponent(email.trim())}`, {
    timeoutMs: opts.timeoutMs ?? NEWSLETTER_TIMEOUT_MS,
  });
  if (data?.result === 'success') return { result: 'success', msg: providerMessageText(data.msg) };
  throw new NewsletterError(providerMessageText(data?.msg), 'provider');
}
