import type { Account } from '../domain/account';
import type { LoginMessage } from '../domain/login-message';

/**
 * What the website tells the extension about the signed-in account (spec: userId, orgId or '',
 * expires = unix seconds of the period end, status or '', sub_created, optional show_experimental).
 * Without a subscription the times are 0 and the status is ''.
 */
export function buildLoginMessage(
  account: Pick<Account, 'userId' | 'orgId' | 'subscription'>,
  showExperimental?: boolean,
): LoginMessage {
  const sub = account.subscription;
  return {
    userId: account.userId,
    orgId: account.orgId ?? '',
    expires: sub?.current_period_end ?? 0,
    status: sub?.status ?? '',
    sub_created: sub ? (sub.created ?? sub.trial_start ?? sub.current_period_start) : 0,
    ...(showExperimental === undefined ? {} : { show_experimental: showExperimental }),
  };
}

/** Spec: a login-success reply is re-broadcast only if its status is present and not 'canceled'. */
export const shouldRebroadcastLoginSuccess = (status: string | null | undefined): boolean => !!status && status !== 'canceled';
