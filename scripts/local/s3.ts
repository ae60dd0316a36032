import { createHmac } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { HOST } from './ports';

export const LOCAL_IMAGES_BUCKET = 'local-images';

/** s3rver's only key pair: what the local S3 client signs with (lambdas/adapters/s3-client.ts). */
const LOCAL_SECRETS: Record<string, string> = { S3RVER: 'S3RVER' };

/** A browser POST form is never this big here; beyond it the front refuses without reading on. */
const MAX_POST_BODY = 64 * 1024 * 1024;

/**
 * CORS so the site can POST uploads, and show and download images straight from the bucket.
 * The same rules as the image bucket's CORS in the CDK data stack.
 */
function corsXml(origins: string[]): string {
  const rules = origins
    .map(
      (o) => `<CORSRule><AllowedOrigin>${o}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>POST</AllowedMethod>` +
        `<AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule>`,
    )
    .join('');
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

class S3Refusal {
  constructor(readonly status: number, readonly code: string, readonly message: string) {}
}

const xmlEscape = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * S3's checks of a browser-based POST upload (presigned POST), which s3rver 3.7 skips: the policy
 * signature (SigV4 over the base64 policy), its expiry, every condition (exact, starts-with,
 * content-length-range on the file), and no form field the policy does not cover. Answers as S3 does:
 * 403 AccessDenied "Invalid according to Policy: …", 403 SignatureDoesNotMatch, 400 EntityTooLarge.
 */
function checkPostPolicy(bucket: string, form: FormData, now = new Date()): void {
  const fields = new Map<string, string>();
  let fileSize: number | undefined;
  for (const [name, value] of form) {
    // S3 takes the `file` part as the object whether or not it names a filename (without one,
    // FormData gives it as a string): its size is checked either way.
    if (name.toLowerCase() === 'file') {
      if (fileSize === undefined) fileSize = typeof value === 'string' ? Buffer.byteLength(value) : value.size;
    } else if (typeof value === 'string') fields.set(name.toLowerCase(), value);
  }
  if (fileSize === undefined) throw new S3Refusal(400, 'InvalidArgument', 'Bucket POST must contain a file field.');
  const policyB64 = fields.get('policy');
  if (!policyB64) throw new S3Refusal(403, 'AccessDenied', 'Bucket POST must contain a field named Policy.');
  const credential = (fields.get('x-amz-credential') ?? '').split('/');
  const [accessKey, date, region, service] = credential;
  const secret = accessKey ? LOCAL_SECRETS[accessKey] : undefined;
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' || credential.length !== 5 || !secret) {
    throw new S3Refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  const key = [date, region, service, 'aws4_request'].reduce<Buffer | string>((k, part) => createHmac('sha256', k).update(part).digest(), `AWS4${secret}`);
  const expected = createHmac('sha256', key).update(policyB64).digest('hex');
  if (fields.get('x-amz-signature') !== expected) {
    throw new S3Refusal(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }

  let policy: { expiration?: string; conditions?: unknown[] };
  try {
    policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8'));
  } catch {
    throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const invalid = (why: string) => new S3Refusal(403, 'AccessDenied', `Invalid according to Policy: ${why}`);
  if (!policy.expiration || !(Date.parse(policy.expiration) > now.getTime())) throw invalid('Policy expired.');

  const valueOf = (field: string) => (field.toLowerCase() === 'bucket' ? bucket : (fields.get(field.toLowerCase()) ?? ''));
  const covered = new Set(['policy', 'x-amz-signature', 'file']);
  for (const c of policy.conditions ?? []) {
    const failed = () => invalid(`Policy Condition failed: ${JSON.stringify(c)}`);
    if (Array.isArray(c) && c[0] === 'content-length-range') {
      const [, min, max] = c as [string, number, number];
      if (fileSize > max) throw new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
      if (fileSize < min) throw new S3Refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
    } else if (Array.isArray(c) && (c[0] === 'eq' || c[0] === 'starts-with') && typeof c[1] === 'string' && c[1].startsWith('$')) {
      const field = c[1].slice(1);
      covered.add(field.toLowerCase());
      const ok = c[0] === 'eq' ? valueOf(field) === c[2] : valueOf(field).startsWith(String(c[2]));
      if (!ok) throw failed();
    } else if (c && typeof c === 'object' && !Array.isArray(c) && Object.keys(c).length === 1) {
      const [[field, value]] = Object.entries(c);
      covered.add(field.toLowerCase());
      if (valueOf(field) !== value) throw failed();
    } else {
      throw new S3Refusal(400, 'InvalidPolicyDocument', `Invalid Policy: Invalid Condition: ${JSON.stringify(c)}`);
    }
  }
  const extra = [...fields.keys()].filter((f) => !covered.has(f) && !f.startsWith('x-ignore-'));
  if (extra.length) throw invalid(`Extra input fields: ${extra.join(', ')}`);
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_POST_BODY) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A browser POST upload to a bucket: `POST /<bucket>` (path style) with a multipart form. */
const postUploadBucket = (req: IncomingMessage): string | undefined => {
  if (req.method !== 'POST' || !(req.headers['content-type'] ?? '').startsWith('multipart/form-data')) return undefined;
  return /^\/([^/?]+)\/?(\?|$)/.exec(req.url ?? '')?.[1];
};

/**
 * The local S3: s3rver on an inner port, behind a small front on the public port that holds POST
 * uploads to the policy as S3 does (s3rver stores them unchecked) and passes everything else through.
 */
export async function startS3(port: number, directory: string, siteOrigins: string[]) {
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    port: 0, address: HOST, silent: true, directory,
    configureBuckets: [{ name: LOCAL_IMAGES_BUCKET, configs: [corsXml(siteOrigins)] }],
  });
  const inner = await server.run();

  const forward = (req: IncomingMessage, res: ServerResponse, body?: Buffer) => {
    const headers = { ...req.headers };
    if (body) {
      delete headers['transfer-encoding'];
      headers['content-length'] = String(body.length);
    }
    const upstream = request({ host: HOST, port: inner.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    if (body) upstream.end(body);
    else req.pipe(upstream);
  };

  const refuse = (req: IncomingMessage, res: ServerResponse, r: S3Refusal) => {
    const origin = req.headers.origin;
    res.writeHead(r.status, {
      'content-type': 'application/xml',
      // The site must be able to read the refusal, as with S3's CORS.
      ...(origin && siteOrigins.includes(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {}),
      connection: 'close',
    });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${r.code}</Code><Message>${xmlEscape(r.message)}</Message></Error>`);
  };

  const front = createServer((req, res) => {
    const bucket = postUploadBucket(req);
    if (!bucket) return forward(req, res);
    void (async () => {
      const body = await readBody(req);
      if (!body) return refuse(req, res, new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'));
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers['content-type']! } }).formData();
      } catch {
        return refuse(req, res, new S3Refusal(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.'));
      }
      try {
        checkPostPolicy(bucket, form);
      } catch (e) {
        if (e instanceof S3Refusal) return refuse(req, res, e);
        throw e;
      }
      forward(req, res, body);
    })().catch((e: unknown) => {
      console.error('local S3 front: POST upload failed', e);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(port, HOST, () => resolve());
  });
  const { port: publicPort } = front.address() as AddressInfo;
  return {
    endpoint: `http://${HOST}:${publicPort}`,
    close: async () => {
      await new Promise<void>((resolve) => {
        front.close(() => resolve());
        front.closeAllConnections();
      });
      await server.close();
    },
  };
}
