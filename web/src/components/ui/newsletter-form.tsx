import { useId, useState, type FormEvent } from 'react';
import { isNewsletterEmail, NewsletterError, subscribeToNewsletter } from '../../lib/newsletter';
import { Alert } from './alert';
import { Button } from './button';

type State = { status: 'idle' } | { status: 'sending' } | { status: 'error'; message: string } | { status: 'success'; message: string };

const INVALID_EMAIL_MESSAGE = 'Please enter an e-mail address containing @.';

export interface NewsletterFormProps {
  /** Visible label of the e-mail field. */
  label?: string;
  submitLabel?: string;
  /** Focus the field on mount (when the form is revealed by a button). */
  autoFocus?: boolean;
  className?: string;
}

/**
 * The newsletter sign-up: one EMAIL field, states sending, error (the provider's message) and
 * success. The default form requires an e-mail containing '@'.
 */
export function NewsletterForm({ label = 'Email address', submitLabel = 'Subscribe', autoFocus, className }: NewsletterFormProps) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const id = useId();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (state.status === 'sending') return;
    const email = String(new FormData(e.currentTarget).get('EMAIL') ?? '').trim();
    if (!isNewsletterEmail(email)) {
      setState({ status: 'error', message: INVALID_EMAIL_MESSAGE });
      return;
    }
    setState({ status: 'sending' });
    try {
      const r = await subscribeToNewsletter(email);
      setState({ status: 'success', message: r.msg });
    } catch (err) {
      setState({ status: 'error', message: err instanceof NewsletterError ? err.message : 'Undefined error' });
    }
  };

  if (state.status === 'success') {
    return (
      <Alert severity="success" title="You are subscribed" className={className}>
        {state.message}
      </Alert>
    );
  }

  const sending = state.status === 'sending';
  return (
    <form className={['newsletter-form', className].filter(Boolean).join(' ')} onSubmit={onSubmit} noValidate aria-busy={sending}>
      <label htmlFor={`${id}-email`} className="field__label">
        {label}
      </label>
      <div className="newsletter-form__row">
        <input
          id={`${id}-email`}
          className="field__input"
          name="EMAIL"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          required
          autoFocus={autoFocus}
          aria-invalid={state.status === 'error'}
          aria-describedby={state.status === 'error' ? `${id}-error` : undefined}
          readOnly={sending}
        />
        <Button type="submit" disabled={sending}>
          {sending ? 'Sending…' : submitLabel}
        </Button>
      </div>
      {sending && (
        <p className="newsletter-form__status" role="status">
          Sending…
        </p>
      )}
      {state.status === 'error' && (
        <div id={`${id}-error`}>
          <Alert severity="error">{state.message}</Alert>
        </div>
      )}
    </form>
  );
}
