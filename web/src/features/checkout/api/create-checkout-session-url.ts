import { routes } from '#shared/api/routes';
import type { RequestOf } from '#shared/api/route';
import { apiCall } from '../../../lib/api-client';

export type CreateCheckoutSessionInput = RequestOf<typeof routes.createCheckoutSessionUrl>;

/** POST /checkout/sessions: a Stripe Checkout for Premium; answers the URL to send the browser to. */
export async function createCheckoutSessionUrl(input: CreateCheckoutSessionInput): Promise<string> {
  return (await apiCall(routes.createCheckoutSessionUrl, { body: input })).url;
}
