import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { errorMessageOf } from '../../../lib/api-client';
import { listAudit } from '../api/list-audit';
import { formatWhen } from './lookup-panels';

const PAGE = 20;

/** The audit trail of verify and delete actions, newest first, a page at a time; reloads when `refreshKey` changes. */
export function AuditList({ refreshKey }: { refreshKey: number }) {
  const audit = useInfiniteQuery({
    queryKey: ['admin-audit', refreshKey],
    queryFn: ({ pageParam, signal }) => listAudit({ limit: PAGE, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A reload keeps the list on screen until the new one is there.
    placeholderData: keepPreviousData,
  });
  const records = audit.data?.pages.flatMap((p) => p.records);
  const more = audit.isFetchingNextPage ? 'loading' : audit.isFetchNextPageError ? 'error' : 'idle';
  const loadMore = () => {
    if (audit.hasNextPage && !audit.isFetchingNextPage) void audit.fetchNextPage();
  };
  const state = records
    ? ({ status: 'loaded', records, nextCursor: audit.hasNextPage, more } as const)
    : audit.isError
      ? ({ status: 'error', message: errorMessageOf(audit.error, 'Error encountered.') } as const)
      : ({ status: 'loading' } as const);

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
          <Button variant="secondary" size="sm" onClick={loadMore} disabled={state.more === 'loading'}>
            {state.more === 'loading' ? 'Loading…' : 'Load older entries'}
          </Button>
          {state.more === 'error' && <span role="alert"> Unable to load more.</span>}
        </div>
      )}
    </section>
  );
}
