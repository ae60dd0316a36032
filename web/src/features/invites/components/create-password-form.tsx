import { useId, useState, type FormEvent } from 'react';
import { isValidPassword, PASSWORD_RULE_MESSAGE } from '#shared/rules/password-rule';
import { Button } from '../../../components/ui/button';

const PASSWORDS_DIFFER = 'The two passwords are not the same.';

/**
 * Completion is allowed only with a valid password, and not while a second entry is present that
 * is invalid or different (spec 001, section 5).
 */
export function canComplete(password: string, confirm: string): boolean {
  if (!isValidPassword(password)) return false;
  return confirm === '' || (isValidPassword(confirm) && confirm === password);
}

export interface CreatePasswordFormProps {
  email: string;
  pending: boolean;
  onComplete: (password: string) => void;
}

/**
 * The invitee without an account chooses a password: the product's rule ('Password must be 8+
 * characters long and include both lowercase and uppercase letters.'), entered twice. Errors show
 * after a field is left (blur) or after a submit attempt.
 */
export function CreatePasswordForm({ email, pending, onComplete }: CreatePasswordFormProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const [submitted, setSubmitted] = useState(false);

  const passwordError = (touched.password || submitted) && !isValidPassword(password) ? PASSWORD_RULE_MESSAGE : null;
  const confirmError =
    (touched.confirm || submitted) && (confirm !== '' || submitted) && confirm !== password ? PASSWORDS_DIFFER : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (pending || !isValidPassword(password) || confirm !== password) return;
    onComplete(password);
  }

  return (
    <form className="invite-password" onSubmit={submit} noValidate aria-label="Create your password">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          Email
        </label>
        <input id={`${id}-email`} className="field__input" type="email" value={email} readOnly autoComplete="username" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>
          Password
        </label>
        <input
          id={`${id}-password`}
          className="field__input"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          aria-invalid={!!passwordError}
          aria-describedby={passwordError ? `${id}-password-error` : `${id}-password-hint`}
        />
        {passwordError ? (
          <p id={`${id}-password-error`} className="field__error" role="alert">
            {passwordError}
          </p>
        ) : (
          <p id={`${id}-password-hint`} className="field__hint">
            At least 8 characters, with lowercase and uppercase letters.
          </p>
        )}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-confirm`}>
          Confirm password
        </label>
        <input
          id={`${id}-confirm`}
          className="field__input"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, confirm: true }))}
          aria-invalid={!!confirmError}
          aria-describedby={confirmError ? `${id}-confirm-error` : undefined}
        />
        {confirmError && (
          <p id={`${id}-confirm-error`} className="field__error" role="alert">
            {confirmError}
          </p>
        )}
      </div>
      <Button type="submit" disabled={pending || !canComplete(password, confirm)}>
        {pending ? 'Completing…' : 'Complete'}
      </Button>
    </form>
  );
}
