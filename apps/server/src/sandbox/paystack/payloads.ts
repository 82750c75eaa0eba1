/** Paystack's transaction object, as verify returns it and charge.success carries it. */
import { randomInt } from 'node:crypto';
import type { SandboxPaystackRefund, SandboxPaystackTransaction } from './schema.ts';

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

/** Paystack's refund object, as POST /refund, GET /refund/:id and the list return it. */
export function refundData(row: SandboxPaystackRefund): Json {
  return {
    id: Number(row.id),
    domain: 'test',
    transaction: Number(row.transactionId),
    transaction_reference: row.transactionReference,
    dispute: null,
    amount: row.amount,
    deducted_amount: row.status === 'pending' ? 0 : row.amount,
    fully_deducted: row.status !== 'pending',
    currency: row.currency,
    channel: 'card',
    status: row.status,
    merchant_note: row.merchantNote,
    customer_note: row.customerNote,
    refunded_by: 'api',
    refunded_at: row.refundedAt?.toISOString() ?? null,
    expected_at: row.webhookAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The webhook body for a refund the gateway processed (refund.processed, or refund.failed), as
 * Paystack sends it: no refund `id`, the amount as a string, and as `refund_reference` the processor's
 * reference of it (null while pending), which is not the refund's id.
 */
export function refundEvent(row: SandboxPaystackRefund, transaction: SandboxPaystackTransaction): Json {
  return {
    event: `refund.${row.status}`,
    data: {
      status: row.status,
      transaction_reference: row.transactionReference,
      refund_reference: row.status === 'pending' ? null : String(randomInt(100_000_000_000, 999_999_999_999)),
      amount: String(row.amount),
      currency: row.currency,
      processor: 'sandbox',
      domain: 'test',
      customer: { email: transaction.email, customer_code: `CUS_${transaction.id}` },
    },
  };
}
