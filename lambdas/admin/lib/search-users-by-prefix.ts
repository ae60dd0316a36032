import { ADMIN_SEARCH_MAX_MATCHES, emailPrefixOf, type AdminSearchMatch } from '#shared/rules/admin-search-matches';
import { cognitoAdmin, subOf } from '../../adapters/cognito-admin';

/** Pages read at most: a filtered ListUsers page may hold fewer users than its Limit. */
const MAX_PAGES = 5;

/**
 * Users whose e-mail begins with the query (adapters/cognito-admin.ts `listByEmailPrefix`), sorted
 * by e-mail, at most ADMIN_SEARCH_MAX_MATCHES, and whether more begin so.
 */
export async function searchUsersByEmailPrefix(query: string): Promise<{ matches: AdminSearchMatch[]; more: boolean }> {
  const prefix = emailPrefixOf(query);
  const found: AdminSearchMatch[] = [];
  let next: string | undefined;
  for (let page = 0; page < MAX_PAGES && found.length <= ADMIN_SEARCH_MAX_MATCHES; page++) {
    // One more than shown, to know whether there are more.
    const r = await cognitoAdmin.listByEmailPrefix(prefix, ADMIN_SEARCH_MAX_MATCHES + 1 - found.length, next);
    for (const u of r.users) found.push({ userId: subOf(u), email: u.attributes.email ?? '', userStatus: u.userStatus });
    next = r.next;
    if (!next) break;
  }
  found.sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  return { matches: found.slice(0, ADMIN_SEARCH_MAX_MATCHES), more: found.length > ADMIN_SEARCH_MAX_MATCHES || !!next };
}
