import { memberActions, type Member, type MemberAction } from '#shared/domain/organization';
import { Button } from '../../../components/ui/button';
import { actionLabels } from '../messages';

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
  onAction: (member: Member, action: MemberAction) => void;
}

/**
 * Members with role, status and the actions their status allows (invited: Resend, Delete;
 * active: Deactivate; deactivated: Reactivate; archived and admin rows: none).
 */
export function MembersTable({ members, pendingUserId, onAction }: MembersTableProps) {
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
                {m.email}
              </th>
              <td>{m.orgRole === 'admin' ? 'Admin' : 'Member'}</td>
              <td>
                <span className={`enterprise-status enterprise-status--${m.orgStatus}`}>{statusLabels[m.orgStatus]}</span>
              </td>
              <td>
                <div className="enterprise-members__actions">
                  {memberActions(m).map((action) => (
                    <Button
                      key={action}
                      size="sm"
                      variant="secondary"
                      disabled={pendingUserId !== null}
                      aria-label={`${actionLabels[action]} ${m.email}`}
                      onClick={() => onAction(m, action)}
                    >
                      {pendingUserId === m.userId ? '…' : actionLabels[action]}
                    </Button>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
