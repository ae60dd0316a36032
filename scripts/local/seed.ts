import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import {
  AdminAddUserToGroupCommand, AdminGetUserCommand, AssociateSoftwareTokenCommand, ConfirmSignUpCommand, InitiateAuthCommand,
  SetUserMFAPreferenceCommand, SignUpCommand, VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { memberSk, orgsRepo } from '../../lambdas/adapters/orgs-repo';
import { stripe } from '../../lambdas/adapters/stripe-client';
import { usersRepo } from '../../lambdas/adapters/users-repo';
import { cardOf, subscriptionSnapshot } from '../../lambdas/billing/lib/subscription-snapshot';
import { createOrganization } from '../../lambdas/orgs/lib/create-organization';
import { newInviteToken } from '../../lambdas/orgs/lib/invite-token';
import { cognitoAdmin, LOCAL_CONFIRMATION_CODE, type LocalCognito } from './cognito';

export const DEMO_PASSWORD = 'Password123';

interface DemoAccount { role: string; email: string; password: string; userId: string; note?: string }
export interface SeedResult { accounts: DemoAccount[]; inviteUrl: string }

/** Signs a user up through cognito-local and confirms them, so the PostConfirmation trigger writes the row. */
export async function signUpConfirmed(cognito: LocalCognito, email: string, password = DEMO_PASSWORD): Promise<string> {
  const c = cognitoAdmin(cognito.endpoint);
  const r = await c.send(new SignUpCommand({ ClientId: cognito.userPoolClientId, Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }));
  await c.send(new ConfirmSignUpCommand({ ClientId: cognito.userPoolClientId, Username: email, ConfirmationCode: LOCAL_CONFIRMATION_CODE }));
  const u = await c.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: email }));
  c.destroy();
  return u.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? r.UserSub!;
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) from a base32 secret, as an authenticator app computes it. */
export function totpCode(base32: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of base32.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000)));
  const h = createHmac('sha1', key).update(counter).digest();
  const o = h[h.length - 1]! & 0xf;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Signs an existing user in with USER_PASSWORD_AUTH, as the website does locally; the access token. */
export async function passwordAccessToken(cognito: Pick<LocalCognito, 'endpoint' | 'userPoolClientId'>, email: string, password = DEMO_PASSWORD): Promise<string> {
  const c = cognitoAdmin(cognito.endpoint);
  try {
    const auth = await c.send(new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cognito.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: password },
    }));
    return auth.AuthenticationResult!.AccessToken!;
  } finally {
    c.destroy();
  }
}

/**
 * Staff must have TOTP as their required second factor (lambdas/lib/staff-guard.ts checks
 * AdminGetUser's UserMFASettingList and PreferredMfaSetting). The user registers an authenticator
 * with their own access token, as staff do in AWS (scripts/ops/create-staff.ts prints the steps),
 * and makes it their preferred factor; returns the authenticator's secret. The local pool has MFA
 * off, so sign-in does not ask for the code (docs/security.md, local relaxations).
 */
export async function enrolTotp(cognito: LocalCognito, email: string, password = DEMO_PASSWORD): Promise<string> {
  const AccessToken = await passwordAccessToken(cognito, email, password);
  const c = cognitoAdmin(cognito.endpoint);
  try {
    const { SecretCode } = await c.send(new AssociateSoftwareTokenCommand({ AccessToken }));
    await c.send(new VerifySoftwareTokenCommand({ AccessToken, UserCode: totpCode(SecretCode!), FriendlyDeviceName: 'staff' }));
    await c.send(new SetUserMFAPreferenceCommand({ AccessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
    return SecretCode!;
  } finally {
    c.destroy();
  }
}

/** A `.local/` seeded before staff needed TOTP: enrol the demo staff member once. */
async function ensureStaffTotp(cognito: LocalCognito, seeded: SeedResult): Promise<void> {
  const staff = seeded.accounts.find((a) => a.role === 'staff');
  if (!staff) return;
  const c = cognitoAdmin(cognito.endpoint);
  try {
    const u = await c.send(new AdminGetUserCommand({ UserPoolId: cognito.userPoolId, Username: staff.email }));
    if (u.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA')) return;
  } catch {
    return; // the demo staff member was removed by hand: nothing to enrol
  } finally {
    c.destroy();
  }
  await enrolTotp(cognito, staff.email, staff.password);
}

/** Submits the emulator's hosted checkout form as a customer would; returns where it redirects. */
export async function payWithTestCard(sessionUrl: string, cardNumber: string, name = 'Test Customer'): Promise<string> {
  const pay = await fetch(sessionUrl, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: cardNumber, expiry: '12 / 34', cvc: '123', name }),
  });
  const location = pay.headers.get('location');
  if (pay.status !== 303 && pay.status !== 302) throw new Error(`checkout not completed (${pay.status}): ${(await pay.text()).slice(0, 300)}`);
  return location ?? '';
}

/** A Premium trial bought through the emulator's real checkout flow (customer, session, test card). */
async function startPremiumTrial(userId: string, email: string) {
  const s = await stripe();
  const customer = await s.customers.create({ email, metadata: { userId } });
  const session = await s.checkout.sessions.create({
    mode: 'subscription', customer: customer.id, client_reference_id: userId,
    line_items: [{ price: process.env.STRIPE_PREMIUM_PRICE!, quantity: 1 }],
    subscription_data: { trial_period_days: 7, metadata: { userId } },
    success_url: `${process.env.SITE_URL}/checkout/success?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${process.env.SITE_URL}/checkout/account?checkout=cancel`,
  });
  await payWithTestCard(session.url!, '4242 4242 4242 4242', 'Demo Premium');
  const done = await s.checkout.sessions.retrieve(session.id, { expand: ['subscription.default_payment_method'] });
  const sub = done.subscription as import('stripe').Stripe.Subscription;
  await usersRepo.update(userId, {
    stripeCustomerId: customer.id,
    subscription: subscriptionSnapshot(sub, process.env.STRIPE_PREMIUM_PRICE),
    card: cardOf(sub.default_payment_method as import('stripe').Stripe.PaymentMethod),
  });
}

/**
 * Demo data for a fresh `.local/`: a free user, a premium (trialing) user, an org admin whose org
 * has 5 seats and 2 members (one active, one invited), that active member, and a staff user.
 */
export async function seedDemoData(cognito: LocalCognito, dataDir: string, siteUrl: string): Promise<SeedResult> {
  const marker = join(dataDir, 'seeded.json');
  if (existsSync(marker)) {
    const seeded = JSON.parse(await readFile(marker, 'utf8')) as SeedResult;
    await ensureStaffTotp(cognito, seeded);
    return seeded;
  }

  const make = async (role: string, email: string, note?: string): Promise<DemoAccount> => ({
    role, email, password: DEMO_PASSWORD, userId: await signUpConfirmed(cognito, email), note,
  });
  const free = await make('free', 'free@example.com');
  const premium = await make('premium (trialing)', 'premium@example.com');
  await startPremiumTrial(premium.userId, premium.email);
  const admin = await make('org admin', 'admin@acme.example', 'Acme Legal LLP: 5 seats, 1 active member, 1 invited');
  const member = await make('org member', 'member@acme.example');
  const staff = await make('staff', 'staff@example.com');
  const c = cognitoAdmin(cognito.endpoint);
  await c.send(new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: staff.email, GroupName: 'staff' }));
  c.destroy();
  await usersRepo.update(staff.userId, { isStaff: true });
  // Staff routes refuse an account without TOTP: the demo staff member has an authenticator too.
  staff.note = `TOTP secret ${await enrolTotp(cognito, staff.email)}; the local pool does not ask for the code`;

  // The organisation is made the way operators make one (npm run org:create): Stripe customer,
  // Enterprise subscription for 5 seats, admin member. Then one active member and one invitation.
  const org = await createOrganization({ name: 'Acme Legal LLP', adminEmail: admin.email, seats: 5, paymentMethod: 'pm_card_visa' });
  const orgId = org.orgId;
  const now = new Date().toISOString();
  const invitedId = randomUUID();
  const invite = newInviteToken();
  if (!(await orgsRepo.reserveSeats(orgId, 2, { seats: 5, limit: 3 }))) throw new Error('demo org: no seats left');
  await orgsRepo.createMember({
    orgId, sk: memberSk(member.userId), memberUserId: member.userId, email: member.email, orgRole: 'member', orgStatus: 'active', created: now, updated: now,
  });
  await orgsRepo.createMember({
    orgId, sk: memberSk(invitedId), memberUserId: invitedId, email: 'invited@acme.example', orgRole: 'member', orgStatus: 'invited',
    inviteTokenHash: invite.hash, inviteExpiresAt: invite.expiresAt, created: now, updated: now,
  });
  await usersRepo.update(member.userId, { orgId });

  const result: SeedResult = {
    accounts: [free, premium, admin, member, staff],
    inviteUrl: `${siteUrl}/invites?sub=${invitedId}&token=${invite.token}`,
  };
  await writeFile(marker, JSON.stringify(result, null, 2));
  return result;
}
