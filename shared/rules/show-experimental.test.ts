import { describe, expect, it } from 'vitest';
import { parseShowExperimental } from './show-experimental';

describe('parseShowExperimental', () => {
  it('is true for an empty value (?showExperimental)', () => {
    expect(parseShowExperimental('')).toBe(true);
  });
  it.each(['true', 'True', 't', 'T', '1', '10', 'yes', 'Y', 'yep'])('is true for %s', (v) => {
    expect(parseShowExperimental(v)).toBe(true);
  });
  it.each(['false', 'f', '0', 'no', 'n', 'off', ' true', 'on'])('is false for %j', (v) => {
    expect(parseShowExperimental(v)).toBe(false);
  });
  it('is undefined when the parameter is absent', () => {
    expect(parseShowExperimental(null)).toBeUndefined();
    expect(parseShowExperimental(undefined)).toBeUndefined();
  });
  it('reads straight from URLSearchParams', () => {
    expect(parseShowExperimental(new URLSearchParams('showExperimental').get('showExperimental'))).toBe(true);
    expect(parseShowExperimental(new URLSearchParams('a=1').get('showExperimental'))).toBeUndefined();
  });
});
