import { PREMIUM_PRICE_CENTS, TRIAL_DAYS } from '#shared/domain/premium-plan';
import { formatUsd } from '#shared/rules/price-display';
import { checkoutMessages } from '../messages';

/**
 * What Premium costs and whether it starts with the free trial. The trial is one per customer and
 * the server decides (`account.trialEligible`); while that is unknown (signed out, loading) the
 * usual offer is shown, since a new customer gets it.
 */
export function PlanTerms({ trialEligible }: { trialEligible?: boolean }) {
  return (
    <ul className="checkout-plan">
      <li>
        <strong>Premium</strong>: 1-year subscription, {formatUsd(PREMIUM_PRICE_CENTS)} per year
      </li>
      <li>{trialEligible === false ? checkoutMessages.noTrial : `${TRIAL_DAYS}-day free trial: cancel any time from your account page`}</li>
      <li>Cropping, annotation, URL and date stamp, smart PDF page splitting and priority support</li>
    </ul>
  );
}
