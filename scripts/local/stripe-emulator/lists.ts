// Stripe list objects with cursor pagination (limit, starting_after, ending_before),
// which the SDK's auto-pagination relies on.

import { invalidRequest } from './errors';
import type { Params } from './params';
import type { ListObject } from './types';

/** Items must already be newest first, as Stripe lists them. */
export function paginate<T extends { id: string }>(items: T[], params: Params, url: string): ListObject<T> {
  const limit = params.int('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = params.str('starting_after');
  const endingBefore = params.str('ending_before');

  if (startingAfter) {
    const i = items.findIndex((x) => x.id === startingAfter);
    if (i === -1) throw invalidRequest(`No such object: '${startingAfter}'`, 'starting_after', 'resource_missing');
    const rest = items.slice(i + 1);
    return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
  }
  if (endingBefore) {
    const i = items.findIndex((x) => x.id === endingBefore);
    if (i === -1) throw invalidRequest(`No such object: '${endingBefore}'`, 'ending_before', 'resource_missing');
    const before = items.slice(0, i);
    return { object: 'list', data: before.slice(Math.max(0, before.length - limit)), has_more: before.length > limit, url };
  }
  return { object: 'list', data: items.slice(0, limit), has_more: items.length > limit, url };
}

/** `created=123` or `created[gte]=...&created[lt]=...`. */
export function createdFilter(params: Params, key = 'created'): (created: number) => boolean {
  if (!params.isNested(key)) {
    const exact = params.int(key);
    return (c) => exact === undefined || c === exact;
  }
  const nested = params.obj(key)!;
  const gt = nested.int('gt');
  const gte = nested.int('gte');
  const lt = nested.int('lt');
  const lte = nested.int('lte');
  return (c) =>
    (gt === undefined || c > gt) &&
    (gte === undefined || c >= gte) &&
    (lt === undefined || c < lt) &&
    (lte === undefined || c <= lte);
}

/** Values of a store collection, newest first. */
export function newestFirst<T>(collection: Record<string, T>): T[] {
  return Object.values(collection).reverse();
}

export function listOf<T>(data: T[], url: string): ListObject<T> {
  return { object: 'list', data, has_more: false, url };
}
