import { describe, expect, it } from 'vitest';
import { captureIdOf, editorPagePath } from './editor-page';

describe('editor page address', () => {
  it('carries the capture id, escaped, and round-trips through a full extension URL', () => {
    expect(editorPagePath()).toBe('editor.html');
    expect(editorPagePath('m1-abc')).toBe('editor.html?id=m1-abc');
    expect(editorPagePath('a&b=c')).toBe('editor.html?id=a%26b%3Dc');
    expect(captureIdOf(`chrome-extension://abc/${editorPagePath('a&b=c')}`)).toBe('a&b=c');
  });
  it('finds no capture in other pages or junk', () => {
    expect(captureIdOf('chrome-extension://abc/editor.html')).toBeNull();
    expect(captureIdOf('chrome-extension://abc/options.html?id=x')).toBeNull();
    expect(captureIdOf('not a url')).toBeNull();
  });
});
