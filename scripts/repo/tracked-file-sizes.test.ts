import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// A text file over 1 MB in git is a mistake (a doc once grew to 16.6 MB by a bad edit).
const LIMIT_BYTES = 1024 * 1024;
const BINARY = /\.(png|jpe?g|gif|webp|ico|pdf|zip|woff2?|ttf)$/i;

describe('tracked files', () => {
  it('holds no text file over 1 MB', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
    const tooBig = files
      .filter((file) => !BINARY.test(file))
      .map((file) => {
        try {
          return { file, bytes: statSync(file).size };
        } catch {
          return { file, bytes: 0 }; // deleted in the work tree
        }
      })
      .filter(({ bytes }) => bytes > LIMIT_BYTES);
    expect(tooBig).toEqual([]);
  });
});
