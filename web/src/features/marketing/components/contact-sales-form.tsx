import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { siteFacts, mailto } from '../../../components/layout/site-facts';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { ContactSalesRequest } from '../api/submit-contact-sales';

/**
 * The request's schema and the API call, with zod and the API route table behind them (about 95 KB
 * gzip): loaded when the form is first used, not with the page (issue #24: prerendered pages stay
 * near the bare React floor).
 */
const loadApi = () => Promise.all([import('../api/submit-contact-sales'), import('../../../lib/api-client')]);

type Field = 'name' | 'email' | 'company' | 'seats' | 'message';

const fieldMessages: Record<Field, string> = {
  name: 'Please enter your name.',
  email: 'Please enter a valid work e-mail address.',
  company: 'Please enter your company or organisation.',
  seats: 'Seats must be a whole number from 1 to 100,000.',
  message: 'Please keep your message under 5,000 characters.',
};

type State = { status: 'idle' | 'sending' | 'success' } | { status: 'error'; message: string };

/**
 * The contact-sales form (on /sales and as the request form on /enterprise). Checked on the client
 * with the API route's own schema, then posted to submitContactSales.
 */
export function ContactSalesForm({ submitLabel = 'Contact sales', messageLabel = 'How can we help?' }: { submitLabel?: string; messageLabel?: string }) {
  const id = useId();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [state, setState] = useState<State>({ status: 'idle' });

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (state.status === 'sending') return;
    const form = new FormData(e.currentTarget);
    const seatsText = String(form.get('seats') ?? '').trim();
    const raw = {
      name: String(form.get('name') ?? ''),
      email: String(form.get('email') ?? ''),
      company: String(form.get('company') ?? ''),
      ...(seatsText ? { seats: Number(seatsText) } : {}),
      message: String(form.get('message') ?? ''),
    };
    const [{ contactSalesSchema, submitContactSales }, { ApiClientError }] = await loadApi();
    const parsed = contactSalesSchema.safeParse(raw);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as Field;
        if (f in fieldMessages) next[f] ??= fieldMessages[f];
      }
      setErrors(next);
      const first = Object.keys(next)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setState({ status: 'sending' });
    try {
      await submitContactSales(parsed.data as ContactSalesRequest);
      setState({ status: 'success' });
    } catch (err) {
      setState({ status: 'error', message: err instanceof ApiClientError ? err.message : 'Error encountered.' });
    }
  };

  if (state.status === 'success') {
    return (
      <Alert severity="success" title="Thank you! We received your request.">
        Our sales team will reply by e-mail within one business day.
      </Alert>
    );
  }

  const field = (name: Field, label: string, input: ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`} className="field__label">
        {label}
      </label>
      {hint && (
        <p id={`${id}-${name}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {input}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field__error">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const a11y = (name: Field, hint = false) => ({
    id: `${id}-${name}`,
    name,
    className: 'field__input',
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': [hint && `${id}-${name}-hint`, errors[name] && `${id}-${name}-error`].filter(Boolean).join(' ') || undefined,
  });

  const sending = state.status === 'sending';
  return (
    // Fetched as soon as the visitor starts filling the form in, so sending does not wait for it.
    <form className="contact-form" onSubmit={onSubmit} onFocus={() => void loadApi().catch(() => undefined)} noValidate aria-busy={sending}>
      <div className="contact-form__grid">
        {field('name', 'Your name', <input {...a11y('name')} autoComplete="name" required maxLength={200} />)}
        {field('email', 'Work e-mail', <input {...a11y('email')} type="email" autoComplete="email" required maxLength={254} />)}
        {field('company', 'Company or organisation', <input {...a11y('company')} autoComplete="organization" required maxLength={200} />)}
        {field('seats', 'Number of seats (optional)', <input {...a11y('seats', true)} type="number" inputMode="numeric" min={1} max={100000} step={1} />, 'How many people will capture pages?')}
      </div>
      {field('message', messageLabel, <textarea {...a11y('message')} rows={5} maxLength={5000} />)}
      {state.status === 'error' && (
        <Alert severity="error" title="Your request was not sent">
          {state.message} You can also write to <a href={mailto(siteFacts.salesEmail)}>{siteFacts.salesEmail}</a>.
        </Alert>
      )}
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? 'Sending…' : submitLabel}
      </Button>
    </form>
  );
}
