import { request } from 'node:http';
import * as z from 'zod';
import { config } from '../lib/config';

/**
 * SecureString parameters read through the AWS Parameters and Secrets Lambda Extension, a layer
 * that ApiFunction.allowParameters adds (infra/constructs/api-function.ts). It answers on
 * localhost, signs the SSM call with the function's role and caches the value, so the function
 * bundles no SSM client (about 45 ms of cold start with the SDK external, 77 KB bundled).
 * The values stay out of the template and out of the environment; locally the env vars
 * (STRIPE_SECRET_KEY, ...) are used instead and this is never called.
 */

/** How long a value is reused in the container, as Powertools' `getParameter(maxAge: 300)` did. */
const MAX_AGE_MS = 300_000;
const TIMEOUT_MS = 5_000;

const ExtensionAnswer = z.object({ Parameter: z.object({ Value: z.string().min(1) }) });

const cache = new Map<string, { value: Promise<string>; until: number }>();

function extensionGet(path: string, token: string): Promise<{ status: number; body: string }> {
  const port = config.parametersExtensionPort();
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'GET', headers: { 'X-Aws-Parameters-Secrets-Token': token }, timeout: TIMEOUT_MS },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`Parameters and Secrets extension did not answer within ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end();
  });
}

async function fetchParameter(name: string): Promise<string> {
  // The extension accepts only callers that present the function's session token.
  const token = config.awsSessionToken();
  if (!token) throw new Error(`Cannot read SSM parameter ${name}: no AWS_SESSION_TOKEN (the extension runs only in Lambda)`);
  const r = await extensionGet(`/systemsmanager/parameters/get?name=${encodeURIComponent(name)}&withDecryption=true`, token);
  if (r.status !== 200) throw new Error(`SSM parameter ${name}: extension answered ${r.status} ${r.body.slice(0, 200)}`);
  const parsed = ExtensionAnswer.safeParse(JSON.parse(r.body));
  if (!parsed.success) throw new Error(`SSM parameter ${name} is empty or the extension's answer has an unexpected shape`);
  return parsed.data.Parameter.Value;
}

/** The decrypted value of a SecureString parameter; a failed read is not cached. */
export function secureParameter(name: string, now = Date.now()): Promise<string> {
  const hit = cache.get(name);
  if (hit && hit.until > now) return hit.value;
  const value = fetchParameter(name);
  cache.set(name, { value, until: now + MAX_AGE_MS });
  value.catch(() => {
    if (cache.get(name)?.value === value) cache.delete(name);
  });
  return value;
}
