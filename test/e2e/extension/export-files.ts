/**
 * What the editor's exports are checked against, in Chrome (editor.spec.ts) and Firefox
 * (test/firefox/editor.test.ts): image sizes read from the files' headers, and the login a site
 * page hands the extension to unlock the Premium tools.
 */

/** A Premium login as the site hands it over (login-message payload). */
export const PREMIUM_LOGIN = { userId: 'u-premium', orgId: '', expires: Math.floor(Date.now() / 1000) + 86_400 * 300, status: 'active', sub_created: 1_700_000_000 };

/** The size in a PNG's IHDR. */
export function pngSize(b: Buffer): { width: number; height: number } {
  if (b.subarray(1, 4).toString() !== 'PNG') throw new Error('not a PNG file');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** The size in a JPEG's start-of-frame marker. */
export function jpegSize(b: Buffer): { width: number; height: number } {
  if (b.readUInt16BE(0) !== 0xffd8) throw new Error('not a JPEG file');
  for (let i = 2; i < b.length; i += 2 + b.readUInt16BE(i + 2)) {
    const marker = b.readUInt16BE(i);
    if (marker >= 0xffc0 && marker <= 0xffc2) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
  }
  throw new Error('no SOF marker');
}
