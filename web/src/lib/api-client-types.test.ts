import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { apiCall } from './api-client';

/**
 * `query` and `params` are typed from the route table: the real check is the typecheck step,
 * where each `@ts-expect-error` below fails the build if the call stops being an error.
 */
describe('apiCall options typed from the route table', () => {
  it('refuses unknown query names, wrong path names and a query on a route without one', () => {
    const calls = [
      () => apiCall(routes.lookupAccount, { query: { includePayments: true } }),
      // @ts-expect-error a query name the route does not have
      () => apiCall(routes.lookupAccount, { query: { includePaymentz: true } }),
      () => apiCall(routes.getOrganization, { params: { orgId: 'o1' } }),
      // @ts-expect-error a path name the route does not have
      () => apiCall(routes.getOrganization, { params: { org: 'o1' } }),
      // @ts-expect-error a route without a query
      () => apiCall(routes.getOrganization, { params: { orgId: 'o1' }, query: { q: 'x' } }),
    ];
    expect(calls).toHaveLength(5);
  });
});
