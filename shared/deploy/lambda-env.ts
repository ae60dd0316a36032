/**
 * Every environment variable a Lambda function reads or is given, by name: the one list that the
 * CDK app sets (infra/stacks/api-stack.ts, auth-stack.ts, infra/constructs/api-function.ts, all
 * typed by `LambdaEnvironment`) and that lambdas/lib/config.ts reads (typed by `LambdaEnvName`).
 * The local stack (scripts/local/stack.ts) sets the same names. Types only, importing no
 * other module, so every layer can read it.
 */

export type LambdaEnvName =
  // ── set by the CDK app ──
  /** dev, staging or master; `local` when unset. */
  | 'APP_ENV'
  /** The site's URL (links in e-mails, checkout return URLs). */
  | 'SITE_URL'
  /** Where share links point (the share routes only; unset: SITE_URL, whose server forwards /s/ to the API). */
  | 'SHARE_BASE_URL'
  | 'USER_POOL_ID'
  /** Table names (functions with a grant on that table; shared/deploy/tables.ts names each one's variable). */
  | 'USERS_TABLE'
  | 'ORGS_TABLE'
  | 'IMAGES_TABLE'
  | 'SHARES_TABLE'
  | 'GRANTS_TABLE'
  | 'RECORDS_TABLE'
  | 'IDEMPOTENCY_TABLE'
  /** The private image bucket (functions with a bucket grant). */
  | 'IMAGES_BUCKET'
  /** The SES sender (functions with an e-mail grant). */
  | 'EMAIL_FROM'
  /** SSM names of the Stripe secrets (functions with a Stripe grant; values read at run time). */
  | 'STRIPE_SECRET_PARAM'
  | 'STRIPE_WEBHOOK_SECRET_PARAM'
  | 'STRIPE_WEBHOOK_PREVIOUS_SECRET_PARAM'
  | 'STRIPE_PREMIUM_PRICE'
  | 'STRIPE_ENTERPRISE_PRICE'
  /** The image library's storage limits in bytes (infra/environments.ts `storageLimits`; docs/images.md). */
  | 'STORAGE_LIMIT_BASIC_BYTES'
  | 'STORAGE_LIMIT_PREMIUM_BYTES'
  /** Powertools' service name (logger, metrics dimension). */
  | 'POWERTOOLS_SERVICE_NAME'
  | 'NODE_OPTIONS'
  /**
   * Set for operators reading a function's configuration; no handler reads them today. Kept here
   * so the list stays the whole truth; delete them here and in infra together.
   */
  | 'EXTENSION_ORIGINS'
  | 'USER_POOL_CLIENT_ID'
  | 'STRIPE_LIVE_MODE'
  // ── set by Lambda itself or the Parameters and Secrets extension layer ──
  | 'AWS_REGION'
  | 'AWS_ACCESS_KEY_ID'
  | 'AWS_SECRET_ACCESS_KEY'
  | 'AWS_SESSION_TOKEN'
  | 'PARAMETERS_SECRETS_EXTENSION_HTTP_PORT'
  // ── operator switches (optional) ──
  /** Forces Powertools metrics on (`false`) or off (`true`); otherwise off when APP_ENV is local. */
  | 'POWERTOOLS_METRICS_DISABLED'
  /** Powertools' log level (read by Powertools itself). */
  | 'POWERTOOLS_LOG_LEVEL'
  // ── local stack and tests only ──
  | 'DYNAMODB_ENDPOINT'
  | 'S3_ENDPOINT'
  | 'COGNITO_ENDPOINT'
  /** The Stripe emulator's base URL. */
  | 'STRIPE_API_BASE'
  | 'STRIPE_TIMEOUT_MS'
  /** Secret values given directly instead of through SSM. */
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_WEBHOOK_PREVIOUS_SECRET'
  /** Mail is written to this folder instead of sent. */
  | 'OUTBOX_DIR';

/** A function's environment as the CDK app writes it: only names from the list. */
export type LambdaEnvironment = Partial<Record<LambdaEnvName, string>>;
