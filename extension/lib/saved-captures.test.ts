import { describe, expect, it } from 'vitest';
import { alreadySaved, editsKey, hashBytes, savedWhole, type SavedCapture } from './saved-captures';

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

describe('savedWhole (Add from extension marks captures already in the library, issue #31 §5)', () => {
  const edits = { 0: [{ kind: 'crop' }] };
  const saved = (over: Partial<SavedCapture> = {}): SavedCapture => ({
    userId: 'u1', savedAt: 1, edits: editsKey(edits), parts: [{ hash: 'a', imageId: 'i1' }, { hash: 'b', imageId: 'i2' }], ...over,
  });

  it('names the account when every part was saved with the edits the capture has now', () => {
    expect(savedWhole(saved(), edits)).toBe('u1');
    expect(savedWhole(saved({ edits: editsKey(undefined) }), undefined)).toBe('u1');
  });

  it('is undefined when a part is missing, the capture was edited since, or nothing was saved', () => {
    expect(savedWhole(saved({ parts: [{ hash: 'a', imageId: 'i1' }, null] }), edits)).toBeUndefined();
    expect(savedWhole(saved(), { 0: [] })).toBeUndefined();
    expect(savedWhole(saved({ edits: undefined }), edits)).toBeUndefined();
    expect(savedWhole(null, edits)).toBeUndefined();
  });
});
