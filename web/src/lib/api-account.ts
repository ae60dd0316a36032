import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '#shared/api/routes';
import type { AbTestGroup, Account } from '#shared/domain/account';
import type { Payment } from '#shared/domain/subscription';
import { withAccountRetry } from '#shared/rules/account-retry';
import { apiCall, errorCodeOf } from './api-client';

/**
 * The signed-in user's account (GET /account): the one lookup every area uses (account provider,
 * checkout, admin, invites, payment history). Shared here because features do not import each other.
 */
export interface AccountLookupOptions {
  includePayments?: boolean;
  includeAbTest?: boolean;
  forceAbTestV2Group?: AbTestGroup;
}

/**
 * GET /account. While the account is not created yet (the retry code; a user who just signed up),
 * retried up to 5 times, 100 ms × attempt² apart (shared/rules/account-retry.ts); any other error
 * is thrown at once, and so is an abort.
 */
function lookupAccount(options: AccountLookupOptions = {}, signal?: AbortSignal): Promise<Account> {
  return withAccountRetry(() => apiCall(routes.lookupAccount, { query: { ...options }, signal }), errorCodeOf);
}

/** Query keys: one per user and set of options, so one user's answer never shows for another. */
export const accountKeys = {
  all: ['account'] as const,
  own: (userId: string | null | undefined, options: AccountLookupOptions = {}) => ['account', userId ?? null, options] as const,
};

export const accountQuery = (userId: string | null | undefined, options: AccountLookupOptions = {}) =>
  queryOptions({
    queryKey: accountKeys.own(userId, options),
    queryFn: ({ signal }) => lookupAccount(options, signal),
  });

/**
 * The account query as the account scope runs it: the lookup is not handed the AbortSignal, so one
 * a scope started carries on when that scope unmounts, for the next scope to take (TanStack aborts
 * a query whose signal was read once nothing observes it, and the next observer starts it again).
 * Removing the query (sign-out) still cancels it: its answer is dropped.
 */
export const handedOverAccountQuery = (userId: string | null | undefined) =>
  queryOptions({ queryKey: accountKeys.own(userId), queryFn: () => lookupAccount() });

/** The signed-in user's account, fetched while `enabled` (and a user is known). */
export function useOwnAccount(userId: string | null | undefined, { enabled = true, ...options }: AccountLookupOptions & { enabled?: boolean } = {}) {
  return useQuery({ ...accountQuery(userId, options), enabled: enabled && !!userId });
}

/**
 * The payment history: the account with includePayments (for an organisation's admin, the
 * organisation's payments). One source for the account page's billing and the enterprise area.
 * A new `version` (the account after a billing action) fetches it again, showing the previous list
 * meanwhile.
 */
export function usePaymentHistory(userId: string | null | undefined, { enabled = true, version }: { enabled?: boolean; version?: unknown } = {}) {
  const options = { includePayments: true };
  return useQuery({
    queryKey: [...accountKeys.own(userId, options), version ?? null],
    queryFn: ({ signal }) => lookupAccount(options, signal),
    enabled: enabled && !!userId,
    placeholderData: keepPreviousData,
    select: (account): Payment[] => account.payments ?? [],
  });
}
