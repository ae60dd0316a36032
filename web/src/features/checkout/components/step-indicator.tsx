import { CHECKOUT_STAGE_TITLES, CHECKOUT_STAGES, checkoutStepNumber, type CheckoutStage } from '#shared/rules/checkout-stage';

/** '1. Sign Up 2. Billing 3. Success!', the current stage marked. */
export function StepIndicator({ current }: { current: CheckoutStage | null }) {
  return (
    <nav aria-label="Checkout steps" className="checkout-steps">
      <ol>
        {CHECKOUT_STAGES.map((stage, i) => (
          <li key={stage} aria-current={stage === current ? 'step' : undefined} className={stage === current ? 'is-current' : undefined}>
            {i > 0 ? ' ' : ''}
            {checkoutStepNumber(stage)}. {CHECKOUT_STAGE_TITLES[stage]}
          </li>
        ))}
      </ol>
    </nav>
  );
}
