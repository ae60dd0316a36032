/**
 * The site's app paths that route further segments themselves, as the SPA (web/src/config/paths.ts)
 * and CloudFront (infra/stacks/web-stack.ts) both need them: /checkout/<stage> and
 * /enterprise/account/<section>. Plain data, so infra reads it without importing the web app.
 */

export const CHECKOUT_PATH = '/checkout';
export const ENTERPRISE_ACCOUNT_PATH = '/enterprise/account';

/** The enterprise account area's sections (/enterprise/account/<section>); each has a page file of its own. */
const ENTERPRISE_SECTIONS = ['overview', 'members', 'payment'] as const;
export type EnterpriseSection = (typeof ENTERPRISE_SECTIONS)[number];

/**
 * App paths under which the app routes further segments itself (no page file of their own). With
 * the fixed paths of web/src/config/paths.ts, this is every address the site has a page for; any
 * other is Page not found, answered with HTTP 404 by the dev server, the built-site server and
 * CloudFront. web/src/config/known-paths.test.ts checks it against the router's table.
 */
export const nestedAppPaths: readonly string[] = [CHECKOUT_PATH, ENTERPRISE_ACCOUNT_PATH];

/**
 * The paths with a page file of their own in the build besides the fixed paths (prerender.tsx
 * `appShellPaths`): nested app paths not in this list are served the SPA shell.
 */
export const nestedPageFiles: readonly string[] = ENTERPRISE_SECTIONS.map((s) => `${ENTERPRISE_ACCOUNT_PATH}/${s}`);
