import type { AdminLookupResult } from '#shared/domain/admin';
import { canOfferVerify } from '#shared/rules/admin-search';
import { Button } from '../../../components/ui/button';

/**
 * Spec: the Admin actions panel. Verify user only when the user is not CONFIRMED or the e-mail
 * is not verified; Delete user (after typing DELETE).
 */
export function AdminActions({
  result, pending, onVerify, onDelete,
}: {
  result: AdminLookupResult;
  pending: 'verify' | 'delete' | null;
  onVerify: () => void;
  onDelete: () => void;
}) {
  const offerVerify = canOfferVerify(result.cognito);
  const canDelete = !!(result.cognito || result.dbUser);
  return (
    <section className="admin-panel admin-actions" aria-labelledby="admin-actions-title" data-testid="panel-actions">
      <header className="admin-panel__head">
        <h2 id="admin-actions-title">Admin actions</h2>
      </header>
      <div className="admin-actions__buttons">
        {offerVerify && (
          <Button onClick={onVerify} disabled={pending !== null} aria-busy={pending === 'verify'}>
            {pending === 'verify' ? 'Verifying…' : 'Verify user'}
          </Button>
        )}
        {canDelete && (
          <Button variant="secondary" className="admin-actions__delete" onClick={onDelete} disabled={pending !== null} aria-busy={pending === 'delete'}>
            {pending === 'delete' ? 'Deleting…' : 'Delete user'}
          </Button>
        )}
      </div>
      {!offerVerify && result.cognito && <p className="admin-muted">Confirmed, e-mail verified: nothing to verify.</p>}
      {canDelete && <p className="admin-muted">Delete keeps the Stripe customer for accounting. Organisation admins cannot be deleted here.</p>}
    </section>
  );
}
