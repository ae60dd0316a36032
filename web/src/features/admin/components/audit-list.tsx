import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminAuditRecord } from '#shared/domain/admin';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessageOf } from '../../../lib/api-client';
import { listAudit } from '../api/list-audit';
import { formatWhen } from './lookup-panels';

const PAGE = 20;

type AuditState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; records: AdminAuditRecord[]; nextCursor: string | null; more: 'idle' | 'loading' | 'error' };

/** The audit trail of verify and delete actions, newest first; reloads when `refreshKey` changes. */
export function AuditList({ refreshKey }: { refreshKey: number }) {
  const [state, setState] = useState<AuditState>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    listAudit({ limit: PAGE }, abort.signal)
      .then((r) => setState({ status: 'loaded', records: r.records, nextCursor: r.nextCursor, more: 'idle' }))
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setState({ status: 'error', message: errorMessageOf(e, 'Error encountered.') });
      });
    return () => abort.abort();
  }, [refreshKey]);

  const loadMore = async () => {
    if (state.status !== 'loaded' || !state.nextCursor || state.more === 'loading') return;
    setState({ ...state, more: 'loading' });
    try {
      const r = await listAudit({ limit: PAGE, before: state.nextCursor });
      setState({ status: 'loaded', records: [...state.records, ...r.records], nextCursor: r.nextCursor, more: 'idle' });
    } catch {
      setState({ ...state, more: 'error' });
    }
  };

  return (
    <section className="admin-panel admin-audit" aria-labelledby="admin-audit-title" data-testid="panel-audit">
      <header className="admin-panel__head">
        <h2 id="admin-audit-title">Audit log</h2>
      </header>
      {state.status === 'loading' && <Spinner label="Loading the audit log…" showLabel size="sm" />}
      {state.status === 'error' && <p role="alert">Unable to load the audit log: {state.message}</p>}
      {state.status === 'loaded' && state.records.length === 0 && <p className="admin-muted">No admin actions yet.</p>}
      {state.status === 'loaded' && state.records.length > 0 && (
        <div className="admin-audit__wrap">
          <table className="admin-audit__table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Action</th>
                <th scope="col">Staff</th>
                <th scope="col">User</th>
                <th scope="col">Result</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {state.records.map((r) => (
                <tr key={r.recordId} className={`admin-audit__row admin-audit__row--${r.result}`}>
                  <td>{formatWhen(r.createdAt)}</td>
                  <td>{r.action}</td>
                  <td>{r.actorEmail ?? r.actorUserId}</td>
                  <td>
                    <Link to={paths.ziggy.href(r.targetEmail ?? r.targetUserId)}>{r.targetEmail ?? r.targetUserId}</Link>
                  </td>
                  <td>{r.result}</td>
                  <td>
                    {r.message}
                    {r.steps && r.steps.length > 0 && (
                      <details>
                        <summary>steps</summary>
                        <ul className="admin-audit__steps">
                          {r.steps.map((s, i) => (
                            <li key={i}>
                              {s.step}: {s.outcome}
                              {s.detail ? ` (${s.detail})` : ''}
                            </li>
                          ))}
                        </ul>
                      </details>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {state.status === 'loaded' && state.nextCursor && (
        <div className="admin-audit__more">
          <Button variant="secondary" size="sm" onClick={() => void loadMore()} disabled={state.more === 'loading'}>
            {state.more === 'loading' ? 'Loading…' : 'Load older entries'}
          </Button>
          {state.more === 'error' && <span role="alert"> Unable to load more.</span>}
        </div>
      )}
    </section>
  );
}
