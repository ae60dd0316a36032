// npm run ops:create-staff -- --env dev --email alice@example.com [--user-pool-id eu-west-1_abc]
import { CognitoIdentityProviderClient, ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import { environments } from '../../infra/environments';
import { resourcePrefix } from '../../infra/names';
import { physicalTableName, tables } from '#shared/deploy/tables';
import { EnvName, parseArgs, runMain } from './args';
import { createStaff } from './create-staff';

const USAGE = `Usage: npm run ops:create-staff -- --env dev|staging|master --email ADDRESS [options]
  --user-pool-id ID   the Auth stack's UserPoolId output (default: the pool named fps-<env>-users)
  --site-url URL      where staff sign in (default: the env's siteUrl in infra/environments.ts)
Uses the AWS credentials and region of the shell (AWS_PROFILE / AWS_REGION). Writes the users
table fps-<env>-users (USERS_TABLE overrides it).`;

const Options = z.object({
  env: EnvName,
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

runMain(async () => {
  const opts = parseArgs(process.argv.slice(2), Options, USAGE);
  const env = environments[opts.env];
  // The repo reads the table name from the env var the Lambda functions get.
  process.env[tables.users.envVar] ??= physicalTableName(resourcePrefix(env), tables.users);
  const { usersRepo } = await import('../../lambdas/adapters/users-repo');
  const cognito = new CognitoIdentityProviderClient({});
  try {
    const userPoolId = opts.userPoolId ?? (await poolIdByName(cognito, `${resourcePrefix(env)}-users`));
    const r = await createStaff({
      cognito, userPoolId, users: usersRepo, email: opts.email, siteUrl: opts.siteUrl ?? env.siteUrl, log: (l) => console.log(l),
    });
    console.log(r.changes === 0 ? 'Nothing to change: everything was already in place.' : `${r.changes} change(s) made.`);
    if (r.mfa !== 'required') process.exitCode = 3;
  } finally {
    cognito.destroy();
  }
});
