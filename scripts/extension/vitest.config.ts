// Runs only the extension's unit tests, without the repo-wide integration setup (local emulators):
// npx vitest run --config scripts/extension/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'extension',
    environment: 'node',
    include: ['extension/**/*.test.ts', 'shared/extension/**/*.test.ts', 'shared/rules/premium-entitlement.test.ts', 'scripts/extension/**/*.test.ts'],
  },
});
