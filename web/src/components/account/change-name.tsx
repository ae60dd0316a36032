import { useId, useState, type FormEvent } from 'react';
import { DISPLAY_NAME_MAX_LENGTH } from '#shared/rules/display-name';
import { Button } from '../ui/button';
import { errorMessageOf } from '../../lib/api-client';
import { reloadUser } from '../../lib/auth';
import { updateAccountName } from './update-name';

const NAME_SAVED = 'Your name was saved.';
const NAME_SAVE_FAILED = 'Your name could not be saved. Please try again.';

/**
 * The name the site greets the user by ("Welcome {name}", the header, member lists). Optional: an
 * empty name means the e-mail is shown instead. Saved on the server, then the session's tokens are
 * refreshed so every page shows it. Shared: /account and the enterprise overview (org admins
 * never see /account) both offer it.
 */
export function ChangeName({ currentName }: { currentName: string }) {
  const [name, setName] = useState(currentName);
  const [state, setState] = useState<{ status: 'idle' | 'saving' | 'saved' } | { status: 'error'; message: string }>({ status: 'idle' });
  const inputId = useId();
  const saving = state.status === 'saving';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setState({ status: 'saving' });
    try {
      const saved = await updateAccountName(name);
      setName(saved.name);
      await reloadUser();
      setState({ status: 'saved' });
    } catch (err) {
      setState({ status: 'error', message: errorMessageOf(err, NAME_SAVE_FAILED) });
    }
  };

  return (
    <form className="change-name" onSubmit={(e) => void onSubmit(e)} aria-label="Your name">
      <label htmlFor={inputId} className="sr-only">
        Name
      </label>
      <input
        id={inputId}
        name="name"
        autoComplete="name"
        // Code points are capped by the server; this only stops typing far past the limit.
        maxLength={DISPLAY_NAME_MAX_LENGTH * 2}
        value={name}
        placeholder="Add your name"
        onChange={(e) => {
          setName(e.target.value);
          if (state.status !== 'saving') setState({ status: 'idle' });
        }}
        disabled={saving}
      />
      <Button type="submit" size="sm" variant="secondary" disabled={saving}>
        {saving ? 'Saving…' : 'Save name'}
      </Button>
      {state.status === 'saved' && <p role="status" className="change-name__note">{NAME_SAVED}</p>}
      {state.status === 'error' && <p role="alert" className="change-email__error">{state.message}</p>}
    </form>
  );
}
