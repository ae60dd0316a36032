import type { SeatSummary } from '#shared/rules/seats';

/** Seats, used (active + invited) and remaining, as the spec counts them. */
export function SeatSummaryList({ summary }: { summary: SeatSummary }) {
  return (
    <dl className="enterprise-seats" aria-label="Seats">
      <div className="enterprise-seats__item">
        <dt>Seats</dt>
        <dd data-testid="seats-total">{summary.seats}</dd>
      </div>
      <div className="enterprise-seats__item">
        <dt>Used</dt>
        <dd data-testid="seats-used">{summary.used}</dd>
      </div>
      <div className="enterprise-seats__item">
        <dt>Remaining</dt>
        <dd data-testid="seats-remaining">{summary.remaining}</dd>
      </div>
    </dl>
  );
}
