/**
 * How the memory sizes in infra/route-deploy.ts were measured (see infra/README.md "Sizing").
 * Bundles every route function with the deployed settings (infra/bundling.ts), imports each
 * bundle in a fresh Node process and reads its peak RSS; for finalizeImage it also runs the
 * thumbnail work (sharp) on a large full-page capture. Prints peak RSS and the size the rule
 * gives: max(256, 2 × peak rounded up to 64 MB).
 *
 *   npx tsx scripts/measure-lambda-memory.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { routeList } from '#shared/api/routes';
import { lambdaEsbuildOptions } from '../infra/bundling';
import { memoryFromPeak } from '../infra/route-deploy';
import { repoRoot } from '../infra/settings';

const out = path.join(repoRoot, '.local', 'lambda-memory');
const env = {
  ...process.env, AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'x', APP_ENV: 'dev',
  SITE_URL: 'https://x.example.com', EXTENSION_ORIGINS: 'chrome-extension://x', USER_POOL_ID: 'eu-west-1_x', USER_POOL_CLIENT_ID: 'x',
  USERS_TABLE: 'u', ORGS_TABLE: 'o', IMAGES_TABLE: 'i', SHARES_TABLE: 's', GRANTS_TABLE: 'g', RECORDS_TABLE: 'r', IDEMPOTENCY_TABLE: 'd', IMAGES_BUCKET: 'b',
  EMAIL_FROM: 'a@x.example.com', STRIPE_SECRET_PARAM: '/s', STRIPE_WEBHOOK_SECRET_PARAM: '/w', STRIPE_PREMIUM_PRICE: 'p',
  STRIPE_ENTERPRISE_PRICE: 'e', STRIPE_LIVE_MODE: 'false', PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: '2773',
};

/** Thumbnail of a 1280 × 30,000 px PNG capture (38 MP, the size of a long page at DPR 1). */
const SHARP_WORK = `
const sharp = (await import('sharp')).default;
const { inspectImage, makeThumbnail } = await import(${JSON.stringify(pathToFileURL(path.join(repoRoot, 'lambdas/images/lib/image-file.ts')).href)});
const png = await sharp({ create: { width: 1280, height: 30000, channels: 3, background: '#88aacc' } }).png().toBuffer();
const info = await inspectImage(png);
await makeThumbnail(png, info);`;

function peakMb(script: string, tsx = false): number {
  const args = tsx ? ['--import', 'tsx', '--input-type=module', '-e', script] : ['--input-type=module', '-e', script];
  const r = spawnSync(process.execPath, args, { env, encoding: 'utf8', cwd: repoRoot });
  if (r.status !== 0) throw new Error(r.stderr);
  return Number(r.stdout.trim()) / 1024;
}

const rows: string[] = [];
for (const route of routeList) {
  const file = path.join(out, route.id, 'index.mjs');
  mkdirSync(path.dirname(file), { recursive: true });
  await build({ ...lambdaEsbuildOptions(path.join(repoRoot, 'lambdas', `${route.handler}.ts`), file, ['sharp']), absWorkingDir: repoRoot });
  const importPeak = peakMb(`await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(process.resourceUsage().maxRSS);`);
  const workPeak = route.id === 'finalizeImage'
    ? peakMb(`await import(${JSON.stringify(pathToFileURL(file).href)}); ${SHARP_WORK}; console.log(process.resourceUsage().maxRSS);`, true)
    : importPeak;
  rows.push(`${route.id.padEnd(36)} import ${importPeak.toFixed(0).padStart(4)} MB  work ${workPeak.toFixed(0).padStart(4)} MB  -> ${memoryFromPeak(workPeak)} MB`);
  console.log(rows.at(-1));
}
