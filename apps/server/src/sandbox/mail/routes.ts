import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { listOutbox } from '../../platform/mail.ts';
import { escapeHtml, page } from '../html.ts';

/** Text with its links made clickable; everything else escaped. */
function withLinks(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

/** The sandbox outbox: every mail the server would have sent, newest first. */
export function sandboxMailRoutes(db: Db) {
  return async (app: FastifyInstance) => {
    app.get('/sandbox/mail', { schema: { hide: true } }, async (_request, reply) => {
      const mails = await listOutbox(db);
      const items = mails
        .map(
          (mail) => `<article class="card">
<div class="muted"><time datetime="${mail.createdAt.toISOString()}">${escapeHtml(mail.createdAt.toISOString())}</time></div>
<div><strong>To:</strong> ${escapeHtml(mail.to)}</div>
<div><strong>Subject:</strong> ${escapeHtml(mail.subject)}</div>
<pre>${withLinks(mail.text)}</pre></article>`,
        )
        .join('');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page('Sandbox outbox', `<h1>Sandbox outbox</h1>${items || '<p class="muted">No mail yet.</p>'}`),
        );
    });
  };
}
