import { routes } from '#shared/api/routes';
import { cutText } from '#shared/rules/cut-text';
import { recordsRepo } from '../adapters/records-repo';
import { defineHandler } from '../lib/define-handler';
import { logger } from '../lib/logger';

/**
 * A contact-sales request from /sales or the /enterprise request form. The body is already
 * validated against the route table's schema (a bad one is a 400 before we get here); we keep it
 * in the `records` table, where staff read it.
 */
export const handler = defineHandler(routes.submitContactSales, async ({ body, event }) => {
  const userAgent = event.headers?.['user-agent'];
  const row = await recordsRepo.add('contact-sales', { ...body, ...(userAgent ? { userAgent: cutText(userAgent, 512) } : {}) });
  // The id only: the request itself holds personal data that does not belong in logs.
  logger.info('contact-sales request stored', { recordId: row.recordId });
  return { ok: true as const };
});
