import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { RuntimeConfig } from '../../shared/config/runtime-config';
import { routeList } from '../../shared/api/routes';
import { methodsOf } from '../../shared/api/route';
import { SHARE_FORWARDED_PATH, SHARE_PATH_PREFIX } from '../../shared/domain/share-link';
import { SECURITY_HEADERS, STORED_SESSION_PROBE_HASH } from '../../shared/web/security-headers';
import { apiConnectSource, contentSecurityPolicy, PAGE_INDEX_FUNCTION_CODE } from '../../infra/stacks/web-stack';
import { runtimeConfig } from '../../infra/stacks/content-stack';
import { repoRoot } from '../../infra/settings';
import { flat, resourcesOf, SAMPLE_ENVIRONMENTS, synth } from './helpers';

const dev = synth('dev');

/** The sample environments file plus a newsletter endpoint for staging (how an operator adds one). */
function newsletterFile(): string {
  const sample = JSON.parse(readFileSync(path.join(repoRoot, SAMPLE_ENVIRONMENTS), 'utf8'));
  sample.staging.newsletterUrl = 'https://lists.example.com/subscribe/post-json?u=1';
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'fps-envs-')), 'environments.json');
  writeFileSync(file, JSON.stringify(sample));
  return file;
}
const [[, distribution]] = resourcesOf(dev.web, 'AWS::CloudFront::Distribution');
const cfg = distribution.Properties.DistributionConfig;

describe('web stack', () => {
  it('serves a private bucket through Origin Access Control (no OAI, no public website)', () => {
    expect(resourcesOf(dev.web, 'AWS::CloudFront::OriginAccessControl')).toHaveLength(1);
    expect(cfg.Origins).toHaveLength(1);
    expect(cfg.Origins[0].OriginAccessControlId).toBeDefined();
    expect(cfg.Origins[0].S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    expect(resourcesOf(dev.web, 'AWS::CloudFront::CloudFrontOriginAccessIdentity')).toHaveLength(0);
    const site = resourcesOf(dev.web, 'AWS::S3::Bucket').find(([id]) => id.startsWith('SiteBucket'))![1];
    expect(site.Properties.WebsiteConfiguration).toBeUndefined();
    expect(site.Properties.PublicAccessBlockConfiguration).toMatchObject({ BlockPublicPolicy: true });
  });

  it('answers unknown paths (403/404 from S3) with HTTP 404 and the bare SPA shell (Page not found), not the prerendered home', () => {
    expect(cfg.CustomErrorResponses).toEqual([
      { ErrorCode: 403, ResponseCode: 404, ResponsePagePath: '/app-shell.html', ErrorCachingMinTTL: 0 },
      { ErrorCode: 404, ResponseCode: 404, ResponsePagePath: '/app-shell.html', ErrorCachingMinTTL: 0 },
    ]);
    expect(cfg.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(cfg.Logging.Bucket).toBeDefined();
  });

  it('serves a prerendered page path as its own <path>/index.html (viewer-request function)', () => {
    const [[fnId, fn]] = resourcesOf(dev.web, 'AWS::CloudFront::Function');
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(fn.Properties.FunctionCode).toBe(PAGE_INDEX_FUNCTION_CODE);
    expect(cfg.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [fnId, 'FunctionARN'] } },
    ]);
    // The function's own code, run as CloudFront would: page paths map to index.html files, files keep their key.
    const handler = new Function(`${PAGE_INDEX_FUNCTION_CODE}; return handler;`)() as (e: { request: { uri: string } }) => { uri: string };
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    expect(rewrite('/')).toBe('/');
    expect(rewrite('/premium')).toBe('/premium/index.html');
    expect(rewrite('/faq/')).toBe('/faq/index.html');
    expect(rewrite('/enterprise/account/members')).toBe('/enterprise/account/members/index.html');
    expect(rewrite('/assets/index-1234.js')).toBe('/assets/index-1234.js');
    expect(rewrite('/index.html')).toBe('/index.html');
    expect(rewrite('/media/press/byte-weekly.svg')).toBe('/media/press/byte-weekly.svg');
    // The app's nested routes without a file of their own get the SPA shell (200); an unknown path
    // is looked up as its index.html, which does not exist, so the error response answers 404.
    expect(rewrite('/checkout/success')).toBe('/app-shell.html');
    expect(rewrite('/enterprise/account/unknown-section')).toBe('/app-shell.html');
    expect(rewrite('/checkout')).toBe('/checkout/index.html');
    expect(rewrite('/no-such-page')).toBe('/no-such-page/index.html');
    expect(rewrite('/checkoutx/success')).toBe('/checkoutx/success/index.html');
  });

  it('sends security headers and a CSP for self, the API, Cognito and the extension frame', () => {
    const [[, policy]] = resourcesOf(dev.web, 'AWS::CloudFront::ResponseHeadersPolicy');
    const sec = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = flat(sec.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain(`script-src 'self' ${STORED_SESSION_PROBE_HASH};`);
    expect(csp).toMatch(/connect-src 'self' https:\/\/\*\.execute-api\.<AWS::Region>\.<AWS::URLSuffix> https:\/\/cognito-idp\.<AWS::Region>\.amazonaws\.com https:\/\/fullpageshot-dev\.auth\.<AWS::Region>\.amazoncognito\.com https:\/\/fps-dev-images-/);
    expect(csp).toContain('frame-src chrome-extension:');
    expect(csp).toContain("object-src 'none'");
    expect(sec.StrictTransportSecurity).toMatchObject({ IncludeSubdomains: true, Override: true });
    expect(sec.ContentTypeOptions).toEqual({ Override: true });
    expect(cfg.DefaultCacheBehavior.ResponseHeadersPolicyId).toBeDefined();
  });

  it.each(['dev', 'staging', 'master'] as const)('%s: every security header of the shared definition, on every behavior', (env) => {
    const t = synth(env).web;
    const [[policyId, policy]] = resourcesOf(t, 'AWS::CloudFront::ResponseHeadersPolicy').filter(([id]) => id.startsWith('SecurityHeaders'));
    const conf = policy.Properties.ResponseHeadersPolicyConfig;
    const sec = conf.SecurityHeadersConfig;
    expect(sec.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: SECURITY_HEADERS.hsts.maxAgeSeconds, IncludeSubdomains: true, Override: true,
    });
    expect(sec.ContentTypeOptions).toEqual({ Override: true });
    expect(sec.FrameOptions).toEqual({ FrameOption: SECURITY_HEADERS.frameOptions, Override: true });
    expect(sec.ReferrerPolicy).toEqual({ ReferrerPolicy: SECURITY_HEADERS.referrerPolicy, Override: true });
    expect(conf.CustomHeadersConfig.Items).toEqual([{ Header: 'Permissions-Policy', Value: SECURITY_HEADERS.permissionsPolicy, Override: true }]);
    // The strict CSP: no inline or eval script, no plugins, no framing by others, https only.
    const csp = flat(sec.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(sec.ContentSecurityPolicy.Override).toBe(true);
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('ws:');
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['frame-ancestors']).toEqual(["'self'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
    expect(directives['upgrade-insecure-requests']).toEqual([]);
    // The same builder the local web server uses, given this environment's sources.
    const s = synth(env).stacks;
    expect(s.web.resolve(contentSecurityPolicy({ config: s.settings.env, apiUrl: apiConnectSource(), oauthDomain: s.auth.oauthDomain })))
      .toEqual(sec.ContentSecurityPolicy.ContentSecurityPolicy);
    const d = resourcesOf(t, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
    // Every behavior of the site; share pages (/s/*) keep their own headers (next test).
    for (const behavior of [d.DefaultCacheBehavior, ...(d.CacheBehaviors ?? []).filter((b: { PathPattern: string }) => b.PathPattern !== '/s/*')]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  it.each(['staging', 'master'] as const)('%s (certificate): /s/* goes to the API, cached at most 60 s, with the pages\' own headers', (env) => {
    const s = synth(env);
    const d = resourcesOf(s.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
    const share = d.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/s/*');
    expect(share).toMatchObject({ ViewerProtocolPolicy: 'redirect-to-https', AllowedMethods: ['GET', 'HEAD'] });
    const origin = d.Origins.find((o: { Id: string }) => o.Id === share.TargetOriginId);
    expect(origin.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(JSON.stringify(origin.DomainName)).toMatch(/Fn::GetStackOutput.*-Api.*ApiEndpoint/);
    const [[cacheId, cache]] = resourcesOf(s.web, 'AWS::CloudFront::CachePolicy').filter(([id]) => id.startsWith('SharePageCache'));
    expect(share.CachePolicyId).toEqual({ Ref: cacheId });
    const c = cache.Properties.CachePolicyConfig;
    expect(c.MaxTTL).toBeLessThanOrEqual(60);
    expect(c.DefaultTTL).toBeLessThanOrEqual(60);
    expect(c.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: ['download'] });
    expect(c.ParametersInCacheKeyAndForwardedToOrigin.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    const [[headersId, headers]] = resourcesOf(s.web, 'AWS::CloudFront::ResponseHeadersPolicy').filter(([id]) => id.startsWith('ShareHeaders'));
    expect(share.ResponseHeadersPolicyId).toEqual({ Ref: headersId });
    const sec = headers.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    // The API's CSP and no-referrer win; HSTS and nosniff are always sent.
    expect(sec.ContentSecurityPolicy.Override).toBe(false);
    expect(sec.ReferrerPolicy).toEqual({ ReferrerPolicy: 'no-referrer', Override: false });
    expect(sec.StrictTransportSecurity.Override).toBe(true);
    // Links point at the site: the share functions get it as SHARE_BASE_URL.
    const fns = resourcesOf(s.api, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('OpenSharePageFn') || id.startsWith('CreateShareLinkFn'));
    expect(fns).toHaveLength(2);
    for (const [, fn] of fns) expect(fn.Properties.Environment.Variables.SHARE_BASE_URL).toBe(s.stacks.settings.env.siteUrl);
  });

  it.each(['staging', 'master'] as const)('%s: /s/* reaches only the public share routes, with no credentials (infra/README.md, dot-segments)', (env) => {
    const s = synth(env);
    const d = resourcesOf(s.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
    const share = d.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === `${SHARE_PATH_PREFIX}*`);
    expect(share, 'the /s/* behavior').toBeDefined();
    // The path goes to the API as it came: no origin path in front of it, no function rewriting it.
    const origin = d.Origins.find((o: { Id: string }) => o.Id === share.TargetOriginId);
    expect(origin.OriginPath ?? '').toBe('');
    expect(share.FunctionAssociations ?? []).toEqual([]);
    expect(share.LambdaFunctionAssociations ?? []).toEqual([]);
    // Nothing that could act as the user is forwarded: no origin request policy (Authorization,
    // cookies), no headers or cookies in the cache key; reads only.
    expect(share.OriginRequestPolicyId).toBeUndefined();
    const [[, cache]] = resourcesOf(s.web, 'AWS::CloudFront::CachePolicy').filter(([id]) => id.startsWith('SharePageCache'));
    const forwarded = cache.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin;
    expect(forwarded.HeadersConfig).toEqual({ HeaderBehavior: 'none' });
    expect(forwarded.CookiesConfig).toEqual({ CookieBehavior: 'none' });
    expect(share.AllowedMethods).toEqual(['GET', 'HEAD']);
    // Under /s/ the API has the two public share routes and nothing else; the site's local proxy
    // forwards exactly their paths.
    const underS = routeList.filter((r) => r.path.startsWith(SHARE_PATH_PREFIX));
    expect(underS.map((r) => r.id).sort()).toEqual(['openSharePage', 'openSharedImage']);
    for (const r of underS) {
      expect(r.caller).toBe('public');
      expect(methodsOf(r)).toEqual(['GET', 'HEAD']);
      expect(SHARE_FORWARDED_PATH.test(r.path.replace('{token}', 'A'.repeat(43)))).toBe(true);
    }
  });

  it('dev (no certificate): no /s/* behavior (it would need the API before the web stack); links use the API address', () => {
    const d = resourcesOf(dev.web, 'AWS::CloudFront::Distribution')[0][1].Properties.DistributionConfig;
    expect((d.CacheBehaviors ?? []).map((b: { PathPattern: string }) => b.PathPattern)).not.toContain('/s/*');
    const [[, fn]] = resourcesOf(dev.api, 'AWS::Lambda::Function').filter(([id]) => id.startsWith('OpenSharePageFn'));
    expect(JSON.stringify(fn.Properties.Environment.Variables.SHARE_BASE_URL)).toContain('HttpApi');
  });

  it('writes config.json at deploy time with the runtime settings', () => {
    const deployments = resourcesOf(dev.content, 'Custom::CDKBucketDeployment');
    // config.json is always deployed; the SPA files only when dist/web holds a build.
    const config = deployments.find(([id]) => id.startsWith('DeployConfig'))![1];
    expect(config.Properties.DistributionPaths).toEqual(['/config.json']);
    expect(config.Properties.Prune).toBe(false);
    expect(deployments).toHaveLength(dev.stacks.settings.webDist ? 3 : 1);
    expect(resourcesOf(synth('dev', { deployWeb: 'false' }).content, 'Custom::CDKBucketDeployment')).toHaveLength(1);
  });

  it('uploads a web build (hashed assets immutable, the rest revalidated) when one exists', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'fps-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    try {
      const withBuild = synth('dev', { webDist: dist });
      const deployments = resourcesOf(withBuild.content, 'Custom::CDKBucketDeployment');
      expect(deployments).toHaveLength(3);
      const assets = deployments.find(([id]) => id.startsWith('DeployAssets'))![1];
      expect(assets.Properties).toMatchObject({ DestinationBucketKeyPrefix: 'assets/', Prune: false });
      expect(JSON.stringify(assets.Properties.SystemMetadata)).toContain('immutable');
      const site = deployments.find(([id]) => id.startsWith('DeploySite'))![1];
      expect(site.Properties.Exclude).toEqual(['assets/*', 'config.json']);
      expect(site.Properties.DistributionPaths).toEqual(['/*']);
      expect(withBuild.nag.violations).toEqual([]);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('config.json follows the shared RuntimeConfig schema (hosted auth, env, extension origins, stripe mode)', () => {
    const s = dev.stacks;
    const raw = runtimeConfig({
      config: s.settings.env, apiUrl: s.api.apiUrl, siteUrl: s.web.site.url, userPool: s.auth.userPool, userPoolClient: s.auth.client,
      oauthDomain: s.auth.oauthDomain, googleEnabled: false,
    });
    // Deploy-time values (tokens) stand in as a plausible literal, then the SPA's own schema parses it.
    const literal = JSON.parse(JSON.stringify(raw).replace(/\$\{Token\[[^\]]+\]\}/g, 'x1'));
    // apiUrl is the Api stack's endpoint output (a URL at deploy time).
    expect(flat(s.content.resolve(raw.apiUrl))).toMatch(/HttpApi.*ApiEndpoint/);
    literal.apiUrl = 'https://x1.execute-api.x1.amazonaws.com';
    const parsed = RuntimeConfig.parse(literal);
    expect(parsed).toMatchObject({
      env: 'dev', siteUrl: 'https://x1', stripeLiveMode: false,
      extensionOrigins: s.settings.env.extensionOrigins,
      auth: { mode: 'hosted', googleEnabled: false },
      adminConsole: { usersTable: 'fps-dev-users', orgsTable: 'fps-dev-orgs' },
    });
    expect(parsed.auth.oauthDomain).toMatch(/^fullpageshot-dev\.auth\./);
    const m = synth('master').stacks;
    expect(runtimeConfig({
      config: m.settings.env, apiUrl: m.api.apiUrl, siteUrl: m.web.site.url, userPool: m.auth.userPool, userPoolClient: m.auth.client,
      oauthDomain: m.auth.oauthDomain, googleEnabled: true,
    })).toMatchObject({ env: 'master', stripeLiveMode: true, auth: { googleEnabled: true } });
  });

  it('allows the newsletter JSONP origin in script-src when configured', () => {
    const withNewsletter = synth('staging', { environmentsFile: newsletterFile() });
    const [[, policy]] = resourcesOf(withNewsletter.web, 'AWS::CloudFront::ResponseHeadersPolicy');
    const csp = flat(policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain(`script-src 'self' ${STORED_SESSION_PROBE_HASH} https://lists.example.com;`);
  });

  it('uses the site host and TLS 1.2 when a certificate is given', () => {
    synth('staging').web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['staging.fullpageshot.com'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }),
      }),
    });
  });
});
