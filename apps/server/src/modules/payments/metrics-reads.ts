import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { paymentIntents, unmatchedMpesaCallbacks } from './schema.ts';

const OPEN = ['PENDING', 'IN_PROGRESS'];

/**
 * Every payment intent ever started, counted by method, type and status, and of the open ones those
 * started more than `giveUpMs` ago (the console's Stuck list, STK_UNKNOWN_GIVE_UP_MS): GET /metrics'
 * payments.
 */
export async function paymentCounts(db: Db, giveUpMs: number) {
  const giveUpBefore = new Date(Date.now() - giveUpMs).toISOString();
  return db
    .select({
      method: paymentIntents.methodCode,
      type: paymentIntents.type,
      status: paymentIntents.status,
      count: sql<number>`count(*)::int`,
      pastWindow: sql<number>`(count(*) filter (where ${inArray(paymentIntents.status, OPEN)} and ${paymentIntents.createdAt} < ${giveUpBefore}::timestamptz))::int`,
    })
    .from(paymentIntents)
    .groupBy(paymentIntents.methodCode, paymentIntents.type, paymentIntents.status);
}

/**
 * Every kind of callback a person may be asked about, and whether it brought money in: an STK
 * callback that did (result 0, with an amount) is one the console can credit to a player.
 */
const PARKED_KINDS = [
  { kind: 'stk', moneyIn: true },
  { kind: 'stk', moneyIn: false },
  { kind: 'b2c/result', moneyIn: false },
  { kind: 'status/result', moneyIn: false },
] as const;

/**
 * The M-Pesa callbacks parked for an operator (status OPERATOR, the console's Kept M-Pesa
 * callbacks), by kind and whether money came in; every kind is listed, 0 when none is parked, so a
 * first one shows as a change.
 */
export async function parkedMpesaCallbacks(db: Db) {
  const moneyIn = sql<boolean>`(${unmatchedMpesaCallbacks.kind} = 'stk' and ${unmatchedMpesaCallbacks.resultCode} = 0 and ${unmatchedMpesaCallbacks.amountCents} is not null)`;
  const rows = await db
    .select({ kind: unmatchedMpesaCallbacks.kind, moneyIn, count: sql<number>`count(*)::int` })
    .from(unmatchedMpesaCallbacks)
    .where(eq(unmatchedMpesaCallbacks.status, 'OPERATOR'))
    // By output position: money-in is an expression GROUP BY cannot match by text.
    .groupBy(sql`1`, sql`2`);
  return PARKED_KINDS.map(({ kind, moneyIn: isMoneyIn }) => ({
    kind,
    moneyIn: isMoneyIn,
    count: rows.find((row) => row.kind === kind && row.moneyIn === isMoneyIn)?.count ?? 0,
  }));
}
