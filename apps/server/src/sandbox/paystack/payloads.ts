/** Paystack's transaction object, as verify returns it and charge.success carries it. */
import type { SandboxPaystackTransaction } from './schema.ts';

export type Json = Record<string, unknown>;

export function transactionData(row: SandboxPaystackTransaction): Json {
  const paid = row.status === 'success';
  return {
    id: Number(row.id),
    domain: 'test',
    status: row.status,
    reference: row.reference,
    amount: row.amount,
    message: null,
    gateway_response: row.status === 'abandoned' ? 'The transaction was not completed' : row.gatewayResponse,
    paid_at: row.paidAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    channel: 'card',
    currency: row.currency,
    ip_address: null,
    metadata: row.metadata ?? '',
    fees: paid ? Math.min(Math.round(row.amount * 0.029), 200_000) : null,
    customer: { email: row.email, customer_code: `CUS_${row.id}` },
    authorization: row.cardLast4
      ? {
          authorization_code: `AUTH_${row.id}`,
          bin: row.cardLast4 === '4242' ? '424242' : '400000',
          last4: row.cardLast4,
          exp_month: '12',
          exp_year: '2030',
          channel: 'card',
          card_type: 'visa',
          brand: 'visa',
          reusable: paid,
          country_code: 'KE',
        }
      : {},
  };
}

/** The webhook body for a charge that succeeded. */
export function chargeSuccessEvent(row: SandboxPaystackTransaction): Json {
  return { event: 'charge.success', data: transactionData(row) };
}
