import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { config } from './config';
import { logger } from './logger';

/**
 * Business events as CloudWatch metrics: Powertools writes each one as an EMF line to stdout, and
 * CloudWatch Logs turns it into a metric (no SDK call, no IAM grant, no latency).
 *
 * Namespace `FullPageShot/<env>` (one per environment), dimension `service` from
 * POWERTOOLS_SERVICE_NAME (set on every function by infra/constructs/api-function.ts).
 */
export type BusinessEvent = 'SignUp' | 'CheckoutStarted' | 'CheckoutCompleted' | 'StripeWebhookHandled' | 'CaptureSaved';

const metricsNamespace = (env: string = config.appEnv()): string => `FullPageShot/${env}`;

/**
 * Off in the local stack and in tests (APP_ENV unset or `local`), so their output stays readable;
 * POWERTOOLS_METRICS_DISABLED, when set, decides either way (Powertools reads it too).
 */
function enabled(): boolean {
  const flag = config.metricsDisabled();
  if (flag !== undefined) return flag.toLowerCase() !== 'true';
  return config.appEnv() !== 'local';
}

/** Built on first use: the local stack sets the env vars after handler modules are loaded. */
let metrics: Metrics | undefined;

/**
 * Counts one business event, published at once (a single-metric line), so a handler needs no
 * middleware and nothing is lost if it throws later. `dimensions` split the count (e.g. by
 * webhook event type); keep their values few, each combination is a metric of its own.
 */
export function countEvent(event: BusinessEvent, dimensions: Record<string, string> = {}): void {
  if (!enabled()) return;
  try {
    metrics ??= new Metrics({ namespace: metricsNamespace(), serviceName: config.serviceName() });
    const single = metrics.singleMetric();
    for (const [name, value] of Object.entries(dimensions)) single.addDimension(name, value);
    single.addMetric(event, MetricUnit.Count, 1);
  } catch (e) {
    // A metric is never worth failing a sign-up or a payment for.
    logger.warn('business metric not recorded', { event, error: (e as Error).message });
  }
}
