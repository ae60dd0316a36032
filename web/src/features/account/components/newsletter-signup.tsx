import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { isNewsletterEmail, subscribeToNewsletter } from '../../../lib/newsletter';

type State = { status: 'idle' } | { status: 'sending' } | { status: 'success'; message: string } | { status: 'error'; message: string };

/** The newsletter form (a single EMAIL field; states sending, error, success). */
export function NewsletterSignup({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [email, setEmail] = useState(defaultEmail);
  const [state, setState] = useState<State>({ status: 'idle' });
  const id = useId();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isNewsletterEmail(email)) {
      setState({ status: 'error', message: 'Please enter an email address.' });
      return;
    }
    setState({ status: 'sending' });
    try {
      const r = await subscribeToNewsletter(email);
      setState(r.result === 'success' ? { status: 'success', message: r.msg || 'Thank you for subscribing!' } : { status: 'error', message: r.msg });
    } catch (err) {
      setState({ status: 'error', message: err instanceof Error ? err.message : 'Something went wrong.' });
    }
  };
  if (state.status === 'success') return <p role="status">{state.message}</p>;
  return (
    <form className="newsletter-signup" onSubmit={onSubmit} aria-label="Newsletter signup">
      <label htmlFor={id}>Get product news by email</label>
      <input id={id} type="email" name="EMAIL" value={email} onChange={(e) => setEmail(e.target.value)} disabled={state.status === 'sending'} />
      <Button type="submit" disabled={state.status === 'sending'}>
        {state.status === 'sending' ? 'Sending…' : 'Subscribe'}
      </Button>
      {state.status === 'error' && <p role="alert">{state.message}</p>}
    </form>
  );
}
