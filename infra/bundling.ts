/**
 * How every Lambda is bundled, in one place: the CDK construct (infra/constructs/api-function.ts)
 * passes these settings to NodejsFunction, and `npm run bench:lambdas` (scripts/bench-lambdas.ts)
 * hands the same settings to esbuild's JS API, so the bench measures what gets deployed.
 *
 * No aws-cdk-lib import here: the bench loads this module without the CDK.
 */
import path from 'node:path';
import { stripeLiteEntry } from './stripe-lite';

/** Node.js 22 Lambda runtime (docs/architecture.md "Versions that matter"): esbuild target. */
export const LAMBDA_TARGET = 'node22';

/**
 * The Node.js 22 runtime ships AWS SDK v3, so `@aws-sdk/*` is not bundled. Bundling it was
 * measured (docs/performance-history.md): imports get faster, but every bundle goes over 300 KB.
 */
const RUNTIME_EXTERNALS: readonly string[] = ['@aws-sdk/*'];

/** esbuild output is ESM; a few CommonJS dependencies still call `require` for node built-ins. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __fpsCreateRequire } from 'node:module'; const require = __fpsCreateRequire(import.meta.url);";

/** Prefer ESM entry points of dependencies (better tree shaking). */
export const MAIN_FIELDS: readonly string[] = ['module', 'main'];

/** Minified, with an external source map that carries no sources (NODE_OPTIONS=--enable-source-maps). */
export const LAMBDA_MINIFY = true;
/** Dependencies' license comments are not copied into the bundle (they ship in node_modules' packages). */
export const LAMBDA_LEGAL_COMMENTS = 'none' as const;
export const LAMBDA_SOURCE_MAP = true;
export const LAMBDA_SOURCES_CONTENT = false;

/** Powertools' JMESPath interpreter → dotted field paths only (infra/bundle-shims/powertools-jmespath.ts). */
const POWERTOOLS_JMESPATH_SHIM = path.join(import.meta.dirname, 'bundle-shims', 'powertools-jmespath.ts');

/**
 * esbuild `alias`: `stripe` → a copy of its entry that registers only the resources in use
 * (infra/stripe-lite.ts); `@aws-lambda-powertools/jmespath` (and its `/functions` entry, which
 * Powertools idempotency imports) → a dotted-path evaluator (23 KB less in stripeWebhook). CLI
 * flags, so NodejsFunction passes them as `--alias:<package>=<file>`.
 */
export function lambdaAliases(): Record<string, string> {
  return {
    stripe: stripeLiteEntry(),
    '@aws-lambda-powertools/jmespath': POWERTOOLS_JMESPATH_SHIM,
    '@aws-lambda-powertools/jmespath/functions': POWERTOOLS_JMESPATH_SHIM,
  };
}

/** Everything left out of a bundle: the runtime's AWS SDK plus native modules from layers (e.g. `sharp`). */
export function lambdaExternals(extra: readonly string[] = []): string[] {
  return [...RUNTIME_EXTERNALS, ...extra];
}

/**
 * The esbuild JS-API equivalent of what NodejsFunction runs for the settings above
 * (`esbuild --bundle <entry> --target=node22 --platform=node --format=esm --outfile=…/index.mjs
 * --minify --legal-comments=none --sourcemap --sources-content=false --external:… --log-level=warning
 * --banner:js=… --main-fields=module,main --alias:stripe=… --alias:@aws-lambda-powertools/jmespath=…`).
 */
export function lambdaEsbuildOptions(entry: string, outfile: string, extraExternals: readonly string[] = []) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    target: LAMBDA_TARGET,
    platform: 'node' as const,
    format: 'esm' as const,
    minify: LAMBDA_MINIFY,
    legalComments: LAMBDA_LEGAL_COMMENTS,
    sourcemap: LAMBDA_SOURCE_MAP,
    sourcesContent: LAMBDA_SOURCES_CONTENT,
    external: lambdaExternals(extraExternals),
    logLevel: 'warning' as const,
    banner: { js: ESM_REQUIRE_BANNER },
    mainFields: [...MAIN_FIELDS],
    alias: lambdaAliases(),
  };
}
