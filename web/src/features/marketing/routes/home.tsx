import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../components/ui/page-title';
import { paths } from '../../../config/paths';
import { BenefitList } from '../components/benefit-list';
import { captureDemo, DemoVideo } from '../components/demo-video';
import { Hero } from '../components/hero';
import { PlanCards } from '../components/plan-cards';
import { PressLogos } from '../components/press-logos';
import { ReviewColumns } from '../components/review-columns';

export function HomePage() {
  usePageTitle();
  const benefits = useRef<HTMLElement>(null);
  return (
    <>
      <Hero benefitsRef={benefits} />
      <BenefitList ref={benefits} />
      <section className="section section--tint demo" aria-labelledby="demo-title">
        <div className="container container--narrow">
          <h2 id="demo-title" className="section__title">
            See it in action
          </h2>
          <p className="section__lead">One click, and the whole page is yours: as PNG, JPG or PDF.</p>
          <DemoVideo {...captureDemo} />
          <p className="demo__more">
            <Link to={paths.demos.href()}>More demos</Link>
          </p>
        </div>
      </section>
      <PressLogos />
      <ReviewColumns />
      <PlanCards />
    </>
  );
}

export { HomePage as Component };
