import { readFileSync } from 'node:fs';
import path from 'node:path';
import { App, Tags } from 'aws-cdk-lib';
import { stackName } from './names';
import { repoRoot, settingsFromContext, type DeploySettings } from './settings';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { WebStack } from './stacks/web-stack';

export interface FpsStacks {
  settings: DeploySettings;
  data: DataStack;
  auth: AuthStack;
  api: ApiStack;
  web: WebStack;
}

/**
 * Creates the four stacks of one environment (`-c env=dev|staging|master`) in `app`. Stacks are
 * environment-agnostic (account and region come from the CLI credentials at deploy time), so
 * synth needs no AWS access and makes no lookups.
 */
export function buildStacks(app: App): FpsStacks {
  const settings = settingsFromContext(app.node);
  const { env } = settings;
  Tags.of(app).add('project', 'fullpage-shot');
  Tags.of(app).add('environment', env.name);

  const data = new DataStack(app, stackName(env, 'Data'), {
    config: env, description: `Full-page screenshot ${env.name}: DynamoDB tables and image bucket`,
    terminationProtection: env.retainData,
  });
  const auth = new AuthStack(app, stackName(env, 'Auth'), {
    config: env, description: `Full-page screenshot ${env.name}: Cognito user pool, managed login, app client`,
    googleClientId: settings.googleClientId,
    sesRegion: app.node.tryGetContext('sesRegion') || undefined,
    terminationProtection: env.retainData,
  });
  auth.addStackDependency(data, 'PostConfirmation writes the users table (referenced by name)');

  const api = new ApiStack(app, stackName(env, 'Api'), {
    config: env, description: `Full-page screenshot ${env.name}: HTTP API and one Lambda per route`,
    userPool: auth.userPool, userPoolClient: auth.client,
    stripePremiumPrice: settings.stripePremiumPrice,
    stripeEnterprisePrice: settings.stripeEnterprisePrice,
    stripeParamKmsKeyArn: settings.stripeParamKmsKeyArn,
  });
  api.addStackDependency(data, 'Handlers use the tables and the image bucket (referenced by name)');

  const web = new WebStack(app, stackName(env, 'Web'), {
    config: env, description: `Full-page screenshot ${env.name}: CloudFront site and runtime config`,
    apiUrl: api.apiUrl, userPool: auth.userPool, userPoolClient: auth.client,
    oauthDomain: auth.oauthDomain, googleEnabled: auth.googleEnabled,
    certificateArn: settings.certificateArn, webDist: settings.webDist,
    newsletterUrl: settings.newsletterUrl, supportEmail: settings.supportEmail,
  });
  return { settings, data, auth, api, web };
}

/**
 * An App for in-process use (tests, scripts/synth-all.ts) with cdk.json's context (feature flags)
 * as the CLI would pass it, plus `context` on top.
 */
export function createApp(context: Record<string, unknown> = {}, outdir?: string): App {
  const cdkJson = JSON.parse(readFileSync(path.join(repoRoot, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return new App({ context: { ...cdkJson.context, ...context }, outdir });
}
