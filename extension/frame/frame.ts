/**
 * The page the website embeds in a hidden iframe (web-accessible). It answers the handshake and
 * takes the login message from the configured site origins only, so the extension knows who is
 * signed in and whether Premium tools apply. For the library's "Add from extension" it lists the
 * captures and hands one over as PNG files, to those origins only.
 */
import { SITE_ORIGINS } from '../lib/build-config';
import { writeLogin } from '../lib/login-state';
import { handleBridgeMessage } from './bridge';
import { exportCaptureFromWorker, listCapturesFromWorker } from './capture-client';

window.addEventListener('message', (event: MessageEvent) => {
  const source = event.source as WindowProxy | null;
  if (!source) return;
  void handleBridgeMessage(event.origin, event.data, {
    allowedOrigins: SITE_ORIGINS,
    version: chrome.runtime.getManifest().version,
    saveLogin: writeLogin,
    listCaptures: listCapturesFromWorker,
    exportCapture: exportCaptureFromWorker,
  }).then((reply) => {
    // Reply only to the exact origin that asked.
    if (reply) source.postMessage(reply, event.origin);
  });
});
