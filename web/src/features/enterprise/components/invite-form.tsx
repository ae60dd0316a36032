import { useId, useState, type FormEvent } from 'react';
import { checkInviteEmails, normalizedInviteEmails } from '#shared/rules/invite-emails';
import { Button } from '../../../components/ui/button';

export interface InviteFormProps {
  remainingSeats: number;
  /** Sends the invitations; resolves true when they went out (the form then clears). */
  onSend: (emails: string[]) => Promise<boolean>;
  onCancel: () => void;
}

/**
 * The invitation input (spec 000, section 5): split on commas, trimmed, blanks removed; every
 * address valid ('Contains invalid emails'), no more than the remaining seats ('Error: too many
 * emails specified (N), there are only M seats remaining.'). Send is enabled only with at least
 * one address, all valid, not above the remaining seats.
 */
export function InviteForm({ remainingSeats, onSend, onCancel }: InviteFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const check = checkInviteEmails(text, remainingSeats);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!check.canSend || sending) return;
    setSending(true);
    try {
      if (await onSend(normalizedInviteEmails(check.emails))) setText('');
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="enterprise-invite" onSubmit={submit} aria-label="Invite members">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-emails`}>
          Email addresses
        </label>
        <p className="field__hint" id={`${id}-hint`}>
          Separate several addresses with commas. {remainingSeats} {remainingSeats === 1 ? 'seat' : 'seats'} remaining.
        </p>
        <textarea
          id={`${id}-emails`}
          className="field__input"
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-hint${check.errors.length ? ` ${id}-errors` : ''}`}
          aria-invalid={check.errors.length > 0}
          placeholder="jane@example.com, sam@example.com"
          autoFocus
        />
        {check.errors.length > 0 && (
          <div id={`${id}-errors`} role="alert">
            {check.errors.map((message) => (
              <p key={message} className="field__error">
                {message}
              </p>
            ))}
          </div>
        )}
      </div>
      <div className="enterprise-invite__actions">
        <Button type="submit" disabled={!check.canSend || sending}>
          {sending ? 'Sending…' : 'Send'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={sending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
