import type { Context } from 'aws-lambda';
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';
import { config } from './config';

/** Powertools reads POWERTOOLS_SERVICE_NAME and POWERTOOLS_LOG_LEVEL when a Logger is built. */
const options = () => ({ serviceName: config.serviceName() });

/**
 * For lines without a Lambda context; it never gets one. Built on first use: the local stack sets
 * the env vars above after scripts that import handler code have loaded.
 */
let base: Logger | undefined;
const baseLogger = () => (base ??= new Logger(options()));

/** Powertools counts a cold start per Logger instance; the function has one, on its first invocation. */
class InvocationLogger extends Logger {
  constructor(context: Context, coldStart: boolean) {
    super(options());
    if (!coldStart) this.coldStart = false;
    this.addContext(context);
  }
}

interface Invocation { context: Context | undefined; coldStart: boolean; logger?: Logger }
const inFlight = new Set<Invocation>();

/**
 * Runs one invocation; its lines carry its Lambda context. In AWS a container runs one invocation
 * at a time, but the local stack runs every handler in one process, concurrently, and a single
 * logger given each invocation's context printed one function's name and request id on another's
 * lines (post-confirmation lines said `function_name: stripeWebhook`). So a line carries a context
 * only while exactly one invocation is in flight, the one it belongs to; with several in flight
 * (only locally) it carries none rather than a wrong one. AsyncLocalStorage could tell them apart,
 * but on Node 20 it slows every promise: +15 % CPU per request in bench:api. `context` undefined
 * is an invocation without one (the local Lambda Invoke endpoint's triggers).
 */
export async function withInvocationLogger<T>(context: Context | undefined, coldStart: boolean, run: () => Promise<T>): Promise<T> {
  const invocation: Invocation = { context, coldStart };
  inFlight.add(invocation);
  try {
    return await run();
  } finally {
    inFlight.delete(invocation);
  }
}

/**
 * The logger for a line logged now. The invocation's own logger is made on its first line, since
 * most invocations log nothing. Outside invocations (module load, scripts) lines go to the base
 * logger, without a Lambda context.
 */
function current(): Logger {
  if (inFlight.size !== 1) return baseLogger();
  const [only] = inFlight;
  if (!only.context) return baseLogger();
  return (only.logger ??= new InvocationLogger(only.context, only.coldStart));
}

/** What handlers and adapters log through; each call goes to the current invocation's logger. */
export const logger = {
  debug: (input: LogItemMessage, ...extra: LogItemExtraInput) => current().debug(input, ...extra),
  info: (input: LogItemMessage, ...extra: LogItemExtraInput) => current().info(input, ...extra),
  warn: (input: LogItemMessage, ...extra: LogItemExtraInput) => current().warn(input, ...extra),
  error: (input: LogItemMessage, ...extra: LogItemExtraInput) => current().error(input, ...extra),
};
