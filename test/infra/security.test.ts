import { afterAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { environments } from '../../infra/environments';
import { reportFigure } from '../report-figure';
import { flat, resourcesOf, synth, type CfnJson, type EnvName } from './helpers';

/**
 * The security invariants of the infrastructure, swept over every resource of every stack in all
 * three environments. Per-table and per-route detail (keys, GSIs, grants) stays in data/api/auth
 * tests, and the per-finding cdk-nag report in nag.test.ts; this file checks that nothing escapes
 * the rules in any environment, and prints the totals.
 */
const ENVS: EnvName[] = ['dev', 'staging', 'master'];
const totals = { nag: 0, tables: 0, buckets: 0, retained: 0, stages: 0 };

const stacksOf = (env: EnvName): Template[] => {
  const s = synth(env);
  return [s.data, s.auth, s.api, s.web];
};
const all = (env: EnvName, type: string) => stacksOf(env).flatMap((t) => resourcesOf(t, type));

const deniesPlainHttp = (t: Template, bucketId: string) =>
  resourcesOf(t, 'AWS::S3::BucketPolicy').some(([, p]) =>
    flat(p.Properties.Bucket) === `<${bucketId}>` &&
    p.Properties.PolicyDocument.Statement.some((st: CfnJson) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false'));

describe.each(ENVS)('%s', (env) => {
  it('has zero unacknowledged cdk-nag AwsSolutions findings (detail: nag.test.ts)', () => {
    const { nag } = synth(env);
    totals.nag += nag.violations.length;
    expect(nag.violations.map((v) => v.ruleName)).toEqual([]);
  });

  it('every DynamoDB table has point-in-time recovery', () => {
    const tables = all(env, 'AWS::DynamoDB::Table');
    expect(tables.length).toBeGreaterThan(0);
    for (const [id, t] of tables) expect(t.Properties.PointInTimeRecoverySpecification, id).toEqual({ PointInTimeRecoveryEnabled: true });
    totals.tables += tables.length;
  });

  it('every bucket is private (all four BlockPublicAccess flags) and refuses plain HTTP; the images bucket is versioned', () => {
    for (const t of stacksOf(env)) {
      for (const [id, b] of resourcesOf(t, 'AWS::S3::Bucket')) {
        expect(b.Properties.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true,
        });
        expect(b.Properties.WebsiteConfiguration, id).toBeUndefined();
        expect(deniesPlainHttp(t, id), `${id} TLS-only policy`).toBe(true);
        totals.buckets++;
      }
    }
    const images = resourcesOf(synth(env).data, 'AWS::S3::Bucket').find(([, b]) => flat(b.Properties.BucketName).includes('-images-'));
    expect(images?.[1].Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
  });

  const retain = environments[env].retainData;
  it(retain ? 'retains every table, bucket and the user pool' : 'deletes its tables, buckets and user pool with the stack', () => {
    if (env === 'master') expect(retain).toBe(true);
    const data = [...all(env, 'AWS::DynamoDB::Table'), ...all(env, 'AWS::S3::Bucket'), ...all(env, 'AWS::Cognito::UserPool')];
    for (const [id, r] of data) {
      expect([id, r.DeletionPolicy, r.UpdateReplacePolicy]).toEqual(retain ? [id, 'Retain', 'Retain'] : [id, 'Delete', 'Delete']);
      if (retain) totals.retained++;
    }
  });

  it('throttles the API stage with the environment settings', () => {
    const stages = resourcesOf(synth(env).api, 'AWS::ApiGatewayV2::Stage');
    expect(stages.length).toBeGreaterThan(0);
    for (const [, s] of stages) {
      const { rateLimit, burstLimit } = environments[env].throttle;
      expect(s.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit });
      expect(rateLimit).toBeGreaterThan(0);
      totals.stages++;
    }
  });
});

afterAll(() => {
  reportFigure(
    `infra: ${ENVS.length} envs, ${totals.nag} unacknowledged cdk-nag findings, ${totals.tables} tables with PITR, ` +
      `${totals.buckets} private TLS-only buckets, ${totals.retained} master resources retained, ${totals.stages} throttled API stages`,
  );
});
