import type { AdminActionResult, AdminAuditAction, AdminAuditRecord } from '#shared/domain/admin';
import { recordsRepo } from '../../adapters/records-repo';
import { usersRepo } from '../../adapters/users-repo';
import { DomainError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import type { Principal } from '../../lib/principal';

/**
 * The audit trail of the admin tool: every verify and delete, whatever its outcome (refusals and
 * failures included), is appended to the `records` table as kind 'admin-audit': who, whom, when,
 * result, and what each step did.
 */

export type AuditStep = NonNullable<AdminAuditRecord['steps']>[number];
type AuditData = Omit<AdminAuditRecord, 'recordId' | 'createdAt'>;

export interface ActionOutcome extends AdminActionResult {
  targetEmail: string | null;
  steps?: AuditStep[];
}

/** The acting staff member's e-mail (access tokens carry none): from their user row. */
async function actorEmailOf(principal: Principal): Promise<string | null> {
  if (principal.email) return principal.email;
  try {
    return (await usersRepo.get(principal.userId))?.email ?? null;
  } catch {
    return null;
  }
}

const AUDIT_WRITE_FAILED = 'The audit record could not be written.';

/**
 * Runs an admin action and records it. A DomainError (not found, refused) is recorded as an
 * error and passed on as its 4xx; an unexpected error is recorded and becomes the 500 it is.
 * If the record itself cannot be written the action has still happened: the answer says so.
 */
export async function audited(
  action: AdminAuditAction,
  principal: Principal,
  targetUserId: string,
  run: () => Promise<ActionOutcome>,
): Promise<AdminActionResult> {
  const actorEmail = actorEmailOf(principal);
  let outcome: ActionOutcome;
  let thrown: unknown;
  try {
    outcome = await run();
  } catch (e) {
    thrown = e;
    const message = e instanceof DomainError ? e.message : 'Unexpected error.';
    outcome = { type: 'error', message, targetEmail: null };
  }
  const data: AuditData = {
    action,
    actorUserId: principal.userId,
    actorEmail: await actorEmail,
    targetUserId,
    targetEmail: outcome.targetEmail,
    result: outcome.type,
    message: outcome.message,
    ...(outcome.steps ? { steps: outcome.steps } : {}),
  };
  let written = true;
  try {
    await recordsRepo.add('admin-audit', data);
  } catch (e) {
    written = false;
    logger.error('admin audit record not written', { action, actorUserId: principal.userId, targetUserId, error: e as Error });
  }
  logger.info('admin action', { action, actorUserId: principal.userId, targetUserId, result: outcome.type, audited: written });
  if (thrown) throw thrown;
  if (!written) return { type: 'error', message: `${outcome.message} ${AUDIT_WRITE_FAILED}` };
  return { type: outcome.type, message: outcome.message };
}
