/**
 * Firefox gives an add-on's pages the origin `moz-extension://<uuid>`, with a UUID random per
 * profile, so the site cannot list it in its config as it lists Chrome's
 * `chrome-extension://<id>`. The Firefox build's content script on the site's own pages writes it
 * on `<html>` in this attribute before any page script runs (extension/content/announce-origin.ts);
 * the site adds it to the origins it tries for the bridge frame and accepts for `next`. The frame
 * still has to answer the handshake, and only from the site's own origins (frame/bridge.ts).
 */
export const EXTENSION_ORIGIN_ATTRIBUTE = 'data-fps-extension-origin';

const MOZ_EXTENSION_ORIGIN = /^moz-extension:\/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The announced origin when it is one (a Firefox add-on origin), else null. */
export function announcedExtensionOrigin(value: string | null | undefined): string | null {
  return value && MOZ_EXTENSION_ORIGIN.test(value) ? value : null;
}
