import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoFilterValue } from '#shared/rules/admin-search';
import { ADMIN_SEARCH_MAX_MATCHES, emailPrefixOf, type AdminSearchMatch } from '#shared/rules/admin-search-matches';
import { cognito } from '../adapters/cognito-client';
import { requireEnv } from '../lib/config';

/** Pages read at most: a filtered ListUsers page may hold fewer users than its Limit. */
const MAX_PAGES = 5;

/**
 * Users whose e-mail begins with the query (Cognito ListUsers, `email ^= "…"`; cognito-local does the
 * same), sorted by e-mail, at most ADMIN_SEARCH_MAX_MATCHES, and whether more begin so.
 * (Belongs with the other ListUsers calls in adapters/cognito-admin.ts; kept here until it moves.)
 */
export async function searchUsersByEmailPrefix(query: string): Promise<{ matches: AdminSearchMatch[]; more: boolean }> {
  const found: AdminSearchMatch[] = [];
  let PaginationToken: string | undefined;
  for (let page = 0; page < MAX_PAGES && found.length <= ADMIN_SEARCH_MAX_MATCHES; page++) {
    const r = await cognito().send(
      new ListUsersCommand({
        UserPoolId: requireEnv('USER_POOL_ID'),
        Filter: `email ^= "${cognitoFilterValue(emailPrefixOf(query))}"`,
        // One more than shown, to know whether there are more.
        Limit: ADMIN_SEARCH_MAX_MATCHES + 1 - found.length,
        PaginationToken,
      }),
    );
    for (const u of r.Users ?? []) {
      const attr = (name: string) => u.Attributes?.find((a) => a.Name === name)?.Value;
      found.push({ userId: attr('sub') ?? u.Username ?? '', email: attr('email') ?? '', userStatus: u.UserStatus ?? 'UNKNOWN' });
    }
    PaginationToken = r.PaginationToken;
    if (!PaginationToken) break;
  }
  found.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return { matches: found.slice(0, ADMIN_SEARCH_MAX_MATCHES), more: found.length > ADMIN_SEARCH_MAX_MATCHES || !!PaginationToken };
}
