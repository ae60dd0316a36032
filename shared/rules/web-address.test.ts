import { describe, expect, it } from 'vitest';
import { isWebAddress } from './web-address';

describe('isWebAddress', () => {
  it.each(['http://a.example/', 'https://a.example/x?y', 'HTTPS://A.EXAMPLE'])('accepts %s', (u) => expect(isWebAddress(u)).toBe(true));
  it.each(['javascript:alert(1)', 'data:text/html,x', 'ftp://a.example', 'a.example', '', null, undefined])(
    'refuses %s', (u) => expect(isWebAddress(u)).toBe(false),
  );
});
