import { describe, expect, it } from 'vitest';
import { formatSlowest, playwrightTimes, slowest, vitestTimes } from './slowest-tests';

describe('the slowest tests of a run', () => {
  it('reads vitest files and Playwright specs, counting every attempt of a retried test', () => {
    const v = vitestTimes({ testResults: [{ name: '/repo/lambdas/a.test.ts', assertionResults: [{ fullName: 'a works', duration: 1200 }, { fullName: 'b', duration: null }] }] }, '/repo');
    expect(v).toEqual([{ suite: 'vitest', name: 'lambdas/a.test.ts › a works', ms: 1200 }, { suite: 'vitest', name: 'lambdas/a.test.ts › b', ms: 0 }]);
    const p = playwrightTimes({
      suites: [{
        title: 'site/x.spec.ts', file: 'site/x.spec.ts',
        specs: [{ title: 'top', tests: [{ projectName: 'site', results: [{ duration: 5000 }] }] }],
        suites: [{ title: 'group', specs: [{ title: 'inner', tests: [{ projectName: 'site', results: [{ duration: 30_000 }, { duration: 20_000 }] }] }] }],
      }],
    });
    expect(p).toEqual([
      { suite: 'playwright', name: '[site] site/x.spec.ts › top', ms: 5000 },
      { suite: 'playwright', name: '[site] site/x.spec.ts › group › inner', ms: 50_000 },
    ]);
  });

  it('lists the 15 slowest, slowest first', () => {
    const times = Array.from({ length: 20 }, (_, i) => ({ suite: 'vitest' as const, name: `t${i}`, ms: i * 1000 }));
    const top = slowest(times);
    expect(top).toHaveLength(15);
    expect(top[0].name).toBe('t19');
    expect(formatSlowest(times).split('\n')[0]).toBe('    19.0 s  vitest     t19');
  });
});
