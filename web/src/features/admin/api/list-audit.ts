import { routes } from '#shared/api/routes';
import type { AdminAuditList } from '#shared/domain/admin';
import { apiCall } from '../../../lib/api-client';

/** GET /admin/audit: the admin audit trail, newest first; `before` is the previous page's cursor. */
export function listAudit(opts: { limit?: number; before?: string } = {}, signal?: AbortSignal): Promise<AdminAuditList> {
  return apiCall(routes.adminListAudit, { query: { limit: opts.limit, before: opts.before }, signal });
}
