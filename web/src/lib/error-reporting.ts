import { cutText } from '#shared/rules/cut-text';

/**
 * Error reporting: uncaught errors and unhandled rejections are POSTed as JSON to a DSN. It is on
 * only in production builds served from one of the product's own hosts, so local development,
 * previews on other hosts and tests never send anything.
 */

/** The product's own hosts. */
const DEFAULT_REPORTING_HOSTS = ['fullpageshot.com', 'www.fullpageshot.com'];

export interface ErrorReportingOptions {
  /** Where reports are POSTed. Without one, reporting stays off. */
  dsn?: string;
  hosts?: readonly string[];
  hostname?: string;
  /** Vite's development flag; reporting is always off in development. */
  isDevelopment?: boolean;
  release?: string;
}

interface ErrorReport {
  message: string;
  stack?: string;
  source?: string;
  url: string;
  userAgent: string;
  release?: string;
  time: string;
  /** Error data (spec): user id, error and code, when the app knows them. */
  userId?: string;
  code?: string;
}

/** On only outside development and only on the product's own hosts. */
export function isErrorReportingEnabled(opts: Pick<ErrorReportingOptions, 'hosts' | 'hostname' | 'isDevelopment'>): boolean {
  if (opts.isDevelopment) return false;
  const host = (opts.hostname ?? '').toLowerCase();
  return (opts.hosts ?? DEFAULT_REPORTING_HOSTS).some((h) => h.toLowerCase() === host);
}

let context: { userId?: string } = {};
let send: ((report: ErrorReport) => void) | undefined;

/** Lets the app attach the signed-in user's id to later reports. */
export function setErrorReportingUser(userId: string | undefined): void {
  context = { ...context, userId };
}

/** Reports an error the app caught itself. A no-op while reporting is off. */
export function reportError(error: unknown, extra: { code?: string } = {}): void {
  if (!send) return;
  const e = error instanceof Error ? error : new Error(String(error));
  send({
    message: cutText(e.message, 2000), stack: e.stack === undefined ? undefined : cutText(e.stack, 8000), url: location.href, userAgent: navigator.userAgent,
    time: new Date().toISOString(), userId: context.userId, code: extra.code,
  });
}

/**
 * Installs the window listeners when enabled. Returns a function that removes them. Repeated
 * reports of the same message are sent once, and at most 20 per page load.
 */
export function initErrorReporting(opts: ErrorReportingOptions = {}): () => void {
  const hostname = opts.hostname ?? (typeof location === 'undefined' ? '' : location.hostname);
  const isDevelopment = opts.isDevelopment ?? import.meta.env.DEV;
  if (!opts.dsn || !isErrorReportingEnabled({ hosts: opts.hosts, hostname, isDevelopment })) return () => undefined;

  const dsn = opts.dsn;
  const seen = new Set<string>();
  send = (report) => {
    const key = `${report.message}|${report.source ?? ''}`;
    if (seen.has(key) || seen.size >= 20) return;
    seen.add(key);
    void fetch(dsn, {
      method: 'POST', headers: { 'content-type': 'application/json' }, keepalive: true,
      body: JSON.stringify({ ...report, release: opts.release }),
    }).catch(() => undefined);
  };

  const onError = (e: ErrorEvent) => {
    reportError(e.error ?? e.message);
  };
  const onRejection = (e: PromiseRejectionEvent) => reportError(e.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    send = undefined;
  };
}

/**
 * The app's entry point: when this build and host qualify, reads the DSN (`errorReportingDsn`)
 * from the runtime `/config.json` and installs the listeners. Locally it does nothing at all.
 */
export async function startErrorReporting(hosts: readonly string[] = DEFAULT_REPORTING_HOSTS): Promise<() => void> {
  if (!isErrorReportingEnabled({ hosts, hostname: location.hostname, isDevelopment: import.meta.env.DEV })) return () => undefined;
  try {
    const config = (await (await fetch('/config.json')).json()) as { errorReportingDsn?: unknown; release?: unknown };
    if (typeof config.errorReportingDsn !== 'string') return () => undefined;
    return initErrorReporting({
      dsn: config.errorReportingDsn, hosts,
      release: typeof config.release === 'string' ? config.release : undefined,
    });
  } catch {
    return () => undefined;
  }
}
