import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { DropdownMenu } from '../ui/dropdown-menu';
import { PRODUCT_TITLE } from '../ui/page-title-text';
import { headerHasBackground } from './chrome-rules';

const accountItems = [
  { label: 'Account', to: paths.account.href() },
  { label: 'Image library', to: paths.images.href() },
  { label: 'Enterprise account', to: paths.enterpriseAccount.href() },
  { label: 'Sign in', to: paths.authSignIn.href() },
  { label: 'Sign out', to: paths.authSignOut.href() },
];

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

  useEffect(() => {
    const update = () => setSolid(headerHasBackground(pathname, window.scrollY));
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [pathname]);

  useEffect(() => setMenuOpen(false), [pathname]);

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
              <DropdownMenu label="Account" to={paths.account.href()} items={accountItems} align="end" className="site-nav__dropdown" />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
