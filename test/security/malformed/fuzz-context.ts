import { randomUUID } from 'node:crypto';
import { routes } from '#shared/api/routes';
import { makeOrg } from '../../integration/org-test-helpers';
import { callApi, signedInUser, staffUser } from '../../integration/helpers';

/**
 * The real data the fuzz aims at. Valid samples point at these (the org admin's own org, image and
 * a live invitation), so a malformed request that slipped through validation would really write,
 * and the before/after comparison would see it. Every id and e-mail made here is a write marker.
 */
export interface FuzzContext {
  /** Unique per run; put into the e-mails and free text of valid samples. */
  run: string;
  /** Bearer token per route caller kind. */
  tokens: { user: string; staff: string; plainUser: string };
  /** An upload grant of the `user` token's account, for the grant routes. */
  grant: string;
  /** Field values by name, used by the valid samples (ids of the data below). */
  hints: Record<string, unknown>;
  /** Strings whose presence in a stored item ties the item to this run. */
  markers: string[];
}



export async function makeFuzzContext(): Promise<FuzzContext> {
  const run = randomUUID().slice(0, 8);
  const email = (who: string) => `fuzz-${run}-${who}@example.com`;
  const [org, staff, victim, plain] = await Promise.all([
    makeOrg({ name: `Fuzz ${run} LLP`, members: [{ email: email('invited'), status: 'invited' }] }),
    staffUser(email('staff')),
    signedInUser(email('victim')),
    signedInUser(email('plain')),
  ]);
  const admin = org.admin;
  const image = await callApi(routes.createImage, { token: admin.accessToken, body: { title: `fuzz ${run}`, notes: '' } });
  if (image.status !== 201) throw new Error(`fuzz context: createImage answered ${image.status}`);
  const imageId = image.body.id as string;
  const grant = await callApi(routes.createUploadGrant, { token: admin.accessToken, body: {} });
  if (grant.status !== 201) throw new Error(`fuzz context: createUploadGrant answered ${grant.status}`);
  const invite = org.invites[0];
  const site = process.env.SITE_URL!;
  return {
    run,
    tokens: { user: admin.accessToken, staff: staff.accessToken, plainUser: plain.accessToken },
    grant: grant.body.token as string,
    hints: {
      orgId: org.orgId, userId: invite.sub, id: imageId, cursor: imageId, sub: invite.sub, token: invite.token,
      cognitoSub: victim.userId, q: victim.email, session_id: `cs_test_fuzz_${run}`, email: email('contact'),
      before: `2024-01-01T00:00:00.000Z#${randomUUID()}`, cancel_url: `${site}/fuzz-${run}/cancel`, success_url: `${site}/fuzz-${run}/success`,
      title: `fuzz ${run}`, notes: `fuzz ${run}`, name: `fuzz ${run}`, company: `fuzz ${run}`, message: `fuzz ${run}`,
      // A well-formed but wrong e-mail-change code: no change is pending, so the valid sample writes nothing.
      code: '000000',
    },
    markers: [run, org.orgId, admin.userId, staff.userId, victim.userId, plain.userId, invite.sub, imageId],
  };
}
