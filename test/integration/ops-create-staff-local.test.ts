import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  AdminGetUserCommand, AdminListGroupsForUserCommand, InitiateAuthCommand, RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersRepo } from '../../lambdas/adapters/users-repo';
import { cognitoAdmin } from '../../scripts/local/cognito';
import { pool, uniqueEmail, urls } from './helpers';

const run = promisify(execFile);
const portOf = (url: string) => new URL(url).port;

/**
 * `npm run ops:create-staff -- --email …` against a running local stack, as a person runs it: the
 * script finds the stack from its ports and `.local/` state (here the test stack's, passed the
 * way `npm start` is told about them), with none of the Lambda env in its environment.
 */
describe('ops:create-staff against the running local stack (one command)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fps-staff-cli-'));
    await mkdir(join(dataDir, 'cognito'));
    await writeFile(join(dataDir, 'cognito', 'pool.json'), JSON.stringify({ userPoolId: pool().userPoolId, userPoolClientId: pool().userPoolClientId }));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const cli = (email: string) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/ops/create-staff-cli.ts', '--email', email], {
      env: {
        PATH: process.env.PATH, HOME: process.env.HOME, FPS_DATA_DIR: dataDir,
        FPS_COGNITO_PORT: portOf(pool().endpoint), FPS_DYNAMO_PORT: portOf(urls().dynamo), FPS_WEB_PORT: '5999',
      },
    });

  it('creates a staff member who can sign in with the printed temporary password', async () => {
    const email = uniqueEmail('local-staff');
    const { stdout } = await run_(cli(email));
    expect(stdout).toContain(`Cognito user      created ${email}`);
    expect(stdout).toContain('MFA               PENDING');
    expect(stdout).toContain('http://127.0.0.1:5999/admin');
    const temporary = /Temporary password: (\S+)/.exec(stdout)?.[1];
    expect(temporary).toBeTruthy();

    const c = cognitoAdmin(pool().endpoint);
    try {
      const user = await c.send(new AdminGetUserCommand({ UserPoolId: pool().userPoolId, Username: email }));
      const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
      const groups = await c.send(new AdminListGroupsForUserCommand({ UserPoolId: pool().userPoolId, Username: user.Username }));
      expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['staff']);
      expect(await usersRepo.get(sub!)).toMatchObject({ email, isStaff: true });
      const auth = await c.send(new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH', ClientId: pool().userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: temporary! },
      }));
      expect(auth.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
      const done = await c.send(new RespondToAuthChallengeCommand({
        ClientId: pool().userPoolClientId, ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: auth.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'StaffPass99' },
      }));
      expect(done.AuthenticationResult?.AccessToken).toBeTruthy();
    } finally {
      c.destroy();
    }

    // A second run finds everything and says so, without a new password.
    const again = await run_(cli(email));
    expect(again.stdout).toContain('Nothing to change');
    expect(again.stdout).not.toContain('Temporary password');
  });
});

/** The script's output, with its stderr shown when it fails. */
async function run_(p: Promise<{ stdout: string; stderr: string }>) {
  try {
    return await p;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; code?: number };
    throw new Error(`exit ${err.code}\n${err.stdout}\n${err.stderr}`);
  }
}
