import type { Context } from 'aws-lambda';
import { writeOutboxFile } from '../../lambdas/adapters/email';
import { lambdaContext, type Mount } from './api-server';
import { LOCAL_CONFIRMATION_CODE } from './cognito';

type Trigger = (event: unknown, context: Context) => Promise<unknown>;

interface CustomMessageEvent {
  triggerSource: string;
  request: { userAttributes: Record<string, string>; codeParameter: string; clientMetadata?: Record<string, string> };
  response: Record<string, unknown>;
}

/**
 * Local-only CustomMessage trigger: Cognito itself sends mail in AWS; here the message goes to
 * the outbox so a developer can read the (fixed) code at /_local/outbox.
 */
export function customMessageToOutbox(outboxDir: string): Trigger {
  return async (raw) => {
    const event = raw as CustomMessageEvent;
    // cognito-local gives CustomMessage_UpdateUserAttribute the old attributes; Cognito mails the new
    // address, which the change-email handler passes as client metadata.
    const pending = event.triggerSource === 'CustomMessage_UpdateUserAttribute' ? event.request.clientMetadata?.pendingEmail : undefined;
    const to = pending ?? event.request.userAttributes.email ?? '(unknown)';
    const isReset = event.triggerSource.includes('ForgotPassword');
    const subject = isReset ? 'Reset your Full Page Shot password' : 'Your Full Page Shot verification code';
    const text = `${isReset ? 'Your password reset code' : 'Your verification code'} is ${LOCAL_CONFIRMATION_CODE}.`;
    await writeOutboxFile(outboxDir, { to, subject, text, kind: isReset ? 'password-reset' : 'verification-code' });
    event.response = { ...event.response, emailSubject: subject, emailMessage: text.replace(LOCAL_CONFIRMATION_CODE, event.request.codeParameter) };
    return event;
  };
}

/**
 * The Lambda Invoke API (`POST /2015-03-31/functions/<name>/invocations`) that cognito-local calls
 * for its triggers, answered by the same trigger handlers the CDK app deploys.
 */
export function lambdaInvokeMount(triggers: Record<string, () => Promise<Trigger>>): Mount {
  return async (req, res, url, body) => {
    const m = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(url.pathname);
    if (!m || req.method !== 'POST') return false;
    const load = triggers[decodeURIComponent(m[1])];
    if (!load) {
      res.writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' });
      res.end(JSON.stringify({ Type: 'User', Message: `Function not found: ${m[1]}` }));
      return true;
    }
    try {
      const result = await (await load())(JSON.parse(body.toString() || '{}'), lambdaContext(m[1]));
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-executed-version': '$LATEST' });
      res.end(JSON.stringify(result ?? null));
    } catch (e) {
      console.error(`[lambda ${m[1]}]`, e);
      res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
      res.end(JSON.stringify({ errorType: (e as Error).name, errorMessage: (e as Error).message }));
    }
    return true;
  };
}
