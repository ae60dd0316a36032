import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl, S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { awsEndpoints, config } from '../lib/config';
import { traced } from '../lib/tracer';

let client: S3Client | undefined;

/**
 * One S3 client per container. Checksums only when required: otherwise presigned requests carry a
 * checksum the browser's body does not match, and s3rver stores streamed bodies with chunk framing.
 */
export function s3(): S3Client {
  if (!client) {
    const endpoint = awsEndpoints.s3();
    client = traced(new S3Client({
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(endpoint
        ? // s3rver knows only its default key pair.
          { endpoint, forcePathStyle: true, region: config.awsRegion(), credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }
        : {}),
    }));
  }
  return client;
}

export const imagesBucket = () => config.imagesBucket();

/**
 * A short-lived presigned POST for one key: S3 refuses a file outside `maxBytes` (content-length-range)
 * or of another content type, which a presigned PUT cannot express. The client sends `fields` and the
 * file as multipart/form-data to `url`.
 */
export async function presignPost(
  key: string,
  opts: { contentType: string; maxBytes: number; expiresIn: number },
): Promise<{ url: string; fields: Record<string, string> }> {
  return createPresignedPost(s3(), {
    Bucket: imagesBucket(),
    Key: key,
    // Fields become exact-match conditions; the size range is a condition only.
    Fields: { 'Content-Type': opts.contentType },
    Conditions: [['content-length-range', 1, opts.maxBytes]],
    Expires: opts.expiresIn,
  });
}

/** Response headers a presigned GET may override (the stored object keeps its own). */
export interface GetOverrides {
  contentType?: string;
  contentDisposition?: string;
}

export function presignGet(key: string, expiresIn = 3600, overrides: GetOverrides = {}): Promise<string> {
  getPresigner ??= createGetPresigner(s3(), imagesBucket());
  return getPresigner(key, expiresIn, overrides);
}
let getPresigner: GetPresigner | undefined;

export type GetPresigner = (key: string, expiresIn: number, overrides?: GetOverrides, signingDate?: Date) => Promise<string>;

/** RFC 3986 escaping, as SigV4 canonicalises query values and path segments. */
const escapeUri = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Presigned GETs for one bucket, fast enough for a list of hundreds of images. `getSignedUrl`
 * runs the whole command pipeline (endpoint rules, a cloned middleware stack, a new signer) and
 * takes about 5 ms per URL; this resolves the endpoint once (with one ordinary `getSignedUrl`
 * for a probe key) and then only signs, producing the same URL as `getSignedUrl` would.
 */
export function createGetPresigner(client: S3Client, bucket: string): GetPresigner {
  let base: Promise<{ protocol: string; hostname: string; port?: number; prefix: string; presigner: S3RequestPresigner }> | undefined;
  const resolveBase = async () => {
    const probe = new URL(await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: 'probe' }), { expiresIn: 60 }));
    const region = probe.searchParams.get('X-Amz-Credential')?.split('/')[2];
    if (!probe.pathname.endsWith('/probe') || !region) throw new Error(`unexpected presigned URL shape: ${probe.origin}${probe.pathname}`);
    return {
      protocol: probe.protocol,
      hostname: probe.hostname,
      port: probe.port ? Number(probe.port) : undefined,
      prefix: probe.pathname.slice(0, -'/probe'.length),
      presigner: new S3RequestPresigner({ ...client.config, signingName: 's3', region: async () => region }),
    };
  };
  return async (key, expiresIn, overrides = {}, signingDate) => {
    base ??= resolveBase().catch((e: unknown) => {
      base = undefined;
      throw e;
    });
    const b = await base;
    const query: Record<string, string> = {};
    if (overrides.contentDisposition) query['response-content-disposition'] = overrides.contentDisposition;
    if (overrides.contentType) query['response-content-type'] = overrides.contentType;
    query['x-id'] = 'GetObject';
    const path = `${b.prefix}/${key.split('/').map(escapeUri).join('/')}`;
    const signed = await b.presigner.presign(
      { method: 'GET', protocol: b.protocol, hostname: b.hostname, port: b.port, path, query, headers: {} } as Parameters<S3RequestPresigner['presign']>[0],
      { expiresIn, ...(signingDate ? { signingDate } : {}) },
    );
    const qs = Object.entries(signed.query ?? {})
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).filter((x): x is string => x != null).map((x) => `${escapeUri(k)}=${escapeUri(x)}`))
      .join('&');
    return `${b.protocol}//${b.hostname}${b.port ? `:${b.port}` : ''}${path}?${qs}`;
  };
}

const isNotFound = (e: unknown) =>
  e instanceof S3ServiceException && (e.$metadata.httpStatusCode === 404 || e.name === 'NotFound' || e.name === 'NoSuchKey');

/** Size and type of an object, or undefined when there is none. */
export async function headObject(key: string): Promise<{ size: number; contentType?: string } | undefined> {
  try {
    const r = await s3().send(new HeadObjectCommand({ Bucket: imagesBucket(), Key: key }));
    return { size: r.ContentLength ?? 0, contentType: r.ContentType };
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** The whole object in memory, or undefined when there is none: for objects whose size a presigned form capped. */
export async function getObjectIfAny(key: string): Promise<Buffer | undefined> {
  try {
    return await getObjectBytes(key);
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

/** The whole object in memory; callers check its size with `headObject` first. */
export async function getObjectBytes(key: string): Promise<Buffer> {
  const r = await s3().send(new GetObjectCommand({ Bucket: imagesBucket(), Key: key }));
  if (!r.Body) return Buffer.alloc(0);
  return Buffer.from(await r.Body.transformToByteArray());
}

/**
 * The first `length` bytes of an object (a ranged GET), with the whole object's size and its ETag,
 * or undefined when there is none: enough to read a file's header without fetching the file.
 */
export async function getObjectStart(key: string, length: number): Promise<{ bytes: Buffer; size: number; etag: string } | undefined> {
  try {
    const r = await s3().send(new GetObjectCommand({ Bucket: imagesBucket(), Key: key, Range: `bytes=0-${length - 1}` }));
    const bytes = r.Body ? Buffer.from(await r.Body.transformToByteArray()) : Buffer.alloc(0);
    // "bytes 0-65535/5790000"; a 200 (no range applied) carries the whole object.
    const total = Number(/\/(\d+)$/.exec(r.ContentRange ?? '')?.[1] ?? r.ContentLength ?? bytes.length);
    return { bytes: bytes.subarray(0, length), size: total, etag: r.ETag ?? '' };
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}

export async function putObject(key: string, body: Buffer, contentType: string, cacheControl?: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: imagesBucket(), Key: key, Body: body, ContentType: contentType, CacheControl: cacheControl }));
}

/** Copies an object inside the images bucket, with its type and cache headers. */
export async function copyObject(from: string, to: string): Promise<void> {
  await s3().send(new CopyObjectCommand({
    Bucket: imagesBucket(), Key: to, CopySource: `${imagesBucket()}/${from.split('/').map(encodeURIComponent).join('/')}`, MetadataDirective: 'COPY',
  }));
}

/**
 * Copies an object inside the images bucket under a new type and cache header, only if it is still
 * the version `ifMatch` names: false when it has changed (S3's 412; s3rver does not check the condition).
 */
export async function copyObjectAs(from: string, to: string, opts: { contentType: string; cacheControl: string; ifMatch: string }): Promise<boolean> {
  try {
    await s3().send(new CopyObjectCommand({
      Bucket: imagesBucket(), Key: to, CopySource: `${imagesBucket()}/${from.split('/').map(encodeURIComponent).join('/')}`,
      MetadataDirective: 'REPLACE', ContentType: opts.contentType, CacheControl: opts.cacheControl,
      ...(opts.ifMatch ? { CopySourceIfMatch: opts.ifMatch } : {}),
    }));
    return true;
  } catch (e) {
    if (e instanceof S3ServiceException && (e.$metadata.httpStatusCode === 412 || e.name === 'PreconditionFailed')) return false;
    throw e;
  }
}

/** Deletes one object; deleting a missing key succeeds (S3 semantics). */
export async function deleteObject(key: string): Promise<void> {
  try {
    await s3().send(new DeleteObjectCommand({ Bucket: imagesBucket(), Key: key }));
  } catch (e) {
    if (!isNotFound(e)) throw e;
  }
}
