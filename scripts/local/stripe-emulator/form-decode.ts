// Decoder for Stripe's application/x-www-form-urlencoded bodies and query strings.
// Stripe (and the official SDK) encode nested data with brackets:
//   line_items[0][price]=price_x&metadata[userId]=u1&expand[]=subscription
// which must turn back into
//   { line_items: [{ price: 'price_x' }], metadata: { userId: 'u1' }, expand: ['subscription'] }

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

// Keys that would let a request body reach Object.prototype.
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

// Objects with only index keys become arrays, except under these keys, whose
// children are free-form names (a metadata key may well be "0").
const FREE_FORM_KEYS = new Set(['metadata']);

function decodeComponent(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    // A stray "%" is kept literally rather than failing the whole request.
    return s.replace(/\+/g, ' ');
  }
}

/** Splits `a[b][0][]` into ['a', 'b', '0', '']. Returns null for malformed keys. */
export function parseKey(key: string): string[] | null {
  const open = key.indexOf('[');
  if (open === -1) return [key];
  const segments = [key.slice(0, open)];
  let rest = key.slice(open);
  while (rest.length > 0) {
    const m = /^\[([^\]]*)\]/.exec(rest);
    if (!m) return null;
    segments.push(m[1]);
    rest = rest.slice(m[0].length);
  }
  return segments;
}

type Draft = { [key: string]: Draft | string };

export function decodeForm(input: string): FormObject {
  const root: Draft = Object.create(null);
  if (!input) return {};
  for (const pair of input.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decodeComponent(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decodeComponent(pair.slice(eq + 1));
    const segments = parseKey(rawKey);
    if (!segments || segments[0] === '' || segments.some((s) => FORBIDDEN_KEYS.has(s))) continue;

    let node: Draft = root;
    for (let i = 0; i < segments.length; i++) {
      let seg = segments[i];
      // "[]" appends: use the next free index of this container.
      if (seg === '') seg = String(Object.keys(node).length);
      if (i === segments.length - 1) {
        node[seg] = value;
      } else {
        const existing = node[seg];
        if (typeof existing === 'object') {
          node = existing;
        } else {
          // A scalar followed by a nested key (e.g. `metadata=` then `metadata[a]=1`): nested wins.
          const child: Draft = Object.create(null);
          node[seg] = child;
          node = child;
        }
      }
    }
  }
  return finalize(root, false) as FormObject;
}

function finalize(node: Draft | string, freeForm: boolean): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const out: { [key: string]: FormValue } = {};
  for (const k of keys) out[k] = finalize(node[k], FREE_FORM_KEYS.has(k));
  if (!freeForm && keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((i) => out[String(i)]);
  }
  return out;
}
