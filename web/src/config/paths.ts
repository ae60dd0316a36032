import { CHECKOUT_PATH, ENTERPRISE_ACCOUNT_PATH, nestedAppPaths, type EnterpriseSection } from '#shared/web/nested-paths';

export { nestedAppPaths, nestedPageFiles, type EnterpriseSection } from '#shared/web/nested-paths';

/** Every route of the site, named once. `href` builds a link, `path` is the router pattern. */
export const paths = {
  home: { path: '/', href: () => '/' },
  faq: { path: '/faq', href: (anchor?: string) => (anchor ? `/faq#${anchor}` : '/faq') },
  legal: { path: '/legal', href: () => '/legal' },
  premium: { path: '/premium', href: () => '/premium' },
  press: { path: '/press', href: () => '/press' },
  privacy: { path: '/privacy', href: () => '/privacy' },
  termsOfUse: { path: '/terms-of-use', href: () => '/terms-of-use' },
  sales: { path: '/sales', href: () => '/sales' },
  newsletter: { path: '/newsletter', href: () => '/newsletter' },
  styleGuide: { path: '/style-guide', href: () => '/style-guide' },
  about: { path: '/about', href: () => '/about' },
  accessibility: { path: '/accessibility', href: () => '/accessibility' },
  contact: { path: '/contact', href: () => '/contact' },
  comingSoon: { path: '/coming-soon', href: () => '/coming-soon' },
  demos: { path: '/demos', href: () => '/demos' },
  demoEditorInline: { path: '/demo-editor-inline', href: () => '/demo-editor-inline' },
  enterprise: { path: '/enterprise', href: () => '/enterprise' },
  enterpriseAccount: {
    path: ENTERPRISE_ACCOUNT_PATH,
    href: (section: EnterpriseSection = 'overview') => `${ENTERPRISE_ACCOUNT_PATH}/${section}`,
  },
  account: { path: '/account', href: () => '/account' },
  authSignIn: { path: '/auth/signin', href: () => '/auth/signin' },
  authSignOut: { path: '/auth/signout', href: () => '/auth/signout' },
  checkout: {
    path: CHECKOUT_PATH,
    href: (stage?: 'account' | 'payment' | 'success') => (stage ? `${CHECKOUT_PATH}/${stage}` : CHECKOUT_PATH),
  },
  invites: { path: '/invites', href: (sub: string, token: string) => `/invites?sub=${encodeURIComponent(sub)}&token=${encodeURIComponent(token)}` },
  connect: { path: '/connect', href: (signin = false) => (signin ? '/connect?signin=1' : '/connect') },
  test: { path: '/_test', href: () => '/_test' },
  images: { path: '/images', href: () => '/images' },
  admin: { path: '/admin', href: (q?: string) => (q ? `/admin?q=${encodeURIComponent(q)}` : '/admin') },
  ziggy: { path: '/ziggy', href: (q: string) => `/ziggy?q=${encodeURIComponent(q)}` },
} as const;

/** Whether the site has a page at `pathname` (a trailing slash is ignored). */
export function isKnownPath(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (p === '/index.html') return true; // redirects to /
  return Object.values(paths).some((x) => x.path === p) || nestedAppPaths.some((base) => p.startsWith(`${base}/`));
}
