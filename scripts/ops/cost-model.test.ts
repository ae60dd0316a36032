import { describe, expect, it } from 'vitest';
import { ASSUMPTIONS, ROUTE_USAGE } from './cost-assumptions';
import { fullLibraryMonthlyUsd, scenarioCost } from './cost-model';
import { templateFacts, type Template } from './cost-template-facts';

/** One route function, one table, one log group, one HTTP API, a Plus user pool, one WAF ACL. */
const tiny: Template = {
  Resources: {
    LookupFn: { Type: 'AWS::Lambda::Function', Properties: { FunctionName: 'fps-dev-lookupAccount', MemorySize: 1024, Architectures: ['arm64'] } },
    OtherFn: { Type: 'AWS::Lambda::Function', Properties: { Description: 'custom resource' } },
    Users: { Type: 'AWS::DynamoDB::Table', Properties: { BillingMode: 'PAY_PER_REQUEST', GlobalSecondaryIndexes: [{}, {}] } },
    Logs: { Type: 'AWS::Logs::LogGroup', Properties: { RetentionInDays: 30 } },
    Api: { Type: 'AWS::ApiGatewayV2::Api', Properties: {} },
    Pool: { Type: 'AWS::Cognito::UserPool', Properties: { UserPoolTier: 'PLUS' } },
    Acl: { Type: 'AWS::WAFv2::WebACL', Properties: { Rules: [{}, {}, {}] } },
    Alarm1: { Type: 'AWS::CloudWatch::Alarm', Properties: {} },
    Alarm2: { Type: 'AWS::CloudWatch::Alarm', Properties: {} },
    Board: { Type: 'AWS::CloudWatch::Dashboard', Properties: {} },
  },
};

const zeroUsage = Object.fromEntries(Object.keys(ROUTE_USAGE).map((k) => [k, { free: 0, paying: 0, ms: 0, reads: 0, writes: 0 }])) as typeof ROUTE_USAGE;
const usage = { ...zeroUsage, lookupAccount: { free: 10, paying: 0, ms: 100, reads: 1, writes: 0 } };
const a = { ...ASSUMPTIONS, customMetrics: 4, freeActiveShare: 0.5, userRowBytes: 1000, logBytesPerInvocation: 1000, accessLogBytesPerRequest: 500, logCompression: 0.1, signupShare: 0 };

describe('storage quota in the cost model', () => {
  it("reads the limits from the functions' environment and prices a full library in S3 Standard", () => {
    const env = { Environment: { Variables: { STORAGE_LIMIT_BASIC_BYTES: String(2 ** 30), STORAGE_LIMIT_PREMIUM_BYTES: String(10 * 2 ** 30) } } };
    const withLimits: Template = { Resources: { ...tiny.Resources, CreateFn: { Type: 'AWS::Lambda::Function', Properties: { FunctionName: 'fps-dev-createImage', ...env } } } };
    expect(templateFacts([withLimits]).storageLimits).toEqual({ basicBytes: 2 ** 30, premiumBytes: 10 * 2 ** 30 });
    expect(templateFacts([tiny]).storageLimits).toBeUndefined();
    // 10 GB × $0.023
    expect(fullLibraryMonthlyUsd(10 * 2 ** 30)).toBeCloseTo(0.23, 9);
  });
});

describe('cost model arithmetic', () => {
  it('reads memory, architecture, billing mode, retention, tier and WAF rules from a template', () => {
    const facts = templateFacts([tiny]);
    expect(facts.functions).toEqual([
      { logicalId: 'LookupFn', routeId: 'lookupAccount', memoryMb: 1024, arch: 'arm64', tracing: false },
      { logicalId: 'OtherFn', routeId: undefined, memoryMb: 128, arch: 'x86_64', tracing: false }, // CloudFormation defaults
    ]);
    expect(facts.tables).toEqual([{ logicalId: 'Users', onDemand: true, pitr: false, gsis: 2 }]);
    expect(facts).toMatchObject({ logRetentionDays: [30], cognitoTier: 'PLUS', httpApis: 1, webAcls: [{ rules: 3 }], alarms: 2, dashboards: 1 });
  });

  it('prices 2,000 users: 1,000 active, 10,000 lookups of 100 ms at 1 GB on arm64', () => {
    const c = scenarioCost(templateFacts([tiny]), { label: 't', users: 2_000, paying: 0 }, a, usage);
    expect(c.activeUsers).toBe(1_000);
    expect(c.apiRequests).toBe(10_000);
    // 10,000 × 0.1 s × 1 GB × $0.0000133334 + 0.01 M requests × $0.20
    expect(c.services.Lambda).toBeCloseTo(0.0133334 + 0.002, 9);
    expect(c.services['API Gateway']).toBeCloseTo(0.01, 9);
    // 10,000 reads × $0.125/M + 2 MB stored × $0.25/GB (no PITR)
    expect(c.services.DynamoDB).toBeCloseTo(0.00125 + 0.002 * 0.25, 9);
    // Plus includes no MAU: 1,000 × $0.02
    expect(c.services.Cognito).toBeCloseTo(20, 9);
    // 15 MB ingested × $0.50/GB; stored 30 days at 10 %: 1.5 MB × $0.03/GB
    expect(c.services['CloudWatch Logs']).toBeCloseTo(0.015 * 0.5 + 0.0015 * 0.03, 9);
    // $5 per ACL + 3 rules × $1; no CloudFront distribution, so no requests reach it
    expect(c.services.WAF).toBeCloseTo(8, 9);
    // 2 alarms × $0.10 + 1 dashboard × $3 + 4 custom metrics × $0.30
    expect(c.services['CloudWatch alarms, dashboards, metrics']).toBeCloseTo(0.2 + 3 + 1.2, 9);
    expect(c.services.CloudFront).toBe(0);
    expect(c.services.S3).toBe(0);
    expect(c.total).toBeCloseTo(Object.values(c.services).reduce((x, y) => x + y, 0), 9);
  });

  it('follows the template: doubling a function\'s memory doubles its duration cost', () => {
    const big = structuredClone(tiny);
    big.Resources!.LookupFn!.Properties!.MemorySize = 2048;
    const s = { label: 't', users: 2_000, paying: 0 };
    const small = scenarioCost(templateFacts([tiny]), s, a, usage).services.Lambda - 0.002;
    expect(scenarioCost(templateFacts([big]), s, a, usage).services.Lambda - 0.002).toBeCloseTo(2 * small, 9);
  });

  it('counts Cognito Essentials MAUs above the 10,000 it includes', () => {
    const essentials = structuredClone(tiny);
    essentials.Resources!.Pool!.Properties!.UserPoolTier = 'ESSENTIALS';
    const c = scenarioCost(templateFacts([essentials]), { label: 't', users: 30_000, paying: 0 }, a, usage);
    expect(c.services.Cognito).toBeCloseTo((15_000 - 10_000) * 0.015, 9);
  });
});
