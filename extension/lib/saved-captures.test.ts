import { describe, expect, it } from 'vitest';
import { alreadySaved, hashBytes } from './saved-captures';

describe('alreadySaved', () => {
  const prev = { userId: 'u1', savedAt: 1, parts: [{ hash: 'a', imageId: 'i1' }, { hash: 'b', imageId: 'i2' }] };
  it('reuses the image of each unchanged part, uploads a changed one', () => {
    expect(alreadySaved(prev, 'u1', ['a', 'b'])).toEqual(['i1', 'i2']);
    expect(alreadySaved(prev, 'u1', ['a', 'c'])).toEqual(['i1', null]);
  });
  it('uploads everything for another account, another part count, or nothing saved', () => {
    expect(alreadySaved(prev, 'u2', ['a', 'b'])).toEqual([null, null]);
    expect(alreadySaved(prev, 'u1', ['a'])).toEqual([null]);
    expect(alreadySaved(null, 'u1', ['a'])).toEqual([null]);
    expect(alreadySaved({ ...prev, parts: [null, prev.parts[1]] }, 'u1', ['a', 'b'])).toEqual([null, 'i2']);
  });
});

describe('hashBytes', () => {
  it('is the SHA-256 of the bytes', async () => {
    expect(await hashBytes(new Blob(['abc']))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
