import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  AdminGetUserCommand, AdminUpdateUserAttributesCommand, CognitoIdentityProviderClient, CreateGroupCommand, CreateUserPoolClientCommand,
  CreateUserPoolCommand, DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CLIENT_WRITE_ATTRIBUTES, SIGNUP_NAME_ATTRIBUTE } from '#shared/deploy/user-attributes';
import { freePort, HOST } from './ports';

/** Fixed confirmation code: cognito-local uses it for every sign-up and reset. */
export const LOCAL_CONFIRMATION_CODE = '123456';

interface LocalPool { userPoolId: string; userPoolClientId: string }
export interface LocalCognito extends LocalPool {
  /** Public endpoint (the refresh proxy in front of cognito-local); also the issuer domain. */
  endpoint: string;
  issuer: string;
  close: () => Promise<void>;
}

export const cognitoAdmin = (endpoint: string) =>
  new CognitoIdentityProviderClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });

async function waitForHttp(url: string, child: ChildProcess, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`cognito-local exited with code ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`cognito-local did not answer at ${url} within ${ms} ms`);
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * Cognito marks the e-mail verified when a sign-up is confirmed with the code it sent; cognito-local
 * does not, and invitations and organisations only match verified addresses. So after a successful
 * ConfirmSignUp the proxy sets `email_verified` as Cognito would (no code is sent for that).
 */
async function markConfirmedEmailVerified(target: number, poolId: string | undefined, request: Buffer): Promise<void> {
  const { Username } = JSON.parse(request.toString() || '{}') as { Username?: string };
  if (!poolId || !Username) return;
  const c = cognitoAdmin(`http://${HOST}:${target}`);
  try {
    // cognito-local wants the address alongside the flag; it is sent unchanged.
    const user = await c.send(new AdminGetUserCommand({ UserPoolId: poolId, Username }));
    const email = user.UserAttributes?.find((a) => a.Name === 'email')?.Value;
    if (!email) return;
    await c.send(new AdminUpdateUserAttributesCommand({
      UserPoolId: poolId, Username, UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }],
    }));
  } finally {
    c.destroy();
  }
}

/**
 * Cognito refuses a SignUp or UpdateUserAttributes with the user's own token that writes an
 * attribute outside the app client's WriteAttributes; cognito-local writes anything. The proxy
 * refuses them as Cognito does, with the list the CDK app client has, so the local stack cannot
 * store what AWS would refuse (a `name` past the name rule). Answers the refusal, or null.
 */
function unwritableAttributeError(op: string, request: Buffer): { __type: string; message: string } | null {
  if (!op.endsWith('.SignUp') && !op.endsWith('.UpdateUserAttributes')) return null;
  const { UserAttributes } = JSON.parse(request.toString() || '{}') as { UserAttributes?: { Name?: string }[] };
  const refused = (UserAttributes ?? []).map((a) => a.Name ?? '').filter((n) => !CLIENT_WRITE_ATTRIBUTES.includes(n));
  return refused.length ? { __type: 'NotAuthorizedException', message: `A client attempted to write unauthorized attribute: ${refused.join(', ')}` } : null;
}

/**
 * Amplify 6.22 refreshes tokens with GetTokensFromRefreshToken, which cognito-local lacks; this
 * proxy turns that one call into InitiateAuth REFRESH_TOKEN_AUTH, fills the e-mail-verified and
 * write-attributes gaps above, and passes everything else on. `pool` is read per request (it is known only once the
 * pool is bootstrapped, after the proxy listens).
 */
function startRefreshProxy(port: number, target: number, pool: { id?: string }): Promise<Server> {
  const server = createServer(async (req, res) => {
    try {
      let body = await readBody(req);
      const headers = { ...req.headers };
      const op = String(headers['x-amz-target'] ?? '');
      const refusal = unwritableAttributeError(op, body);
      if (refusal) {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(refusal));
        return;
      }
      if (op.endsWith('.ConfirmSignUp')) {
        const upstream = await fetch(`http://${HOST}:${target}${req.url ?? '/'}`, {
          method: req.method, headers: { 'content-type': String(headers['content-type'] ?? 'application/x-amz-json-1.1'), 'x-amz-target': op }, body: new Uint8Array(body),
        });
        const answer = Buffer.from(await upstream.arrayBuffer());
        if (upstream.ok) await markConfirmedEmailVerified(target, pool.id, body);
        res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
        res.end(answer);
        return;
      }
      if (op.endsWith('.GetTokensFromRefreshToken')) {
        const input = JSON.parse(body.toString() || '{}') as { RefreshToken?: string; ClientId?: string };
        body = Buffer.from(JSON.stringify({
          AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: input.ClientId, AuthParameters: { REFRESH_TOKEN: input.RefreshToken },
        }));
        headers['x-amz-target'] = 'AWSCognitoIdentityProviderService.InitiateAuth';
      }
      headers['content-length'] = String(body.length);
      const upstream = httpRequest({ host: HOST, port: target, method: req.method, path: req.url, headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      upstream.on('error', (e) => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ __type: 'ProxyError', message: String(e) }));
      });
      upstream.end(body);
    } catch (e) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ __type: 'InvalidParameterException', message: String(e) }));
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve(server));
  });
}

/** Pools made before the e-mail change needed a code lack the setting; UpdateUserPool cannot add it in cognito-local. */
async function warnIfEmailChangeUnverified(endpoint: string, pool: LocalPool): Promise<void> {
  const c = cognitoAdmin(endpoint);
  try {
    const r = await c.send(new DescribeUserPoolCommand({ UserPoolId: pool.userPoolId }));
    if (!r.UserPool?.UserAttributeUpdateSettings?.AttributesRequireVerificationBeforeUpdate?.includes('email')) {
      console.warn('The local user pool predates verified e-mail changes: run `npm run reset` to recreate it.');
    }
  } finally {
    c.destroy();
  }
}

async function bootstrapPool(endpoint: string, stateFile: string): Promise<LocalPool> {
  if (existsSync(stateFile)) {
    const pool = JSON.parse(await readFile(stateFile, 'utf8')) as LocalPool;
    await warnIfEmailChangeUnverified(endpoint, pool);
    return pool;
  }
  const c = cognitoAdmin(endpoint);
  const pool = await c.send(new CreateUserPoolCommand({
    PoolName: 'fps-local',
    UsernameAttributes: ['email'],
    AutoVerifiedAttributes: ['email'],
    // As `keepOriginal` in infra/stacks/auth-stack.ts: a new e-mail counts only once its code is verified.
    UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    Policies: { PasswordPolicy: { MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: false, RequireSymbols: false } },
    // As the CDK pool's custom attributes (cognito-local's SignUp stores attributes outside the schema too).
    Schema: [
      { Name: 'identity_id', AttributeDataType: 'String', Mutable: true },
      { Name: SIGNUP_NAME_ATTRIBUTE.replace(/^custom:/, ''), AttributeDataType: 'String', Mutable: true },
    ],
  }));
  const userPoolId = pool.UserPool!.Id!;
  const client = await c.send(new CreateUserPoolClientCommand({
    UserPoolId: userPoolId, ClientName: 'web',
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
    // Recorded for DescribeUserPoolClient; the proxy enforces the list (cognito-local does not).
    WriteAttributes: [...CLIENT_WRITE_ATTRIBUTES],
  }));
  await c.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: 'staff', Description: 'Staff: admin tool' }));
  c.destroy();
  const out = { userPoolId, userPoolClientId: client.UserPoolClient!.ClientId! };
  await writeFile(stateFile, JSON.stringify(out, null, 2));
  return out;
}

/**
 * cognito-local as a child process (state in `<dir>/.cognito`), its triggers invoked through the
 * local API's Lambda Invoke endpoint, behind the refresh proxy on the public port.
 */
export async function startCognito(opts: { port: number; dir: string; lambdaEndpoint: string }): Promise<LocalCognito> {
  await mkdir(join(opts.dir, '.cognito'), { recursive: true });
  const internalPort = await freePort();
  // The proxy listens first so a port of 0 resolves before the issuer domain is written.
  const proxyPool: { id?: string } = {};
  const proxy = await startRefreshProxy(opts.port, internalPort, proxyPool);
  const endpoint = `http://${HOST}:${(proxy.address() as { port: number }).port}`;
  await writeFile(join(opts.dir, '.cognito', 'config.json'), JSON.stringify({
    LambdaClient: { endpoint: opts.lambdaEndpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
    TokenConfig: { IssuerDomain: endpoint },
    TriggerFunctions: { PostConfirmation: 'post-confirmation', CustomMessage: 'custom-message' },
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    ServerConfig: { hostname: HOST, port: internalPort },
  }, null, 2));
  const bin = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');
  const child = spawn(process.execPath, [bin], {
    cwd: opts.dir,
    env: { ...process.env, PORT: String(internalPort), CODE: LOCAL_CONFIRMATION_CODE, HOST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const keep = (d: Buffer) => { logs.push(d.toString()); if (logs.length > 200) logs.shift(); };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitForHttp(`http://${HOST}:${internalPort}/health`, child);
  } catch (e) {
    child.kill();
    proxy.close();
    throw new Error(`${(e as Error).message}\n${logs.join('')}`);
  }
  const pool = await bootstrapPool(endpoint, join(opts.dir, 'pool.json'));
  proxyPool.id = pool.userPoolId;
  return {
    ...pool,
    endpoint,
    issuer: `${endpoint}/${pool.userPoolId}`,
    close: async () => {
      await new Promise<void>((r) => proxy.close(() => r()));
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
