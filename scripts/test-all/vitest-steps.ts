/**
 * Which vitest projects each `npm test` step runs. infra runs in one worker (each environment
 * synthesised once), beside the static checks; firefox beside Playwright; the rest as one step.
 * vitest-steps.test.ts checks that every project of vitest.config.ts is run exactly once.
 */
export const VITEST_STEPS = {
  besideChecks: ['infra'],
  main: ['unit', 'unit-mocking', 'integration', 'web', 'web-mocking'],
  besidePlaywright: ['firefox'],
} as const;
