import type { OpsPayment } from '@playon/shared/ops-money';
import type { PlayerPayment } from '@playon/shared/ops-players';
import { type IntentStatus, type IntentType, toKes } from '@playon/shared/payments';
import type { IntentRow } from '../intents/repo.ts';

type PaymentRow = Pick<
  IntentRow,
  | 'id'
  | 'type'
  | 'methodCode'
  | 'status'
  | 'amountCents'
  | 'feeCents'
  | 'phone'
  | 'message'
  | 'receipt'
  | 'playerUid'
  | 'walletUid'
  | 'createdAt'
  | 'updatedAt'
>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An intent as a player's card in the console lists it. */
export function toPlayerPayment(row: PaymentRow): PlayerPayment {
  return {
    id: row.id,
    // The table's check constraints hold these to the shared enums.
    type: row.type as IntentType,
    method: row.methodCode,
    status: row.status as IntentStatus,
    amount: toKes(row.amountCents),
    fee: toKes(row.feeCents),
    phone: row.phone,
    message: row.message,
    receipt: row.receipt,
    payerUid: row.playerUid,
    walletUid: row.walletUid,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An intent as the money area reads it: the player's view, its payer's e-mail and its refunds. */
export function toOpsPayment(row: IntentRow, payerEmail: string | null, refundedCents: bigint): OpsPayment {
  return {
    ...toPlayerPayment(row),
    payerEmail,
    refundOf: row.refundOf,
    refunded: toKes(refundedCents),
    providerCompletedAt: iso(row.providerCompletedAt),
  };
}
