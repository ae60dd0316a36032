import { useEffect, useState, type FormEvent } from 'react';
import { ADMIN_SEARCH_HINT } from '#shared/rules/admin-search-matches';
import { Button } from '../../../components/ui/button';

/**
 * The search box (placeholder 'email or userId'), the Search button and, under them, what a search
 * matches. The page decides what a submit does; `error` is its answer ('Search too short.').
 */
export function SearchForm({
  initial, loading, error, onSubmit,
}: {
  initial: string;
  loading: boolean;
  error: string | null;
  onSubmit: (raw: string) => void;
}) {
  const [value, setValue] = useState(initial);
  // A new `q` in the address (a /ziggy?q= link, back button) shows in the box.
  useEffect(() => setValue(initial), [initial]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(value);
  };

  return (
    <form role="search" className="admin-search" onSubmit={submit} aria-busy={loading}>
      <label htmlFor="admin-search-input" className="sr-only">
        Search users by e-mail or userId
      </label>
      <input
        id="admin-search-input"
        className="admin-search__input"
        type="search"
        name="q"
        placeholder="email or userId"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'admin-search-error admin-search-hint' : 'admin-search-hint'}
      />
      <Button type="submit">Search</Button>
      <p id="admin-search-hint" className="admin-search__hint admin-muted small">
        {ADMIN_SEARCH_HINT}
      </p>
      {error && (
        <p id="admin-search-error" role="alert" className="admin-search__error">
          {error}
        </p>
      )}
    </form>
  );
}
