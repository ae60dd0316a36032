// Which Stripe SDK methods the product's source calls, found by reading it, so a method the
// product starts calling cannot miss the conformance test.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import Stripe from 'stripe';

const ROOT = join(import.meta.dirname, '../../../..');
/** Product code that talks to Stripe: the handlers and the scripts (not the emulator, not tests). */
const SOURCES = ['lambdas', 'scripts'];
const SKIP = /(\.test\.ts|\.test-kit\.ts)$|^scripts\/local\/stripe-emulator\//;

function tsFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : tsFiles(path);
    return e.name.endsWith('.ts') && !SKIP.test(relative(ROOT, join(ROOT, path))) ? [path] : [];
  });
}

/** `customers.create`, `checkout.sessions.retrieve`, … as written in the product's source. */
export function sdkMethodsInProductSource(): string[] {
  const sdk = new Stripe('sk_test_source_scan') as unknown as Record<string, Record<string, unknown>>;
  const isMethod = (path: string[]): boolean => {
    let node: unknown = sdk;
    for (const p of path) node = (node as Record<string, unknown> | undefined)?.[p];
    return typeof node === 'function';
  };
  const found = new Set<string>();
  // `.subscriptions.cancel(`, `.checkout.sessions.create(` — a resource (or namespace + resource) then a call.
  const call = /\.([a-z][A-Za-z]*)\.(?:([a-z][A-Za-z]*)\.)?([a-z][A-Za-z]*)\s*\(/g;
  for (const file of SOURCES.flatMap(tsFiles)) {
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(call)) {
      const path = [m[1], m[2], m[3]].filter(Boolean) as string[];
      // `webhooks.*` are local helpers (signature checks), not API calls.
      if (path[0] !== 'webhooks' && !path[0].startsWith('_') && isMethod(path)) found.add(path.join('.'));
    }
  }
  return [...found].sort();
}
