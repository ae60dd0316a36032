import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countEvent } from './metrics';

/** The JSON lines written to stdout while `fn` runs. */
function stdoutLines(fn: () => void): string[] {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  try {
    fn();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

describe('business metrics (EMF on stdout)', () => {
  const saved = { ...process.env };
  beforeEach(() => {
    delete process.env.POWERTOOLS_METRICS_DISABLED;
    process.env.APP_ENV = 'staging';
    process.env.POWERTOOLS_SERVICE_NAME = 'fps-staging-api';
  });
  afterEach(() => {
    process.env = { ...saved };
  });

  it('prints one EMF line with the metric name, unit Count, namespace per environment, service and the given dimension', () => {
    const lines = stdoutLines(() => countEvent('StripeWebhookHandled', { eventType: 'invoice.paid' }));
    expect(lines).toHaveLength(1);
    const emf = JSON.parse(lines[0]!);
    expect(emf.StripeWebhookHandled).toBe(1);
    expect(emf.service).toBe('fps-staging-api');
    expect(emf.eventType).toBe('invoice.paid');
    const [directive] = emf._aws.CloudWatchMetrics;
    expect(directive.Namespace).toBe('FullPageShot/staging');
    expect(directive.Metrics).toEqual([{ Name: 'StripeWebhookHandled', Unit: 'Count' }]);
    expect(directive.Dimensions[0]).toEqual(expect.arrayContaining(['service', 'eventType']));
  });

  it('each call is its own line: two events, two counts, no dimension carried over', () => {
    const lines = stdoutLines(() => {
      countEvent('CheckoutStarted');
      countEvent('CheckoutCompleted');
    });
    expect(lines.map((l) => Object.keys(JSON.parse(l)).filter((k) => k.startsWith('Checkout')))).toEqual([['CheckoutStarted'], ['CheckoutCompleted']]);
    expect(JSON.parse(lines[1]!).eventType).toBeUndefined();
  });

  it('prints nothing locally (APP_ENV local or unset) or when POWERTOOLS_METRICS_DISABLED=true', () => {
    process.env.APP_ENV = 'local';
    expect(stdoutLines(() => countEvent('SignUp'))).toEqual([]);
    delete process.env.APP_ENV;
    expect(stdoutLines(() => countEvent('SignUp'))).toEqual([]);
    process.env.APP_ENV = 'master';
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    expect(stdoutLines(() => countEvent('SignUp'))).toEqual([]);
  });
});
