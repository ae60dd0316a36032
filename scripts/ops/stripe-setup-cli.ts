// npm run ops:stripe-setup -- --env dev [--api-url https://abc.execute-api.eu-west-1.amazonaws.com]
//   [--api-base http://127.0.0.1:12111] [--parameter-file .local/ssm-parameters.json]
// The Stripe key comes from STRIPE_SECRET_KEY (not an option: it would stay in shell history).
import { SSMClient } from '@aws-sdk/client-ssm';
import * as z from 'zod';
import { EnvName, parseArgs, runMain, UsageError } from './args';
import { fileParameterStore, ssmParameterStore } from './parameter-store';
import { runStripeSetup, stripeClient } from './stripe-setup';

const USAGE = `Usage: STRIPE_SECRET_KEY=sk_... npm run ops:stripe-setup -- --env dev|staging|master [options]
  --api-url URL          the API stack's ApiUrl output; creates the webhook endpoint (omit before the first deploy)
  --api-base URL         Stripe API base, e.g. http://127.0.0.1:12111 for the local emulator
  --parameter-file FILE  keep parameters in this JSON file instead of SSM (local runs)
  --store-secret-key     also store STRIPE_SECRET_KEY as the env's secret-key SecureString`;

const Options = z.object({
  env: EnvName,
  apiUrl: z.url({ protocol: /^https?$/ }).optional(),
  apiBase: z.url({ protocol: /^https?$/ }).optional(),
  parameterFile: z.string().min(1).optional(),
  storeSecretKey: z.literal(true).optional(),
});

runMain(async () => {
  const opts = parseArgs(process.argv.slice(2), Options, USAGE);
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) throw new UsageError('STRIPE_SECRET_KEY is not set', USAGE);
  if (opts.env === 'master' && !/^(sk|rk)_live_/.test(key)) throw new UsageError('master needs a live key (sk_live_ or rk_live_)', USAGE);
  if (opts.env !== 'master' && /^(sk|rk)_live_/.test(key)) throw new UsageError(`${opts.env} must use a test-mode key`, USAGE);
  const ssm = opts.parameterFile ? undefined : new SSMClient({});
  try {
    const r = await runStripeSetup({
      env: opts.env,
      stripe: stripeClient(key, opts.apiBase),
      store: opts.parameterFile ? fileParameterStore(opts.parameterFile) : ssmParameterStore(ssm!),
      apiUrl: opts.apiUrl,
      secretKey: opts.storeSecretKey ? key : undefined,
      log: (l) => console.log(l),
    });
    console.log(r.changes === 0 ? 'Nothing to change: everything was already in place.' : `${r.changes} change(s) made.`);
  } finally {
    ssm?.destroy();
  }
});
