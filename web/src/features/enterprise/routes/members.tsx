import { useCallback, useRef, useState } from 'react';
import type { Member, MemberAction } from '#shared/domain/organization';
import { seatSummary } from '#shared/rules/seats';
import { Alert, type AlertSeverity } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { usePageTitle } from '../../../components/ui/page-title';
import { Spinner } from '../../../components/ui/spinner';
import { ApiClientError, errorMessageOf } from '../../../lib/api-client';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { revokeEnterpriseMemberInvite } from '../api/revoke-invite';
import { sendEnterpriseMembersInvitations } from '../api/send-invitations';
import { updateEnterpriseMemberStatus } from '../api/update-member-status';
import { AddSeatsLink } from '../components/add-seats-link';
import { InviteForm } from '../components/invite-form';
import { MembersTable } from '../components/members-table';
import { SeatSummaryList } from '../components/seat-summary';
import { useOrganization } from '../enterprise-session';
import { ACTION_FAILED_MESSAGE, actionFailedTitle, actionVerbs, confirmationOf } from '../messages';
import { useMembers } from '../use-members';

interface Notice {
  id: number;
  severity: AlertSeverity;
  title: string;
  message?: string;
  /** The server's reason for refusing (a 4xx answer), shown in full rather than behind details. */
  reason?: string;
  details?: string;
}

let noticeIds = 0;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Manage members: the seats, Add member (disabled at 0 remaining seats) with the invitation input,
 * and the members list with the actions each status allows. A failed action shows 'Unable to
 * {action}.' and the list is fetched again (spec 000, sections 4 and 8).
 */
export function EnterpriseMembers() {
  usePageTitle('Manage members');
  const org = useOrganization();
  const support = useRuntimeConfig()?.supportEmail;
  const { state, members, refetch, setMembers } = useMembers(org.orgId);
  const [inviting, setInviting] = useState(false);
  const [pendingUserId, setPendingUserId] = useState<string | null>(null);
  const [notices, setNotices] = useState<Notice[]>([]);
  const busy = useRef(false);
  /** A destructive action waiting for the admin to confirm it. */
  const [confirming, setConfirming] = useState<{ member: Member; action: MemberAction } | null>(null);
  const confirmation = confirming ? confirmationOf(confirming.member, confirming.action) : null;

  const notify = useCallback((n: Omit<Notice, 'id'>) => setNotices((list) => [...list.slice(-3), { ...n, id: ++noticeIds }]), []);
  const dismiss = (id: number) => setNotices((list) => list.filter((n) => n.id !== id));
  const failed = useCallback(
    (verb: string, e: unknown) => {
      const refused = e instanceof ApiClientError && e.status >= 400 && e.status < 500;
      notify({
        severity: 'error',
        title: actionFailedTitle(verb),
        message: ACTION_FAILED_MESSAGE,
        ...(refused ? { reason: e.message } : { details: errorMessageOf(e, 'Error encountered.') }),
      });
      void refetch();
    },
    [notify, refetch],
  );

  const summary = members ? seatSummary(org.seats, members) : null;

  async function sendInvites(emails: string[]): Promise<boolean> {
    try {
      setMembers(await sendEnterpriseMembersInvitations(org.orgId, emails));
      notify({ severity: 'success', title: `Invitation sent to ${emails.length === 1 ? emails[0] : plural(emails.length, 'address')}.` });
      setInviting(false);
      return true;
    } catch (e) {
      failed(actionVerbs.invite, e);
      return false;
    }
  }

  async function runAction(member: Member, action: MemberAction) {
    if (busy.current) return;
    busy.current = true;
    setPendingUserId(member.userId);
    try {
      switch (action) {
        case 'resend':
          setMembers(await sendEnterpriseMembersInvitations(org.orgId, [member.email]));
          notify({ severity: 'success', title: `Invitation resent to ${member.email}.` });
          break;
        case 'delete':
          await revokeEnterpriseMemberInvite(org.orgId, member.userId);
          setMembers((members ?? []).filter((m) => m.userId !== member.userId));
          notify({ severity: 'success', title: `Invitation for ${member.email} deleted.` });
          break;
        case 'deactivate':
        case 'reactivate': {
          const updated = await updateEnterpriseMemberStatus(org.orgId, member.userId, action === 'deactivate' ? 'deactivated' : 'active');
          setMembers((members ?? []).map((m) => (m.userId === updated.userId ? updated : m)));
          notify({ severity: 'success', title: `${member.email} ${action === 'deactivate' ? 'deactivated' : 'reactivated'}.` });
          break;
        }
      }
    } catch (e) {
      failed(actionVerbs[action], e);
    } finally {
      busy.current = false;
      setPendingUserId(null);
    }
  }

  return (
    <>
      <h1 className="enterprise__title">Manage members</h1>

      <div className="enterprise-notices" aria-live="polite">
        {notices.map((n) => (
          <div key={n.id} className="enterprise-notices__item">
            <Alert severity={n.severity} title={n.title} details={n.details}>
              {n.reason && <p className="enterprise-notices__reason">{n.reason}</p>}
              {n.message === ACTION_FAILED_MESSAGE && support ? (
                <>
                  Please retry later or contact us at <a href={`mailto:${support}`}>the support address</a> if the problem persists
                </>
              ) : (
                n.message
              )}
            </Alert>
            <button type="button" className="enterprise-notices__dismiss" aria-label={`Dismiss: ${n.title}`} onClick={() => dismiss(n.id)}>
              ×
            </button>
          </div>
        ))}
      </div>

      <section className="enterprise-card" aria-labelledby="members-seats-title">
        <div className="enterprise-card__head">
          <h2 id="members-seats-title">Seats</h2>
          <Button onClick={() => setInviting(true)} disabled={!summary || summary.remaining === 0 || inviting}>
            Add member
          </Button>
        </div>
        {summary ? <SeatSummaryList summary={summary} /> : <Spinner label="Counting seats…" />}
        {summary?.remaining === 0 && (
          <p className="enterprise-muted">
            All seats are in use. <AddSeatsLink org={org}>Contact enterprise support to add seats.</AddSeatsLink>
          </p>
        )}
        {inviting && summary && (
          <InviteForm remainingSeats={summary.remaining} onSend={sendInvites} onCancel={() => setInviting(false)} />
        )}
      </section>

      <section className="enterprise-card" aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        {state.status === 'error' && (
          <Alert severity="error" title="Unable to load members.">
            {errorMessageOf(state.error, 'Error encountered.')}{' '}
            <button type="button" className="enterprise-link-button" onClick={() => void refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {members ? (
          <MembersTable
            members={members}
            pendingUserId={pendingUserId}
            remainingSeats={summary?.remaining ?? null}
            onAction={(m, a) => (confirmationOf(m, a) ? setConfirming({ member: m, action: a }) : void runAction(m, a))}
          />
        ) : (
          state.status === 'loading' && <Spinner label="Loading members…" showLabel />
        )}
      </section>

      <ConfirmDialog
        open={!!confirming}
        title={confirmation?.title ?? ''}
        confirmLabel={confirmation?.confirmLabel ?? ''}
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          setConfirming(null);
          void runAction(confirming.member, confirming.action);
        }}
      >
        <p>{confirmation?.message}</p>
      </ConfirmDialog>
    </>
  );
}

export { EnterpriseMembers as Component };
