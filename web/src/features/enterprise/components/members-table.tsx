import { memberActions, type Member, type MemberAction } from '#shared/domain/organization';
import { Button } from '../../../components/ui/button';
import { actionLabels, DESTRUCTIVE_ACTIONS, NO_FREE_SEAT_REASON } from '../messages';

const statusLabels: Record<Member['orgStatus'], string> = {
  active: 'Active',
  invited: 'Invited',
  deactivated: 'Deactivated',
  archived: 'Archived',
};

export interface MembersTableProps {
  members: Member[];
  /** The member whose action is running (their buttons are disabled meanwhile). */
  pendingUserId: string | null;
  /** Free seats (null while unknown): Reactivate needs one. */
  remainingSeats: number | null;
  onAction: (member: Member, action: MemberAction) => void;
}

/**
 * Members with role, status and the actions their status allows (invited: Resend, Delete;
 * active: Deactivate; deactivated: Reactivate; archived and admin rows: none).
 */
export function MembersTable({ members, pendingUserId, remainingSeats, onAction }: MembersTableProps) {
  return (
    <div className="enterprise-table-wrap">
      <table className="enterprise-table enterprise-members">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.userId} data-status={m.orgStatus}>
              <th scope="row" className="enterprise-members__email">
                {/* User-supplied text is isolated: bidi controls in it cannot reorder what is around it. */}
                <bdi>{m.email}</bdi>
                {m.name && <bdi className="enterprise-members__name">{m.name}</bdi>}
              </th>
              <td>{m.orgRole === 'admin' ? 'Admin' : 'Member'}</td>
              <td>
                <span className={`enterprise-status enterprise-status--${m.orgStatus}`}>{statusLabels[m.orgStatus]}</span>
              </td>
              <td>
                <div className="enterprise-members__actions">
                  {memberActions(m).map((action) => {
                    // Reactivating takes a seat: say why it cannot, instead of letting the server refuse.
                    const noSeat = action === 'reactivate' && remainingSeats === 0;
                    const reasonId = `member-${m.userId}-no-seat`;
                    return (
                      <span key={action} className="enterprise-members__action">
                        {noSeat && (
                          <span id={reasonId} className="enterprise-members__reason">
                            {NO_FREE_SEAT_REASON}
                          </span>
                        )}
                        <Button
                          size="sm"
                          variant={DESTRUCTIVE_ACTIONS.includes(action) ? 'danger' : 'secondary'}
                          disabled={pendingUserId !== null || noSeat}
                          aria-label={`${actionLabels[action]} ${m.email}`}
                          aria-describedby={noSeat ? reasonId : undefined}
                          onClick={() => onAction(m, action)}
                        >
                          {pendingUserId === m.userId ? '…' : actionLabels[action]}
                        </Button>
                      </span>
                    );
                  })}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
