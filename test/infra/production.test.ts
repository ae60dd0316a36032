import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { routeList } from '../../shared/api/routes';
import { createApp, buildStacks } from '../../infra/build';
import { nativeInstallCommand } from '../../infra/native-modules';
import { postConfirmationSize, routeDeploy } from '../../infra/route-deploy';
import { isPublicRoute, awsRoutePath } from '../../infra/stacks/api-stack';
import { MANAGED_RULE_GROUPS } from '../../infra/stacks/edge-stack';
import { environments } from '../../infra/environments';
import { tableList } from '#shared/deploy/tables';
import { flat, resourcesOf, synth, type EnvName } from './helpers';

const ENVS: EnvName[] = ['dev', 'staging', 'master'];

/** Synthesising with an environments file, the way an operator sets real values. */
function synthWith(env: EnvName, overrides: Record<string, unknown>) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'fps-envs-')), 'environments.json');
  writeFileSync(file, JSON.stringify({ [env]: overrides }));
  return () => buildStacks(createApp({ env, 'aws:cdk:bundling-stacks': [], environmentsFile: file }));
}

describe.each(ENVS)('%s: Lambda sizing', (env) => {
  it('every route function has the memory and timeout of infra/route-deploy.ts (no 128 MB / 3 s defaults)', () => {
    const fns = resourcesOf(synth(env).api, 'AWS::Lambda::Function');
    for (const route of routeList) {
      const fn = fns.find(([, r]) => r.Properties.FunctionName === `fps-${env}-${route.id}`);
      expect(fn, route.id).toBeDefined();
      const { size } = routeDeploy[route.id];
      expect([route.id, fn![1].Properties.MemorySize, fn![1].Properties.Timeout]).toEqual([route.id, size.memoryMb, size.timeoutSeconds]);
      expect(size.memoryMb).toBeGreaterThanOrEqual(256);
      expect(size.timeoutSeconds).toBeLessThan(30);
    }
    const [[, trigger]] = resourcesOf(synth(env).auth, 'AWS::Lambda::Function');
    expect([trigger.Properties.MemorySize, trigger.Properties.Timeout]).toEqual([postConfirmationSize.memoryMb, postConfirmationSize.timeoutSeconds]);
    expect(routeDeploy.finalizeImage.size.memoryMb).toBeGreaterThan(routeDeploy.listImages.size.memoryMb);
  });

  it('every function is traced with X-Ray', () => {
    const s = synth(env);
    for (const [id, fn] of [...resourcesOf(s.api, 'AWS::Lambda::Function'), ...resourcesOf(s.auth, 'AWS::Lambda::Function')]) {
      expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
    }
  });
});

describe('settings per environment', () => {
  it.each(['staging', 'master'] as const)('%s refuses the placeholder domain, extension id and sender at synth', (env) => {
    const build = () => buildStacks(createApp({ env, 'aws:cdk:bundling-stacks': [] }));
    expect(build).toThrow(/Refusing to synthesise .* placeholder settings/);
    expect(build).toThrow(new RegExp(`siteUrl ${environments[env].siteUrl.replace(/\./g, '\\.')} is a placeholder domain`));
    expect(build).toThrow(/extension origin chrome-extension:\/\/(.)\1{31} is a placeholder id/);
    // One placeholder left among real values is still refused.
    expect(synthWith(env, {
      account: '111111111111', region: 'eu-west-1', siteUrl: 'https://app.fullpageshot.com',
      certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/x', extensionOrigins: ['chrome-extension://abcdefghijklmnopabcdefghijklmnop'],
      sesRegion: 'eu-west-1', alarmEmail: 'ops@fullpageshot.com',
    })).toThrow(/emailFrom no-reply@.*fullpageshot\.example uses a placeholder domain/);
  });

  it('rejects a mistyped settings file instead of falling back to the committed values', () => {
    expect(synthWith('master', { sitUrl: 'https://www.fullpageshot.com' })).toThrow(/sitUrl|Unrecognized/);
    expect(synthWith('master', { certificateArn: 'arn:aws:acm:eu-west-1:1:certificate/x' })).toThrow(/us-east-1/);
  });

  it('master keeps its domain, SES sender and Google provider on a plain synth with its settings file', () => {
    const m = synth('master');
    m.web.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ Aliases: ['www.fullpageshot.com'] }) });
    m.auth.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: Match.objectLike({ From: 'no-reply@fullpageshot.com' }) });
    expect(resourcesOf(m.auth, 'AWS::Cognito::UserPoolIdentityProvider')).toHaveLength(1);
    // Pinned to the account and region of the settings; the web ACL in us-east-1.
    expect([m.stacks.api.account, m.stacks.api.region]).toEqual(['222222222222', 'eu-west-1']);
    expect(m.stacks.edge.region).toBe('us-east-1');
  });
});

describe('one deploy gives a working site (dev: no certificate)', () => {
  const dev = synth('dev');
  it('SITE_URL, API CORS, image bucket CORS and OAuth callbacks all use the distribution domain of the web stack', () => {
    const domain = /<output:.*Distribution.*DomainName/;
    const [[, bucket]] = resourcesOf(dev.data, 'AWS::S3::Bucket').filter(([, b]) => flat(b.Properties.BucketName).includes('-images-'));
    expect(flat(bucket.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins[0])).toMatch(domain);
    const [[, client]] = resourcesOf(dev.auth, 'AWS::Cognito::UserPoolClient');
    expect(flat(client.Properties.CallbackURLs[0])).toMatch(domain);
    // The web stack itself needs nothing from the later stacks (no cycle, deployable first).
    expect(JSON.stringify(dev.web.toJSON())).not.toMatch(/Fps-dev-(Api|Auth|Data)/);
    expect(dev.stacks.content.dependencies.map((d) => d.stackName).sort()).toEqual(expect.arrayContaining(['Fps-dev-Api', 'Fps-dev-Web']));
  });
});

describe('sharp for linux-arm64 comes from the registry', () => {
  it('finalizeImage keeps sharp out of the bundle and installs the pinned arm64 packages after bundling', () => {
    const cmd = nativeInstallCommand(['sharp'], '/out', 'required');
    expect(cmd).toContain('npm install --os=linux --cpu=arm64 --libc=glibc');
    expect(cmd).toContain('sharp@0.34.5');
    expect(cmd).toContain(`grep -q '"version": "0.34.5"' node_modules/@img/sharp-linux-arm64/package.json`);
    expect(cmd).toContain(`grep -q '"version": "1.2.4"' node_modules/@img/sharp-libvips-linux-arm64/package.json`);
    expect(cmd).toContain('--fetch-retries=0');
    expect(nativeInstallCommand(['sharp'], '/out', 'optional')).toMatch(/\|\| echo "WARNING/);
    const fn = resourcesOf(synth('dev').api, 'AWS::Lambda::Function').find(([, r]) => r.Properties.FunctionName === 'fps-dev-finalizeImage')![1];
    expect(fn.Properties.Layers).toBeUndefined();
  });
});

describe.each(ENVS)('%s: observability', (env) => {
  const s = synth(env);
  const alarms = resourcesOf(s.ops, 'AWS::CloudWatch::Alarm');
  const named = (name: string) => alarms.find(([, a]) => a.Properties.AlarmName === `fps-${env}-${name}`)?.[1];

  it('an SNS topic with the environment alarm e-mail; every alarm notifies it', () => {
    const [[topicId]] = resourcesOf(s.ops, 'AWS::SNS::Topic');
    s.ops.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: s.stacks.settings.env.alarmEmail });
    for (const [id, a] of alarms) expect(a.Properties.AlarmActions, id).toEqual([{ Ref: topicId }]);
  });

  it('alarms on errors and throttles of every function, the stripeWebhook errors, API 5xx and p99 latency, table throttles, SES', () => {
    for (const name of [...routeList.map((r) => r.id), 'postConfirmation']) {
      expect(named(`${name}-errors`)?.Properties.MetricName, name).toBe('Errors');
      expect(named(`${name}-throttles`)?.Properties.MetricName, name).toBe('Throttles');
    }
    expect(named('stripeWebhook-errors')!.Properties.Dimensions).toEqual([{ Name: 'FunctionName', Value: Match.anyValue() }].map(() => expect.anything()));
    expect(named('api-5xx')!.Properties).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: '5xx' });
    expect(named('api-p99-latency')!.Properties).toMatchObject({ MetricName: 'Latency', ExtendedStatistic: 'p99' });
    for (const t of tableList) expect(JSON.stringify(named(`${t.name}-throttles`)!.Properties.Metrics)).toContain('WriteThrottleEvents');
    expect(named('ses-bounce-rate')!.Properties.MetricName).toBe('Reputation.BounceRate');
    expect(named('ses-complaint-rate')!.Properties.MetricName).toBe('Reputation.ComplaintRate');
  });

  it('one dashboard and a monthly budget alerting the same address', () => {
    expect(resourcesOf(s.ops, 'AWS::CloudWatch::Dashboard')).toHaveLength(1);
    s.ops.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({ BudgetLimit: { Amount: s.stacks.settings.env.monthlyBudgetUsd, Unit: 'USD' }, TimeUnit: 'MONTHLY' }),
      NotificationsWithSubscribers: Match.arrayWith([Match.objectLike({ Subscribers: [{ SubscriptionType: 'EMAIL', Address: s.stacks.settings.env.alarmEmail }] })]),
    });
  });
});

describe.each(ENVS)('%s: edge protection', (env) => {
  const s = synth(env);
  it('a CLOUDFRONT web ACL in us-east-1 with the managed rule groups and a rate rule, on the distribution', () => {
    const [[, acl]] = resourcesOf(s.edge, 'AWS::WAFv2::WebACL');
    expect(s.stacks.edge.region).toBe('us-east-1');
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl.Properties.Rules;
    expect(rules.map((r: { Statement: { ManagedRuleGroupStatement?: { Name: string } } }) => r.Statement.ManagedRuleGroupStatement?.Name).filter(Boolean))
      .toEqual([...MANAGED_RULE_GROUPS]);
    expect(rules[0].Statement.RateBasedStatement).toEqual({ AggregateKeyType: 'IP', Limit: environments[env].wafRateLimitPer5Min });
    const [[, dist]] = resourcesOf(s.web, 'AWS::CloudFront::Distribution');
    expect(flat(dist.Properties.DistributionConfig.WebACLId)).toMatch(/WebAcl/);
  });

  it('public routes have their own stage throttle and reserved concurrency; others neither', () => {
    const [[, stage]] = resourcesOf(s.api, 'AWS::ApiGatewayV2::Stage');
    const { publicRouteThrottle, publicRouteConcurrency } = s.stacks.settings.env;
    for (const route of routeList) {
      const key = `${route.method} ${awsRoutePath(route.path)}`;
      const fn = resourcesOf(s.api, 'AWS::Lambda::Function').find(([, r]) => r.Properties.FunctionName === `fps-${env}-${route.id}`)![1];
      if (isPublicRoute(route)) {
        expect(stage.Properties.RouteSettings[key], key).toEqual({
          ThrottlingRateLimit: publicRouteThrottle.rateLimit, ThrottlingBurstLimit: publicRouteThrottle.burstLimit,
        });
        expect(fn.Properties.ReservedConcurrentExecutions, route.id).toBe(publicRouteConcurrency);
      } else {
        expect(stage.Properties.RouteSettings[key], key).toBeUndefined();
        expect(fn.Properties.ReservedConcurrentExecutions, route.id).toBeUndefined();
      }
    }
  });
});
