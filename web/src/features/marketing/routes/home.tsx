import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { usePageTitle } from '../../../components/ui/page-title';
import { Hero } from '../components/hero';

// Below the fold, from the benefits on: not needed for the first paint (the HTML is prerendered)
// nor to hydrate the hero.
const HomeBelowFold = lazy(() => import('../components/home-below-fold'));

export function HomePage() {
  usePageTitle();
  const benefits = useRef<HTMLElement>(null);
  // The hero's arrow scrolls to the benefits, so it shows once they are there (not in the static HTML).
  const [benefitsShown, setBenefitsShown] = useState(false);
  const benefitsRef = useCallback((el: HTMLElement | null) => {
    benefits.current = el;
    setBenefitsShown(!!el);
  }, []);
  return (
    <>
      <Hero benefitsRef={benefits} showArrow={benefitsShown} />
      <Suspense fallback={null}>
        <HomeBelowFold benefitsRef={benefitsRef} />
      </Suspense>
    </>
  );
}

export { HomePage as Component };
