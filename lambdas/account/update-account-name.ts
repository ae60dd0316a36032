import { routes } from '#shared/api/routes';
import { adminName } from '../adapters/cognito-admin';
import { usersRepo } from '../adapters/users-repo';
import { defineHandler } from '../lib/define-handler';
import { requireUserRow } from './lib/load-account';

/**
 * POST /account/name {name}: the name the site greets the user by. The route's schema has already
 * tidied it (shared/rules/display-name.ts: trimmed, at most 80 code points); an empty name clears
 * it. Cognito's standard `name` attribute is set by this function (AdminUpdateUserAttributes), so the ID token (and
 * the header) carries it after the next refresh; the user row follows for organisation member lists.
 */
export const handler = defineHandler(routes.updateAccountName, async ({ principal, body }) => {
  await requireUserRow(principal.userId);
  // With IAM, not the user's token: the app client may not write `name` (infra/stacks/auth-stack.ts).
  await adminName.set(principal.username ?? principal.userId, body.name);
  await usersRepo.update(principal.userId, { name: body.name });
  return { ok: true as const, name: body.name };
});
