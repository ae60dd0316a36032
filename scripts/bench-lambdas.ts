/**
 * bench:lambdas — size and import time of every Lambda bundle, against budgets.
 *
 * 1. Bundles each function exactly as the CDK construct does (the settings of infra/bundling.ts,
 *    through esbuild's JS API): every route of `routeList` (shared/api/routes.ts), with the native
 *    modules of infra/route-deploy.ts left external, plus the Cognito PostConfirmation trigger.
 *    Output goes to .local/bench-lambdas/<function>/index.mjs, inside the repository so that the
 *    external `@aws-sdk/*` (and `sharp`) resolve from node_modules, as they do from the runtime
 *    and the layer on Lambda.
 * 2. Prints per bundle: the minified size (KB, without the source map), the median of 5 times to
 *    `import()` it in a fresh Node process (dummy env vars; module-level code and the AWS SDK
 *    clients it imports are included), the median time to import only those external packages
 *    (the floor set by the SDK; measured alternately with the bundle, so both see the same load),
 *    and the external packages (`@aws-sdk/*`, `sharp`) it imports. Also the load average: on a
 *    busy machine import times can double.
 * 3. Marks rows over budget: > 300 KB, > 150 ms, or an AWS SDK client the function's grants do
 *    not call for (tables → dynamodb, bucket → s3, cognito → cognito-identity-provider,
 *    email → sesv2). Stripe functions read their key through the Parameters and Secrets
 *    extension (lambdas/adapters/parameters-client.ts), so no grant calls for client-ssm, and
 *    `stripe` is aliased to the pruned SDK entry of infra/stripe-lite.ts, as in CDK.
 *
 *   npm run bench:lambdas          (prints figures; not a timed test)
 *   npm run bench:lambdas -- --json  (also writes .local/bench-lambdas/results.json)
 */
import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { loadavg } from 'node:os';
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { routeList } from '#shared/api/routes';
import { lambdaEsbuildOptions } from '../infra/bundling';
import { routeDeploy, type Grants } from '../infra/route-deploy';

const root = resolve(import.meta.dirname, '..');
const outRoot = join(root, '.local', 'bench-lambdas');
const SIZE_BUDGET_KB = 300;
const IMPORT_BUDGET_MS = 150;
const RUNS = 5;

interface Fn {
  name: string;
  handler: string;
  grants: Grants;
}

const functions: Fn[] = [
  ...routeList.map((r) => ({ name: r.id, handler: r.handler, grants: routeDeploy[r.id].grants })),
  // infra/stacks/auth-stack.ts: RW on the users table, AdminUpdateUserAttributes (the name offered at sign-up).
  { name: 'postConfirmation', handler: 'auth-triggers/post-confirmation', grants: { tables: { users: 'RW' }, cognito: ['AdminUpdateUserAttributes'] } },
];

/** Values the deployed functions get from the stacks; dummies, nothing is called at import. */
const dummyEnv: Record<string, string> = {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  POWERTOOLS_SERVICE_NAME: 'fps-bench-api',
  APP_ENV: 'dev',
  SITE_URL: 'https://bench.example.com',
  EXTENSION_ORIGINS: 'chrome-extension://bench',
  USER_POOL_ID: 'eu-west-1_bench',
  USER_POOL_CLIENT_ID: 'bench',
  USERS_TABLE: 'fps-bench-users',
  ORGS_TABLE: 'fps-bench-orgs',
  IMAGES_TABLE: 'fps-bench-images',
  SHARES_TABLE: 'fps-bench-shares',
  GRANTS_TABLE: 'fps-bench-grants',
  RECORDS_TABLE: 'fps-bench-records',
  IDEMPOTENCY_TABLE: 'fps-bench-idempotency',
  IMAGES_BUCKET: 'fps-bench-images',
  EMAIL_FROM: 'bench@example.com',
  AWS_SESSION_TOKEN: 'bench',
  PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: '2773',
  STRIPE_SECRET_PARAM: '/fps/bench/stripe/secret-key',
  STRIPE_WEBHOOK_SECRET_PARAM: '/fps/bench/stripe/webhook-secret',
  STRIPE_PREMIUM_PRICE: 'price_bench_premium',
  STRIPE_ENTERPRISE_PRICE: 'price_bench_enterprise',
  STRIPE_LIVE_MODE: 'false',
};

/** The AWS SDK client packages a function's grants justify. */
function allowedClients(g: Grants): Set<string> {
  const s = new Set<string>();
  if (g.tables && Object.keys(g.tables).length > 0) s.add('client-dynamodb');
  if (g.bucket) s.add('client-s3');
  if (g.cognito) s.add('client-cognito-identity-provider');
  if (g.email) s.add('client-sesv2');
  return s;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Milliseconds to `import()` the given specifiers, in order, in a fresh Node process. */
function importMs(specifiers: string[]): number {
  const imports = specifiers.map((s) => `await import(${JSON.stringify(s)});`).join(' ');
  const code = `const t = performance.now(); ${imports} console.log(performance.now() - t);`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...dummyEnv },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`import of ${specifiers.join(', ')} failed:\n${r.stderr}`);
  const ms = Number(r.stdout.trim().split('\n').pop());
  if (!Number.isFinite(ms)) throw new Error(`import of ${specifiers.join(', ')}: unexpected output ${JSON.stringify(r.stdout)}`);
  return ms;
}

/**
 * Median import time of the bundle and of its external packages alone, the two measured
 * alternately (bundle, externals, bundle, …) so that both see the same machine load.
 */
function interleavedImportMs(bundle: string, externals: string[]): { ms: number; externalsMs: number } {
  const own: number[] = [];
  const ext: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    own.push(importMs([bundle]));
    if (externals.length) ext.push(importMs(externals));
  }
  return { ms: median(own), externalsMs: externals.length ? median(ext) : 0 };
}

interface Row {
  name: string;
  kb: number;
  ms: number;
  /** Import time of the bundle's external packages alone (AWS SDK, sharp). */
  externalsMs: number;
  /** External packages the bundle imports (`@aws-sdk/` prefix dropped), node built-ins excluded. */
  sdk: string[];
  extraClients: string[];
  over: string[];
}

async function main(): Promise<void> {
  rmSync(outRoot, { recursive: true, force: true });
  mkdirSync(outRoot, { recursive: true });

  const loadBefore = loadavg()[0];
  const t0 = performance.now();
  const built = await Promise.all(functions.map(async (fn) => {
    const outfile = join(outRoot, fn.name, 'index.mjs');
    const res = await build({
      ...lambdaEsbuildOptions(join(root, 'lambdas', `${fn.handler}.ts`), outfile, fn.grants.nativeModules ?? []),
      absWorkingDir: root,
      metafile: true, // does not change the output; lists the external imports
    });
    return { fn, outfile, metafile: res.metafile as Metafile };
  }));
  console.log(`bundled ${built.length} functions in ${((performance.now() - t0) / 1000).toFixed(1)} s (esbuild, infra/bundling.ts)\n`);

  const rows: Row[] = [];
  for (const { fn, outfile, metafile } of built) {
    const out = Object.entries(metafile.outputs).find(([p]) => p.endsWith('.mjs'))?.[1];
    const externals = [...new Set((out?.imports ?? [])
      .filter((i) => i.external && !i.path.startsWith('node:') && !builtinModules.includes(i.path))
      .map((i) => i.path))].sort();
    const sdk = externals.map((p) => p.replace(/^@aws-sdk\//, ''));
    const allowed = allowedClients(fn.grants);
    const extraClients = sdk.filter((p) => p.startsWith('client-') && !allowed.has(p));
    const kb = statSync(outfile).size / 1024;
    const { ms, externalsMs: extMs } = interleavedImportMs(pathToFileURL(outfile).href, externals);
    const over = [
      ...(kb > SIZE_BUDGET_KB ? ['size'] : []),
      ...(ms > IMPORT_BUDGET_MS ? ['import'] : []),
      ...(extraClients.length ? ['clients'] : []),
    ];
    rows.push({ name: fn.name, kb, ms, externalsMs: extMs, sdk, extraClients, over });
    process.stderr.write('.');
  }
  process.stderr.write('\n');

  const w = Math.max(...rows.map((r) => r.name.length), 'function'.length);
  console.log(`| ${'function'.padEnd(w)} | size KB | import ms | of which externals | externals imported (@aws-sdk/…) | over budget |`);
  console.log(`|${'-'.repeat(w + 2)}|--------:|----------:|-------------------:|---|---|`);
  for (const r of rows) {
    const flag = r.over.length ? `**${r.over.join(', ')}**${r.extraClients.length ? ` (not granted: ${r.extraClients.join(', ')})` : ''}` : '';
    console.log(`| ${r.name.padEnd(w)} | ${r.kb.toFixed(1).padStart(7)} | ${r.ms.toFixed(0).padStart(9)} | ${r.externalsMs.toFixed(0).padStart(18)} | ${r.sdk.join(', ') || '—'} | ${flag} |`);
  }
  const over = rows.filter((r) => r.over.length);
  const maxKb = Math.max(...rows.map((r) => r.kb));
  const maxMs = Math.max(...rows.map((r) => r.ms));
  console.log(`\nbudgets: ≤ ${SIZE_BUDGET_KB} KB (max ${maxKb.toFixed(1)}), ≤ ${IMPORT_BUDGET_MS} ms (max ${maxMs.toFixed(0)}), only granted AWS SDK clients`);
  console.log(over.length ? `${over.length} of ${rows.length} over budget: ${over.map((r) => r.name).join(', ')}` : `all ${rows.length} within budget`);
  console.log(`import ms: median of ${RUNS} fresh processes; "of which externals": the same externals imported alone, measured alternately with the bundle`);
  console.log(`load average (1 min): ${loadBefore.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end; import times move with it`);
  console.log(`node ${process.version} ${process.arch}; bundles in ${outRoot}`);
  if (process.argv.includes('--json')) {
    writeFileSync(join(outRoot, 'results.json'), JSON.stringify({ node: process.version, arch: process.arch, load: [loadBefore, loadavg()[0]], rows }, null, 2));
  }
  if (over.length) process.exitCode = 1;
}

await main();
