import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitByModuleMocks } from './module-mock-files';

describe('splitByModuleMocks', () => {
  it('puts every file that replaces a module or global with the mocking ones, and skips other names', () => {
    const root = mkdtempSync(join(tmpdir(), 'mocks-'));
    mkdirSync(join(root, 'a/b'), { recursive: true });
    const files: Record<string, string> = {
      'a/plain.test.ts': "import { it } from 'vitest';",
      'a/b/mock.test.ts': "vi.mock('../x');",
      'a/b/spy.test.tsx': 'vi.spyOn(console, "error");',
      'a/global.test.ts': "vi.stubGlobal('chrome', {});",
      'a/sdk.test.ts': "import { mockClient } from 'aws-sdk-client-mock';",
      'a/helper.ts': "vi.mock('../y');",
      'a/server-render.test.tsx': '/** @vitest-isolate: renders to HTML */',
    };
    for (const [f, text] of Object.entries(files)) writeFileSync(join(root, f), text);
    expect(splitByModuleMocks(root, ['a'], /\.test\.tsx?$/)).toEqual({
      mocking: ['a/b/mock.test.ts', 'a/b/spy.test.tsx', 'a/global.test.ts', 'a/sdk.test.ts', 'a/server-render.test.tsx'],
      plain: ['a/plain.test.ts'],
    });
  });
});
