/**
 * The extension side of the website bridge, kept free of DOM and chrome.* so it can be tested:
 * given a window message, decide what to store and what to answer.
 */
import type { LoginMessage } from '#shared/domain/login-message';
import { BRIDGE_SOURCE_EXTENSION, SiteToExtension, type ExtensionToSite } from '#shared/extension/bridge-protocol';

export interface BridgeDeps {
  allowedOrigins: readonly string[];
  version: string;
  saveLogin(login: LoginMessage | null): Promise<void>;
}

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
  }
}
