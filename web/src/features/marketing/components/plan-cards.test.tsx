import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '#shared/domain/premium-plan';
import { PlanCards } from './plan-cards';

afterEach(cleanup);

describe('PlanCards', () => {
  it('the Premium card states the trial once (issue #24)', () => {
    const { container } = render(
      <MemoryRouter>
        <PlanCards />
      </MemoryRouter>,
    );
    const premium = container.querySelector('.plan-card--premium')!.textContent!;
    expect(premium.split(`${TRIAL_DAYS}-day free trial`).length - 1).toBe(1);
    expect(premium.split('$12 per year').length - 1).toBeLessThanOrEqual(1);
  });
});
