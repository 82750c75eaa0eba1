import { escapeHtml, page } from '../html.ts';
import { formatAmount, spaced, testCards } from './outcomes.ts';
import type { SandboxPaystackTransaction } from './schema.ts';

/** The business name the customer sees on the checkout, as set on the gateway's dashboard. */
export const MERCHANT_NAME = 'PlayOn';

const extraStyles = `<style>
  h2 { font-size: 1rem; margin: 0 0 8px; }
  .amount { font-size: 1.75rem; font-weight: 700; margin: 4px 0; }
  .row { display: flex; gap: 12px; }
  .row > div { flex: 1; }
  .error { background: #fde8e8; color: #9b1c1c; border-radius: 8px; padding: 10px; }
  table { width: 100%; border-collapse: collapse; font-size: .9rem; }
  td { padding: 4px 0; }
</style>`;

function cardTable(): string {
  const rows = Object.entries(testCards)
    .map(([card, outcome]) => `<tr><td>${spaced(card)}</td><td>${escapeHtml(outcome.label)}</td></tr>`)
    .join('');
  return `<table><tbody>${rows}</tbody></table><p class="muted">Any future expiry date and any CVC.</p>`;
}

export interface CheckoutForm {
  cardNumber?: string;
  expiry?: string;
}

/** The hosted checkout: amount, merchant, a card form. A form post, no scripts (the CSP forbids them). */
export function checkoutPage(
  row: SandboxPaystackTransaction,
  action: string,
  error: string | null,
  typed: CheckoutForm = {},
): string {
  const amount = formatAmount(row.currency, row.amount);
  const alert = error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
  return page(
    `Pay ${amount} to ${MERCHANT_NAME}`,
    `${extraStyles}<h1>Card payment (sandbox)</h1>
<section class="card"><div class="muted">${escapeHtml(MERCHANT_NAME)}</div>
<div class="amount">${escapeHtml(amount)}</div>
<div class="muted">${escapeHtml(row.email)}</div></section>
<section class="card">${alert}
<form method="post" action="${escapeHtml(action)}">
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" value="${escapeHtml(typed.cardNumber ?? '')}" required>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" value="${escapeHtml(typed.expiry ?? '')}" required></div>
<div><label for="cvc">CVC</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>
<button class="primary" type="submit">Pay ${escapeHtml(amount)}</button>
</form></section>
<section class="card"><h2>Test cards</h2>${cardTable()}</section>`,
  );
}

/** A checkout that can no longer be paid: already answered, with no page to return to. */
export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

/** Recent transactions and the card table. */
export function sandboxPaystackPage(rows: SandboxPaystackTransaction[], publicUrl: string): string {
  const items = rows
    .map(
      (row) => `<article class="card">
<div class="muted"><time datetime="${row.createdAt.toISOString()}">${escapeHtml(row.createdAt.toISOString())}</time></div>
<div><strong>${escapeHtml(formatAmount(row.currency, row.amount))}</strong> from ${escapeHtml(row.email)}</div>
<div>Reference ${escapeHtml(row.reference)}</div>
<div><strong>Status:</strong> ${escapeHtml(row.status)}${row.status === 'abandoned' ? '' : ` (${escapeHtml(row.gatewayResponse)}${row.cardLast4 ? `, card ending ${escapeHtml(row.cardLast4)}` : ''})`}</div>
<div><strong>Webhook:</strong> ${row.webhookAt ? (row.webhookSentAt ? 'sent' : 'not sent yet') : 'none'}</div></article>`,
    )
    .join('');
  return page(
    'Card sandbox',
    `${extraStyles}<h1>Card sandbox</h1>
<p class="muted">Paystack-compatible endpoints at ${escapeHtml(`${publicUrl}/sandbox/paystack`)}.</p>
<section class="card"><h2>Test cards</h2>${cardTable()}</section>
<h2>Recent transactions</h2>
${items || '<p class="muted">No transactions yet.</p>'}`,
  );
}
