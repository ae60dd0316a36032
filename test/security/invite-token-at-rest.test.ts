import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { tableList } from '#shared/deploy/tables';
import { hashSecretToken } from '../../lambdas/lib/secret-token';
import { latestInvite, makeOrg } from '../integration/org-test-helpers';
import { localDynamoClient } from '../../scripts/local/dynamo';
import { callApi, uniqueEmail } from '../integration/helpers';

/**
 * Invitation tokens are stored only as a hash (docs/architecture.md, "Data"). An invitation is sent through
 * the real handler on the local stack; the raw token is read from the mail it sent (the outbox);
 * then every item of every table is read raw, with no repository in between, and searched for it.
 */

/** Every item of every table, as raw DynamoDB JSON text, with the table it came from. */
async function rawItems(): Promise<{ table: string; text: string }[]> {
  const client = localDynamoClient(process.env.DYNAMODB_ENDPOINT!);
  const out: { table: string; text: string }[] = [];
  try {
    for (const t of tableList) {
      const table = process.env[t.envVar]!;
      let start: Record<string, AttributeValue> | undefined;
      do {
        const page = await client.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
        for (const item of page.Items ?? []) out.push({ table, text: JSON.stringify(item) });
        start = page.LastEvaluatedKey;
      } while (start);
    }
  } finally {
    client.destroy();
  }
  return out;
}

/** The spellings a careless write could leave: as sent, base64, hex, and URL-encoded. */
const spellings = (token: string) => {
  const bytes = Buffer.from(token, 'base64url');
  return [token, bytes.toString('base64'), bytes.toString('hex'), encodeURIComponent(token)];
};

describe('invite tokens at rest', () => {
  it('the raw token is nowhere in the database; only its hash, on the member item', async () => {
    const org = await makeOrg({ seats: 3 });
    const email = uniqueEmail('invitee');
    const sent = await callApi(routes.sendEnterpriseMembersInvitations, {
      token: org.admin.accessToken, params: { orgId: org.orgId }, body: { invites: [{ email }] },
    });
    expect(sent.status).toBe(200);

    const { sub, token } = await latestInvite(email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // The link works, so this is the live token and not a stand-in.
    expect((await callApi(routes.getInviteDetails, { body: { sub, token } })).status).toBe(200);

    const items = await rawItems();
    expect(items.length).toBeGreaterThan(0);
    for (const s of spellings(token)) {
      expect(items.filter((i) => i.text.includes(s)).map((i) => i.table), `token spelled ${s.slice(0, 6)}…`).toEqual([]);
    }
    const withHash = items.filter((i) => i.text.includes(hashSecretToken(token)));
    expect(withHash).toHaveLength(1);
    expect(withHash[0].table).toBe(process.env.ORGS_TABLE);
    expect(withHash[0].text).toContain(email);
  });
});
