import { routes } from '#shared/api/routes';
import type { AbTestGroup } from '#shared/domain/account';
import { listPayments } from '../adapters/payments';
import { usersRepo } from '../adapters/users-repo';
import { defineHandler } from '../lib/define-handler';
import { onOrgPlan, toAccount } from './lib/account-view';
import { loadAccount, orgLinkOf, requireUserRow } from './lib/load-account';

const drawAbGroup = (): AbTestGroup => (Math.random() < 0.5 ? 'A' : 'B');

export const handler = defineHandler(routes.lookupAccount, async ({ principal, query }) => {
  let user = await requireUserRow(principal.userId);
  if (query.forceAbTestV2Group && user.abTestV2 !== query.forceAbTestV2Group) {
    user = await usersRepo.update(user.userId, { abTestV2: query.forceAbTestV2Group });
  } else if (query.includeAbTest && !user.abTestV2) {
    user = { ...user, abTestV2: await usersRepo.assignAbGroupOnce(user.userId, drawAbGroup()) };
  }
  if (!query.includePayments) return loadAccount(user);
  // Organisation payments are the org admin's business; members see none. A deactivated member
  // holds no seat: their payments are their own.
  const link = await orgLinkOf(user);
  const customer = onOrgPlan(link) ? (link.member.orgRole === 'admin' ? link.org.stripeCustomerId : undefined) : user.stripeCustomerId;
  // The link read above is the one the account shows (loadAccount would read the org rows again).
  return toAccount(user, link, await listPayments(customer));
});
