import { escapeHtml, page } from '../html.ts';
import { refusingPhones, SUCCESS, testPhones, UNANSWERED } from './outcomes.ts';
import type { SandboxDarajaTransaction } from './schema.ts';

const outcomeOf = (row: SandboxDarajaTransaction, waiting: boolean) => {
  if (waiting) return 'waiting for an answer on the phone';
  return row.resultCode === 0 ? `paid, receipt ${row.receipt ?? ''}` : `${row.resultCode}: ${row.resultDesc}`;
};

const callbacksOf = (row: SandboxDarajaTransaction) => {
  if (row.deliveries === 0) return 'never sent (lost)';
  if (!row.callbackSentAt) return 'not sent yet';
  return row.deliveries === 1 ? 'sent' : `sent ${row.deliveries} times`;
};

/** A prompt on a hand-answered phone, with the person's three possible answers. */
const promptCard = (row: SandboxDarajaTransaction) => `<article class="card">
<div><strong>KES ${row.amount}</strong> asked of ${escapeHtml(row.phone)} (${escapeHtml(row.reference)})</div>
<form method="post" action="/sandbox/daraja/phones/${escapeHtml(row.phone)}/answer">
<button class="primary" name="answer" value="pay">Enter PIN and pay</button>
<button name="answer" value="pay-callback-lost">Pay, but the callback is lost</button>
<button name="answer" value="cancel">Cancel</button>
</form></article>`;

/**
 * Recent sandbox transactions, the prompts waiting on hand-answered phones, and the test phone table.
 * Styles only: the CSP forbids inline scripts.
 */
export function sandboxDarajaPage(
  rows: SandboxDarajaTransaction[],
  waiting: SandboxDarajaTransaction[],
  publicUrl: string,
): string {
  const phones = Object.entries(testPhones)
    .map(
      ([phone, outcome]) =>
        `<tr><td>${phone}</td><td>${escapeHtml(outcome.label)} (${outcome.resultCode})</td></tr>`,
    )
    .join('');
  const refusals = Object.entries(refusingPhones)
    .map(
      ([phone, refusal]) =>
        `<tr><td>${phone}</td><td>${escapeHtml(refusal.label)} (HTTP ${refusal.status}, ${escapeHtml(refusal.errorCode)})</td></tr>`,
    )
    .join('');
  const waitingIds = new Set(waiting.map((row) => row.id));
  const items = rows
    .map(
      (row) => `<article class="card">
<div class="muted"><time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toISOString())}</time></div>
<div><strong>${row.kind === 'stk' ? 'STK Push' : 'B2C payment'}</strong> KES ${row.amount} ${row.kind === 'stk' ? 'from' : 'to'} ${escapeHtml(row.phone)}</div>
<div>${escapeHtml(row.reference)}</div>
<div><strong>Outcome:</strong> ${escapeHtml(outcomeOf(row, waitingIds.has(row.id)))}</div>
<div><strong>Callback:</strong> ${escapeHtml(callbacksOf(row))}</div>
<div class="muted">${escapeHtml(row.id)}</div></article>`,
    )
    .join('');
  return page(
    'M-Pesa sandbox',
    `<h1>M-Pesa sandbox</h1>
<p class="muted">Daraja-compatible endpoints at ${escapeHtml(`${publicUrl}/sandbox/daraja`)}.</p>
<section class="card"><h2>Test phones</h2>
<table><tbody>${phones}${refusals}<tr><td>254700900000 to 254700999999</td><td>answered by hand below; unanswered, ${escapeHtml(UNANSWERED.label)} (${UNANSWERED.resultCode})</td></tr>
<tr><td>any other</td><td>${escapeHtml(SUCCESS.label)} (0)</td></tr></tbody></table></section>
<h2>Prompts waiting for an answer</h2>
${waiting.map(promptCard).join('') || '<p class="muted">No prompt is waiting.</p>'}
<h2>Recent transactions</h2>
${items || '<p class="muted">No transactions yet.</p>'}`,
  );
}
