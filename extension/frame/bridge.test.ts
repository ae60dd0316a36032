import { describe, expect, it, vi } from 'vitest';
import { CAPTURE_FAILED, CAPTURE_GONE, LIST_FAILED, handleBridgeMessage, type BridgeDeps } from './bridge';

const SITE = 'http://127.0.0.1:5173';
const login = { userId: 'u1', orgId: '', expires: 2_000_000_000, status: 'active', sub_created: 1_700_000_000 };

const listing = { id: 'c1', title: 'Page', url: 'https://example.com/', createdAt: 1, width: 800, height: 2000, parts: 1, thumbnail: null };
const exported = { id: 'c1', title: 'Page', url: 'https://example.com/', parts: [{ blob: new Blob(['png']), width: 800, height: 2000 }] };

function deps(): BridgeDeps & { saved: unknown[] } {
  const saved: unknown[] = [];
  return {
    allowedOrigins: [SITE], version: '1.2.3', saved, saveLogin: vi.fn(async (l) => void saved.push(l)),
    listCaptures: vi.fn(async () => [listing]),
    exportCapture: vi.fn(async (id: string) => (id === 'c1' ? exported : null)),
  };
}

describe('handleBridgeMessage', () => {
  it('answers the handshake with the version', async () => {
    const d = deps();
    expect(await handleBridgeMessage(SITE, { source: 'fps-site', type: 'handshake', id: 'h1' }, d)).toEqual({
      source: 'fps-extension', type: 'handshake-ok', id: 'h1', version: '1.2.3',
    });
  });

  it('stores a valid login and replies with its status', async () => {
    const d = deps();
    const reply = await handleBridgeMessage(SITE, { source: 'fps-site', type: 'login', id: 'l1', payload: login }, d);
    expect(reply).toEqual({ source: 'fps-extension', type: 'login-success', id: 'l1', status: 'active' });
    expect(d.saved).toEqual([login]);
  });

  it('stores the upload grant that comes with a login, and a log-out drops it with the login', async () => {
    const d = deps();
    const grant = { token: 'A'.repeat(43), expiresAt: 2_000_000_000_000, apiUrl: 'http://127.0.0.1:4000' };
    await handleBridgeMessage(SITE, { source: 'fps-site', type: 'login', id: 'g1', payload: { ...login, upload_grant: grant } }, d);
    await handleBridgeMessage(SITE, { source: 'fps-site', type: 'login', id: 'g2', payload: {} }, d);
    expect(d.saved).toEqual([{ ...login, upload_grant: grant }, null]);
    // A malformed grant is no login at all (never half-stored).
    expect(await handleBridgeMessage(SITE, { source: 'fps-site', type: 'login', id: 'g3', payload: { ...login, upload_grant: { token: 'short' } } }, d)).toBeNull();
    expect(d.saved).toHaveLength(2);
  });

  it('logs out on an empty payload', async () => {
    const d = deps();
    const reply = await handleBridgeMessage(SITE, { source: 'fps-site', type: 'login', id: 'l2', payload: {} }, d);
    expect(reply).toMatchObject({ type: 'login-success', status: '' });
    expect(d.saved).toEqual([null]);
  });

  it('ignores other origins', async () => {
    const d = deps();
    expect(await handleBridgeMessage('http://localhost:5173', { source: 'fps-site', type: 'login', id: 'x', payload: login }, d)).toBeNull();
    expect(await handleBridgeMessage('https://evil.example', { source: 'fps-site', type: 'handshake', id: 'x' }, d)).toBeNull();
    expect(d.saved).toEqual([]);
  });

  it('ignores malformed messages and payloads', async () => {
    const d = deps();
    for (const bad of [null, 'login', { type: 'login' }, { source: 'fps-site', type: 'login', id: 'x', payload: { userId: 'u' } }, { source: 'other', type: 'handshake', id: 'x' }]) {
      expect(await handleBridgeMessage(SITE, bad, d)).toBeNull();
    }
    expect(d.saved).toEqual([]);
  });

  it('lists the captures and hands one over to the site', async () => {
    const d = deps();
    expect(await handleBridgeMessage(SITE, { source: 'fps-site', type: 'list-captures', id: 'q1' }, d)).toEqual({
      source: 'fps-extension', type: 'captures', id: 'q1', captures: [listing],
    });
    expect(await handleBridgeMessage(SITE, { source: 'fps-site', type: 'get-capture', id: 'q2', captureId: 'c1' }, d)).toEqual({
      source: 'fps-extension', type: 'capture', id: 'q2', capture: exported,
    });
  });

  it('says when a capture is gone or cannot be prepared', async () => {
    const d = deps();
    expect(await handleBridgeMessage(SITE, { source: 'fps-site', type: 'get-capture', id: 'q3', captureId: 'nope' }, d)).toMatchObject({ type: 'capture-error', message: CAPTURE_GONE });
    d.exportCapture = vi.fn(async () => {
      throw new Error('canvas');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await handleBridgeMessage(SITE, { source: 'fps-site', type: 'get-capture', id: 'q4', captureId: 'c1' }, d)).toMatchObject({ type: 'capture-error', message: CAPTURE_FAILED });
    d.listCaptures = vi.fn(async () => {
      throw new Error('UnknownError: The user denied permission to access the database.');
    });
    expect(await handleBridgeMessage(SITE, { source: 'fps-site', type: 'list-captures', id: 'q5' }, d)).toMatchObject({ type: 'capture-error', message: LIST_FAILED });
  });

  it('never lists or hands over captures to another origin', async () => {
    const d = deps();
    expect(await handleBridgeMessage('https://evil.example', { source: 'fps-site', type: 'list-captures', id: 'x' }, d)).toBeNull();
    expect(await handleBridgeMessage('https://evil.example', { source: 'fps-site', type: 'get-capture', id: 'x', captureId: 'c1' }, d)).toBeNull();
    expect(d.listCaptures).not.toHaveBeenCalled();
    expect(d.exportCapture).not.toHaveBeenCalled();
  });
});
