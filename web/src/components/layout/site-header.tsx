import { lazy, Suspense, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { getBroadcastAuthState, subscribeBroadcastAuthState } from '../../lib/auth-broadcast';
import { IDENTITY_HINT_EVENT, orgAdminHintFor, readStoredIdentity, rememberDisplayName } from '../../lib/stored-identity';
import { DropdownMenu, type DropdownItem } from '../ui/dropdown-menu';
import { PRODUCT_TITLE } from '../ui/page-title-text';
import { headerHasBackground } from './chrome-rules';

/** Who the header shows: not known before hydration (the prerendered HTML is the same for everyone). */
type HeaderIdentity = { state: 'unknown' } | { state: 'signedOut' } | { state: 'signedIn'; name: string; orgAdmin: boolean };

/** Shown or hidden before any script by the stored-session mark on <html> (styles.css, `.when-*`). */
const SIGNED_IN = 'when-signed-in';
const SIGNED_OUT = 'when-signed-out';

const signInItems: DropdownItem[] = [
  { label: 'Sign in', to: paths.authSignIn.href() },
  { label: 'Sign up', to: `${paths.authSignIn.href()}?mode=signup` },
];
const signedInItems = (orgAdmin: boolean): DropdownItem[] => [
  { label: 'Account', to: paths.account.href() },
  { label: 'Image library', to: paths.images.href() },
  ...(orgAdmin ? [{ label: 'Enterprise account', to: paths.enterpriseAccount.href() }] : []),
  { label: 'Sign out', to: paths.authSignOut.href() },
];

function accountMenuItems(identity: HeaderIdentity): DropdownItem[] {
  if (identity.state === 'signedIn') return signedInItems(identity.orgAdmin);
  if (identity.state === 'signedOut') return signInItems;
  return [...signInItems.map((i) => ({ ...i, className: SIGNED_OUT })), ...signedInItems(false).map((i) => ({ ...i, className: SIGNED_IN }))];
}

const noSubscription = () => () => {};

/**
 * While the small-screen menu is open, Tab stays in the header (the page behind is covered). The
 * focus code (ui/dialog.tsx) is not on the first load: it is fetched when the browser is idle
 * after the page has started, or when the menu opens, whichever comes first.
 */
const loadOpenMenuFocus = () => import('./open-menu-focus');
const OpenMenuFocus = lazy(loadOpenMenuFocus);

/**
 * The header's sign-in state: Amplify's when a page has loaded it, else the session Amplify
 * stored (read without loading Amplify). Before hydration it is unknown and the menu holds both
 * sets of items, the stored-session mark choosing which show (shared/web/stored-session-probe.ts).
 */
function useHeaderIdentity(): HeaderIdentity {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const auth = useSyncExternalStore(subscribeBroadcastAuthState, getBroadcastAuthState, getBroadcastAuthState);
  const [, storageChanged] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    window.addEventListener('storage', storageChanged);
    window.addEventListener(IDENTITY_HINT_EVENT, storageChanged);
    return () => {
      window.removeEventListener('storage', storageChanged);
      window.removeEventListener(IDENTITY_HINT_EVENT, storageChanged);
    };
  }, []);
  // What Amplify says, kept for the next page that does not load it.
  const signedInUser = auth.status === 'signedIn' ? auth.user : null;
  useEffect(() => {
    if (signedInUser) rememberDisplayName(signedInUser);
    else if (auth.status === 'signedOut') rememberDisplayName(null);
  }, [signedInUser, auth.status]);
  const user = !hydrated || auth.status === 'signedOut' ? null : auth.status === 'signedIn' && auth.user ? auth.user : readStoredIdentity();
  const orgAdmin = user ? orgAdminHintFor(user.userId) : false;
  useOrgAdminLookup(user && orgAdmin === undefined ? user.userId : null);
  if (!hydrated) return { state: 'unknown' };
  return user ? { state: 'signedIn', name: user.name, orgAdmin: !!orgAdmin } : { state: 'signedOut' };
}

/**
 * When no account lookup has said whether `userId` administers an organisation, the header asks
 * (org-admin-lookup.ts) once the browser is idle; the hint it writes re-renders the header. A
 * failure leaves the item out until the next page asks again. Not on the sign-in page: a sign-in
 * there loads the account itself (its account scope), which the next page takes over.
 */
function useOrgAdminLookup(userId: string | null) {
  const onSignIn = useLocation().pathname.replace(/\/+$/, '') === paths.authSignIn.path;
  useEffect(() => {
    if (!userId || onSignIn) return;
    const look = () => void import('./org-admin-lookup').then((m) => m.lookUpOrgAdmin(userId)).catch(() => undefined);
    if (typeof requestIdleCallback !== 'function') {
      const t = setTimeout(look, 1000);
      return () => clearTimeout(t);
    }
    const id = requestIdleCallback(look, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }, [userId, onSignIn]);
}

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'site-nav__link site-nav__link--active' : 'site-nav__link');

/**
 * The site header: brand, and the nav links Enterprise, Go Premium, Contact Sales, Account.
 * Transparent at the top of the page; it gets a background once scrolled more than 5px, and
 * always on enterprise dashboard paths. On small screens the nav folds behind a toggle, which
 * closes on a click outside the header, on Escape and on navigation.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  // Starts as at the top of the page, as the prerendered HTML shows it; the effect reads the real scroll.
  const [solid, setSolid] = useState(() => headerHasBackground(pathname, 0));
  const [menuOpen, setMenuOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const identity = useHeaderIdentity();

  useEffect(() => {
    const update = () => setSolid(headerHasBackground(pathname, window.scrollY));
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [pathname]);

  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    const load = () => void loadOpenMenuFocus();
    if (typeof requestIdleCallback !== 'function') return void setTimeout(load, 2000);
    const id = requestIdleCallback(load, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const onPointer = (e: Event) => {
      if (!header.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        toggle.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  return (
    <header ref={header} className={solid || menuOpen ? 'site-header site-header--solid' : 'site-header'} data-solid={solid}>
      {menuOpen && (
        <Suspense fallback={null}>
          <OpenMenuFocus header={header} />
        </Suspense>
      )}
      <div className="site-header__inner container">
        <Link to={paths.home.href()} className="brand">
          <img src="/logo.svg" alt="" width="32" height="32" />
          <span>{PRODUCT_TITLE}</span>
        </Link>
        <button
          ref={toggle}
          type="button"
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="sr-only">Menu</span>
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
        <nav id="site-nav" aria-label="Main" className={menuOpen ? 'site-nav site-nav--open' : 'site-nav'}>
          <ul className="site-nav__list">
            <li>
              <NavLink to={paths.enterprise.href()} className={navClass} end>
                Enterprise
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.premium.href()} className={navClass}>
                Go Premium
              </NavLink>
            </li>
            <li>
              <NavLink to={paths.sales.href()} className={navClass}>
                Contact Sales
              </NavLink>
            </li>
            <li>
              <DropdownMenu
                label={identity.state === 'signedIn' ? identity.name : 'Account'}
                to={paths.account.href()}
                items={accountMenuItems(identity)}
                toggleLabel="Account menu"
                align="end"
                className="site-nav__dropdown"
              />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
