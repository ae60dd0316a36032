import { useEffect, useRef } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { trackAddToCart, trackViewProduct, type EcommerceEventInput } from '../../../lib/analytics';
import { DemoVideo, editorDemo } from '../components/demo-video';
import { FeatureTable } from '../components/feature-table';
import { PageIntro } from '../components/page-intro';
import { PlanCards } from '../components/plan-cards';
import { formatUsd } from '#shared/rules/price-display';
import { PREMIUM_PRICE_CENTS, RENEWAL_REMINDER_DAYS, TRIAL_DAYS } from '#shared/domain/premium-plan';
import { TRIAL_OFFER } from '../content/plans';

const PAGE_NAME = 'Premium';
const premiumProduct = { id: 'premium', name: 'Premium', price: PREMIUM_PRICE_CENTS / 100, category: 'Subscription', variant: '1-year', quantity: 1 };
const event = (action: string): EcommerceEventInput => ({
  category: 'Ecommerce', action, label: 'Premium 1-year', products: [premiumProduct], pageName: PAGE_NAME,
});

export function PremiumPage() {
  usePageTitle(PAGE_NAME);
  const viewed = useRef(false);
  useEffect(() => {
    if (viewed.current) return;
    viewed.current = true;
    trackViewProduct(event('View product'));
  }, []);
  const addToCart = () => trackAddToCart(event('Add to cart'));

  return (
    <>
      <PageIntro eyebrow="Premium" title="Go Premium">
        <p>
          Crop, blur, annotate, stamp the URL and date, and split PDFs smartly. {formatUsd(PREMIUM_PRICE_CENTS)} per year, with a {TRIAL_OFFER}.
        </p>
        <ButtonLink to={paths.checkout.href()} size="lg" onClick={addToCart}>
          Get Premium
        </ButtonLink>
      </PageIntro>
      <section className="section section--flush" aria-labelledby="compare-title">
        <div className="container container--narrow">
          <h2 id="compare-title" className="section__title">
            Compare Basic and Premium
          </h2>
          <FeatureTable />
        </div>
      </section>
      <section className="section section--tint" aria-labelledby="editor-demo-title">
        <div className="container container--narrow">
          <h2 id="editor-demo-title" className="section__title">
            The Premium editor
          </h2>
          <DemoVideo {...editorDemo} />
        </div>
      </section>
      <PlanCards onStartTrial={addToCart} />
      <section className="section" aria-labelledby="billing-title">
        <div className="container container--narrow">
          <h2 id="billing-title" className="section__title">
            How billing works
          </h2>
          <ul className="checklist">
            <li>
              New subscribers start with a {TRIAL_DAYS}-day free trial, one per customer. Cancel it from your account page before it ends: it stops at
              once and you pay nothing.
            </li>
            <li>
              After the trial, or from the first day if you have subscribed before, Premium costs {formatUsd(PREMIUM_PRICE_CENTS)} USD per year and
              renews automatically.
            </li>
            <li>We e-mail you a reminder {RENEWAL_REMINDER_DAYS} days before each renewal.</li>
            <li>Turn off auto-renew at any time from your account page: the year you paid for runs to its end and does not renew.</li>
          </ul>
          <ButtonLink to={paths.checkout.href()} size="lg" onClick={addToCart}>
            Go Premium
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

export { PremiumPage as Component };
