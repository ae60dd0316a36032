import { describe, expect, it } from 'vitest';
import { cognitoUserUrl, dynamoItemUrl, stripeCustomerUrl, tableNameFor, type ConsoleConfig } from './console-links';

const dev: ConsoleConfig = {
  env: 'dev', stripeLiveMode: false,
  auth: { mode: 'hosted', region: 'us-east-1', userPoolId: 'us-east-1_AbC', userPoolClientId: 'c', googleEnabled: false },
};

describe('admin console links', () => {
  it('links the Stripe dashboard under /test outside live mode, without it in live mode', () => {
    expect(stripeCustomerUrl({ stripeLiveMode: false }, 'cus_123')).toBe('https://dashboard.stripe.com/test/customers/cus_123');
    expect(stripeCustomerUrl({ stripeLiveMode: true }, 'cus_123')).toBe('https://dashboard.stripe.com/customers/cus_123');
  });

  it("links the Cognito user page in the pool's region", () => {
    expect(cognitoUserUrl(dev, 'a1b2-c3')).toBe(
      'https://us-east-1.console.aws.amazon.com/cognito/v2/idp/user-pools/us-east-1_AbC/user-management/users/details/a1b2-c3?region=us-east-1',
    );
    expect(cognitoUserUrl(dev, 'Google_1/x')).toContain('/details/Google_1%2Fx?');
  });

  it('links DynamoDB items by table, partition and sort key; table names default to the deployed ones', () => {
    const users = new URL(dynamoItemUrl(dev, 'users', 'u-1'));
    expect(users.origin + users.pathname).toBe('https://us-east-1.console.aws.amazon.com/dynamodbv2/home');
    const hash = new URLSearchParams(users.hash.replace(/^#edit-item\?/, ''));
    expect(Object.fromEntries(hash)).toEqual({ itemMode: '2', pk: 'u-1', route: 'ROUTE_ITEM_EXPLORER', sk: '', table: 'fps-dev-users' });
    const org = new URLSearchParams(new URL(dynamoItemUrl(dev, 'orgs', 'org_1', 'ORG')).hash.replace(/^#edit-item\?/, ''));
    expect(org.get('table')).toBe('fps-dev-orgs');
    expect(org.get('sk')).toBe('ORG');
  });

  it('prefers the region and table names the config gives', () => {
    const c = { ...dev, adminConsole: { region: 'eu-west-1', usersTable: 'custom-users' } };
    expect(tableNameFor(c, 'users')).toBe('custom-users');
    expect(tableNameFor(c, 'orgs')).toBe('fps-dev-orgs');
    expect(cognitoUserUrl(c, 'x')).toMatch(/^https:\/\/eu-west-1\.console/);
  });
});
