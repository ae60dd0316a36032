import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { route } from '#shared/api/route';
import { lambdaContext } from '../../scripts/local/api-server';
import { defineHandler } from './define-handler';
import type { ApiEvent } from './http';
import { logger, withInvocationLogger } from './logger';

const ping = (id: string) => route({
  id, method: 'GET', path: `/${id}`, caller: 'public', handler: `test/${id}`, summary: 'test',
  response: z.object({ ok: z.boolean() }),
});
const event = { headers: {}, isBase64Encoded: false, requestContext: {} } as unknown as ApiEvent;
const tick = () => new Promise((r) => setTimeout(r, 5));

/** A handler that logs before and after an await, naming its own request id in the message. */
const handlerFor = (id: string) => defineHandler(ping(id), async ({ context }) => {
  logger.info(`${id} start ${context.awsRequestId}`);
  await tick();
  logger.info(`${id} end ${context.awsRequestId}`);
  return { ok: true };
});

type Line = Record<string, unknown> & { message: string };
let lines: Line[] = [];
beforeAll(() => {
  // The base logger is built on first use, so this level applies (the stack's env says WARN).
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
  const capture = (chunk: unknown) => {
    for (const l of String(chunk).split('\n')) if (l.startsWith('{')) lines.push(JSON.parse(l) as Line);
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});
afterAll(() => vi.restoreAllMocks());

const linesOf = (message: string) => lines.filter((l) => l.message === message);

describe('the logger of concurrent invocations in one process', () => {
  it('stamps a line with the context of the one invocation in flight', async () => {
    lines = [];
    const contexts = [lambdaContext('stripeWebhook'), lambdaContext('lookupAccount')];
    await handlerFor('stripeWebhook')(event, contexts[0]);
    await handlerFor('lookupAccount')(event, contexts[1]);
    expect(lines.map((l) => [l.message, l.function_name, l.function_request_id])).toEqual([
      [`stripeWebhook start ${contexts[0].awsRequestId}`, 'stripeWebhook', contexts[0].awsRequestId],
      [`stripeWebhook end ${contexts[0].awsRequestId}`, 'stripeWebhook', contexts[0].awsRequestId],
      [`lookupAccount start ${contexts[1].awsRequestId}`, 'lookupAccount', contexts[1].awsRequestId],
      [`lookupAccount end ${contexts[1].awsRequestId}`, 'lookupAccount', contexts[1].awsRequestId],
    ]);
  });

  it('never stamps a line with another invocation\'s context when several run at once (the local stack)', async () => {
    lines = [];
    const webhook = handlerFor('stripeWebhook');
    const lookup = handlerFor('lookupAccount');
    await Promise.all([webhook(event, lambdaContext('stripeWebhook')), lookup(event, lambdaContext('lookupAccount')), webhook(event, lambdaContext('stripeWebhook'))]);
    expect(lines).toHaveLength(6);
    for (const l of lines) {
      const [fn, , requestId] = l.message.split(' ');
      if (l.function_request_id !== undefined) expect([l.function_name, l.function_request_id]).toEqual([fn, requestId]);
    }
  });

  it('keeps a previous invocation\'s context off lines logged outside any invocation', async () => {
    lines = [];
    await handlerFor('stripeWebhook')(event, lambdaContext('stripeWebhook'));
    logger.info('post-confirmation');
    const [line] = linesOf('post-confirmation');
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('function_name');
    expect(line).not.toHaveProperty('function_request_id');
  });

  it('keeps an API invocation\'s context off a trigger that runs beside it (post-confirmation beside stripeWebhook)', async () => {
    lines = [];
    const trigger = withInvocationLogger(undefined, false, async () => {
      await tick();
      logger.info('post-confirmation');
    });
    await Promise.all([handlerFor('stripeWebhook')(event, lambdaContext('stripeWebhook')), trigger]);
    expect(linesOf('post-confirmation')[0]).not.toHaveProperty('function_name');
  });

  it('marks only the first invocation of each handler as a cold start (as Lambda reports an on-demand container)', async () => {
    lines = [];
    // Powertools reports cold starts only when Lambda says the container was started on demand.
    vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
    const h = handlerFor('getOrganization');
    await h(event, lambdaContext('getOrganization'));
    await h(event, lambdaContext('getOrganization'));
    expect(lines.filter((l) => l.message.startsWith('getOrganization start')).map((l) => l.cold_start)).toEqual([true, false]);
    vi.unstubAllEnvs();
  });
});
