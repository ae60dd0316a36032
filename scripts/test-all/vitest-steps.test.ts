import { expect, it } from 'vitest';
import config from '../../vitest.config';
import { VITEST_STEPS } from './vitest-steps';

it('npm test runs every vitest project exactly once', () => {
  const projects = (config.test?.projects ?? []).map((p) => (typeof p === 'object' && 'test' in p ? p.test?.name : String(p)));
  const run = Object.values(VITEST_STEPS).flat();
  expect([...run].sort()).toEqual([...projects].sort());
});
