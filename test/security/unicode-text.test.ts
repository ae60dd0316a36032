import { describe, expect, it } from 'vitest';
import { routes } from '#shared/api/routes';
import { Image, IMAGE_TITLE_MAX } from '#shared/domain/image';
import { imagesRepo } from '../../lambdas/adapters/images-repo';
import { callApi, signedInUser } from '../integration/helpers';

/**
 * Issue #22 §6: valid text that a careless cut breaks. A title of 119 ASCII characters and then an
 * emoji was cut at 120 UTF-16 code units for the download name, which split the surrogate pair;
 * `encodeURIComponent` threw, the update answered 500 after saving, and GET /images/ answered 500
 * for that user from then on. Every text a user may send must be served whole, whatever lies at a
 * cut point: surrogate pairs, combining marks, right-to-left text, zero-width characters, emoji
 * sequences joined with ZWJ, and lone surrogates (valid JSON, not valid UTF-16).
 */

const a = (n: number) => 'a'.repeat(n);
/** Titles built around the cut points (the 120-character download name, the 200-character title limit). */
const edgeTitles: [string, string][] = [];
for (const cut of [120, IMAGE_TITLE_MAX]) {
  for (const n of [cut - 3, cut - 2, cut - 1, cut]) {
    for (const [what, s] of [
      ['surrogate pair', '😀 tail'],
      ['math letter (astral)', '𝔘𝔫𝔦'],
      ['combining mark', 'e\u0301\u0301 tail'],
      ['RTL text', 'שלום \u202Bעולם\u202C'],
      ['RTL override', '\u202Eevil\u202C'],
      ['zero-width', '\u200B\u200C\u200D\uFEFF x'],
      ['ZWJ family', '👩‍👩‍👧‍👦 tail'],
      ['flag', '🇫🇷🇩🇪'],
      ['lone high surrogate', '\uD83D tail'],
      ['lone low surrogate', '\uDE00 tail'],
    ] as const) {
      const title = a(n) + s;
      if (title.trim().length <= IMAGE_TITLE_MAX) edgeTitles.push([`${what} after ${n} characters`, title]);
    }
  }
}

describe('unicode at cut points never breaks the image library', () => {
  it('creates, renames and lists images whose titles put a surrogate pair, mark or joiner at a cut', async () => {
    const u = await signedInUser();
    const failures: string[] = [];
    const base = await callApi(routes.createImage, { token: u.accessToken, body: { title: 'start', notes: '', contentType: 'image/png' } });
    expect(base.status).toBe(201);
    const id = (base.body as { id: string }).id;
    for (const [what, title] of edgeTitles) {
      const created = await callApi(routes.createImage, { token: u.accessToken, body: { title, notes: title, contentType: 'image/png' } });
      if (created.status !== 201) failures.push(`create, ${what}: ${created.status} ${JSON.stringify(created.body).slice(0, 120)}`);
      const updated = await callApi(routes.updateImage, { token: u.accessToken, params: { id }, body: { id, title, notes: title } });
      if (updated.status !== 200) failures.push(`update, ${what}: ${updated.status} ${JSON.stringify(updated.body).slice(0, 120)}`);
      else expect(Image.parse(updated.body).title).toBe(title.trim());
      const listed = await callApi(routes.listImages, { token: u.accessToken });
      if (listed.status !== 200) failures.push(`list after ${what}: ${listed.status}`);
    }
    expect(failures).toEqual([]);
  });

  it('serves the library of a user whose ready image already holds such a title (a row saved before the fix)', async () => {
    const u = await signedInUser();
    const c = await callApi(routes.createImage, { token: u.accessToken, body: { title: 'ok', notes: '', contentType: 'image/png' } });
    const id = (c.body as { id: string }).id;
    const row = (await imagesRepo.get(u.userId, id))!;
    await imagesRepo.create({ ...row, imageId: `${id}x`, status: 'ready', title: `${a(119)}😀 more text`, expiresAt: undefined } as typeof row);
    const listed = await callApi(routes.listImages, { token: u.accessToken });
    expect(listed.status).toBe(200);
    const image = (listed.body as unknown as Image[]).find((i) => i.id === `${id}x`)!;
    // The download name is cut whole: the emoji is kept or dropped, never split.
    const disposition = decodeURIComponent(new URL(image.urlDownload!).searchParams.get('response-content-disposition')!);
    expect(disposition).toMatch(/filename\*=UTF-8''a{119}(%F0%9F%98%80)?/);
  });
});
