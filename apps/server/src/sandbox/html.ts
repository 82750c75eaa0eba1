import type { FastifyReply } from 'fastify';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (char) => entities[char] as string);
}

/** A small mobile-friendly page; styles only (the CSP allows inline styles, never scripts). */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 16px; background: #f4f5f7; color: #111; }
  main { max-width: 480px; margin: 0 auto; }
  h1 { font-size: 1.25rem; }
  .card { background: #fff; border-radius: 12px; padding: 16px; margin: 12px 0; box-shadow: 0 1px 3px #0002; }
  button { width: 100%; padding: 12px; font-size: 1rem; border-radius: 8px; border: 1px solid #ccd; background: #fff; margin: 6px 0; cursor: pointer; text-align: left; }
  button.primary { background: #1a56db; color: #fff; border: 0; text-align: center; }
  label { display: block; margin: 8px 0 4px; font-size: .9rem; }
  input { width: 100%; box-sizing: border-box; padding: 10px; font-size: 1rem; border: 1px solid #ccd; border-radius: 8px; }
  small, .muted { color: #667; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f8f8fa; padding: 8px; border-radius: 8px; }
  a { color: #1a56db; word-break: break-all; }
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** A sandbox page as the answer, never cached: it shows live payments. */
export const sendHtml = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
