/**
 * The checkout's signed-in line. Spec: 'You are logged in as {name} ({email}) (switch user)'.
 * Users without a name get their e-mail as the name, which printed it twice ('ann@x (ann@x)'); so
 * the e-mail is shown once when there is no name of its own. '(switch user)' is a link the page adds.
 */
export function loggedInAs(user: { name?: string | null; email: string }): string {
  const name = user.name?.trim() ?? '';
  const hasOwnName = name !== '' && name.toLowerCase() !== user.email.trim().toLowerCase();
  return hasOwnName ? `You are logged in as ${name} (${user.email})` : `You are logged in as ${user.email}`;
}
