import { Aws } from 'aws-cdk-lib';
import type { EnvironmentConfig } from './environments';

/**
 * Physical names shared between stacks. Resources the API reaches through IAM (tables, the image
 * bucket) get deterministic names, so the API stack refers to them by name instead of through
 * CloudFormation exports: no export lock-in between stacks, and IAM resources that read the same
 * in every template (which keeps cdk-nag acknowledgements exact).
 */
export const resourcePrefix = (env: EnvironmentConfig) => `fps-${env.name}`;

export type StackPart = 'Web' | 'Data' | 'Auth' | 'Api' | 'Content' | 'Ops' | 'Edge';
export const stackName = (env: EnvironmentConfig, part: StackPart) => `Fps-${env.name}-${part}`;

/** Globally unique: account and region are part of the name (tokens, resolved at deploy). */
export const imagesBucketName = (env: EnvironmentConfig) =>
  `${resourcePrefix(env)}-images-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

/** The host presigned URLs use (virtual-hosted style, regional endpoint). */
export const imagesBucketOrigin = (env: EnvironmentConfig) =>
  `https://${imagesBucketName(env)}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;

/** SSM SecureString parameters holding Stripe secrets; created out of band (see infra/README.md). */
export const stripeSecretParam = (env: EnvironmentConfig) => `/fps/${env.name}/stripe/secret-key`;
export const stripeWebhookSecretParam = (env: EnvironmentConfig) => `/fps/${env.name}/stripe/webhook-secret`;
/** The webhook secret being retired during a rotation (docs/operations.md); absent otherwise. */
export const stripeWebhookPreviousSecretParam = (env: EnvironmentConfig) => `/fps/${env.name}/stripe/webhook-secret-previous`;
/** SSM String parameters with the Stripe price ids, used when no context value is given. */
export const stripePriceParam = (env: EnvironmentConfig, plan: 'premium' | 'enterprise') =>
  `/fps/${env.name}/stripe/${plan}-price`;

/** Managed-login host, `<prefix>.auth.<region>.amazoncognito.com` (known before the auth stack exists). */
export const oauthDomainOf = (env: EnvironmentConfig) => `${env.authDomainPrefix}.auth.${Aws.REGION}.amazoncognito.com`;

/** Secrets Manager secret (plain string) with the Google OAuth client secret, unless the environment names another. */
export const googleClientSecretName = (env: EnvironmentConfig) => env.google?.clientSecretName ?? `fps/${env.name}/google-oauth-client-secret`;

/** The site bucket, by name so the content stack's grants read the same in every template. */
export const siteBucketName = (env: EnvironmentConfig) => `${resourcePrefix(env)}-site-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
