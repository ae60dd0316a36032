import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { config, tableName } from '../lib/config';
import { traced } from '../lib/tracer';
import { dynamo, isConditionalCheckFailed } from './dynamo-client';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Kind of mail, for the local outbox page (invitation, receipt, verification code…). */
  kind: string;
}

let ses: SESv2Client | undefined;

/**
 * Sends through SES in AWS. Locally (`OUTBOX_DIR` set) each message is written as a JSON file
 * that the local stack lists at /_local/outbox.
 */
export async function sendEmail(message: EmailMessage): Promise<void> {
  const outbox = config.outboxDir();
  if (outbox) {
    await writeOutboxFile(outbox, message);
    return;
  }
  ses ??= traced(new SESv2Client({}));
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: config.emailFrom(),
      Destination: { ToAddresses: [message.to] },
      Content: {
        Simple: {
          Subject: { Data: message.subject },
          Body: { Text: { Data: message.text }, ...(message.html ? { Html: { Data: message.html } } : {}) },
        },
      },
    }),
  );
}

/** How long a "sent" mark is kept: longer than Stripe retries an event (3 days). */
const SENT_MARK_SECONDS = 30 * 24 * 3600;

/**
 * Sends `message` once per `key` (e.g. 'receipt#in_123'): a conditional put of a mark in the
 * idempotency table comes first, so a redelivered or re-sent event (even under a fresh event id)
 * finds the mark and sends nothing. If sending fails the mark is removed, so a retry can send.
 * Answers whether this call sent the mail.
 */
export async function sendEmailOnce(key: string, message: EmailMessage): Promise<boolean> {
  const Key = { id: `email#${key}` };
  const TableName = tableName('idempotency');
  try {
    await dynamo().send(new PutCommand({
      TableName, ConditionExpression: 'attribute_not_exists(id)',
      Item: { ...Key, status: 'SENT', kind: message.kind, expiration: Math.floor(Date.now() / 1000) + SENT_MARK_SECONDS },
    }));
  } catch (e) {
    if (isConditionalCheckFailed(e)) return false;
    throw e;
  }
  try {
    await sendEmail(message);
  } catch (e) {
    await dynamo().send(new DeleteCommand({ TableName, Key }));
    throw e;
  }
  return true;
}

export async function writeOutboxFile(dir: string, message: EmailMessage): Promise<string> {
  await mkdir(dir, { recursive: true });
  const sentAt = new Date().toISOString();
  const file = join(dir, `${sentAt.replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.json`);
  // Written aside, then renamed: a reader of the outbox never sees half a file.
  await writeFile(`${file}.partial`, JSON.stringify({ ...message, sentAt }, null, 2));
  await rename(`${file}.partial`, file);
  return file;
}
