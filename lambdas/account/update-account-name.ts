import { routes } from '#shared/api/routes';
import { ownName } from '../adapters/cognito-client';
import { usersRepo } from '../adapters/users-repo';
import { accessTokenOf } from '../lib/access-token';
import { defineHandler } from '../lib/define-handler';
import { requireUserRow } from './lib/load-account';

/**
 * POST /account/name {name}: the name the site greets the user by. The route's schema has already
 * tidied it (shared/rules/display-name.ts: trimmed, at most 80 code points); an empty name clears
 * it. Cognito's standard `name` attribute is set with the user's own token, so the ID token (and
 * the header) carries it after the next refresh; the user row follows for organisation member lists.
 */
export const handler = defineHandler(routes.updateAccountName, async ({ principal, body, event }) => {
  await requireUserRow(principal.userId);
  await ownName.set(accessTokenOf(event), body.name);
  await usersRepo.update(principal.userId, { name: body.name });
  return { ok: true as const, name: body.name };
});
