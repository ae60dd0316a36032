/**
 * How every Lambda is bundled, in one place: the CDK construct (infra/constructs/api-function.ts)
 * passes these settings to NodejsFunction, and `npm run bench:lambdas` (scripts/bench-lambdas.ts)
 * hands the same settings to esbuild's JS API, so the bench measures what gets deployed.
 *
 * No aws-cdk-lib import here: the bench loads this module without the CDK.
 */
import { stripeLiteEntry } from './stripe-lite';

/** Node.js 22 Lambda runtime (DESIGN.md "Versions verified"): esbuild target. */
export const LAMBDA_TARGET = 'node22';

/**
 * The Node.js 22 runtime ships AWS SDK v3, so `@aws-sdk/*` is not bundled. Bundling it was
 * measured (docs/performance.md): imports get faster, but every bundle goes over 300 KB.
 */
export const RUNTIME_EXTERNALS: readonly string[] = ['@aws-sdk/*'];

/** esbuild output is ESM; a few CommonJS dependencies still call `require` for node built-ins. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __fpsCreateRequire } from 'node:module'; const require = __fpsCreateRequire(import.meta.url);";

/** Prefer ESM entry points of dependencies (better tree shaking). */
export const MAIN_FIELDS: readonly string[] = ['module', 'main'];

/** Minified, with an external source map that carries no sources (NODE_OPTIONS=--enable-source-maps). */
export const LAMBDA_MINIFY = true;
export const LAMBDA_SOURCE_MAP = true;
export const LAMBDA_SOURCES_CONTENT = false;

/**
 * esbuild `alias`: `stripe` → a copy of its entry that registers only the resources in use
 * (infra/stripe-lite.ts). A CLI flag, so NodejsFunction passes it as `--alias:stripe=<file>`.
 */
export function lambdaAliases(): Record<string, string> {
  return { stripe: stripeLiteEntry() };
}

/** Everything left out of a bundle: the runtime's AWS SDK plus native modules from layers (e.g. `sharp`). */
export function lambdaExternals(extra: readonly string[] = []): string[] {
  return [...RUNTIME_EXTERNALS, ...extra];
}

/**
 * The esbuild JS-API equivalent of what NodejsFunction runs for the settings above
 * (`esbuild --bundle <entry> --target=node22 --platform=node --format=esm --outfile=…/index.mjs
 * --minify --sourcemap --sources-content=false --external:… --log-level=warning --banner:js=…
 * --main-fields=module,main --alias:stripe=…`).
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
    sourcemap: LAMBDA_SOURCE_MAP,
    sourcesContent: LAMBDA_SOURCES_CONTENT,
    external: lambdaExternals(extraExternals),
    logLevel: 'warning' as const,
    banner: { js: ESM_REQUIRE_BANNER },
    mainFields: [...MAIN_FIELDS],
    alias: lambdaAliases(),
  };
}
