import { escapeHtml, page } from '../html.ts';
import { SUCCESS, testPhones } from './outcomes.ts';
import type { SandboxDarajaTransaction } from './schema.ts';

const outcomeOf = (row: SandboxDarajaTransaction) =>
  row.resultCode === 0 ? `paid, receipt ${row.receipt ?? ''}` : `${row.resultCode}: ${row.resultDesc}`;

const callbacksOf = (row: SandboxDarajaTransaction) => {
  if (row.deliveries === 0) return 'never sent (lost)';
  if (!row.callbackSentAt) return 'not sent yet';
  return row.deliveries === 1 ? 'sent' : `sent ${row.deliveries} times`;
};

/** Recent sandbox transactions and the test phone table. Styles only: the CSP forbids inline scripts. */
export function sandboxDarajaPage(rows: SandboxDarajaTransaction[], publicUrl: string): string {
  const phones = Object.entries(testPhones)
    .map(
      ([phone, outcome]) =>
        `<tr><td>${phone}</td><td>${escapeHtml(outcome.label)} (${outcome.resultCode})</td></tr>`,
    )
    .join('');
  const items = rows
    .map(
      (row) => `<article class="card">
<div class="muted"><time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toISOString())}</time></div>
<div><strong>${row.kind === 'stk' ? 'STK Push' : 'B2C payment'}</strong> KES ${row.amount} ${row.kind === 'stk' ? 'from' : 'to'} ${escapeHtml(row.phone)}</div>
<div>${escapeHtml(row.reference)}</div>
<div><strong>Outcome:</strong> ${escapeHtml(outcomeOf(row))}</div>
<div><strong>Callback:</strong> ${escapeHtml(callbacksOf(row))}</div>
<div class="muted">${escapeHtml(row.id)}</div></article>`,
    )
    .join('');
  return page(
    'M-Pesa sandbox',
    `<h1>M-Pesa sandbox</h1>
<p class="muted">Daraja-compatible endpoints at ${escapeHtml(`${publicUrl}/sandbox/daraja`)}.</p>
<section class="card"><h2>Test phones</h2>
<table><tbody>${phones}<tr><td>any other</td><td>${escapeHtml(SUCCESS.label)} (0)</td></tr></tbody></table></section>
<h2>Recent transactions</h2>
${items || '<p class="muted">No transactions yet.</p>'}`,
  );
}
