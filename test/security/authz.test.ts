import { beforeAll, describe, expect, it } from 'vitest';
import { needsToken } from '#shared/api/route';
import { routeList, routes } from '#shared/api/routes';
import { holdsSubscription } from '#shared/domain/subscription';
import { imagesRepo } from '../../lambdas/adapters/images-repo';
import { orgsRepo } from '../../lambdas/adapters/orgs-repo';
import { usersRepo } from '../../lambdas/adapters/users-repo';
import { callApi } from '../integration/helpers';
import { reportFigure } from '../report-figure';
import { describeCell, isAsExpected, runMatrix, type CellResult } from './authz/matrix';
import { authzRoles } from './authz/roles';
import { routeCases } from './authz/route-cases';
import { buildWorld, type World } from './authz/world';

/**
 * Security issue #11: every route × {anonymous, free user, another free user, org member, admin of
 * another org, org admin, staff} against the local stack, each cell compared with the status
 * declared by hand in test/security/authz/route-cases.ts. Object-level cells aim at someone else's image,
 * org member, invitation and checkout session.
 */

const routeIds = routeList.map((r) => r.id);

describe('authorisation matrix', () => {
  it('declares an expected row, and a request, for every route in the table (and nothing else)', () => {
    expect(routeIds.filter((id) => !routeCases[id]), 'routes without a declared case').toEqual([]);
    expect(Object.keys(routeCases).filter((id) => !(id in routes)), 'cases for routes that do not exist').toEqual([]);
    expect(routeIds.filter((id) => typeof routeCases[id]?.request !== 'function'), 'routes without a request').toEqual([]);
    for (const id of routeIds) expect(Object.keys(routeCases[id].expect).sort(), id).toEqual([...authzRoles].sort());
  });

  it("agrees with each route's caller kind in the table", () => {
    // Not the expectations themselves, only what the `caller` field already promises.
    for (const id of routeIds) {
      const { caller } = routes[id];
      const row = routeCases[id].expect;
      if (needsToken(routes[id])) expect(row.anonymous, id).toBe(401);
      if (caller === 'public') expect(row.anonymous, id).not.toBe(401);
      if (caller === 'staff') for (const role of authzRoles.filter((r) => r !== 'anonymous' && r !== 'staff')) expect(row[role], `${id} × ${role}`).toBe(403);
      if (caller === 'stripe-signature') for (const role of authzRoles) expect(row[role], `${id} × ${role}`).toBe(400);
    }
  });

  describe('on the local stack', () => {
    let world: World;
    let results: CellResult[] = [];
    beforeAll(async () => {
      world = await buildWorld();
    }, 120_000);

    it('answers every cell as declared', async () => {
      results = await runMatrix(world);
      const ok = results.filter(isAsExpected);
      reportFigure(`authz: ${results.length} cells, ${ok.length} as expected`);
      expect(results).toHaveLength(routeIds.length * authzRoles.length);
      expect(results.filter((r) => !isAsExpected(r)).map(describeCell)).toEqual([]);
    }, 180_000);

    it('left the objects the refused cells aimed at as they were', async () => {
      expect(results.length, 'the matrix ran').toBeGreaterThan(0);
      const free = world.actors.freeUser;
      // Not finalised, updated to the same text, not deleted by anyone else.
      expect(await imagesRepo.get(free.userId, world.pendingImageId)).toMatchObject({ status: 'pending' });
      expect(await imagesRepo.get(free.userId, world.readyImageId)).toMatchObject({ status: 'ready', title: 'Private page' });
      // No forged webhook and no foreign accept changed the free user's account.
      const row = await usersRepo.get(free.userId);
      expect(row?.subscription ?? null).toBeNull();
      expect(row?.orgId).toBeUndefined();
      // The free user's share link was neither revoked by anyone else nor by a refused staff call.
      expect((await callApi(routes.openSharePage, { params: { token: world.share.token } })).status).toBe(200);
      // The invitation still opens with its own token.
      expect((await callApi(routes.getInviteDetails, { body: { sub: world.invite.sub, token: world.invite.token } })).status).toBe(200);
      // Org A's subscription was neither cancelled nor set to lapse by its member.
      const orgA = await orgsRepo.getOrg(world.orgA);
      expect(holdsSubscription(orgA?.subscription ?? null)).toBe(true);
      expect(orgA?.subscription?.cancel_at_period_end).toBe(false);
      expect((await orgsRepo.getMember(world.orgA, world.actors.orgMember.userId))?.orgStatus).toBe('active');
    });
  });
});
