import { describe, expect, it } from 'vitest';
import { DEV_EXTENSION_KEY, extensionIdFromKey } from './dev-key';

describe('development extension id', () => {
  it('is 32 letters a-p derived from the key, so the local site can allow it', () => {
    const id = extensionIdFromKey(DEV_EXTENSION_KEY);
    expect(id).toMatch(/^[a-p]{32}$/);
  });
});
