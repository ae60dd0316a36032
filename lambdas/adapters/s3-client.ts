import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { awsEndpoints, requireEnv } from '../lib/config';

let client: S3Client | undefined;

/**
 * One S3 client per container. Checksums only when required: otherwise presigned PUTs carry a
 * checksum the browser's body does not match, and s3rver stores streamed bodies with chunk framing.
 */
export function s3(): S3Client {
  if (!client) {
    const endpoint = awsEndpoints.s3();
    client = new S3Client({
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(endpoint
        ? // s3rver knows only its default key pair.
          { endpoint, forcePathStyle: true, region: process.env.AWS_REGION ?? 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }
        : {}),
    });
  }
  return client;
}

export const imagesBucket = () => requireEnv('IMAGES_BUCKET');

/** A short-lived PUT URL with the content type signed in, so the upload must declare that type. */
export function presignPut(key: string, contentType: string, expiresIn = 300): Promise<string> {
  return getSignedUrl(s3(), new PutObjectCommand({ Bucket: imagesBucket(), Key: key, ContentType: contentType }), {
    expiresIn,
    signableHeaders: new Set(['content-type']),
  });
}

export function presignGet(key: string, expiresIn = 3600): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({ Bucket: imagesBucket(), Key: key }), { expiresIn });
}
