/**
 * Why a save to the library failed, and what the editor tells the user: pure, so every case is
 * unit-tested. Each kind can be retried; `signIn` means the retry goes through the site's sign-in.
 */
type SaveFailureKind = 'offline' | 'session' | 'signed_out' | 'too_large' | 'storage_full' | 'server' | 'refused';

export interface SaveFailure {
  kind: SaveFailureKind;
  message: string;
  /** The way on: try again, or sign in again first (the grant is gone). */
  action: 'retry' | 'signIn';
}

export const SAVE_MESSAGES = {
  offline: 'You are offline, so the capture was not saved. It is still here: try again when you are back online.',
  unreachable: 'The library could not be reached, so the capture was not saved. It is still here: try again.',
  session: 'Your session has expired. Sign in again to save this capture to your library.',
  signedOut: 'You signed out of the site, so the capture was not saved. It is still here: sign in again to save it to your library.',
  tooLarge: 'This image is too large for the library (25 MB at most).',
  cropHint: 'Crop it to make it smaller, or download it instead.',
  server: 'The library could not save the capture because of a problem on our side. Please try again.',
} as const;

/** A failed call's answer: HTTP status (0 = no answer) and the server's `{code, message}` when it sent one. */
export interface FailedCall {
  status: number;
  code?: string;
  message?: string;
  online?: boolean;
}

export function saveFailureOf({ status, code, message, online = true }: FailedCall): SaveFailure {
  if (status === 0) return { kind: 'offline', message: online ? SAVE_MESSAGES.unreachable : SAVE_MESSAGES.offline, action: 'retry' };
  if (status === 401) return { kind: 'session', message: SAVE_MESSAGES.session, action: 'signIn' };
  // The storage quota's refusal: its message says how much is used and what the limit is (shown as sent).
  if (code === 'storage_full') return { kind: 'storage_full', message: message || 'Your library is full.', action: 'retry' };
  // 413 from finalise (too many bytes or pixels: its message says which); 400 EntityTooLarge from S3's form.
  if (status === 413 || code === 'payload_too_large' || code === 'EntityTooLarge') {
    const why = code === 'payload_too_large' && message ? message : SAVE_MESSAGES.tooLarge;
    return { kind: 'too_large', message: `${why} ${SAVE_MESSAGES.cropHint}`, action: 'retry' };
  }
  if (status >= 500) return { kind: 'server', message: SAVE_MESSAGES.server, action: 'retry' };
  return { kind: 'refused', message: message ? `The library refused the capture: ${message}` : `The library refused the capture (error ${status}).`, action: 'retry' };
}
