// Turning stored objects into response JSON: deep copy, absolute URLs, and `expand`.

import { invalidRequest } from './errors';
import type { Customer, StoredObject } from './types';

/**
 * Stored URLs that point at the emulator itself start with this marker instead of
 * `http://127.0.0.1:<port>`, because the port may differ after a restart.
 */
const ORIGIN = '{{emulator-origin}}';

export function localUrl(path: string): string {
  return `${ORIGIN}${path}`;
}

/** Deep copy that also resolves emulator-relative URLs. */
export function materialize<T>(value: T, origin: string): T {
  if (typeof value === 'string') {
    return (value.startsWith(ORIGIN) ? origin + value.slice(ORIGIN.length) : value) as T;
  }
  if (Array.isArray(value)) return value.map((v) => materialize(v, origin)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = materialize(v, origin);
    return out as T;
  }
  return value;
}

/** The public face of a stored object (a deleted customer shrinks to a stub, as in Stripe). */
export function publicView(obj: StoredObject): Record<string, unknown> {
  if (obj.object === 'customer' && (obj as Customer).deleted) {
    return { id: obj.id, object: 'customer', deleted: true };
  }
  return obj as unknown as Record<string, unknown>;
}

export interface ExpandContext {
  /** Looks up an object by id, already in its public view. */
  lookup(id: string): Record<string, unknown> | undefined;
  /** "Includable" fields that Stripe only returns when expanded (e.g. `line_items`, `refunds`). */
  include(obj: Record<string, unknown>, field: string): unknown;
}

const MAX_DEPTH = 4;

/**
 * Applies `expand` paths such as `subscription.default_payment_method` or `data.charge`:
 * an id string at each step is replaced by the object it names; arrays (like a
 * list's `data`) apply the rest of the path to every element.
 */
export function applyExpand(target: unknown, paths: string[], ctx: ExpandContext): void {
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > MAX_DEPTH) {
      throw invalidRequest(
        `You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`,
        'expand',
      );
    }
    expandSegments(target, segments, path, ctx);
  }
}

function expandSegments(target: unknown, segments: string[], fullPath: string, ctx: ExpandContext): void {
  if (Array.isArray(target)) {
    for (const item of target) expandSegments(item, segments, fullPath, ctx);
    return;
  }
  if (!target || typeof target !== 'object' || segments.length === 0) return;
  const obj = target as Record<string, unknown>;
  const [head, ...rest] = segments;

  let value = obj[head];
  if (value === undefined) {
    value = ctx.include(obj, head);
    if (value === undefined) throw cannotExpand(fullPath);
    obj[head] = value;
  }
  if (typeof value === 'string') {
    const found = ctx.lookup(value);
    if (!found) throw cannotExpand(fullPath);
    value = found;
    obj[head] = value;
  }
  if (rest.length > 0 && value !== null) expandSegments(value, rest, fullPath, ctx);
}

function cannotExpand(path: string): Error {
  return invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
}
