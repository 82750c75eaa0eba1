import { type PaymentIntent, type TransactionType, toKes } from '@playon/shared/payments';
import type { IntentRow } from './repo.ts';
import type { IntentStatusValue } from './states.ts';

/** What an intent's wire form is made of. */
export type IntentWireFields = Pick<
  IntentRow,
  'id' | 'status' | 'type' | 'amountCents' | 'feeCents' | 'message' | 'sessionUrl' | 'createdAt' | 'updatedAt'
>;

/** An intent as the API and the waiting page see it. */
export function toPaymentIntent(row: IntentWireFields): PaymentIntent {
  return {
    id: row.id,
    status: row.status as IntentStatusValue,
    type: row.type as TransactionType,
    amount: toKes(row.amountCents),
    fee: toKes(row.feeCents),
    message: row.message,
    ...(row.sessionUrl ? { txGwSessionUrl: row.sessionUrl } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
