import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Tags } from 'aws-cdk-lib';
import { stackName } from './names';
import { repoRoot, settingsFromContext, type DeploySettings } from './settings';
import { PRODUCT_NAME } from '#shared/domain/product-name';
import { extensionCorsOrigins } from '#shared/extension/cors-origins';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { ContentStack } from './stacks/content-stack';
import { DataStack } from './stacks/data-stack';
import { EdgeStack } from './stacks/edge-stack';
import { OpsStack } from './stacks/ops-stack';
import { addSharePathBehavior, sharesOnSiteDomain, WebStack } from './stacks/web-stack';

export interface FpsStacks {
  settings: DeploySettings;
  edge: EdgeStack;
  web: WebStack;
  data: DataStack;
  auth: AuthStack;
  api: ApiStack;
  content: ContentStack;
  ops: OpsStack;
}

/**
 * Creates the stacks of one environment (`-c env=dev|staging|master`) in `app`, in deploy order:
 *
 *   Edge (us-east-1: WAF) → Web (CloudFront) → Data → Auth → Api → Content (files, config.json), Ops
 *
 * The distribution comes first so that CORS, OAuth callbacks and SITE_URL can name its domain:
 * one `cdk deploy --all` gives a working site. Stacks are pinned to the environment's region
 * (us-east-1 when it sets none) and account (the CLI credentials' when it sets none); synth
 * needs no AWS access and makes no lookups.
 */
export function buildStacks(app: App): FpsStacks {
  const settings = settingsFromContext(app.node);
  const { env } = settings;
  Tags.of(app).add('project', 'fullpage-shot');
  Tags.of(app).add('environment', env.name);
  const protect = { terminationProtection: env.retainData };
  const what = (part: string) => `${PRODUCT_NAME} ${env.name}: ${part}`;

  // A CLOUDFRONT web ACL exists only in us-east-1; its ARN reaches the web stack through CDK's
  // cross-region references, which need both regions known: the web stack is pinned to the
  // environment's region, or to us-east-1 when the environment has none.
  const region = env.region ?? 'us-east-1';
  const edge = new EdgeStack(app, stackName(env, 'Edge'), {
    config: env, description: what('WAF web ACL of the site (us-east-1)'),
    env: { account: env.account, region: 'us-east-1' }, crossRegionReferences: true, ...protect,
  });
  const web = new WebStack(app, stackName(env, 'Web'), {
    config: env, description: what('CloudFront distribution and site bucket'),
    env: { account: env.account, region }, crossRegionReferences: true,
    webAclArn: edge.webAclArn, ...protect,
  });
  const pinned = { env: { account: env.account, region } };

  const data = new DataStack(app, stackName(env, 'Data'), {
    config: env, description: what('DynamoDB tables and image bucket'), siteOrigins: [...web.site.origins, ...extensionCorsOrigins(env.extensionOrigins)], ...pinned, ...protect,
  });
  const auth = new AuthStack(app, stackName(env, 'Auth'), {
    config: env, description: what('Cognito user pool, managed login, app client'), site: web.site, ...pinned, ...protect,
  });
  auth.addStackDependency(data, 'PostConfirmation writes the users table (referenced by name)');

  const api = new ApiStack(app, stackName(env, 'Api'), {
    config: env, description: what('HTTP API and one Lambda per route'), ...pinned,
    userPool: auth.userPool, userPoolClient: auth.client, site: web.site,
    stripePremiumPrice: settings.stripePremiumPrice,
    stripeEnterprisePrice: settings.stripeEnterprisePrice,
    stripeParamKmsKeyArn: settings.stripeParamKmsKeyArn,
    nativeModulesInstall: settings.nativeModulesInstall,
  });
  api.addStackDependency(data, 'Handlers use the tables and the image bucket (referenced by name)');
  // Share links on the site's domain need the API as a CloudFront origin: possible only when the
  // site's domain is fixed (a certificate), which leaves the web stack free to follow the API.
  if (sharesOnSiteDomain(env)) addSharePathBehavior(web, api.apiUrl);

  const content = new ContentStack(app, stackName(env, 'Content'), {
    config: env, description: what('site files and runtime config.json'), ...pinned,
    distribution: web.distribution, webDist: settings.webDist,
    apiUrl: api.apiUrl, siteUrl: web.site.url, userPool: auth.userPool, userPoolClient: auth.client,
    oauthDomain: auth.oauthDomain, googleEnabled: auth.googleEnabled,
  });
  const ops = new OpsStack(app, stackName(env, 'Ops'), {
    config: env, description: what('alarms, dashboard and budget'), ...pinned,
    api: api.api, functions: { ...api.functions, postConfirmation: auth.postConfirmation },
  });
  return { settings, edge, web, data, auth, api, content, ops };
}

/**
 * An App for in-process use (tests, scripts/synth-all.ts) with cdk.json's context (feature flags)
 * as the CLI would pass it, plus `context` on top.
 */
export function createApp(context: Record<string, unknown> = {}, outdir?: string): App {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return new App({ context: { ...cdkJson.context, ...context }, outdir });
}
