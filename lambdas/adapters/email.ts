import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { requireEnv } from '../lib/config';

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
  const outbox = process.env.OUTBOX_DIR;
  if (outbox) {
    await writeOutboxFile(outbox, message);
    return;
  }
  ses ??= new SESv2Client({});
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: requireEnv('EMAIL_FROM'),
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

export async function writeOutboxFile(dir: string, message: EmailMessage): Promise<string> {
  await mkdir(dir, { recursive: true });
  const sentAt = new Date().toISOString();
  const file = join(dir, `${sentAt.replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.json`);
  await writeFile(file, JSON.stringify({ ...message, sentAt }, null, 2));
  return file;
}
