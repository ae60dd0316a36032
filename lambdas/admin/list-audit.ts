import { routes } from '#shared/api/routes';
import { AdminAuditRecord } from '#shared/domain/admin';
import { recordsRepo } from '../adapters/records-repo';
import { defineHandler } from '../lib/define-handler';
import { logger } from '../lib/logger';

/** GET /admin/audit?limit=&before=: the admin audit trail, newest first, a page at a time. */
export const handler = defineHandler(routes.adminListAudit, async ({ query }) => {
  const page = await recordsRepo.page('admin-audit', { limit: query.limit ?? 50, before: query.before });
  const records: AdminAuditRecord[] = [];
  for (const row of page.items) {
    const parsed = AdminAuditRecord.safeParse({ ...row.data, recordId: row.recordId, createdAt: row.createdAt });
    if (parsed.success) records.push(parsed.data);
    else logger.warn('admin audit: unreadable record skipped', { recordId: row.recordId });
  }
  return { records, nextCursor: page.nextCursor };
});
