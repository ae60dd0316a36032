/**
 * The user pool attributes the SPA's app client may write with the user's own token (SignUp,
 * UpdateUserAttributes): the CDK app client's WriteAttributes (infra/stacks/auth-stack.ts) and the
 * local proxy's check (scripts/local/cognito.ts: cognito-local does not enforce them) are both
 * this list.
 *
 * `name` is not in it: a user could otherwise store any text there (the 636 characters
 * with control characters) and the header, member lists and the admin panel would show it.
 * POST /account/name (and the PostConfirmation trigger) write it with IAM, through the name rule.
 */

/**
 * The name offered at sign-up: typed in the sign-up form, or Google's name (mapped by the
 * identity provider, which Cognito allows only for attributes the client may write). Nothing
 * shows it: the PostConfirmation trigger tidies it with `normalizeDisplayName` into `name`.
 */
export const SIGNUP_NAME_ATTRIBUTE = 'custom:signup_name';

export const CLIENT_WRITE_ATTRIBUTES: readonly string[] = ['email', SIGNUP_NAME_ATTRIBUTE];
