import { randomUUID } from 'node:crypto';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import sharp from 'sharp';
import { routes } from '#shared/api/routes';
import { Image } from '#shared/domain/image';
import { UPLOAD_GRANT_HEADER } from '#shared/domain/upload-grant';
import { imageUploadForm } from '#shared/rules/image-upload-form';
import { memberSk, orgsRepo, type MemberRow } from '../../../lambdas/adapters/orgs-repo';
import { usersRepo } from '../../../lambdas/adapters/users-repo';
import { createOrganization } from '../../../lambdas/orgs/lib/create-organization';
import { newInviteToken } from '../../../lambdas/orgs/lib/invite-token';
import { reserveSeats } from '../../../lambdas/orgs/lib/seat-ledger';
import { cognitoAdmin } from '../../../scripts/local/cognito';
import { DEMO_PASSWORD } from '../../../scripts/local/seed';
import { callApi, pool, signedInUser, uniqueEmail } from '../../integration/helpers';

/** Makers of the accounts and objects the authorisation matrix needs, all on the local stack. */

export type Actor = Awaited<ReturnType<typeof signedInUser>>;
export interface Invite { sub: string; token: string; email: string }



/** A sign-up never confirmed (what staff verify): only its sub. */
export async function unconfirmedUser(): Promise<string> {
  const c = cognitoAdmin(pool().endpoint);
  try {
    const email = uniqueEmail('pending');
    const r = await c.send(new SignUpCommand({
      ClientId: pool().userPoolClientId, Username: email, Password: DEMO_PASSWORD, UserAttributes: [{ Name: 'email', Value: email }],
    }));
    return r.UserSub!;
  } finally {
    c.destroy();
  }
}

/**
 * An organisation made the way operators make one (Stripe customer, live Enterprise subscription
 * paid by card), with a freshly signed-in admin.
 */
export async function orgWithSubscription(seats = 50): Promise<{ orgId: string; admin: Actor }> {
  const admin = await signedInUser(uniqueEmail('org-admin'));
  const org = await createOrganization({ name: `Authz Org ${randomUUID().slice(0, 6)}`, adminEmail: admin.email, seats, paymentMethod: 'pm_card_visa' });
  return { orgId: org.orgId, admin };
}

/** Writes a member item of `orgId`, taking a seat for it as the product does. */
async function addMemberRow(orgId: string, row: Omit<MemberRow, 'orgId' | 'sk' | 'created' | 'updated'>): Promise<void> {
  const org = await orgsRepo.getOrg(orgId);
  if (!org || !(await reserveSeats(org, 1))) throw new Error(`no seat left in ${orgId}`);
  const now = new Date().toISOString();
  if (!(await orgsRepo.createMember({ ...row, orgId, sk: memberSk(row.memberUserId), created: now, updated: now }))) {
    throw new Error(`member ${row.memberUserId} already in ${orgId}`);
  }
}

/** A signed-in user who is an active member of `orgId` (user row linked). */
export async function activeMember(orgId: string): Promise<Actor> {
  const u = await signedInUser(uniqueEmail('member'));
  await addMemberRow(orgId, { memberUserId: u.userId, email: u.email, orgRole: 'member', orgStatus: 'active' });
  await usersRepo.update(u.userId, { orgId });
  return u;
}

/** An active member item without an account behind it: the target of a status change. */
export async function memberRow(orgId: string): Promise<string> {
  const id = randomUUID();
  await addMemberRow(orgId, { memberUserId: id, email: uniqueEmail('target'), orgRole: 'member', orgStatus: 'active' });
  return id;
}

/** A pending invitation of `email` to `orgId` (under the invitee's user id when they have an account). */
export async function invitation(orgId: string, email: string, userId: string = randomUUID()): Promise<Invite> {
  const t = newInviteToken();
  await addMemberRow(orgId, {
    memberUserId: userId, email, orgRole: 'member', orgStatus: 'invited', inviteTokenHash: t.hash, inviteExpiresAt: t.expiresAt,
  });
  return { sub: userId, token: t.token, email };
}

let png: Promise<Buffer> | undefined;
const tinyPng = () => (png ??= sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } }).png().toBuffer());

/** An image of `u` whose file is uploaded but not finalised yet. */
export async function uploadedImage(u: Actor): Promise<string> {
  const r = await callApi(routes.createImage, { token: u.accessToken, body: { title: 'Private page', notes: 'Only mine', contentType: 'image/png' } });
  if (r.status !== 201) throw new Error(`createImage: ${r.status} ${JSON.stringify(r.body)}`);
  const image = Image.parse(r.body);
  const upload = await fetch(image.uploadUrl!, { method: 'POST', body: imageUploadForm(image.uploadFields!, new Blob([new Uint8Array(await tinyPng())])) });
  if (upload.status !== 204) throw new Error(`upload: ${upload.status}`);
  return image.id;
}

/** A fresh upload grant of `u` (what the site hands the extension): the `x-upload-grant` header to send. */
export async function grantHeaders(u: Actor | undefined): Promise<Record<string, string>> {
  if (!u) return {};
  const r = await callApi(routes.createUploadGrant, { token: u.accessToken, body: {} });
  if (r.status !== 201) throw new Error(`createUploadGrant: ${r.status} ${JSON.stringify(r.body)}`);
  return { [UPLOAD_GRANT_HEADER]: r.body.token as string };
}

/** A finalised image of `u`: one that shows in the library. */
export async function readyImage(u: Actor): Promise<string> {
  const id = await uploadedImage(u);
  const r = await callApi(routes.finalizeImage, { token: u.accessToken, params: { id }, body: {} });
  if (r.status !== 200) throw new Error(`finalizeImage: ${r.status} ${JSON.stringify(r.body)}`);
  return id;
}

/** A share link of `u`'s image: its id and the token of its URL (shown once, at creation). */
export async function shareLink(u: Actor, imageId: string): Promise<{ id: string; token: string }> {
  const r = await callApi(routes.createShareLink, { token: u.accessToken, params: { id: imageId }, body: { expiry: '7d' } });
  if (r.status !== 201) throw new Error(`createShareLink: ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.id as string, token: new URL(r.body.url as string).pathname.split('/').pop()! };
}
