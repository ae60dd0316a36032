/**
 * Test files that replace modules or globals (vi.mock, vi.doMock, vi.spyOn, vi.stubGlobal,
 * vi.stubEnv, aws-sdk-client-mock), or that say `@vitest-isolate` because they leave state in a
 * shared module (React's server renderer left a context value set, and a later file's client
 * render then found itself inside a router). vitest.config.ts runs those in a fresh module cache each and
 * the rest in one cache per worker: a shared cache would hand a mocking file the real modules
 * another file imported first. Sharing saves most of the import and jsdom set-up time (the web
 * tests that mock nothing: 67 s → 19 s; the unit tests: 72 s → 41 s).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const MOCKS = /\bvi\.(?:mock|doMock|spyOn|stubGlobal|stubEnv)\(|aws-sdk-client-mock|@vitest-isolate\b/;

/** The test files (names matching `name`) under `dirs`, split by whether they mock. Paths relative to `root`. */
export function splitByModuleMocks(root: string, dirs: string[], name: RegExp): { mocking: string[]; plain: string[] } {
  const files = dirs
    .flatMap((dir) => readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)))
    .filter((f) => name.test(f) && !f.includes('node_modules'))
    .sort();
  const mocking = files.filter((f) => MOCKS.test(readFileSync(join(root, f), 'utf8')));
  return { mocking, plain: files.filter((f) => !mocking.includes(f)) };
}
