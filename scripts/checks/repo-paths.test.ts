/**
 * Docs and comments that cannot go stale: every repository path written in backticks, in a
 * Markdown file or in a code comment, names a file or folder that exists. A path counts when it
 * starts with one of the project's top folders (`shared/…`, `lambdas/…`) and has no placeholder
 * (`<userId>`, `{id}`, `*`, `…`).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const TOP = ['shared', 'lambdas', 'infra', 'web', 'extension', 'scripts', 'test', 'docs'];
/** Files each operator creates and git ignores (`.gitignore`): docs may name them though no clone has them. */
const IGNORED = new Set(readFileSync(join(root, '.gitignore'), 'utf8').split('\n').map((l) => l.trim().replace(/^\//, '')).filter(Boolean));
const SKIP_DIRS = new Set(['node_modules', 'dist', 'cdk.out', '.local', '.git', 'test-results', 'playwright-report', '.cognito']);

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, out);
    else if (/\.(md|ts|tsx|js|mjs)$/.test(name)) out.push(p);
  }
  return out;
}

/** The comment text of a source file: `//` lines and `/* … *\/` blocks (strings are not comments). */
function commentsOf(src: string): string {
  return [...src.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/[^\n]*/g)].map((m) => m[0]).join('\n');
}

/** Repository paths in backticks. */
export function backtickedPaths(text: string): string[] {
  const found: string[] = [];
  for (const [, inner] of text.matchAll(/`([^`\n]+)`/g)) {
    const p = inner.trim().replace(/[.,:;]+$/, '').replace(/^\.\//, '');
    if (!TOP.some((t) => p === t || p.startsWith(`${t}/`))) continue;
    if (/[<>{}*…\s$()|[\]]|\.\.\.|#/.test(p)) continue;
    found.push(p.replace(/\/$/, ''));
  }
  return found;
}

describe('repository paths in docs and comments', () => {
  it('finds a path only in backticks and only when it is concrete', () => {
    expect(backtickedPaths('see `shared/api/routes.ts`, `lambdas/<area>/x.ts`, `web/src/*.ts` and shared/x.ts')).toEqual(['shared/api/routes.ts']);
  });

  it('every one exists', () => {
    const missing: string[] = [];
    for (const file of files(root)) {
      const src = readFileSync(file, 'utf8');
      const text = file.endsWith('.md') ? src : commentsOf(src);
      for (const p of backtickedPaths(text)) if (!IGNORED.has(p) && !existsSync(join(root, p))) missing.push(`${relative(root, file)}: ${p}`);
    }
    expect(missing).toEqual([]);
  });
});
