import type { Account } from '#shared/domain/account';
import { isNonProduction, useRuntimeConfig } from '../../../lib/runtime-config';

/** Spec: user id, customer id, subscription id and status; non-production builds only. */
export function DebugBlock({ account }: { account: Account }) {
  const config = useRuntimeConfig();
  if (!isNonProduction(config)) return null;
  const rows: [string, string][] = [
    ['User id', account.userId],
    ['Customer id', account.customerId ?? '—'],
    ['Subscription id', account.subscription?.id ?? '—'],
    ['Subscription status', account.subscription?.status ?? '—'],
  ];
  return (
    <section className="account-card account-debug" aria-labelledby="debug-title">
      <h2 id="debug-title">DEBUG</h2>
      <dl className="account-fields">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>
              <code>{v}</code>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
