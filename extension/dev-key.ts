import { createHash } from 'node:crypto';

/**
 * Public key put into development builds (npm start, tests) so the unpacked extension always gets
 * the same id, and the local site can allow its origin. Store builds leave it out: the stores
 * assign the id. There is no private key; Chrome needs none to load an unpacked extension.
 */
export const DEV_EXTENSION_KEY = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA0+fEb37LgBhh9KdeJ/NL23buKbcauB+S93mjkEnOcKVTnjWjRIoQnTkyoEyk1MNPAHGr5jsSTTbldbooubdEYevVoURykKEw4cndTdk3RQgMyAp0uZdt5YvpCPQMkUewX2TPzG0V7zTxxO+HG8XpN1qs4CZuYI7LojCMm1IzuBVVe21mEd2eB/BgoBo8dwHEMfIO0qPy2KPzmKs2WRndlJTjL0dThKIhwiOfs+EXekWHXtkhBVyUx2UH7HU4Y79HcDKk25imKC3njl4V7QRNy9k5BALTexjSinSm0UDhR/YSoekonl26Yp9we1J3Cg1pxHqr/ofWRKkDflFmKj620wIDAQAB';

/** Chrome's id for a key: the first 128 bits of SHA-256 of the DER key, hex digits mapped to a-p. */
export function extensionIdFromKey(base64Key: string): string {
  const hex = createHash('sha256').update(Buffer.from(base64Key, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
}

export const DEV_EXTENSION_ORIGIN = `chrome-extension://${extensionIdFromKey(DEV_EXTENSION_KEY)}`;
