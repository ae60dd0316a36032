import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { STORED_SESSION_ATTRIBUTE, STORED_SESSION_PROBE_SCRIPT } from './stored-session-probe';

/** Runs the probe against a fake <html> and storage; returns whether it marked <html>. */
function probe(keys: string[] | 'blocked'): boolean {
  const attributes = new Set<string>();
  const localStorage = keys === 'blocked'
    ? { get length(): number { throw new Error('SecurityError'); }, key: () => null }
    : { length: keys.length, key: (i: number) => keys[i] ?? null };
  runInNewContext(STORED_SESSION_PROBE_SCRIPT, { document: { documentElement: { setAttribute: (name: string) => attributes.add(name) } }, localStorage });
  return attributes.has(STORED_SESSION_ATTRIBUTE);
}

describe('stored-session probe', () => {
  it('marks <html> when Amplify stores a signed-in user', () => {
    expect(probe(['theme', 'CognitoIdentityServiceProvider.abc123.LastAuthUser'])).toBe(true);
  });
  it('leaves <html> alone for a visitor without tokens', () => {
    expect(probe([])).toBe(false);
    expect(probe(['theme', 'CognitoIdentityServiceProvider.abc123.someone.idToken'])).toBe(false);
  });
  it('assumes a session when storage cannot be read (Amplify decides later)', () => {
    expect(probe('blocked')).toBe(true);
  });
});
