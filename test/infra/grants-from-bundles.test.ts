/**
 * Least privilege, checked against what ships: each route's grants in infra/route-deploy.ts must
 * be exactly what its Lambda bundle calls (no grant unused, no call ungranted). The calls are read
 * from the bundles (test/infra/bundle-calls.ts), so a new route, or a handler that starts calling
 * something new, is covered without touching this file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { needsToken } from '#shared/api/route';
import { routeList } from '#shared/api/routes';
import { writesAsAccount } from '../../lambdas/lib/account-guard';
import { routeDeploy, type Grants } from '../../infra/route-deploy';
import { tables, type TableKey } from '#shared/deploy/tables';
import { bundleCalls, type BundleCalls } from './bundle-calls';
import { flat, resourcesOf, synth } from './helpers';

/** Tables that keep a trail: written only by appending (PutItem on named partitions). */
const APPEND_ONLY: readonly TableKey[] = ['records'];
/** The audit trail's partition of the records table (lambdas/admin/lib/audit.ts). */
const AUDIT_KIND = 'admin-audit';
/** The account guard (lambdas/lib/account-guard.ts) reads the caller's user row only on routes that write as an account. */
const ACCOUNT_GUARD = 'assertAccountExists';
/** The staff guard (lambdas/lib/staff-guard.ts) asks Cognito for group and MFA on staff routes only. */
const STAFF_GUARD = 'assertCurrentStaff';

const fmt = (g: unknown) => (g === undefined ? 'none' : JSON.stringify(g));

/** The grant each call set needs, in route-deploy's own terms. */
function tableNeed(key: TableKey, kinds: Set<string>): string {
  if (APPEND_ONLY.includes(key)) {
    if (kinds.has('write')) return 'an update or delete: not allowed on an append-only table';
    if (kinds.has('put') && kinds.has('read')) return 'read and append: not expressible yet';
    return kinds.has('put') ? 'append' : 'RO';
  }
  return kinds.has('put') || kinds.has('write') ? 'RW' : 'RO';
}

/** Every difference between a route's grants and its bundle's calls, in words; empty when they match. */
function mismatches(g: Grants, c: BundleCalls): string[] {
  const out: string[] = [];
  for (const key of Object.keys(tables) as TableKey[]) {
    const granted = g.tables?.[key];
    const kinds = c.tables.get(key);
    const need = kinds ? tableNeed(key, kinds) : undefined;
    const has = granted === undefined ? undefined : typeof granted === 'object' ? 'append' : granted;
    if (has !== need) out.push(`tables.${key}: granted ${fmt(granted)}, the bundle needs ${need ?? 'none'} (${[...(kinds ?? [])].join(', ') || 'no calls'})`);
  }
  const bucketNeed = c.bucket.has('write') ? 'RW' : c.bucket.has('read') ? 'RO' : undefined;
  if (g.bucket !== bucketNeed) out.push(`bucket: granted ${fmt(g.bucket)}, the bundle needs ${fmt(bucketNeed)}`);
  const cognitoGranted = [...(g.cognito ?? [])].sort();
  const cognitoNeed = [...c.cognito].sort();
  if (fmt(cognitoGranted) !== fmt(cognitoNeed)) out.push(`cognito: granted ${fmt(cognitoGranted)}, the bundle calls ${fmt(cognitoNeed)}`);
  if (Boolean(g.email) !== c.email) out.push(`email: granted ${fmt(g.email)}, the bundle ${c.email ? 'sends' : 'sends no'} e-mail`);
  const stripeNeed = c.env.has('STRIPE_WEBHOOK_SECRET_PARAM') ? 'webhook' : c.env.has('STRIPE_SECRET_PARAM') ? 'api' : undefined;
  if (g.stripe !== stripeNeed) out.push(`stripe: granted ${fmt(g.stripe)}, the bundle reads ${fmt(stripeNeed)} parameters`);
  for (const u of c.unplaced) out.push(`unplaced call: ${u}`);
  return out;
}

let calls: Map<string, BundleCalls>;

beforeAll(async () => {
  calls = await bundleCalls(routeList.map((r) => ({
    name: r.id,
    handler: r.handler,
    skip: [...(writesAsAccount(r) ? [] : [ACCOUNT_GUARD]), ...(r.caller === 'staff' ? [] : [STAFF_GUARD])],
  })));
}, 120_000);

describe('IAM grants match the calls in each Lambda bundle', () => {
  it.each(routeList.map((r) => [r.id]))('%s: no grant unused, no call ungranted', (id) => {
    // As one text, so a failure prints every difference in words.
    expect(mismatches(routeDeploy[id].grants, calls.get(id)!).join('\n')).toBe('');
  });

  it('the analysis sees the calls it must (a reader of the user row, the account guard, Powertools idempotency)', () => {
    // Guards against an analysis that silently finds nothing.
    expect(calls.get('lookupAccount')!.tables.get('users')).toContain('read');
    expect(calls.get('stripeWebhook')!.tables.get('idempotency')).toEqual(new Set(['read', 'put', 'write']));
    const guarded = routeList.filter((r) => !writesAsAccount(r) && needsToken(r));
    expect(guarded.some((r) => calls.get(r.id)!.skipped.includes(ACCOUNT_GUARD)), 'account guard found in the bundles').toBe(true);
  });
});

describe('the audit trail is append-only in IAM', () => {
  it('no route may update or delete in the records table; writers append, public routes never to the audit partition', () => {
    for (const r of routeList) {
      const g = routeDeploy[r.id].grants.tables?.records;
      if (g === undefined || g === 'RO') continue;
      expect(typeof g, `${r.id}: records grant`).toBe('object');
      if (typeof g !== 'object') continue;
      expect(g.append.length, `${r.id}: appends to named partitions`).toBeGreaterThan(0);
      if (!needsToken(r)) expect(g.append, `${r.id} is public`).not.toContain(AUDIT_KIND);
    }
  });

  it('in the template: on the records table only reads and PutItem, each PutItem held to its partitions', () => {
    const { api } = synth('dev');
    const fns = resourcesOf(api, 'AWS::Lambda::Function');
    const policies = resourcesOf(api, 'AWS::IAM::Policy');
    let appenders = 0;
    for (const r of routeList) {
      const [, fn] = fns.find(([, f]) => f.Properties.FunctionName === `fps-dev-${r.id}`)!;
      const roleId = fn.Properties.Role['Fn::GetAtt'][0];
      const statements = policies
        .filter(([, p]) => p.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, unknown>> }[])
        .filter((st) => [st.Resource].flat().some((res) => flat(res).endsWith(':table/fps-dev-records')));
      for (const st of statements) {
        const actions = [st.Action].flat();
        expect(actions.filter((a) => /UpdateItem|DeleteItem|BatchWriteItem|PartiQL|\*/.test(a)), r.id).toEqual([]);
        if (!actions.includes('dynamodb:PutItem')) continue;
        appenders++;
        expect(actions, `${r.id}: PutItem alone`).toEqual(['dynamodb:PutItem']);
        const partitions = [st.Condition?.['ForAllValues:StringEquals']?.['dynamodb:LeadingKeys']].flat();
        expect(partitions.length, `${r.id}: partitions named`).toBeGreaterThan(0);
        if (!needsToken(r)) expect(partitions, `${r.id} is public`).not.toContain(AUDIT_KIND);
      }
    }
    expect(appenders, 'the writers of the records table were found').toBeGreaterThan(0);
  });
});
