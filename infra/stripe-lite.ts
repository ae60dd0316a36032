/**
 * A copy of the `stripe` SDK's Node ESM entry whose `Stripe` class registers only the resources the
 * product calls, so the other ~60 resources and ~20 namespaces stay out of the Lambda bundles.
 *
 * The SDK's entry imports every resource class and instantiates each one in the constructor, so
 * esbuild cannot drop any of them. Both lists are generated sections with marker comments; this
 * module keeps the wanted lines of those sections. The request sender, webhooks, errors and HTTP
 * client are the SDK's own; only the v2 event-notification handler is left out as well. Relative
 * imports point back into node_modules/stripe/esm.
 *
 * A resource left out is a getter that throws, naming this file, so a new call fails loudly in
 * test/integration/lambda-bundles.test.ts (the bundled Stripe functions against the emulator)
 * instead of reading `undefined`; test/infra/bundling.test.ts also checks the handlers' sources.
 *
 * No aws-cdk-lib import: the bench and the tests load this without the CDK.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Properties of a `Stripe` instance the handlers use (`webhooks` is static and always there). */
export const STRIPE_RESOURCES: readonly string[] = [
  'charges', 'checkout', 'customers', 'events', 'invoices', 'paymentMethods', 'prices', 'setupIntents', 'subscriptions',
];

const root = path.resolve(import.meta.dirname, '..');
const sdkDir = path.join(root, 'node_modules', 'stripe', 'esm');
const outDir = path.join(root, 'node_modules', '.cache', 'fps-lambda-bundling');

function section(src: string, name: string): { start: number; end: number; body: string } {
  const begin = `// ${name}: The beginning of the section generated from our OpenAPI spec\n`;
  const endMark = `// ${name}: The end of the section generated from our OpenAPI spec`;
  const start = src.indexOf(begin);
  const end = src.indexOf(endMark, start);
  if (start < 0 || end < 0) throw new Error(`stripe SDK layout changed (no "${name}" section): update infra/stripe-lite.ts`);
  return { start: start + begin.length, end, body: src.slice(start + begin.length, end) };
}

function replaceOnce(src: string, from: string, to: string): string {
  if (!src.includes(from)) throw new Error(`stripe SDK layout changed (no "${from}"): update infra/stripe-lite.ts`);
  return src.replace(from, () => to);
}

/** The pruned entry's source for the given resources. */
export function stripeLiteSource(keep: readonly string[] = STRIPE_RESOURCES): string {
  let src = readFileSync(path.join(sdkDir, 'stripe.esm.node.js'), 'utf8');

  // `this.customers = new CustomerResource(this);` → property and class.
  const init = section(src, 'StripeInitInstanceVariables');
  const props = [...init.body.matchAll(/^\s*this\.(\w+) = new (\w+)\(this\);$/gm)].map(([, prop, cls]) => ({ prop, cls }));
  const missing = keep.filter((k) => !props.some((p) => p.prop === k));
  if (missing.length) throw new Error(`stripe SDK has no resource ${missing.join(', ')}: update STRIPE_RESOURCES`);
  const dropped = props.filter((p) => !keep.includes(p.prop));
  const keptClasses = new Set(props.filter((p) => keep.includes(p.prop)).map((p) => p.cls));

  const keptInit = init.body.split('\n').filter((l) => {
    const m = /^\s*this\.(\w+) = new \w+\(this\);$/.exec(l);
    return !m || keep.includes(m[1]!);
  });
  // A dropped resource (and `account`, the alias of `accounts`) throws when read.
  const droppedNames = [...dropped.map((p) => p.prop), ...(keep.includes('accounts') ? [] : ['account'])];
  keptInit.push(
    `        for (const name of ${JSON.stringify(droppedNames)}) Object.defineProperty(this, name, { configurable: true, get() {`,
    '            throw new Error(`stripe.${name} is not in this Lambda bundle: add it to STRIPE_RESOURCES in infra/stripe-lite.ts`);',
    '        } });',
    '',
  );
  src = src.slice(0, init.start) + keptInit.join('\n') + src.slice(init.end);
  if (!keep.includes('accounts')) src = replaceOnce(src, '        this.account = this.accounts;\n', '');

  // Imports of the resource classes: keep those of the kept resources.
  for (const name of ['StripeInstanceImports', 'V1EventImports']) {
    const s = section(src, name);
    const kept = s.body.split('\n').filter((l) => {
      const m = /^import \{ (\w+),? \} from '\.\/resources\//.exec(l);
      return !m || keptClasses.has(m[1]!);
    });
    src = src.slice(0, s.start) + kept.join('\n') + src.slice(s.end);
  }

  // The flat registry (`Stripe.resources`, used only by the unused `_prepResources`) imports everything.
  src = replaceOnce(src, "import * as resources from './resources.js';", 'const resources = {};');
  src = replaceOnce(src, "import { OAuthResource } from './resources.js';", "import { OAuthResource } from './resources/OAuth.js';");
  // Handlers for v2 "thin" event notifications (event destinations, 13 KB): the product takes v1
  // webhooks through `webhooks.constructEvent`.
  src = replaceOnce(
    src,
    "import { StripeEventNotificationHandler, } from './StripeEventNotificationHandler.js';",
    'class StripeEventNotificationHandler { constructor() { throw new Error("stripe v2 event notifications are not in this Lambda bundle (infra/stripe-lite.ts)"); } static withoutVerification() { return new StripeEventNotificationHandler(); } }',
  );
  src = src.replace(/^\/\/# sourceMappingURL=.*$/m, '');
  // Relative imports resolve inside the SDK, wherever this copy lives.
  src = src.replace(/ from '(\.\/[^']+)';$/gm, (_, rel: string) => ` from ${JSON.stringify(path.join(sdkDir, rel))};`);
  if (/from '\.\//.test(src)) throw new Error('stripe SDK layout changed (relative import left): update infra/stripe-lite.ts');
  return `// Generated by infra/stripe-lite.ts from stripe/esm/stripe.esm.node.js: only ${keep.join(', ')}.\n${src}`;
}

const written = new Map<string, string>();

/**
 * Writes the pruned entry (once per SDK version and resource list) and returns its path, which
 * infra/bundling.ts aliases `stripe` to.
 */
export function stripeLiteEntry(keep: readonly string[] = STRIPE_RESOURCES): string {
  const key = keep.join(',');
  const known = written.get(key);
  if (known && existsSync(known)) return known;
  const src = stripeLiteSource(keep);
  const file = path.join(outDir, `stripe-lite-${createHash('sha256').update(src).digest('hex').slice(0, 12)}.mjs`);
  if (!existsSync(file)) {
    mkdirSync(outDir, { recursive: true });
    // Written aside and renamed: a synth and a bench may run at the same time.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, src);
    renameSync(tmp, file);
  }
  written.set(key, file);
  return file;
}
