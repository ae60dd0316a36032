import type { LambdaEnvName } from '#shared/deploy/lambda-env';
import { tables, type TableKey } from '#shared/deploy/tables';

/**
 * The handlers' configuration, read from the environment the CDK app (or the local stack) sets.
 * The names are the list in shared/deploy/lambda-env.ts, which infra writes from too; read them
 * through `config` rather than `process.env`. Every value is read when asked for, not at import:
 * the local stack sets the variables after handler modules are loaded.
 *
 * Keep `config` flat, one getter per variable, with the literal name in its `requireEnv('X')` /
 * `optionalEnv('X')` call: test/infra/bundle-calls.ts reads them per getter from each bundle to
 * check the IAM grants against what the code reads.
 */

/** Reads a required environment variable; a missing one is a deployment bug, so fail loudly. */
export function requireEnv(name: LambdaEnvName): string {
  const v = process.env[name];
  if (!v) throw new Error(`Missing environment variable ${name}`);
  return v;
}

/** An optional environment variable; unset and empty both read as undefined. */
function optionalEnv(name: LambdaEnvName): string | undefined {
  return process.env[name] || undefined;
}

/** The physical name of one of the tables of shared/deploy/tables.ts. */
export const tableName = (key: TableKey): string => requireEnv(tables[key].envVar);

export const config = {
  /** dev, staging, master; `local` when unset (the local stack and tests). */
  appEnv: () => optionalEnv('APP_ENV') ?? 'local',
  siteUrl: () => requireEnv('SITE_URL'),
  /** The origin of share links (docs/images.md "Share links"): the API's own address in AWS, else the site. */
  shareBaseUrl: () => optionalEnv('SHARE_BASE_URL') ?? requireEnv('SITE_URL'),
  userPoolId: () => requireEnv('USER_POOL_ID'),
  imagesBucket: () => requireEnv('IMAGES_BUCKET'),
  emailFrom: () => requireEnv('EMAIL_FROM'),
  /** Locally, mail is written to this folder instead of sent. */
  outboxDir: () => optionalEnv('OUTBOX_DIR'),
  serviceName: () => optionalEnv('POWERTOOLS_SERVICE_NAME') ?? 'fps-api',
  /** 'true' / 'false' when set; unset leaves metrics to APP_ENV. */
  metricsDisabled: () => optionalEnv('POWERTOOLS_METRICS_DISABLED'),
  awsRegion: () => optionalEnv('AWS_REGION') ?? 'us-east-1',
  awsSessionToken: () => optionalEnv('AWS_SESSION_TOKEN'),
  parametersExtensionPort: () => Number(optionalEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT')) || 2773,
  stripePremiumPrice: () => requireEnv('STRIPE_PREMIUM_PRICE'),
  stripeEnterprisePrice: () => requireEnv('STRIPE_ENTERPRISE_PRICE'),
  /** The prices when known (display only: no error when unset). */
  stripeKnownPrices: () => ({ premium: optionalEnv('STRIPE_PREMIUM_PRICE'), enterprise: optionalEnv('STRIPE_ENTERPRISE_PRICE') }),
  /** The secret key itself (local stack, tests) or the SSM name that holds it (AWS). */
  stripeSecretKey: () => optionalEnv('STRIPE_SECRET_KEY'),
  stripeSecretKeyParam: () => optionalEnv('STRIPE_SECRET_PARAM'),
  stripeWebhookSecret: () => optionalEnv('STRIPE_WEBHOOK_SECRET'),
  stripeWebhookSecretParam: () => optionalEnv('STRIPE_WEBHOOK_SECRET_PARAM'),
  /** The signing secret being retired during a rotation (docs/operations.md). */
  stripePreviousWebhookSecret: () => optionalEnv('STRIPE_WEBHOOK_PREVIOUS_SECRET'),
  stripePreviousWebhookSecretParam: () => optionalEnv('STRIPE_WEBHOOK_PREVIOUS_SECRET_PARAM'),
  /** The Stripe emulator's base URL (local stack); unset, the SDK talks to Stripe. */
  stripeApiBase: () => optionalEnv('STRIPE_API_BASE'),
  stripeTimeoutMs: () => Number(optionalEnv('STRIPE_TIMEOUT_MS')) || undefined,
  /** The image library's storage limits (bytes) of Basic and Premium users: set for every API function. */
  storageLimitBasicBytes: () => positiveBytes('STORAGE_LIMIT_BASIC_BYTES', requireEnv('STORAGE_LIMIT_BASIC_BYTES')),
  storageLimitPremiumBytes: () => positiveBytes('STORAGE_LIMIT_PREMIUM_BYTES', requireEnv('STORAGE_LIMIT_PREMIUM_BYTES')),
};

/** A byte count from the environment; anything else is a deployment bug. */
function positiveBytes(name: LambdaEnvName, v: string): number {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`Environment variable ${name} must be a positive whole number of bytes`);
  return n;
}

/** Endpoint overrides point the AWS SDK at the local emulators (unset in AWS). */
export const awsEndpoints = {
  dynamodb: () => optionalEnv('DYNAMODB_ENDPOINT'),
  s3: () => optionalEnv('S3_ENDPOINT'),
  cognito: () => optionalEnv('COGNITO_ENDPOINT'),
};
