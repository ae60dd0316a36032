import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { AdminShareLink } from '#shared/domain/share-link';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageOf } from '../../../lib/api-client';
import { listUserShares, revokeUserShare } from '../api/user-shares';

const formatWhen = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const isExpired = (s: AdminShareLink) => s.expiresAt !== null && Date.parse(s.expiresAt) <= Date.now();

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'loaded'; shares: AdminShareLink[] };

/**
 * The looked-up user's share links (image title, created, expiry, views), each revocable after a
 * confirmation; every revoke is written to the audit trail (`onAudited` refreshes the log).
 */
export function UserShares({ sub, label, onAudited }: { sub: string; label: string; onAudited: () => void }) {
  const shares = useQuery({ queryKey: ['admin-user-shares', sub], queryFn: ({ signal }) => listUserShares(sub, signal) });
  const state: State = shares.isError
    ? { status: 'error', message: errorMessageOf(shares.error, 'Error encountered.') }
    : shares.data
      ? { status: 'loaded', shares: shares.data }
      : { status: 'loading' };
  const [confirming, setConfirming] = useState<AdminShareLink | null>(null);
  const [revoking, setRevoking] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const { refetch } = shares;
  const reload = useCallback(() => void refetch(), [refetch]);

  const revoke = async (share: AdminShareLink) => {
    setRevoking(true);
    try {
      const answer = await revokeUserShare(sub, share.id);
      setNotice({ severity: answer.type === 'success' ? 'success' : 'error', text: answer.message });
    } catch (e) {
      setNotice({ severity: 'error', text: `Error revoking the link: ${errorMessageOf(e, 'Error encountered.')}` });
    } finally {
      setRevoking(false);
      setConfirming(null);
      onAudited();
      reload();
    }
  };

  return (
    <section className="admin-panel admin-shares" aria-labelledby="admin-shares-title">
      <header className="admin-panel__head">
        <h2 id="admin-shares-title">Share links</h2>
      </header>
      {notice && <Alert severity={notice.severity} title={notice.text} />}
      {state.status === 'loading' && <Spinner label="Loading share links…" showLabel size="sm" />}
      {state.status === 'error' && (
        <Alert severity="error" title="Unable to load the share links">
          {state.message} <Button variant="secondary" size="sm" onClick={reload}>Retry</Button>
        </Alert>
      )}
      {state.status === 'loaded' && state.shares.length === 0 && <p className="admin-muted">No share links.</p>}
      {state.status === 'loaded' && state.shares.length > 0 && (
        <div className="admin-audit__wrap">
          <table className="admin-audit__table">
            <thead>
              <tr>
                <th scope="col">Image</th>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">Views</th>
                <th scope="col"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {state.shares.map((s) => (
                <tr key={s.id}>
                  <td>{s.imageTitle ?? <span className="admin-muted">(image deleted)</span>}</td>
                  <td>{formatWhen(s.created)}</td>
                  <td>{s.expiresAt ? `${formatWhen(s.expiresAt)}${isExpired(s) ? ' (expired)' : ''}` : 'Never'}</td>
                  <td>{s.views}</td>
                  <td>
                    <Button variant="secondary" size="sm" onClick={() => setConfirming(s)} disabled={revoking} aria-label={`Revoke the link to ${s.imageTitle ?? 'a deleted image'} created ${formatWhen(s.created)}`}>
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Revoke this share link?"
        confirmLabel={revoking ? 'Revoking…' : 'Revoke link'}
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && !revoking && void revoke(confirming)}
      >
        The link to “{confirming?.imageTitle ?? 'a deleted image'}” of {label} stops working within a minute. This is recorded in the audit log.
      </ConfirmDialog>
    </section>
  );
}
