import type { RuntimeConfig } from '#shared/config/runtime-config';

/**
 * Deep links from the admin tool's panels to the consoles that hold each record: the Cognito user
 * pool's user page, the DynamoDB item explorer, the Stripe dashboard. Built from the runtime
 * config, so one bundle links to the right account in every environment.
 */

export type ConsoleConfig = Pick<RuntimeConfig, 'env' | 'auth' | 'stripeLiveMode'> & Partial<Pick<RuntimeConfig, 'adminConsole'>>;

const consoleRegion = (c: ConsoleConfig) => c.adminConsole?.region ?? c.auth.region;

/** Physical table names: the config's, else the names the CDK data stack gives them (`fps-<env>-<table>`). */
export const tableNameFor = (c: ConsoleConfig, table: 'users' | 'orgs'): string =>
  (table === 'users' ? c.adminConsole?.usersTable : c.adminConsole?.orgsTable) ?? `fps-${c.env}-${table}`;

/** The user's page in the Cognito console (by Cognito username). */
export function cognitoUserUrl(c: ConsoleConfig, username: string): string {
  const region = consoleRegion(c);
  const pool = encodeURIComponent(c.auth.userPoolId);
  return `https://${region}.console.aws.amazon.com/cognito/v2/idp/user-pools/${pool}/user-management/users/details/${encodeURIComponent(username)}?region=${region}`;
}

/** One item in the DynamoDB console's item explorer (partition key, and sort key when the table has one). */
export function dynamoItemUrl(c: ConsoleConfig, table: 'users' | 'orgs', pk: string, sk?: string): string {
  const region = consoleRegion(c);
  const params = new URLSearchParams({ itemMode: '2', pk, route: 'ROUTE_ITEM_EXPLORER', sk: sk ?? '', table: tableNameFor(c, table) });
  return `https://${region}.console.aws.amazon.com/dynamodbv2/home?region=${region}#edit-item?${params.toString()}`;
}

/** Spec: the payment link uses a test prefix outside the master environment (live mode). */
export function stripeCustomerUrl(c: Pick<RuntimeConfig, 'stripeLiveMode'>, customerId: string): string {
  const prefix = c.stripeLiveMode ? '' : '/test';
  return `https://dashboard.stripe.com${prefix}/customers/${encodeURIComponent(customerId)}`;
}
