import type { Account } from '#shared/domain/account';
import type { AuthState } from '../../../lib/auth';

/** Spec: `debug=1` shows the auth state, the user and the account. */
export function DebugDump({ auth, account, groups, accountError }: { auth: AuthState; account: Account | null; groups: string[]; accountError: string | null }) {
  const dump = { auth: { status: auth.status, error: auth.error, justSignedIn: auth.justSignedIn }, user: auth.user, groups, account, accountError };
  return (
    <section className="admin-panel admin-debug" aria-labelledby="admin-debug-title" data-testid="panel-debug">
      <header className="admin-panel__head">
        <h2 id="admin-debug-title">Debug</h2>
      </header>
      <pre className="admin-debug__dump">{JSON.stringify(dump, null, 2)}</pre>
    </section>
  );
}
