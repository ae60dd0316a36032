// npm run ops:create-staff -- --env dev --email alice@example.com [--user-pool-id eu-west-1_abc]
// npm run ops:create-staff -- --email bob@example.com        (the running `npm start`)
import { randomBytes } from 'node:crypto';
import { CognitoIdentityProviderClient, ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import { environments } from '../../infra/environments';
import { resourcePrefix } from '../../infra/names';
import { physicalTableName, tables } from '#shared/deploy/tables';
import { cognitoAdmin } from '../local/cognito';
import { EnvName, parseArgs, runMain } from './args';
import { createStaff } from './create-staff';
import { localStackTarget } from './local-stack-target';

const USAGE = `Usage: npm run ops:create-staff -- [--env local|dev|staging|master] --email ADDRESS [options]
  --env local         the running \`npm start\` (the default): its ports (FPS_*_PORT) and .local/ (FPS_DATA_DIR)
  --user-pool-id ID   the Auth stack's UserPoolId output (default: the pool named fps-<env>-users)
  --site-url URL      where staff sign in (default: the env's siteUrl in infra/environments.ts)
In AWS it uses the credentials and region of the shell (AWS_PROFILE / AWS_REGION) and writes the
users table fps-<env>-users (USERS_TABLE overrides it); Cognito e-mails the temporary password.
Locally the temporary password is printed. Either way the member then sets up an authenticator
app the first time they open /admin.`;

const Options = z.object({
  env: z.union([z.literal('local'), EnvName]).default('local'),
  email: z.email(),
  userPoolId: z.string().regex(/^[\w-]+_[0-9a-zA-Z]+$/, 'a user pool id like eu-west-1_AbC123').optional(),
  siteUrl: z.url({ protocol: /^https?$/ }).optional(),
});

async function poolIdByName(c: CognitoIdentityProviderClient, name: string): Promise<string> {
  const ids: string[] = [];
  let token: string | undefined;
  do {
    const r = await c.send(new ListUserPoolsCommand({ MaxResults: 60, NextToken: token }));
    ids.push(...(r.UserPools ?? []).filter((p) => p.Name === name).map((p) => p.Id!));
    token = r.NextToken;
  } while (token);
  if (ids.length !== 1) throw new Error(`Expected one user pool named ${name}, found ${ids.length}; pass --user-pool-id`);
  return ids[0]!;
}

/** Meets the pool's password rule (8+ characters, lower and upper case); changed at first sign-in. */
const localTemporaryPassword = () => `Temp-${randomBytes(9).toString('base64url')}aA1`;

runMain(async () => {
  const opts = parseArgs(process.argv.slice(2), Options, USAGE);
  let target: { cognito: CognitoIdentityProviderClient; userPoolId?: string; siteUrl: string; temporaryPassword?: string };
  if (opts.env === 'local') {
    const local = localStackTarget();
    // The adapters read their endpoints and table names from the env, as the local API's handlers do.
    for (const [k, v] of Object.entries(local.env)) process.env[k] ??= v;
    target = { cognito: cognitoAdmin(local.cognitoEndpoint), userPoolId: local.userPoolId, siteUrl: local.siteUrl, temporaryPassword: localTemporaryPassword() };
  } else {
    const env = environments[opts.env];
    // The repo reads the table name from the env var the Lambda functions get.
    process.env[tables.users.envVar] ??= physicalTableName(resourcePrefix(env), tables.users);
    target = { cognito: new CognitoIdentityProviderClient({}), siteUrl: env.siteUrl };
    target.userPoolId = opts.userPoolId ?? (await poolIdByName(target.cognito, `${resourcePrefix(env)}-users`));
  }
  const { usersRepo } = await import('../../lambdas/adapters/users-repo');
  try {
    const r = await createStaff({
      cognito: target.cognito, userPoolId: opts.userPoolId ?? target.userPoolId!, users: usersRepo, email: opts.email,
      siteUrl: opts.siteUrl ?? target.siteUrl, temporaryPassword: target.temporaryPassword, log: (l) => console.log(l),
    });
    // The local stack delivers no Cognito mail, so the member's first password is shown here.
    if (r.created && opts.env === 'local') console.log(`Temporary password: ${target.temporaryPassword}`);
    console.log(r.changes === 0 ? 'Nothing to change: everything was already in place.' : `${r.changes} change(s) made.`);
  } finally {
    target.cognito.destroy();
  }
});
