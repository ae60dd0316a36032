import { AsyncLocalStorage } from 'node:async_hooks';
import Stripe from 'stripe';
import { dynamo } from '../../../lambdas/adapters/dynamo-client';
import { stripe } from '../../../lambdas/adapters/stripe-client';
import { tableName } from '../../../lambdas/lib/config';

/**
 * Faults injected into one delivery (test only): the handler's write of the user/org row fails
 * (after the idempotency record was taken), or its re-fetch from Stripe fails. The delivery being
 * made is carried in an AsyncLocalStorage, so concurrent deliveries fail only where asked.
 */
export type Fault = 'row-write' | 'stripe-refetch';
export const FAULTS: Fault[] = ['row-write', 'stripe-refetch'];

interface Armed { fault: Fault; fired: boolean }
const current = new AsyncLocalStorage<Armed>();

function fire(fault: Fault): boolean {
  const armed = current.getStore();
  if (!armed || armed.fault !== fault || armed.fired) return false;
  armed.fired = true;
  return true;
}

/** Runs `fn` with `fault` armed; answers whether the fault fired. */
export async function withFault<T>(fault: Fault | undefined, fn: () => Promise<T>): Promise<{ result: T; fired: boolean }> {
  if (!fault) return { result: await fn(), fired: false };
  const armed: Armed = { fault, fired: false };
  const result = await current.run(armed, fn);
  return { result, fired: armed.fired };
}

let installed = false;

/** Hooks the product's (per-container) DynamoDB and Stripe clients once; they behave normally unless a fault is armed. */
export async function installFaults(): Promise<void> {
  if (installed) return;
  installed = true;
  const rowTables = new Set([tableName('users'), tableName('orgs')]);
  // The document client runs its commands as the low-level ones (UpdateCommand as UpdateItemCommand).
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const table = (args.input as { TableName?: string }).TableName ?? '';
      if (context.commandName === 'UpdateItemCommand' && rowTables.has(table) && fire('row-write')) {
        throw Object.assign(new Error('Injected fault: the row write failed.'), { name: 'InternalServerError' });
      }
      return next(args);
    },
    { step: 'initialize', name: 'injectedRowWriteFault' },
  );
  const s = await stripe();
  const refetchFault = () => new Stripe.errors.StripeConnectionError({ message: 'Injected fault: Stripe could not be reached.' });
  const subscriptions = s.subscriptions.retrieve.bind(s.subscriptions);
  s.subscriptions.retrieve = ((...args: Parameters<typeof subscriptions>) =>
    fire('stripe-refetch') ? Promise.reject(refetchFault()) : subscriptions(...args)) as typeof s.subscriptions.retrieve;
  const sessions = s.checkout.sessions.retrieve.bind(s.checkout.sessions);
  s.checkout.sessions.retrieve = ((...args: Parameters<typeof sessions>) =>
    fire('stripe-refetch') ? Promise.reject(refetchFault()) : sessions(...args)) as typeof s.checkout.sessions.retrieve;
}
