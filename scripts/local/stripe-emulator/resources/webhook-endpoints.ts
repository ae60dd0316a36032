// /v1/webhook_endpoints: endpoints made through the API receive the events they are enabled for,
// signed with their own secret (returned once, by create), as with Stripe — besides the URL the
// emulator was started with, which receives every event.

import type { EmulatorCore } from '../core';
import { invalidRequest, noSuch } from '../errors';
import { newId, randomToken } from '../ids';
import { newestFirst, paginate } from '../lists';
import { applyMetadata, type Params } from '../params';
import type { Router } from '../router';
import type { Metadata } from '../types';

export interface WebhookEndpoint {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Metadata;
  /** Only in the answer to create, as in Stripe. */
  secret?: string;
  status: 'enabled' | 'disabled';
  url: string;
}

/** Kept beside the emulator's own collections in the persisted state (reset clears it). */
function endpoints(core: EmulatorCore): Record<string, WebhookEndpoint & { secret: string }> {
  const state = core.state as unknown as { webhookEndpoints?: Record<string, WebhookEndpoint & { secret: string }> };
  state.webhookEndpoints ??= {};
  return state.webhookEndpoints;
}

/** An endpoint made through the API, with its signing secret. */
export function registeredEndpoint(core: EmulatorCore, id: string): (WebhookEndpoint & { secret: string }) | undefined {
  return endpoints(core)[id];
}

/** The enabled endpoints that subscribe to this event type, oldest first. */
export function enabledEndpointsFor(core: EmulatorCore, type: string): (WebhookEndpoint & { secret: string })[] {
  return Object.values(endpoints(core)).filter(
    (e) => e.status === 'enabled' && (e.enabled_events.includes('*') || e.enabled_events.includes(type)),
  );
}

function withoutSecret(e: WebhookEndpoint): WebhookEndpoint {
  const copy = { ...e };
  delete copy.secret;
  return copy;
}

function validUrl(params: Params, required: boolean): string | undefined {
  const url = params.str('url', { required });
  if (url === undefined) return undefined;
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error();
  } catch {
    throw invalidRequest('Invalid URL: must be an http(s) URL.', 'url', 'url_invalid');
  }
  return url;
}

function enabledEvents(params: Params, required: boolean): string[] | undefined {
  const events = params.strList('enabled_events');
  if (!events || events.length === 0) {
    if (required) throw invalidRequest('Missing required param: enabled_events.', 'enabled_events', 'parameter_missing');
    return undefined;
  }
  return events;
}

export function registerWebhookEndpointRoutes(router: Router): void {
  router.post('/v1/webhook_endpoints', ({ core, params }) => {
    const endpoint: WebhookEndpoint & { secret: string } = {
      id: newId('we'),
      object: 'webhook_endpoint',
      api_version: params.str('api_version') ?? null,
      application: null,
      created: core.now(),
      description: params.nullableStr('description') ?? null,
      enabled_events: enabledEvents(params, true)!,
      livemode: false,
      metadata: applyMetadata({}, params.metadata()),
      secret: `whsec_${randomToken(32)}`,
      status: params.bool('disabled') ? 'disabled' : 'enabled',
      url: validUrl(params, true)!,
    };
    endpoints(core)[endpoint.id] = endpoint;
    core.markDirty();
    return { ...endpoint };
  });

  router.get('/v1/webhook_endpoints/:id', ({ core, path }) => {
    const endpoint = endpoints(core)[path.id];
    if (!endpoint) throw noSuch('webhook_endpoint', path.id);
    return withoutSecret(endpoint);
  });

  router.post('/v1/webhook_endpoints/:id', ({ core, params, path }) => {
    const endpoint = endpoints(core)[path.id];
    if (!endpoint) throw noSuch('webhook_endpoint', path.id);
    const url = validUrl(params, false);
    if (url) endpoint.url = url;
    const events = enabledEvents(params, false);
    if (events) endpoint.enabled_events = events;
    const description = params.nullableStr('description');
    if (description !== undefined) endpoint.description = description;
    const disabled = params.bool('disabled');
    if (disabled !== undefined) endpoint.status = disabled ? 'disabled' : 'enabled';
    endpoint.metadata = applyMetadata(endpoint.metadata, params.metadata());
    core.markDirty();
    return withoutSecret(endpoint);
  });

  router.delete('/v1/webhook_endpoints/:id', ({ core, path }) => {
    if (!endpoints(core)[path.id]) throw noSuch('webhook_endpoint', path.id);
    delete endpoints(core)[path.id];
    core.markDirty();
    return { id: path.id, object: 'webhook_endpoint', deleted: true };
  });

  router.get('/v1/webhook_endpoints', ({ core, params }) => {
    return paginate(newestFirst(endpoints(core)).map(withoutSecret), params, '/v1/webhook_endpoints');
  });
}
