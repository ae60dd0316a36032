import { loadRuntimeConfig } from '../../lib/runtime-config';
import { loadPasswordAuthenticator } from './components/load-password-authenticator';

/**
 * Started by main.tsx on /auth/signin before the router has loaded the page's route: the runtime
 * config (preloaded by the page's HTML, web/prerender-plugin.ts), then, in password mode, the
 * form's chunk, so it downloads alongside the route's own chunks rather than after them. Hosted
 * mode never downloads the form.
 */
export function start(): void {
  loadRuntimeConfig()
    .then((config) => (config.auth.mode === 'password' ? loadPasswordAuthenticator() : undefined))
    .catch(() => undefined); // the route loads both again, and shows the failure
}
