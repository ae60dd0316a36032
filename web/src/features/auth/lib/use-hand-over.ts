import { useEffect, useState } from 'react';
import { useExtensionBridge, useExtensionStatus } from '../../../lib/extension-bridge';

/**
 * How long a finished sign-in waits for the extension to take the login (and its upload grant)
 * before leaving the sign-in page anyway: an account load and a grant take well under a second.
 */
const HAND_OVER_WAIT_MS = 6000;

/**
 * Whether a sign-in page may leave now that `userId` is signed in: the extension has taken this
 * user's login, or no extension answered, or there is no bridge on this page, or the wait is over.
 * Leaving at once used to drop the hand-over when the next page is outside the account area
 * (signing in from /images told the extension nothing; issue 31).
 */
export function useLoginHandedOver(userId: string | null): boolean {
  const bridge = useExtensionBridge();
  const status = useExtensionStatus();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!userId) return;
    setWaited(false);
    const t = setTimeout(() => setWaited(true), HAND_OVER_WAIT_MS);
    return () => clearTimeout(t);
  }, [userId]);
  if (!userId) return false;
  if (!bridge || waited) return true;
  if (status.lastLogin?.userId === userId) return true;
  return status.phase === 'failed' || (status.phase !== 'connected' && status.triedAll);
}
