import { mkdir } from 'node:fs/promises';
import S3rver from 's3rver';
import { HOST } from './ports';

export const LOCAL_IMAGES_BUCKET = 'local-images';

/** CORS so the site can PUT to presigned URLs and show images straight from the bucket. */
function corsXml(origins: string[]): string {
  const rules = origins
    .map(
      (o) => `<CORSRule><AllowedOrigin>${o}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod>` +
        `<AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule>`,
    )
    .join('');
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

export async function startS3(port: number, directory: string, siteOrigins: string[]) {
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    port, address: HOST, silent: true, directory,
    configureBuckets: [{ name: LOCAL_IMAGES_BUCKET, configs: [corsXml(siteOrigins)] }],
  });
  const addr = await server.run();
  return { endpoint: `http://${HOST}:${addr.port}`, close: () => server.close() };
}
