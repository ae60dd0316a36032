import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { tableName } from '../lib/config';
import { dynamo } from './dynamo-client';
import { imagesRepo } from './images-repo';
import { memberSk, ORG_SK, orgsRepo } from './orgs-repo';
import { usersRepo } from './users-repo';

const now = new Date().toISOString();

describe('repositories against dynalite', () => {
  it('users: creates once, finds by e-mail and Stripe customer, updates, assigns the A/B group once', async () => {
    const userId = randomUUID();
    const email = `${userId.slice(0, 8)}@example.com`;
    const row = { userId, email, loginMethod: 'email', created: now, updated: now };
    expect(await usersRepo.createIfAbsent(row)).toBe(true);
    expect(await usersRepo.createIfAbsent({ ...row, email: 'other@example.com' })).toBe(false);
    expect((await usersRepo.get(userId))?.email).toBe(email);
    await usersRepo.update(userId, { stripeCustomerId: `cus_${userId}` });
    expect((await usersRepo.findByEmail(email.toUpperCase()))?.userId).toBe(userId);
    expect((await usersRepo.findByStripeCustomer(`cus_${userId}`))?.userId).toBe(userId);
    const g = await usersRepo.assignAbGroupOnce(userId, 'A');
    expect(await usersRepo.assignAbGroupOnce(userId, 'B')).toBe(g);
    await expect(usersRepo.update(randomUUID(), { isStaff: true })).rejects.toThrow();
  });

  it('orgs: reads the org item, its members and the memberships of a user', async () => {
    const orgId = `org_${randomUUID().slice(0, 8)}`;
    const userId = randomUUID();
    const put = (Item: Record<string, unknown>) => dynamo().send(new PutCommand({ TableName: tableName('orgs'), Item }));
    await put({ orgId, sk: ORG_SK, name: 'Acme', seats: 3, seatsUsed: 1, adminEmail: 'a@x.example', adminUserId: userId, created: now, updated: now });
    await put({ orgId, sk: memberSk(userId), memberUserId: userId, email: 'a@x.example', orgRole: 'admin', orgStatus: 'active', created: now, updated: now });
    expect((await orgsRepo.getOrg(orgId))?.name).toBe('Acme');
    expect(await orgsRepo.listMembers(orgId)).toHaveLength(1);
    expect((await orgsRepo.getMember(orgId, userId))?.orgRole).toBe('admin');
    expect((await orgsRepo.membershipsOf(userId)).map((m) => m.orgId)).toEqual([orgId]);
    await orgsRepo.updateOrg(orgId, { seats: 5 });
    expect((await orgsRepo.getOrg(orgId))?.seats).toBe(5);
  });

  it("images: one user's list never holds another's", async () => {
    const a = randomUUID();
    const b = randomUUID();
    const img = (userId: string, imageId: string) => ({
      userId, imageId, title: 't', notes: '', urlLink: null, objectKey: `users/${userId}/${imageId}`, thumbKey: `users/${userId}/${imageId}.thumb`,
      status: 'pending' as const, created: now, updated: now,
    });
    await imagesRepo.put(img(a, '1'));
    await imagesRepo.put(img(a, '2'));
    await imagesRepo.put(img(b, '3'));
    expect((await imagesRepo.list(a)).map((i) => i.imageId).sort()).toEqual(['1', '2']);
    expect(await imagesRepo.get(b, '1')).toBeUndefined();
    await imagesRepo.remove(a, '1');
    expect(await imagesRepo.list(a)).toHaveLength(1);
  });
});
