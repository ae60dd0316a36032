import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { toApiEvent } from './api-events';

const eventFor = (search: string) =>
  toApiEvent({
    req: { headers: {}, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage,
    route: routes.listImages, url: new URL(`http://127.0.0.1/images/${search}`), body: Buffer.alloc(0), pathParameters: {},
  });

describe('toApiEvent query parameters', () => {
  it('joins repeated keys with commas, as API Gateway does', () => {
    expect(eventFor('?limit=1&limit=2').queryStringParameters).toEqual({ limit: '1,2' });
  });

  it('keeps a `__proto__` key as a parameter, so strict schemas refuse it', () => {
    const query = eventFor('?__proto__=x').queryStringParameters!;
    expect(Object.keys(query)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(query)).toBe(Object.prototype);
    expect(routes.listImages.query.safeParse({ ...query }).success).toBe(false);
  });
});
