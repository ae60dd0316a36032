/**
 * Start-up work of the signed-in pages in pieces (issue #24). A dynamic import evaluates the
 * modules it reaches that have not run yet, all in one task: importing an account route at once
 * runs zod, every API schema and the account code in one long task that blocks input. Importing
 * them in steps, with a yield to the browser between steps, makes that several short tasks; each
 * module still runs once, and a later step only runs what earlier steps did not.
 */

/** Lets the browser paint and handle input before the next piece of work. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Imports `pieces` in order, yielding after each. */
async function importInPieces(pieces: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const piece of pieces) {
    await piece();
    await yieldToMain();
  }
}

let accountCode: Promise<void> | undefined;

/**
 * zod, then the domain schemas, then the API route table (every route's schemas) and its client:
 * what the account provider, /account, /checkout and the other signed-in pages import. Their route
 * `lazy` functions await this before importing their own modules. Runs once.
 */
export function loadAccountCodeInPieces(): Promise<void> {
  accountCode ??= importInPieces([
    () => import('zod'),
    () => import('#shared/domain/subscription'),
    () => import('#shared/domain/account'),
    () => import('#shared/domain/organization'),
    () => import('#shared/api/routes'),
    () => import('../lib/api-client'),
  ]);
  return accountCode;
}
