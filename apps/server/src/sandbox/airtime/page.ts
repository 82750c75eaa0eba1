import { escapeHtml, page } from '../html.ts';
import { SUCCESS, testNumbers } from './outcomes.ts';
import type { SandboxAirtimeCharge } from './schema.ts';

const outcomeOf = (row: SandboxAirtimeCharge, now: number) => {
  if (row.completesAt.getTime() > now) return 'waiting for the subscriber';
  return row.resultCode === 0 ? 'charged' : `${row.resultCode}: ${row.resultDesc}`;
};

const resultsOf = (row: SandboxAirtimeCharge) => {
  if (row.deliveries === 0) return 'never sent (lost)';
  if (!row.callbackSentAt) return 'not sent yet';
  return row.deliveries === 1 ? 'sent' : `sent ${row.deliveries} times`;
};

/** Recent charges and the test number table. Styles only: the CSP forbids inline scripts. */
export function sandboxAirtimePage(rows: SandboxAirtimeCharge[], publicUrl: string, now: number): string {
  const numbers = Object.entries(testNumbers)
    .map(
      ([msisdn, outcome]) =>
        `<tr><td>${msisdn}</td><td>${escapeHtml(outcome.label)} (${outcome.resultCode})</td></tr>`,
    )
    .join('');
  const items = rows
    .map(
      (row) => `<article class="card">
<div class="muted"><time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toISOString())}</time></div>
<div><strong>KES ${row.amount}</strong> of airtime from ${escapeHtml(row.msisdn)}</div>
<div>${escapeHtml(row.description)} (reference ${escapeHtml(row.reference)})</div>
<div><strong>Outcome:</strong> ${escapeHtml(outcomeOf(row, now))}</div>
<div><strong>Result:</strong> ${escapeHtml(resultsOf(row))}</div>
<div class="muted">${escapeHtml(row.id)}</div></article>`,
    )
    .join('');
  return page(
    'Safaricom airtime sandbox',
    `<style>h2 { font-size: 1rem; margin: 0 0 8px; } td { padding: 4px 0; }</style>
<h1>Safaricom airtime sandbox</h1>
<p class="muted">Carrier billing endpoints at ${escapeHtml(`${publicUrl}/sandbox/airtime`)}.</p>
<section class="card"><h2>Test numbers</h2>
<table><tbody>${numbers}<tr><td>any other</td><td>${escapeHtml(SUCCESS.label)} (0)</td></tr></tbody></table></section>
<h2>Recent charges</h2>
${items || '<p class="muted">No charges yet.</p>'}`,
  );
}
