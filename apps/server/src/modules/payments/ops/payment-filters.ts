import type { PaymentsQuery } from '@playon/shared/ops-money';
import { eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { authUser } from '../../auth/service.ts';
import { escapeLike } from '../../operator/service.ts';
import { paymentIntents } from '../schema.ts';

const DAY_MS = 24 * 60 * 60_000;
/** The start of a Nairobi day (UTC+3, no daylight saving). */
export const nairobiDayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);
export const nextDay = (start: Date) => new Date(start.getTime() + DAY_MS);

/** The money area's filters of payment intents, as SQL conditions to AND together. */
export function createPaymentFilters(db: Db) {
  /** `q`: the id, the receipt, a provider's id, the phone or the payer's uid or e-mail, in part. */
  function search(q: string | undefined): SQL[] {
    if (!q) return [];
    const like = `%${escapeLike(q)}%`;
    const match = or(
      ilike(sql`${paymentIntents.id}::text`, like),
      ilike(paymentIntents.receipt, like),
      ilike(paymentIntents.checkoutRequestId, like),
      ilike(paymentIntents.chargeId, like),
      ilike(paymentIntents.phone, like),
      ilike(paymentIntents.playerUid, like),
      inArray(
        paymentIntents.playerUid,
        db.select({ id: authUser.id }).from(authUser).where(ilike(authUser.email, like)),
      ),
    );
    return match ? [match] : [];
  }

  /** Every filter of the payments list: the search, status, method, type, days, phone and player. */
  function of(query: Omit<PaymentsQuery, 'page' | 'pageSize'>): SQL[] {
    const filters = search(query.q);
    if (query.status) filters.push(eq(paymentIntents.status, query.status));
    if (query.method) filters.push(eq(paymentIntents.methodCode, query.method));
    if (query.type) filters.push(eq(paymentIntents.type, query.type));
    if (query.from) filters.push(gte(paymentIntents.createdAt, nairobiDayStart(query.from)));
    if (query.to) filters.push(lt(paymentIntents.createdAt, nextDay(nairobiDayStart(query.to))));
    // 0712 345 678, +254712345678 and 712345678 find the same phone.
    const phoneDigits = query.phone?.replace(/\D/g, '').replace(/^(254|0)/, '');
    if (phoneDigits) filters.push(ilike(paymentIntents.phone, `%${phoneDigits}%`));
    if (query.player) {
      const player = query.player;
      const byUid = or(
        eq(paymentIntents.playerUid, player),
        eq(paymentIntents.walletUid, player),
        inArray(
          paymentIntents.playerUid,
          db.select({ id: authUser.id }).from(authUser).where(eq(authUser.email, player.toLowerCase())),
        ),
      );
      if (byUid) filters.push(byUid);
    }
    return filters;
  }

  return { search, of };
}
