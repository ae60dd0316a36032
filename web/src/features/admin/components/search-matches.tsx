import { Link } from 'react-router-dom';
import { ADMIN_SEARCH_MAX_MATCHES, type AdminSearchMatch } from '#shared/rules/admin-search-matches';
import { paths } from '../../../config/paths';

/** Several users whose e-mail begins with the query: each opens its full lookup (a /ziggy?q= link). */
export function SearchMatches({ query, matches, more }: { query: string; matches: AdminSearchMatch[]; more: boolean }) {
  return (
    <section className="admin-panel" aria-labelledby="admin-matches-title" data-testid="search-matches">
      <header className="admin-panel__head">
        <h2 id="admin-matches-title">
          {matches.length} e-mail addresses begin with “{query}”
        </h2>
      </header>
      <ul className="admin-matches">
        {matches.map((m) => (
          <li key={m.userId}>
            <Link to={paths.ziggy.href(m.email)}><bdi>{m.email}</bdi></Link> <span className="admin-muted small">{m.userStatus}</span>
          </li>
        ))}
      </ul>
      {more && <p className="admin-muted small">Only the first {ADMIN_SEARCH_MAX_MATCHES} are shown: type more of the address.</p>}
    </section>
  );
}
