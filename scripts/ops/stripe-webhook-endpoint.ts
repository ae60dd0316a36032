import type Stripe from 'stripe';

export interface EndpointResult {
  endpoint: Stripe.WebhookEndpoint;
  action: 'found' | 'created' | 'updated';
  /** The signing secret: Stripe returns it only when the endpoint is created. */
  secret?: string;
  warnings: string[];
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The one endpoint for `url`, listening to exactly `events`: found by URL, its event list and
 * enabled state corrected if someone changed them, created only when none exists.
 */
export async function ensureWebhookEndpoint(
  stripe: Stripe, url: string, events: string[], apiVersion: string,
): Promise<EndpointResult> {
  const matches: Stripe.WebhookEndpoint[] = [];
  for await (const e of stripe.webhookEndpoints.list({ limit: 100 })) if (e.url === url) matches.push(e);
  const warnings = matches.length > 1 ? [`${matches.length} endpoints have this URL: ${matches.map((m) => m.id).join(', ')}; keep one`] : [];
  // During an endpoint replacement (docs/operations.md) the one on the pinned API version is ours.
  const current = matches.find((m) => m.api_version === apiVersion) ?? matches[0];
  if (!current) {
    const created = await stripe.webhookEndpoints.create({
      url,
      enabled_events: events as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
      api_version: apiVersion as Stripe.WebhookEndpointCreateParams.ApiVersion,
      description: 'Full Page Shot API: subscription state into DynamoDB',
    });
    return { endpoint: created, action: 'created', secret: created.secret, warnings };
  }
  if (current.api_version && current.api_version !== apiVersion) {
    warnings.push(`endpoint sends API version ${current.api_version}, the code is pinned to ${apiVersion}; see docs/operations.md (webhook secret rotation) to replace it`);
  }
  if (sameSet(current.enabled_events, events) && current.status === 'enabled') {
    return { endpoint: current, action: 'found', warnings };
  }
  const updated = await stripe.webhookEndpoints.update(current.id, {
    enabled_events: events as Stripe.WebhookEndpointUpdateParams.EnabledEvent[],
    disabled: false,
  });
  return { endpoint: updated, action: 'updated', warnings };
}
