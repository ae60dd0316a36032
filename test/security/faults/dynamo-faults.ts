import { mockClient } from 'aws-sdk-client-mock';
import { dynamo } from '../../../lambdas/adapters/dynamo-client';

/** What a failing DynamoDB call looks like to the product: a 500 from the service, or the SDK's timeout. */
export type DynamoFaultKind = 'error' | 'timeout';

interface Command {
  constructor: { name: string };
  input: { TableName?: string } & Record<string, unknown>;
}

function faultError(kind: DynamoFaultKind): Error {
  if (kind === 'timeout') {
    // What the SDK's request handler throws when `requestTimeout` passes (see dynamo-client.ts).
    return Object.assign(new Error('Connection timed out after 5000 ms'), { name: 'TimeoutError', $metadata: {} });
  }
  return Object.assign(new Error('Internal server error (injected)'), {
    name: 'InternalServerError', $fault: 'server', $metadata: { httpStatusCode: 500 },
  });
}

/**
 * Makes the next `times` calls of this process's DynamoDB document client that match fail (a
 * service error, or a timeout after a short wait); every other call goes to the local DynamoDB as
 * usual. `restore()` puts the client back.
 */
export function failDynamo(opts: { command: string; table?: string; when?: (input: Command['input']) => boolean; kind: DynamoFaultKind; times?: number }) {
  const client = dynamo();
  const real = client.send.bind(client) as (command: unknown, ...rest: unknown[]) => Promise<unknown>;
  const mock = mockClient(client);
  let left = opts.times ?? 1;
  let hits = 0;
  mock.send.callsFake(async (sent: unknown, ...rest: unknown[]) => {
    const command = sent as Command;
    const matches = command.constructor.name === opts.command
      && (!opts.table || (command.input.TableName ?? '').includes(opts.table))
      && (!opts.when || opts.when(command.input));
    if (left > 0 && matches) {
      left--;
      hits++;
      if (opts.kind === 'timeout') await new Promise((r) => setTimeout(r, 50));
      throw faultError(opts.kind);
    }
    return real(sent, ...rest) as never;
  });
  return { hits: () => hits, restore: () => mock.restore() };
}
