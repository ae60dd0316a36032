/**
 * What the Lambda bundles get for `@aws-lambda-powertools/jmespath` (and `/functions`): an esbuild
 * alias in infra/bundling.ts, like the pruned Stripe entry. Powertools idempotency imports the full
 * JMESPath interpreter (lexer, parser, ~40 functions: 23 KB minified) to read one key from the
 * payload; the product's only expression is `id` (lambdas/stripe/stripe-webhook.ts). This evaluates
 * dotted field paths (`id`, `detail.id`) the way JMESPath does (a missing field gives null) and
 * throws, naming this file, for any other expression, so a new one fails loudly in the bundle
 * tests (test/integration/lambda-bundles.test.ts) rather than selecting the wrong key.
 *
 * No aws-cdk-lib import, no dependency: it is bundled into functions.
 */

const DOTTED_PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** JMESPath `search` for dotted field paths only. */
export function search(expression: string, data: unknown, _options?: unknown): unknown {
  if (!DOTTED_PATH.test(expression)) {
    throw new Error(`JMESPath expression ${JSON.stringify(expression)} is not supported in this Lambda bundle: infra/bundle-shims/powertools-jmespath.ts evaluates dotted field paths only`);
  }
  let value: unknown = data;
  for (const field of expression.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
    value = Object.hasOwn(value, field) ? (value as Record<string, unknown>)[field] : null;
  }
  return value === undefined ? null : value;
}

/** Stands for Powertools' custom JMESPath functions (`powertools_json` …), which dotted paths never call. */
export class PowertoolsFunctions {}
