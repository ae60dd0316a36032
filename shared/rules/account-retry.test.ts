import { describe, expect, it, vi } from 'vitest';
import { accountRetryDelayMs, shouldRetryAccountLookup, withAccountRetry } from './account-retry';

class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}
const codeOf = (e: unknown) => (e instanceof CodedError ? e.code : undefined);

describe('account lookup retry schedule', () => {
  it('waits 100 ms times the square of the attempt number', () => {
    expect([1, 2, 3, 4, 5].map(accountRetryDelayMs)).toEqual([100, 400, 900, 1600, 2500]);
  });

  it('retries only the retry code, at most 5 times', () => {
    expect(shouldRetryAccountLookup('account_not_ready', 0)).toBe(true);
    expect(shouldRetryAccountLookup('account_not_ready', 4)).toBe(true);
    expect(shouldRetryAccountLookup('account_not_ready', 5)).toBe(false);
    expect(shouldRetryAccountLookup('internal', 0)).toBe(false);
    expect(shouldRetryAccountLookup(undefined, 0)).toBe(false);
  });

  it('returns as soon as a retry succeeds, having waited per the schedule', async () => {
    const sleep = vi.fn(async () => {});
    const lookup = vi.fn()
      .mockRejectedValueOnce(new CodedError('account_not_ready'))
      .mockRejectedValueOnce(new CodedError('account_not_ready'))
      .mockResolvedValueOnce('account');
    await expect(withAccountRetry(lookup, codeOf, sleep)).resolves.toBe('account');
    expect(lookup).toHaveBeenCalledTimes(3);
    expect(sleep.mock.calls).toEqual([[100], [400]]);
  });

  it('gives up after the fifth retry and throws the last error', async () => {
    const sleep = vi.fn(async () => {});
    const lookup = vi.fn().mockRejectedValue(new CodedError('account_not_ready'));
    await expect(withAccountRetry(lookup, codeOf, sleep)).rejects.toMatchObject({ code: 'account_not_ready' });
    expect(lookup).toHaveBeenCalledTimes(6);
    expect(sleep.mock.calls).toEqual([[100], [400], [900], [1600], [2500]]);
  });

  it('reports any other error at once', async () => {
    const sleep = vi.fn(async () => {});
    const lookup = vi.fn().mockRejectedValue(new CodedError('unauthorized'));
    await expect(withAccountRetry(lookup, codeOf, sleep)).rejects.toMatchObject({ code: 'unauthorized' });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });
});
