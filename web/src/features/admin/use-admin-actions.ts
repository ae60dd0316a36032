import { useCallback, useState } from 'react';
import type { AdminLookupResult } from '#shared/domain/admin';
import { isDeleteConfirmed } from '#shared/rules/admin-search';
import type { AlertSeverity } from '../../components/ui/alert';
import { errorMessageOf } from '../../lib/api-client';
import { deleteUser } from './api/delete-user';
import { verifyUser } from './api/verify-user';

/** The spec's admin error texts, word for word (its spelling 'referesh' included). */
const ADMIN_ERRORS = {
  verify: 'Error verifying user',
  delete: 'Error deleting user',
  verifiedReloadFailed: 'User verified, but error reloading. Please referesh the page',
  reload: 'Error reloading user',
} as const;

export interface AdminNotice {
  id: number;
  severity: AlertSeverity;
  title: string;
  message?: string;
}

let noticeIds = 0;

/** Who an action is about: the Cognito sub (the user row's key is the same sub). */
export const subjectOf = (r: AdminLookupResult) => {
  const sub = r.cognito?.attributes.sub ?? r.dbUser?.userId ?? null;
  const label = r.cognito?.attributes.email ?? r.dbUser?.email ?? sub ?? '';
  return { sub, label };
};

/**
 * Verify (after a confirm dialog) and Delete (after typing DELETE in a prompt), each followed by
 * a reload of the shown user, with the spec's messages when something fails.
 */
export function useAdminActions(opts: {
  reload: (query: string, o?: { goneIsFine?: boolean }) => Promise<void>;
  /** Something was written to the audit trail. */
  onAudited: () => void;
}) {
  const { reload, onAudited } = opts;
  const [notices, setNotices] = useState<AdminNotice[]>([]);
  const [pending, setPending] = useState<'verify' | 'delete' | null>(null);

  const notify = useCallback((n: Omit<AdminNotice, 'id'>) => setNotices((list) => [...list, { ...n, id: ++noticeIds }]), []);
  const clearNotices = useCallback(() => setNotices([]), []);
  const dismiss = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);

  const verify = useCallback(
    async (result: AdminLookupResult, query: string) => {
      const { sub, label } = subjectOf(result);
      if (!sub || pending) return;
      if (!window.confirm(`Verify ${label}? This confirms the sign-up and marks the e-mail address verified.`)) return;
      setNotices([]);
      setPending('verify');
      try {
        let answer;
        try {
          answer = await verifyUser(sub);
        } catch (e) {
          notify({ severity: 'error', title: ADMIN_ERRORS.verify, message: errorMessageOf(e, 'Error encountered.') });
          return;
        }
        if (answer.type !== 'success') {
          notify({ severity: 'error', title: ADMIN_ERRORS.verify, message: answer.message });
          return;
        }
        try {
          await reload(query);
          notify({ severity: 'success', title: answer.message });
        } catch {
          notify({ severity: 'error', title: ADMIN_ERRORS.verifiedReloadFailed });
        }
      } finally {
        setPending(null);
        onAudited();
      }
    },
    [pending, notify, reload, onAudited],
  );

  const remove = useCallback(
    async (result: AdminLookupResult, query: string) => {
      const { sub, label } = subjectOf(result);
      if (!sub || pending) return;
      const typed = window.prompt(
        `Delete ${label}? This deletes the sign-in, the user's data and images, and cancels an individual subscription. It cannot be undone.\n\nType DELETE to confirm.`,
      );
      if (typed === null) return;
      if (!isDeleteConfirmed(typed)) {
        setNotices([]);
        // Say why: the usual slip is the right word in the wrong case.
        const why = typed.trim().toUpperCase() === 'DELETE'
          ? `You typed "${typed.trim()}": type DELETE in capital letters to confirm a delete.`
          : 'Type DELETE to confirm a delete.';
        notify({ severity: 'info', title: 'Nothing was deleted.', message: why });
        return;
      }
      setNotices([]);
      setPending('delete');
      try {
        let answer;
        try {
          answer = await deleteUser(sub);
        } catch (e) {
          notify({ severity: 'error', title: ADMIN_ERRORS.delete, message: errorMessageOf(e, 'Error encountered.') });
          return;
        }
        notify(
          answer.type === 'success'
            ? { severity: 'success', title: answer.message }
            : { severity: 'error', title: ADMIN_ERRORS.delete, message: answer.message },
        );
        // Show what is left (nothing, after a full delete).
        try {
          await reload(query, { goneIsFine: true });
        } catch {
          notify({ severity: 'error', title: ADMIN_ERRORS.reload });
        }
      } finally {
        setPending(null);
        onAudited();
      }
    },
    [pending, notify, reload, onAudited],
  );

  return { notices, dismiss, clearNotices, pending, verify, remove };
}
