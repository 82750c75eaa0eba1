import {
  isMethodAllowed,
  type PaymentMethod,
  type PaymentMethodCode,
  type TransactionType,
} from '@playon/shared/payments';
import { asc } from 'drizzle-orm';
import type { FeeBand } from '../../platform/config.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { paymentMessages } from './messages.ts';
import { paymentMethods } from './schema.ts';

export type { FeeBand };

const METHODS_CACHE_MS = 60_000;

export function feeFor(amountKes: number, table: FeeBand[]): number {
  const band = table.find((b) => amountKes <= b.upTo) ?? table[table.length - 1];
  return band?.fee ?? 0;
}

export function checkLimits(amount: number, limits: { min: number; max: number }) {
  if (amount < limits.min || amount > limits.max) {
    const message = paymentMessages.amountRange(limits.min, limits.max);
    throw new AppError('BAD_REQUEST', message, { amount: message });
  }
}

/**
 * The payment methods, the matrix of which may be used for what, the limits and the fees. A method
 * is available when its row says so and its provider is on here (ADR 0077): one that is not is
 * listed and refused as PAYPAL is.
 */
export function createMethods({
  db,
  isOffered,
  withdrawalLimits,
  withdrawalFees,
}: {
  db: Db;
  /** Whether this server offers the method: the wallet, or a provider whose settings are given. */
  isOffered: (code: PaymentMethodCode) => boolean;
  /** The B2C limits in KES. */
  withdrawalLimits: { min: number; max: number };
  withdrawalFees: FeeBand[];
}) {
  const listMethods = async (tx: Db = db) =>
    (await tx.select().from(paymentMethods).orderBy(asc(paymentMethods.id))).map((row) => ({
      ...row,
      available: row.available && isOffered(row.code as PaymentMethodCode),
    }));
  // Five rows seeded by the migration: read once a minute, not once per payment.
  let cached: { at: number; rows: ReturnType<typeof listMethods> } | undefined;
  // Read in the caller's transaction when there is one: on PGlite a read beside it would wait for it.
  const rows = (tx?: Db) => {
    if (!cached || Date.now() - cached.at > METHODS_CACHE_MS) {
      const loading = listMethods(tx);
      const entry = { at: Date.now(), rows: loading };
      cached = entry;
      loading.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.rows;
  };

  return {
    /** The method a request names, if it exists, is available and is allowed for this type. */
    async method(id: number, type: TransactionType, tx?: Db): Promise<PaymentMethod> {
      const row = (await rows(tx)).find((method) => method.id === id);
      if (!row)
        throw new AppError('BAD_REQUEST', paymentMessages.chooseMethod, {
          paymentMethodId: paymentMessages.chooseMethod,
        });
      const code = row.code as PaymentMethodCode;
      if (!row.available) throw new AppError('BAD_REQUEST', paymentMessages.comingSoon(row.name));
      if (!isMethodAllowed(type, code)) {
        const message = paymentMessages.notAvailableFor(row.name, type);
        throw new AppError('BAD_REQUEST', message, { paymentMethodId: message });
      }
      return { id: row.id, code, name: row.name, available: row.available };
    },

    async listMethods(): Promise<PaymentMethod[]> {
      return (await rows()).map((row) => ({
        id: row.id,
        code: row.code as PaymentMethodCode,
        name: row.name,
        available: row.available,
      }));
    },

    /** KES fee for withdrawing `amount` KES. */
    withdrawCharges(amount: number): number {
      checkLimits(amount, withdrawalLimits);
      return feeFor(amount, withdrawalFees);
    },
  };
}

export type Methods = ReturnType<typeof createMethods>;
