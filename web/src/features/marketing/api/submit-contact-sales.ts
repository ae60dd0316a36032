import type { RequestOf } from '#shared/api/route';
import { routes } from '#shared/api/routes';
import { apiCall } from '../../../lib/api-client';

/** One file per API operation: the contact-sales request, its schema and the call. */
export const contactSalesRoute = routes.submitContactSales;
export const contactSalesSchema = contactSalesRoute.body;
export type ContactSalesRequest = RequestOf<typeof contactSalesRoute>;

/** POSTs the request to the API's submitContactSales route (201 {ok: true}); throws ApiClientError. */
export async function submitContactSales(body: ContactSalesRequest): Promise<void> {
  await apiCall(contactSalesRoute, { body });
}
