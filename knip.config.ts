import type { KnipConfig } from 'knip';

/**
 * `npm run knip` (a step of `npm test`): no unused files, exports or dependencies. knip's plugins
 * find most entry points on their own: package.json "scripts", vitest.config.ts (its test files and
 * global setups), playwright.config.ts, web/vite.config.ts (via "build:web": index.html →
 * web/src/main.tsx, and the plugins it imports) and eslint.config.js. The entries below are the ones
 * only a path in a string reaches. Every ignore says why.
 */
const config: KnipConfig = {
  entry: [
    // Lambda handlers and triggers: infra bundles each by path ('area/file' in shared/api/endpoints.ts,
    // handlerModule in infra/stacks/auth-stack.ts).
    'lambdas/!(lib|adapters)/*.ts',
    // The CDK app (cdk.json "app").
    'infra/bin/app.ts',
    // The extension's bundles (ENTRIES in scripts/build-extension.ts).
    'extension/background/service-worker.ts',
    'extension/content/content-script.ts',
    'extension/editor/editor.ts',
    'extension/editor/encoder-worker.ts',
    'extension/options/options.ts',
    'extension/frame/frame.ts',
    'extension/content/announce-origin.ts',
    // Run by hand with `npx tsx …` (usage in each file's header).
    'scripts/measure-lambda-memory.ts',
    'scripts/marketing/generate-media.ts',
    'scripts/local/stripe-emulator/cli.ts',
    // Forked by path from scripts/local/dynamo.ts.
    'scripts/local/dynamo-process.ts',
    // Stands in for @aws-lambda-powertools/jmespath in the Lambda bundles (esbuild alias, infra/bundling.ts).
    'infra/bundle-shims/powertools-jmespath.ts',
    // Imported by path at build time by web/prerender-plugin.ts (runner.import('/src/prerender.tsx')).
    'web/src/prerender.tsx',
    // The capture test pages' scripts, bundled by path in test/e2e/extension/scroll-routes.ts.
    'test/e2e/extension/scroll-apps/*.{ts,tsx}',
  ],
  project: ['**/*.{ts,tsx,js}'],
  vitest: {
    // The second one is run by hand: `npx vitest run --config scripts/extension/vitest.config.ts`.
    config: ['vitest.config.ts', 'scripts/extension/vitest.config.ts'],
  },
  ignoreIssues: {
    // Two names for one value on purpose: the seat price is Premium's today, the default site URL
    // is the production origin; callers name what they mean.
    'shared/domain/premium-plan.ts': ['duplicates'],
    'shared/extension/site-origins.ts': ['duplicates'],
  },
  ignoreDependencies: [
    // The CDK CLI, run as `npx cdk deploy|diff|bootstrap` (README.md, infra/README.md); never imported.
    'aws-cdk',
    // Started by path: scripts/local/cognito.ts resolves cognito-local/lib/bin/start.js.
    'cognito-local',
    // Run by path as a child process: scripts/bench-api.ts spawns node_modules/autocannon/autocannon.js.
    'autocannon',
    // Served from node_modules/aos/dist to the capture test pages (test/e2e/extension/scroll-routes.ts).
    'aos',
  ],
};

export default config;
