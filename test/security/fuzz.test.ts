import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '#shared/api/route';
import { routeList, routes } from '#shared/api/routes';
import { Account } from '#shared/domain/account';
import { IMAGE_NOTES_MAX, IMAGE_TITLE_MAX } from '#shared/domain/image';
import { UPLOAD_GRANT_HEADER } from '#shared/domain/upload-grant';
import { callApi, urls } from '../integration/helpers';
import { reportFigure } from '../report-figure';
import { expectedRefusal } from './malformed/expected-refusal';
import { makeFuzzContext, type FuzzContext } from './malformed/fuzz-context';
import type { FuzzRequest } from './malformed/fuzz-request';
import { malformedRequests, overApiGatewayLimit, unicodeAtCut, validRequest } from './malformed/mutations';
import { describeOutcome, inFlight, send } from './malformed/send';
import { changesBetween, rowCounts, takeSnapshot } from './malformed/store-snapshot';
import { validSample } from './malformed/valid-sample';

/**
 * Security requirement "bad input on every route": at least 200 generated malformed requests per
 * route (wrong types, missing and extra fields, huge strings, unicode, prototype keys, invalid JSON,
 * wrong content type, oversized bodies, bad query strings and path segments), each answered 4xx
 * with `{code, message}`, never 5xx, and nothing written anywhere.
 */

const SEED = 20_251_122; // fixed, so CI sends the same variants every run
const PER_ROUTE = 200;
const IN_FLIGHT = 8;

let ctx: FuzzContext;
let webhookSecret: string;
const byRoute = new Map<string, FuzzRequest[]>();

function tokenFor(route: RouteDef): string | undefined {
  if (route.caller === 'user') return ctx.tokens.user;
  if (route.caller === 'staff') return ctx.tokens.staff;
  return undefined;
}

/** Grant routes: the user's upload grant, so malformed input reaches validation. */
const grantHeaderFor = (route: RouteDef): Record<string, string> =>
  route.caller === 'upload-grant' ? { [UPLOAD_GRANT_HEADER]: ctx.grant } : {};

/** At least PER_ROUTE sampled variants the API must refuse (valid ones are dropped), plus one over 10 MB. */
function generate(route: RouteDef, index: number): FuzzRequest[] {
  const sample = validSample(route, ctx.hints);
  if (route.caller !== 'stripe-signature' && expectedRefusal(validRequest(route, sample), webhookSecret)) {
    throw new Error(`the oracle refuses the valid sample of ${route.id}`);
  }
  const arbitrary = malformedRequests(route, sample, { run: ctx.run, webhookSecret });
  const out: FuzzRequest[] = [];
  for (let round = 0; out.length < PER_ROUTE && round < 10; round++) {
    for (const req of fc.sample(arbitrary, { seed: SEED + index * 100 + round, numRuns: PER_ROUTE })) {
      if (out.length < PER_ROUTE && expectedRefusal(req, webhookSecret)) out.push(req);
    }
  }
  if (route.method !== 'GET') out.push(overApiGatewayLimit(route, sample));
  return out;
}

beforeAll(async () => {
  ctx = await makeFuzzContext();
  webhookSecret = process.env.STRIPE_WEBHOOK_SECRET!;
  routeList.forEach((route, i) => byRoute.set(route.id, generate(route, i)));
});

describe('bad input on every route (property-based)', () => {
  it(`generates at least ${PER_ROUTE} malformed requests for each of the ${routeList.length} routes`, () => {
    expect(routeList.length).toBe(41);
    const short = routeList.filter((r) => (byRoute.get(r.id)?.length ?? 0) < PER_ROUTE).map((r) => `${r.id}: ${byRoute.get(r.id)?.length}`);
    expect(short).toEqual([]);
  });

  it('answers every one with 4xx {code, message}, never 5xx, and writes nothing', async () => {
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype);
    const requests = [...byRoute.values()].flat();
    const before = await takeSnapshot();
    const outcomes = await inFlight(requests, IN_FLIGHT, (req) => send(urls().api, req, tokenFor(req.route), grantHeaderFor(req.route)));
    const after = await takeSnapshot();

    const serverErrors = outcomes.filter((o) => o.status >= 500 || o.status === 0).length;
    reportFigure(`fuzz: ${outcomes.length} requests, ${serverErrors} server errors`);
    const offending = outcomes.filter((o) => o.problem);
    expect.soft(offending.length, `offending requests:\n${offending.slice(0, 40).map(describeOutcome).join('\n')}`).toBe(0);

    // Other suites may write while this runs; a write of ours names the fuzz data or run marker.
    const changes = changesBetween(before, after);
    const ours = changes.filter((c) => ctx.markers.some((m) => [c.key, c.before, c.after].some((s) => s?.includes(m))));
    const counts = (s: typeof before) => JSON.stringify(rowCounts(s));
    console.log(`fuzz: rows before ${counts(before)}, after ${counts(after)}; ${changes.length - ours.length} changes by other suites`);
    const what = (c: (typeof changes)[number]) => (!c.before ? 'added' : !c.after ? 'removed' : 'changed');
    expect.soft(ours.map((c) => `${c.store} ${c.key}: ${what(c)}`)).toEqual([]);

    // Prototype keys were data, never assignments, in this process too.
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).fuzzPolluted).toBeUndefined();
  }, 240_000);

  it('serves valid text with unicode at the cut points (surrogate pairs, combining marks, RTL, zero-width)', async () => {
    // .slice(0, n) on a title split an emoji at the download name's 120 characters: 500 on save, then on every list.
    const user = { token: ctx.tokens.user };
    const id = ctx.hints.id as string;
    const titles = fc.sample(unicodeAtCut([120, IMAGE_TITLE_MAX], IMAGE_TITLE_MAX), { seed: SEED, numRuns: 40 });
    const notes = fc.sample(unicodeAtCut([120, IMAGE_NOTES_MAX], IMAGE_NOTES_MAX), { seed: SEED + 1, numRuns: 40 });
    const failures: string[] = [];
    for (const [i, title] of titles.entries()) {
      const updated = await callApi(routes.updateImage, { ...user, params: { id }, body: { id, title, notes: notes[i] } });
      if (updated.status !== 200) failures.push(`update ${JSON.stringify(title.slice(-12))}: ${updated.status}`);
      const listed = await callApi(routes.listImages, user);
      if (listed.status !== 200) failures.push(`list after ${JSON.stringify(title.slice(-12))}: ${listed.status}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('still serves valid requests afterwards', async () => {
    const user = { token: ctx.tokens.user };
    const account = await callApi(routes.lookupAccount, user);
    expect(account.status).toBe(200);
    expect(Account.safeParse(account.body).success).toBe(true);
    expect((await callApi(routes.getOrganization, { ...user, params: { orgId: ctx.hints.orgId as string } })).status).toBe(200);
    expect((await callApi(routes.listImages, user)).status).toBe(200);
    const id = ctx.hints.id as string;
    const updated = await callApi(routes.updateImage, { ...user, params: { id }, body: { id, title: 'after the fuzz', notes: '' } });
    expect(updated).toMatchObject({ status: 200, body: { id, title: 'after the fuzz' } });
    const invite = await callApi(routes.getInviteDetails, { body: { sub: ctx.hints.sub, token: ctx.hints.token } });
    expect(invite.status).toBe(200);
    expect((await callApi(routes.adminListAudit, { token: ctx.tokens.staff })).status).toBe(200);
    // A polluted prototype would be the likeliest way for a plain user to pass the staff check.
    expect((await callApi(routes.adminListAudit, { token: ctx.tokens.plainUser })).status).toBe(403);
  });
});
