import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmailMessage } from '../../lambdas/adapters/email';
import type { Mount } from './api-server';

export type OutboxEntry = EmailMessage & { sentAt: string; file: string };

export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  let files: string[] = [];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const entries = await Promise.all(
    files.map(async (f) => ({ ...(JSON.parse(await readFile(join(dir, f), 'utf8')) as EmailMessage & { sentAt: string }), file: f })),
  );
  return entries.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (s: string) => esc(s).replace(/https?:\/\/[^\s<]+/g, (u) => `<a href="${u}">${u}</a>`);

/** `GET /_local/outbox` (a page) and `/_local/outbox.json`: the mail the product has "sent". */
export function outboxMount(dir: string): Mount {
  return async (req, res, url) => {
    if (req.method !== 'GET' || !url.pathname.startsWith('/_local/outbox')) return false;
    const entries = await readOutbox(dir);
    if (url.pathname === '/_local/outbox.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify(entries));
      return true;
    }
    const rows = entries
      .map((m) => `<article><h2>${esc(m.subject)}</h2><p><strong>To:</strong> ${esc(m.to)} · <strong>Kind:</strong> ${esc(m.kind)} · <time>${esc(m.sentAt)}</time></p><pre>${linkify(m.text)}</pre></article>`)
      .join('\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local outbox</title>
<style>body{font-family:system-ui;margin:2rem;max-width:60rem}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Local outbox</h1><p>${entries.length} message(s), newest first. Files are in <code>${esc(dir)}</code>.</p>${rows || '<p>No mail sent yet.</p>'}</body></html>`);
    return true;
  };
}
