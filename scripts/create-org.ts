/**
 * `npm run org:create -- --name "Acme" --admin admin@x.example --seats 10`
 *
 * Creates an Enterprise organisation: the admin's account (made if missing, temporary password
 * e-mailed), the org and its admin member, the admin's user row linked to it, the org's Stripe
 * customer and an Enterprise subscription with the seats as quantity. See docs/enterprise.md.
 *
 * Targets:
 * - the local stack (default): `npm start` must be running; endpoints come from the FPS_*_PORT
 *   defaults and `.local/` (FPS_DATA_DIR). The org pays with the emulator's test card unless
 *   `--invoice` is given.
 * - a deployed environment: `--env dev|staging|master` with AWS credentials in the environment
 *   (AWS_PROFILE / AWS_REGION …) and `USER_POOL_ID` (the Auth stack's UserPoolId output). Table
 *   names, the Stripe key and price parameters, the site URL and the sender follow the
 *   environment's conventions; any of their env vars given explicitly wins.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { environments, type EnvironmentConfig } from '../infra/environments';
import { physicalTableName, tableList } from '#shared/deploy/tables';
import { tableEnv } from './local/dynamo';
import { defaultPorts, HOST } from './local/ports';

const USAGE = `Usage: npm run org:create -- --name "Acme Legal LLP" --admin admin@acme.example --seats 10 [options]

Options:
  --name <text>            organisation name (required)
  --admin <email>          the admin's e-mail; the account is created if it does not exist (required)
  --seats <n>              seats, billed as the subscription quantity (required, 1 or more)
  --payment-method <pm>    charge this Stripe payment method automatically (test mode: pm_card_visa)
  --invoice                bill by invoice (send_invoice) instead; default outside the local stack
  --days-until-due <n>     payment terms of invoiced organisations (default 30)
  --env <dev|staging|master>  a deployed environment (needs AWS credentials and USER_POOL_ID)
  --json                   print the result as JSON
  -h, --help               this help`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

/** Env of the running local stack (`npm start`), for whatever is not set already. */
function localEnv(): Record<string, string> {
  const dataDir = resolve(process.env.FPS_DATA_DIR ?? '.local');
  const poolFile = join(dataDir, 'cognito', 'pool.json');
  if (!existsSync(poolFile)) fail(`No local stack state in ${dataDir}: start it with \`npm start\` first.`);
  const pool = JSON.parse(readFileSync(poolFile, 'utf8')) as { userPoolId: string; userPoolClientId: string };
  const port = (name: keyof typeof defaultPorts) => process.env[defaultPorts[name].env] ?? String(defaultPorts[name].port);
  return {
    APP_ENV: 'local',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    POWERTOOLS_LOG_LEVEL: 'WARN',
    ...tableEnv(),
    DYNAMODB_ENDPOINT: `http://${HOST}:${port('dynamo')}`,
    COGNITO_ENDPOINT: `http://${HOST}:${port('cognito')}`,
    USER_POOL_ID: pool.userPoolId,
    USER_POOL_CLIENT_ID: pool.userPoolClientId,
    SITE_URL: `http://${HOST}:${port('web')}`,
    OUTBOX_DIR: join(dataDir, 'outbox'),
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_API_BASE: `http://${HOST}:${port('stripe')}`,
    STRIPE_PREMIUM_PRICE: 'price_premium_yearly',
    STRIPE_ENTERPRISE_PRICE: 'price_enterprise_seat_yearly',
  };
}

/** Env of a deployed environment by its conventions (infra/names.ts, infra/README.md). */
async function deployedEnv(env: EnvironmentConfig): Promise<Record<string, string>> {
  const prefix = `fps-${env.name}`;
  const out: Record<string, string> = {
    APP_ENV: env.name,
    SITE_URL: env.siteUrl,
    EMAIL_FROM: env.emailFrom,
    STRIPE_SECRET_PARAM: `/fps/${env.name}/stripe/secret-key`,
    ...Object.fromEntries(tableList.map((t) => [t.envVar, physicalTableName(prefix, t)])),
  };
  const priceParam = (plan: 'premium' | 'enterprise') => `/fps/${env.name}/stripe/${plan}-price`;
  const { getParameter } = await import('@aws-lambda-powertools/parameters/ssm');
  for (const [key, plan] of [['STRIPE_ENTERPRISE_PRICE', 'enterprise'], ['STRIPE_PREMIUM_PRICE', 'premium']] as const) {
    if (process.env[key]) continue;
    const value = await getParameter(priceParam(plan));
    if (value) out[key] = value;
  }
  if (!process.env.USER_POOL_ID) {
    fail(`Set USER_POOL_ID to the user pool of ${env.name} (the UserPoolId output of the Fps-${env.name}-Auth stack).`);
  }
  return out;
}

async function main() {
  const { values } = parseArgs({
    options: {
      name: { type: 'string' },
      admin: { type: 'string' },
      seats: { type: 'string' },
      'payment-method': { type: 'string' },
      invoice: { type: 'boolean', default: false },
      'days-until-due': { type: 'string' },
      env: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.name || !values.admin || !values.seats) fail('--name, --admin and --seats are required.');
  const seats = Number(values.seats);
  if (!Number.isInteger(seats) || seats < 1) fail(`--seats must be a whole number of 1 or more (got ${values.seats}).`);
  if (values.invoice && values['payment-method']) fail('Give either --invoice or --payment-method, not both.');

  const target = values.env ?? (process.env.ORGS_TABLE ? 'env' : 'local');
  let defaults: Record<string, string> = {};
  if (target === 'local') defaults = localEnv();
  else if (target !== 'env') {
    const env = environments[target as EnvironmentConfig['name']];
    if (!env) fail(`Unknown --env ${target}: use dev, staging or master.`);
    defaults = await deployedEnv(env);
  }
  for (const [k, v] of Object.entries(defaults)) process.env[k] ??= v;

  // Locally the emulator's test card stands in for the customer's card unless --invoice is given
  // (the emulator bills by invoice too); elsewhere invoice by default.
  const isEmulator = !!process.env.STRIPE_API_BASE;
  const paymentMethod = values['payment-method'] ?? (isEmulator && !values.invoice ? 'pm_card_visa' : undefined);

  // Loaded only now: the adapters read their env when first used.
  const { createOrganization } = await import('../lambdas/orgs/lib/create-organization');
  const result = await createOrganization(
    {
      name: values.name, adminEmail: values.admin, seats, paymentMethod,
      ...(values['days-until-due'] ? { daysUntilDue: Number(values['days-until-due']) } : {}),
    },
    values.json ? undefined : (line) => console.log(`  ${line}`),
  );
  if (values.json) {
    console.log(JSON.stringify(result, null, 2));
    return;
  }
  console.log(`
Organization ${result.resumed ? 'completed' : 'created'}:
  orgId          ${result.orgId}
  name           ${result.name}
  seats          ${result.seats}
  admin          ${result.adminEmail}${result.adminCreated ? ' (new account: temporary password e-mailed)' : ''}
  Stripe         customer ${result.stripeCustomerId}, subscription ${result.subscriptionId} (${result.subscriptionStatus}, ${result.collection})
  Admin area     ${process.env.SITE_URL}/enterprise/account${process.env.OUTBOX_DIR ? `\n  Outbox         http://${HOST}:${process.env[defaultPorts.api.env] ?? defaultPorts.api.port}/_local/outbox` : ''}`);
}

main().catch((e: unknown) => {
  const issues = (e as { issues?: { message: string }[] }).issues;
  console.error(`Could not create the organization: ${issues ? issues.map((i) => i.message).join('; ') : e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
