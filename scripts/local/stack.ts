import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { RuntimeConfig } from '#shared/config/runtime-config';
import type { LambdaEnvironment } from '#shared/deploy/lambda-env';
import { extensionCorsOrigins } from '#shared/extension/cors-origins';
import { environments } from '../../infra/environments';
import { startApiServer, type Mount } from './api-server';
import { startCognito, type LocalCognito } from './cognito';
import { startDynamo, tableEnv } from './dynamo';
import { createJwtAuthorizer } from './jwt-authorizer';
import { customMessageToOutbox, lambdaInvokeMount } from './lambda-invoke';
import { createNewsletterEndpoint } from './newsletter-endpoint';
import { outboxMount } from './outbox';
import { HOST, type Ports } from './ports';
import { serveBuiltSite } from './built-site';
import { LOCAL_IMAGES_BUCKET, startS3 } from './s3';
import { startStripeEmulator } from './stripe-emulator/server';

export const LOCAL_STRIPE_KEY = 'sk_test_local';
export const LOCAL_WEBHOOK_SECRET = 'whsec_local';
const LOCAL_PRICES = { premium: 'price_premium_yearly', enterprise: 'price_enterprise_seat_yearly' };

export interface StackOptions {
  ports: Ports;
  /** State folder (persisted LevelDB, s3rver files, cognito-local db, outbox). */
  dataDir: string;
  /**
   * The site: 'dev' is the Vite dev server (npm start); 'built' builds it once and serves the
   * build as CloudFront does (the browser tests: pages load in a second, not after ~140 modules).
   */
  web?: 'dev' | 'built';
  /** Extra site origins for CORS (e.g. the extension's). */
  extraOrigins?: string[];
  extensionOrigins?: string[];
  log?: (msg: string) => void;
}

export interface LocalStack {
  urls: { web: string; api: string; cognito: string; s3: string; dynamo: string; stripe: string; outbox: string };
  cognito: LocalCognito;
  env: Record<string, string>;
  config: RuntimeConfig;
  configFile: string;
  close: () => Promise<void>;
}

/** The mailing-list provider's JSONP `post-json` endpoint, recorded locally. */
function newsletterMount(file: string): Mount {
  const endpoint = createNewsletterEndpoint({ file });
  return (req, res, url) => {
    if (!url.pathname.startsWith('/newsletter/')) return false;
    endpoint(req, res);
    return true;
  };
}

/**
 * Starts the whole product on 127.0.0.1: dynalite, s3rver, cognito-local (+ refresh proxy), the
 * Stripe emulator, the API with every route of the route table, the outbox and the Vite dev server.
 * Handlers run in this process, so the env they read is set here before any of them loads.
 */
export async function startLocalStack(opts: StackOptions): Promise<LocalStack> {
  const log = opts.log ?? (() => {});
  const dataDir = resolve(opts.dataDir);
  await mkdir(dataDir, { recursive: true });
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const c of closers.reverse()) await c().catch((e) => console.error('[stack] close', e));
  };
  try {
    const web = `http://${HOST}:${opts.ports.web}`;
    const siteOrigins = [web, `http://localhost:${opts.ports.web}`, ...(opts.extraOrigins ?? [])];
    const outboxDir = join(dataDir, 'outbox');

    const dynamo = await startDynamo(opts.ports.dynamo, join(dataDir, 'dynamodb'));
    closers.push(dynamo.close);
    log(`DynamoDB (dynalite)  ${dynamo.endpoint}`);

    // The extension's editor uploads (Save to library) and calls the grant routes from its own
    // origin: Chrome's listed, any Firefox add-on's (random per profile) as a pattern.
    const corsOrigins = [...siteOrigins, ...extensionCorsOrigins(opts.extensionOrigins ?? [])];
    const s3 = await startS3(opts.ports.s3, join(dataDir, 's3'), corsOrigins);
    closers.push(s3.close);
    log(`S3 (s3rver)          ${s3.endpoint}`);

    const api = `http://${HOST}:${opts.ports.api}`;
    const useRealStripe = !!process.env.STRIPE_SECRET_KEY && !process.env.STRIPE_SECRET_KEY.startsWith('sk_test_local');
    let stripeUrl = 'https://api.stripe.com';
    if (!useRealStripe) {
      const stripe = await startStripeEmulator({
        port: opts.ports.stripe, stateFile: join(dataDir, 'stripe.json'),
        webhookUrl: `${api}/stripe/webhook`, webhookSecret: LOCAL_WEBHOOK_SECRET,
      });
      closers.push(stripe.close);
      stripeUrl = stripe.url;
      log(`Stripe (emulator)    ${stripe.url}`);
    }

    // The names of shared/deploy/lambda-env.ts, as the CDK app sets them in AWS.
    const env: Record<string, string> = {
      APP_ENV: 'local',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      POWERTOOLS_SERVICE_NAME: 'fps-local',
      ...tableEnv(),
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      IMAGES_BUCKET: LOCAL_IMAGES_BUCKET,
      SITE_URL: web,
      EXTENSION_ORIGINS: (opts.extensionOrigins ?? []).join(','),
      OUTBOX_DIR: outboxDir,
      // The product's limits (master's) unless the shell sets others, e.g. a small one to try the quota.
      STORAGE_LIMIT_BASIC_BYTES: process.env.STORAGE_LIMIT_BASIC_BYTES ?? String(environments.master.storageLimits.basicBytes),
      STORAGE_LIMIT_PREMIUM_BYTES: process.env.STORAGE_LIMIT_PREMIUM_BYTES ?? String(environments.master.storageLimits.premiumBytes),
      STRIPE_PREMIUM_PRICE: process.env.STRIPE_PREMIUM_PRICE ?? LOCAL_PRICES.premium,
      STRIPE_ENTERPRISE_PRICE: process.env.STRIPE_ENTERPRISE_PRICE ?? LOCAL_PRICES.enterprise,
      ...(useRealStripe
        ? { STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY!, STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET ?? '' }
        : { STRIPE_SECRET_KEY: LOCAL_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET, STRIPE_API_BASE: stripeUrl }),
    } satisfies LambdaEnvironment;

    // The API server comes up before cognito-local because cognito-local calls its triggers through it.
    let authorize: (h: string | undefined) => Promise<Record<string, unknown> | undefined> = async () => undefined;
    const mounts: Mount[] = [
      lambdaInvokeMount({
        'post-confirmation': async () => (await import('../../lambdas/auth-triggers/post-confirmation')).handler as never,
        'custom-message': async () => customMessageToOutbox(outboxDir),
      }),
      outboxMount(outboxDir),
      newsletterMount(join(dataDir, 'newsletter.json')),
    ];
    Object.assign(process.env, env);
    const apiServer = await startApiServer({ port: opts.ports.api, corsOrigins, mounts, authorize: (h) => authorize(h) });
    closers.push(apiServer.close);
    log(`API                  ${apiServer.url}`);

    const cognito = await startCognito({ port: opts.ports.cognito, dir: join(dataDir, 'cognito'), lambdaEndpoint: apiServer.url });
    closers.push(cognito.close);
    authorize = createJwtAuthorizer({ issuer: cognito.issuer, clientId: cognito.userPoolClientId });
    Object.assign(env, { COGNITO_ENDPOINT: cognito.endpoint, USER_POOL_ID: cognito.userPoolId, USER_POOL_CLIENT_ID: cognito.userPoolClientId });
    Object.assign(process.env, env);
    log(`Cognito (local)      ${cognito.endpoint}  pool ${cognito.userPoolId}`);

    const config: RuntimeConfig = {
      env: 'local',
      apiUrl: apiServer.url,
      siteUrl: web,
      auth: {
        mode: 'password', region: 'us-east-1', userPoolId: cognito.userPoolId, userPoolClientId: cognito.userPoolClientId,
        userPoolEndpoint: cognito.endpoint, googleEnabled: false,
      },
      extensionOrigins: opts.extensionOrigins ?? [],
      newsletterUrl: `${apiServer.url}/newsletter/post-json`,
      stripeLiveMode: false,
      outboxUrl: `${apiServer.url}/_local/outbox`,
      supportEmail: 'support@fullpageshot.example',
    };
    const configFile = join(dataDir, 'config.json');
    await writeFile(configFile, JSON.stringify(config, null, 2));

    if (opts.web === 'built') {
      process.env.FPS_CONFIG_JSON = configFile;
      const outDir = join(dataDir, 'web');
      const { build } = await import('vite');
      await build({ configFile: resolve(import.meta.dirname, '../../web/vite.config.ts'), build: { outDir, emptyOutDir: true, sourcemap: false }, logLevel: 'warn' });
      const site = await serveBuiltSite({ root: resolve(import.meta.dirname, '../..'), outDir, config, configFile, port: opts.ports.web });
      closers.push(site.close);
      log(`Web (built)          ${web}`);
    } else if (opts.web === 'dev') {
      process.env.FPS_CONFIG_JSON = configFile;
      const { createServer } = await import('vite');
      const vite = await createServer({
        configFile: resolve(import.meta.dirname, '../../web/vite.config.ts'),
        server: { port: opts.ports.web, host: HOST, strictPort: true },
        logLevel: 'warn',
      });
      await vite.listen();
      closers.push(() => vite.close());
      log(`Web (Vite)           ${web}`);
    }

    return {
      urls: { web, api: apiServer.url, cognito: cognito.endpoint, s3: s3.endpoint, dynamo: dynamo.endpoint, stripe: stripeUrl, outbox: config.outboxUrl! },
      cognito, env, config, configFile, close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}
