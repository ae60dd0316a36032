import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 string; ids look like Stripe's (`cus_` + 14 chars, `sub_` + 24, ...). */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length];
  return out;
}

const LENGTHS: Record<string, number> = { cus: 14, prod: 14, cs_test: 58 };

export function newId(prefix: string): string {
  return `${prefix}_${randomToken(LENGTHS[prefix] ?? 24)}`;
}
