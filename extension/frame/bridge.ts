/**
 * The extension side of the website bridge, kept free of DOM and chrome.* so it can be tested:
 * given a window message, decide what to store and what to answer.
 */
import type { LoginMessage } from '#shared/domain/login-message';
import {
  BRIDGE_SOURCE_EXTENSION, SiteToExtension, type CaptureExport, type CaptureListing, type ExtensionToSite,
} from '#shared/extension/bridge-protocol';

export interface BridgeDeps {
  allowedOrigins: readonly string[];
  version: string;
  saveLogin(login: LoginMessage | null): Promise<void>;
  listCaptures(): Promise<CaptureListing[]>;
  exportCapture(id: string): Promise<CaptureExport | null>;
}

export const CAPTURE_GONE = 'This capture is no longer in the extension. It may have been deleted.';
export const CAPTURE_FAILED = 'The extension could not prepare this capture.';
export const LIST_FAILED = 'The extension could not list its captures.';

/** The reply to send back to `origin`, or null to ignore the message entirely. */
export async function handleBridgeMessage(origin: string, data: unknown, deps: BridgeDeps): Promise<ExtensionToSite | null> {
  // Only the website may talk to us; any other frame on the page (ads, embeds) is ignored.
  if (!deps.allowedOrigins.includes(origin)) return null;
  const parsed = SiteToExtension.safeParse(data);
  if (!parsed.success) return null;
  const msg = parsed.data;
  switch (msg.type) {
    case 'handshake':
      return { source: BRIDGE_SOURCE_EXTENSION, type: 'handshake-ok', id: msg.id, version: deps.version };
    case 'login': {
      const login = 'userId' in msg.payload ? (msg.payload as LoginMessage) : null;
      await deps.saveLogin(login);
      return { source: BRIDGE_SOURCE_EXTENSION, type: 'login-success', id: msg.id, status: login?.status ?? '' };
    }
    case 'list-captures':
      try {
        return { source: BRIDGE_SOURCE_EXTENSION, type: 'captures', id: msg.id, captures: await deps.listCaptures() };
      } catch (e) {
        console.error('Bridge: listing captures failed', e);
        return { source: BRIDGE_SOURCE_EXTENSION, type: 'capture-error', id: msg.id, message: LIST_FAILED };
      }
    case 'get-capture': {
      let capture: CaptureExport | null;
      try {
        capture = await deps.exportCapture(msg.captureId);
      } catch (e) {
        console.error('Bridge: exporting a capture failed', e);
        return { source: BRIDGE_SOURCE_EXTENSION, type: 'capture-error', id: msg.id, message: CAPTURE_FAILED };
      }
      if (!capture) return { source: BRIDGE_SOURCE_EXTENSION, type: 'capture-error', id: msg.id, message: CAPTURE_GONE };
      return { source: BRIDGE_SOURCE_EXTENSION, type: 'capture', id: msg.id, capture };
    }
  }
}
