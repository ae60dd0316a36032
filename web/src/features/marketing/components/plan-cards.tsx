import { ButtonLink, ExternalButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { formatUsd } from '#shared/rules/price-display';
import { useExtensionStore } from '../../../lib/use-extension-store';
import { plans, TRIAL_OFFER } from '../content/plans';

/**
 * The free and premium cards. `onStartTrial` lets a page record the call to action. The button
 * promises no trial: a returning customer has none (plans.ts, TRIAL_OFFER).
 */
export function PlanCards({ headingLevel = 2, onStartTrial }: { headingLevel?: 2 | 3; onStartTrial?: () => void }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const store = useExtensionStore();
  return (
    <section className="section plans" aria-labelledby="plans-title">
      <div className="container">
        <H id="plans-title" className="section__title">
          Free, or Premium for {formatUsd(plans[1].amountCents, { perMonth: true })} a month
        </H>
        <ul className="plans__grid">
          {plans.map((plan) => (
            <li key={plan.id} className={`plan-card plan-card--${plan.id}`}>
              <Sub className="plan-card__name">{plan.name}</Sub>
              <p className="plan-card__price">
                <span className="plan-card__amount">{formatUsd(plan.amountCents, { perMonth: Boolean(plan.interval) })}</span>
                <span className="plan-card__per">{plan.interval ? ' / month' : ' forever'}</span>
              </p>
              <p className="plan-card__billing">
                {plan.interval ? `Billed ${formatUsd(plan.amountCents)} per year; ${TRIAL_OFFER}` : 'No account needed'}
              </p>
              <p>{plan.summary}</p>
              <ul className="checklist">
                {plan.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
              {plan.id === 'premium' ? (
                <ButtonLink to={paths.checkout.href()} size="lg" onClick={onStartTrial}>
                  Choose Premium
                </ButtonLink>
              ) : (
                <ExternalButtonLink href={store.url} size="lg" variant="secondary">
                  Add to {store.browser}
                </ExternalButtonLink>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
