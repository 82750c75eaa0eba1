import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { paymentIntents } from './schema.ts';

/** Every payment intent ever started, counted by method, type and status: GET /metrics' payments. */
export async function paymentCounts(db: Db) {
  return db
    .select({
      method: paymentIntents.methodCode,
      type: paymentIntents.type,
      status: paymentIntents.status,
      count: sql<number>`count(*)::int`,
    })
    .from(paymentIntents)
    .groupBy(paymentIntents.methodCode, paymentIntents.type, paymentIntents.status);
}
