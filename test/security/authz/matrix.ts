import { routeList, routes, type RouteId } from '#shared/api/routes';
import { callApi } from '../../integration/helpers';
import { authzRoles, type AuthzRole, type ExpectedStatus } from './roles';
import { routeCases } from './route-cases';
import type { World } from './world';

export interface CellResult {
  route: RouteId;
  role: AuthzRole;
  expected: ExpectedStatus;
  got: number;
  body: string;
  /** Why a status that matched still does not count (a leak). */
  problem?: string;
}

const accepts = (expected: ExpectedStatus, status: number) =>
  typeof expected === 'number' ? expected === status : expected.includes(status);
const isSuccess = (expected: ExpectedStatus) => (typeof expected === 'number' ? [expected] : expected).every((s) => s < 300);

export const isAsExpected = (r: CellResult) => accepts(r.expected, r.got) && !r.problem;

async function runCell(world: World, route: RouteId, role: AuthzRole): Promise<CellResult> {
  const expected = routeCases[route].expect[role];
  const caller = role === 'anonymous' ? undefined : world.actors[role];
  const { mustNotContain = [], mustContain = [], ...request } = await routeCases[route].request({ role, caller, world, allowed: isSuccess(expected) });
  const res = await callApi(routes[route], request);
  const body = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  const leaked = mustNotContain.filter((s) => body.includes(s));
  const missing = mustContain.filter((s) => !body.includes(s));
  const problem = [leaked.length && `answer contains ${leaked.join(', ')}`, missing.length && `answer lacks ${missing.join(', ')}`].filter(Boolean).join('; ');
  return { route, role, expected, got: res.status, body: body.slice(0, 300), problem: problem || undefined };
}

/** Every route × role, a few cells at a time (the stack runs on two cores next to other suites). */
export async function runMatrix(world: World, concurrency = 6): Promise<CellResult[]> {
  const cells = routeList.flatMap(({ id: route }) => authzRoles.map((role) => ({ route, role })));
  const results: CellResult[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < cells.length) {
      const { route, role } = cells[next++];
      results.push(await runCell(world, route, role));
    }
  }));
  return results;
}

export const describeCell = (r: CellResult) =>
  `${r.route} × ${r.role}: expected ${JSON.stringify(r.expected)}, got ${r.got}${r.problem ? ` (${r.problem})` : ''} ${r.body}`;
