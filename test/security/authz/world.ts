import { routes } from '#shared/api/routes';
import { sessionIdOf, site, startCheckout } from '../../integration/billing-test-helpers';
import { makeOrg } from '../../integration/org-test-helpers';
import { payWithTestCard } from '../../../scripts/local/seed';
import { callApi, signedInUser, staffUser, uniqueEmail } from '../../integration/helpers';
import { activeMember, invitation, orgWithSubscription, readyImage, shareLink, uploadedImage, type Actor, type Invite } from './actors';
import type { AuthzRole } from './roles';

type SignedInRole = Exclude<AuthzRole, 'anonymous'>;

/** Everything the matrix aims at, built once: the subjects belong to the free user and to org A. */
export interface World {
  actors: Record<SignedInRole, Actor>;
  orgA: string;
  orgB: string;
  /** The free user's images: one uploaded but not finalised, one finalised (it shows in the library). */
  pendingImageId: string;
  readyImageId: string;
  /** A share link of the ready image (7 days). */
  share: { id: string; token: string };
  /** The free user's card-update session, completed on the hosted page. */
  setupSessionId: string;
  /** A free user who has just paid a checkout, and that session (completing it is idempotent). */
  payer: Actor & { sessionId: string };
  /** The pending invitation of the free user's e-mail to org A. */
  invite: Invite;
  /** Tokens of invitations issued to the other callers' own e-mails (not the free user's). */
  foreignTokens: Record<SignedInRole, string>;
}

export const cardUpdateBody = (accountType: 'user' | 'organization') => ({
  account_type: accountType, success_url: `${site()}/account?checkout=success`, cancel_url: `${site()}/account`,
});

/** A personal account that has opened a checkout once (so it has a Stripe customer), never paid. */
async function withCustomer(u: Promise<Actor>): Promise<Actor> {
  const actor = await u;
  await startCheckout(actor);
  return actor;
}

async function freeUserWithObjects() {
  const free = await withCustomer(signedInUser(uniqueEmail('free')));
  const r = await callApi(routes.createUpdatePaymentSession, { token: free.accessToken, body: cardUpdateBody('user') });
  if (r.status !== 200) throw new Error(`card-update session: ${r.status} ${JSON.stringify(r.body)}`);
  const setupSessionId = sessionIdOf(await payWithTestCard(r.body.url as string, '5555555555554444', 'Free User'));
  const [pendingImageId, readyImageId] = await Promise.all([uploadedImage(free), readyImage(free)]);
  const share = await shareLink(free, readyImageId);
  return { free, setupSessionId, pendingImageId, readyImageId, share };
}

async function payer() {
  const u = await signedInUser(uniqueEmail('payer'));
  const sessionId = sessionIdOf(await payWithTestCard(await startCheckout(u), '4242424242424242'));
  return { ...u, sessionId };
}

export async function buildWorld(): Promise<World> {
  const [subject, anotherFreeUser, staff, orgA, orgB, paid, inviting] = await Promise.all([
    freeUserWithObjects(),
    withCustomer(signedInUser(uniqueEmail('another-free'))),
    withCustomer(staffUser()),
    orgWithSubscription(),
    orgWithSubscription(),
    payer(),
    makeOrg({ seats: 20, name: 'Inviting Org' }),
  ]);
  const orgMember = await activeMember(orgA.orgId);
  const actors: Record<SignedInRole, Actor> = {
    freeUser: subject.free, anotherFreeUser, orgMember, adminOfAnotherOrg: orgB.admin, orgAdmin: orgA.admin, staff,
  };
  const invite = await invitation(orgA.orgId, subject.free.email, subject.free.userId);
  const foreign = await Promise.all(
    Object.entries(actors).map(async ([role, a]) => [role, (await invitation(inviting.orgId, a.email, a.userId)).token] as const),
  );
  return {
    actors, orgA: orgA.orgId, orgB: orgB.orgId, pendingImageId: subject.pendingImageId, readyImageId: subject.readyImageId, share: subject.share, setupSessionId: subject.setupSessionId, payer: paid, invite,
    foreignTokens: Object.fromEntries(foreign) as Record<SignedInRole, string>,
  };
}
