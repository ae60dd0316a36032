import { isCancelledError } from '@tanstack/react-query';
import { isOrgAdmin } from '#shared/rules/account-roles';
import { handedOverAccountQuery } from '../../lib/api-account';
import { queryClientBesideHandOver } from '../../lib/api-query';
import { setOrgAdminHint } from '../../lib/stored-identity';

/**
 * Looks up whether the signed-in user administers an organisation, for the header, when no account
 * lookup has said yet (someone who left /account before it loaded). On an account page through the
 * account scope's client and query, so it joins the scope's lookup rather than making another;
 * leaving that page drops the scope's queries (cancelled), and then this asks again.
 * Loaded only then: it brings the API client and Amplify.
 */
export async function lookUpOrgAdmin(userId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const account = await queryClientBesideHandOver().fetchQuery({ ...handedOverAccountQuery(userId), staleTime: 30_000 });
      return setOrgAdminHint(account.userId, isOrgAdmin(account));
    } catch (e) {
      if (!isCancelledError(e) || attempt === 3) throw e;
    }
  }
}
