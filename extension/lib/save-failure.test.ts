import { describe, expect, it } from 'vitest';
import { SAVE_MESSAGES, saveFailureOf } from './save-failure';

describe('saveFailureOf', () => {
  it('offline (no answer, navigator offline) and unreachable (no answer, online) are retried', () => {
    expect(saveFailureOf({ status: 0, online: false })).toEqual({ kind: 'offline', message: SAVE_MESSAGES.offline, action: 'retry' });
    expect(saveFailureOf({ status: 0, online: true })).toMatchObject({ kind: 'offline', message: SAVE_MESSAGES.unreachable, action: 'retry' });
  });
  it('401 (expired, revoked or missing grant) asks to sign in again', () => {
    expect(saveFailureOf({ status: 401, code: 'unauthorized', message: 'Sign in required.' })).toEqual({ kind: 'session', message: SAVE_MESSAGES.session, action: 'signIn' });
  });
  it("storage full shows the server's own message", () => {
    expect(saveFailureOf({ status: 413, code: 'storage_full', message: 'Your library is full: 1.0 GB of 1.0 GB used.' }))
      .toEqual({ kind: 'storage_full', message: 'Your library is full: 1.0 GB of 1.0 GB used.', action: 'retry' });
  });
  it("too large: finalise's 413 keeps its reason, S3's EntityTooLarge gets the limit", () => {
    expect(saveFailureOf({ status: 413, code: 'payload_too_large', message: 'The image has more than 150 million pixels.' }).message)
      .toBe(`The image has more than 150 million pixels. ${SAVE_MESSAGES.cropHint}`);
    expect(saveFailureOf({ status: 400, code: 'EntityTooLarge' })).toMatchObject({ kind: 'too_large', message: `${SAVE_MESSAGES.tooLarge} ${SAVE_MESSAGES.cropHint}` });
  });
  it('server errors say so without leaking detail; other refusals quote the server', () => {
    expect(saveFailureOf({ status: 502 })).toEqual({ kind: 'server', message: SAVE_MESSAGES.server, action: 'retry' });
    expect(saveFailureOf({ status: 415, code: 'unsupported_media_type', message: 'Not an image.' }).message).toBe('The library refused the capture: Not an image.');
    expect(saveFailureOf({ status: 409 }).message).toBe('The library refused the capture (error 409).');
  });
});
