import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { BenefitList } from './benefit-list';
import { captureDemo, DemoVideo } from './demo-video';
import { PlanCards } from './plan-cards';
import { PressLogos } from './press-logos';
import { ReviewColumns } from './review-columns';

/**
 * The home page below the hero: benefits, demo, press, reviews, plans. A chunk of its own:
 * prerendered in the HTML, it hydrates once its code arrives, after the page is up.
 * `benefitsRef` is the hero arrow's target.
 */
export default function HomeBelowFold({ benefitsRef }: { benefitsRef?: Ref<HTMLElement> }) {
  return (
    <>
      <BenefitList ref={benefitsRef} />
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
