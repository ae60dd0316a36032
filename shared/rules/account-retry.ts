import { ACCOUNT_RETRY_CODE } from '../api/errors';

/** Spec: the account lookup is retried at most 5 times while the account is not created yet. */
const ACCOUNT_RETRY_MAX = 5;
/** Spec: the wait before retry n is 100 ms times n². */
const ACCOUNT_RETRY_BASE_MS = 100;

/** Milliseconds to wait before retry number `attempt` (1-based): 100, 400, 900, 1600, 2500. */
export const accountRetryDelayMs = (attempt: number): number => ACCOUNT_RETRY_BASE_MS * attempt * attempt;

/**
 * Whether a failed lookup is retried: only for the retry code, and only while fewer than
 * ACCOUNT_RETRY_MAX retries were made. `retriesSoFar` counts retries, not the first call.
 */
export function shouldRetryAccountLookup(code: string | undefined, retriesSoFar: number): boolean {
  return code === ACCOUNT_RETRY_CODE && retriesSoFar < ACCOUNT_RETRY_MAX;
}

/**
 * Runs `lookup`, retrying it on the retry code as the spec says; any other error (or the retry
 * code after the last retry) is thrown to the caller. `sleep` is injectable for tests.
 */
export async function withAccountRetry<T>(
  lookup: () => Promise<T>,
  codeOf: (error: unknown) => string | undefined,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let retries = 0; ; retries++) {
    try {
      return await lookup();
    } catch (error) {
      if (!shouldRetryAccountLookup(codeOf(error), retries)) throw error;
      await sleep(accountRetryDelayMs(retries + 1));
    }
  }
}
