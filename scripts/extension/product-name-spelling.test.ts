/**
 * One product name everywhere: the extension and the website spell it exactly PRODUCT_NAME.
 * Scans their sources (code, pages, styles, static files) for other spellings of the name.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '#shared/domain/product-name';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['extension', 'web/src', 'web/public', 'web/index.html'];
const TEXT_FILE = /\.(ts|tsx|html|css|svg|json|md|txt|webmanifest)$/;

/** Any run of "full", "page" and "shot" (or "Screenshot" used as a name), however joined or cased. */
const NAME_LIKE = /full[\s_-]*page[\s_-]*shot|\bFull[\s-]*Page[\s-]*Screenshot\b/gi;

/**
 * Allowed besides the exact name: lower-case identifiers without spaces, such as the domain
 * `fullpageshot.example`, handles (`@fullpageshot`) and slugs (`what-is-full-page-shot`), and the
 * generic lower-case phrase "full-page screenshot".
 */
function otherSpellings(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(NAME_LIKE)) {
    const s = m[0];
    if (s === PRODUCT_NAME) continue;
    if (s === s.toLowerCase() && !/\s/.test(s)) continue;
    if (/^full-page screenshot$/.test(s) || /^Full-page screenshot$/.test(s)) continue;
    found.push(s);
  }
  return found;
}

async function listFiles(rel: string): Promise<string[]> {
  const abs = path.join(ROOT, rel);
  if (TEXT_FILE.test(rel)) return [rel];
  const out: string[] = [];
  for (const e of await readdir(abs, { withFileTypes: true })) {
    const child = `${rel}/${e.name}`;
    if (e.isDirectory()) out.push(...(await listFiles(child)));
    else if (TEXT_FILE.test(e.name)) out.push(child);
  }
  return out;
}

describe('product name spelling', () => {
  it('tells other spellings from the name, ids and domains', () => {
    expect(otherSpellings('Full Page Shot for Enterprise')).toEqual([]);
    expect(otherSpellings('support@fullpageshot.example, x.com/fullpageshot, #what-is-full-page-shot')).toEqual([]);
    expect(otherSpellings('How do I take a full-page screenshot?')).toEqual([]);
    expect(otherSpellings('Fullpage Shot · FullPageShot · Full-Page Shot · full page shot · FULL PAGE SHOT · Full Page Screenshot')).toEqual([
      'Fullpage Shot', 'FullPageShot', 'Full-Page Shot', 'full page shot', 'FULL PAGE SHOT', 'Full Page Screenshot',
    ]);
  });

  it(`the extension and the website spell the product "${PRODUCT_NAME}" only`, async () => {
    const files = (await Promise.all(SCANNED.map(listFiles))).flat();
    expect(files.length).toBeGreaterThan(50);
    const bad: string[] = [];
    for (const f of files) {
      const lines = (await readFile(path.join(ROOT, f), 'utf8')).split('\n');
      lines.forEach((line, i) => otherSpellings(line).forEach((s) => bad.push(`${f}:${i + 1}: ${s}`)));
    }
    expect(bad).toEqual([]);
  });
});
