/**
 * Mozilla's `web-ext lint` (addons-linter, the checks addons.mozilla.org runs on upload) on the
 * Firefox build: no error, and no warning that web-ext-lint-allowed.json does not list with its
 * reason. An allowed warning that no longer occurs fails too, so the list stays true.
 * Runs in `npm test`'s vitest step (unit project); about 15 s, most of it the linter.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import webExt from 'web-ext';
import { afterAll, expect, it } from 'vitest';
import { buildExtension, releaseBuildOptions } from '../build-extension';

interface Allowed { code: string; file: string; message: string; reason: string }

let dir: string | undefined;
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

it('web-ext lint passes on the Firefox build: 0 errors, only the allowed warnings', async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'fps-web-ext-'));
  const build = await buildExtension({ ...releaseBuildOptions({}), target: 'firefox', outDir: path.join(dir, 'extension-firefox'), zipPath: false });
  const result = await webExt.cmd.lint({ sourceDir: build.outDir, output: 'none' }, { shouldExitProgram: false });
  const allowed = (JSON.parse(await readFile(path.join(import.meta.dirname, 'web-ext-lint-allowed.json'), 'utf8')) as { warnings: Allowed[] }).warnings;
  const key = (m: { code: string; file?: string; message: string }) => `${m.code} ${m.file ?? ''}: ${m.message}`;
  const allowedKeys = new Set(allowed.map(key));

  expect(result.errors.map((m) => `${key(m)} (line ${m.line ?? '?'}) ${m.description ?? ''}`)).toEqual([]);
  const unexpected = result.warnings.filter((m) => !allowedKeys.has(key(m))).map((m) => `${key(m)} (line ${m.line ?? '?'}) ${m.description ?? ''}`);
  expect(unexpected, 'warnings not in scripts/extension/web-ext-lint-allowed.json').toEqual([]);
  const seen = new Set(result.warnings.map(key));
  expect([...allowedKeys].filter((k) => !seen.has(k)), 'allowed warnings that no longer occur: remove them from the list').toEqual([]);
  expect(allowed.every((a) => a.reason.length > 20)).toBe(true);
}, 120_000);
