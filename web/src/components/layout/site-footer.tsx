import { Link } from 'react-router-dom';
import { EXTENSION_STORES, STORE_ORDER } from '#shared/extension/store-links';
import { paths } from '../../config/paths';
import { PRODUCT_TITLE } from '../ui/page-title-text';
import { siteFacts } from './site-facts';

interface FooterLink {
  label: string;
  to?: string;
  href?: string;
}

const groups: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Get',
    links: [
      ...STORE_ORDER.map((id) => ({ label: EXTENSION_STORES[id].listing, href: EXTENSION_STORES[id].url })),
      { label: 'Premium', to: paths.premium.href() },
      { label: 'Enterprise', to: paths.enterprise.href() },
    ],
  },
  {
    title: 'Learn More',
    links: [
      { label: 'FAQ', to: paths.faq.href() },
      { label: 'Demos', to: paths.demos.href() },
      { label: 'Full Page Shot Legal', to: paths.legal.href() },
      { label: 'Coming soon', to: paths.comingSoon.href() },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: paths.about.href() },
      { label: 'Press', to: paths.press.href() },
      { label: 'Contact', to: paths.contact.href() },
      { label: 'Contact Sales', to: paths.sales.href() },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Help: I can’t log in', to: paths.faq.href('help-i-cant-log-in') },
      { label: 'Privacy Policy', to: paths.privacy.href() },
      { label: 'Terms of Use', to: paths.termsOfUse.href() },
      { label: 'Accessibility', to: paths.accessibility.href() },
    ],
  },
  {
    title: 'Connect',
    links: [{ label: 'Newsletter', to: paths.newsletter.href() }, ...siteFacts.social.map((s) => ({ label: s.label, href: s.href }))],
  },
];

const stats = [
  { value: siteFacts.usersShort, label: 'users' },
  { value: `${siteFacts.rating}/${siteFacts.ratingOutOf}`, label: 'average rating' },
  { value: siteFacts.fiveStarRatings, label: 'five-star ratings' },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container">
        <dl className="site-footer__stats">
          {stats.map((s) => (
            <div key={s.label} className="site-footer__stat">
              <dt>{s.label}</dt>
              <dd>{s.value}</dd>
            </div>
          ))}
        </dl>
        <nav className="site-footer__groups" aria-label="Footer">
          {groups.map((g) => (
            <div key={g.title} className="site-footer__group">
              <h2 className="site-footer__title">{g.title}</h2>
              <ul>
                {g.links.map((l) => (
                  <li key={l.label}>
                    {l.to ? <Link to={l.to}>{l.label}</Link> : <a href={l.href} rel="noopener noreferrer">{l.label}</a>}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <p className="site-footer__legal">
          © {siteFacts.founded}–{new Date().getFullYear()} {siteFacts.company}. {PRODUCT_TITLE} is independently owned and based in {siteFacts.city}.
        </p>
      </div>
    </footer>
  );
}
