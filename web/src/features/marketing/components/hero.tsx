import type { RefObject } from 'react';
import { EXTENSION_STORES, STORE_ORDER, SUPPORTED_BROWSERS } from '#shared/extension/store-links';
import { siteFacts } from '../../../components/layout/site-facts';
import { ExternalButtonLink } from '../../../components/ui/button';
import { useExtensionStore } from '../../../lib/use-extension-store';
import { useHeroArrow } from './use-hero-arrow';
import { CAPTURES_STAY_LOCAL } from '../content/capture-storage';

/** `showArrow`: the scroll-to-benefits arrow shows once the benefits are on the page (they load lazily). */
export function Hero({ benefitsRef, showArrow = true }: { benefitsRef: RefObject<HTMLElement | null>; showArrow?: boolean }) {
  const { bouncing, scrollToTarget } = useHeroArrow(benefitsRef);
  // The visitor's own browser first; the other two beside it.
  const store = useExtensionStore();
  const others = STORE_ORDER.filter((id) => id !== store.id).map((id) => EXTENSION_STORES[id]);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">Free for {SUPPORTED_BROWSERS}</p>
          <h1 id="hero-title" className="hero__title">
            Screenshot a whole web page in one click
          </h1>
          <p className="hero__lead">
            Full Page Shot captures the entire page, not just what fits on your screen, and saves it as PNG, JPG or PDF. {CAPTURES_STAY_LOCAL}
          </p>
          <div className="hero__actions">
            <ExternalButtonLink size="lg" href={store.url}>
              Add to {store.browser}, it’s free
            </ExternalButtonLink>
            {others.map((o) => (
              <ExternalButtonLink key={o.id} size="lg" variant="secondary" href={o.url}>
                Get it for {o.browser}
              </ExternalButtonLink>
            ))}
          </div>
          <p className="hero__meta">
            Trusted by {siteFacts.usersText} users · rated {siteFacts.rating} out of {siteFacts.ratingOutOf}
          </p>
        </div>
        <div className="hero__art">
          <img
            src="/media/hero.svg"
            width="560"
            height="420"
            alt="A long web page captured from top to bottom as one image, next to the browser it came from."
            fetchPriority="high"
          />
        </div>
      </div>
      {showArrow && (
        <button type="button" className={bouncing ? 'hero__arrow hero__arrow--bounce' : 'hero__arrow'} onClick={scrollToTarget}>
          <span className="sr-only">Scroll to the benefits</span>
          <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M12 4v15m0 0-6-6m6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
    </section>
  );
}
