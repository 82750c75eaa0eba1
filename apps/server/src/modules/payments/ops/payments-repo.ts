import type { OpsPayment, PaymentsQuery } from '@playon/shared/ops-money';
import { type IntentStatus, type IntentType, toKes } from '@playon/shared/payments';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { authUser } from '../../auth/service.ts';
import { escapeLike } from '../../operator/service.ts';
import type { IntentRow } from '../intents/repo.ts';
import { paymentIntents } from '../schema.ts';

const DAY_MS = 24 * 60 * 60_000;
/** The start of a Nairobi day (UTC+3, no daylight saving). */
export const nairobiDayStart = (day: string) => new Date(`${day}T00:00:00+03:00`);
export const nextDay = (start: Date) => new Date(start.getTime() + DAY_MS);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An intent as operators read it. */
export function toOpsPayment(row: IntentRow, payerEmail: string | null, refundedCents: bigint): OpsPayment {
  return {
    id: row.id,
    type: row.type as IntentType,
    method: row.methodCode,
    status: row.status as IntentStatus,
    amount: toKes(row.amountCents),
    fee: toKes(row.feeCents),
    phone: row.phone,
    payerUid: row.playerUid,
    payerEmail,
    walletUid: row.walletUid,
    receipt: row.receipt,
    message: row.message,
    refundOf: row.refundOf,
    refunded: toKes(refundedCents),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    providerCompletedAt: iso(row.providerCompletedAt),
  };
}

type Page = { page: number; pageSize: number };

/**
 * The payment intents as the console lists them: filtered, searched and paged, each with
 * its payer's e-mail and what has been refunded of it.
 */
export function createConsolePayments(db: Db) {
  /** Cents refunded of each of these intents (refunds that did not fail). */
  async function refundedOf(ids: string[]): Promise<Map<string, bigint>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: paymentIntents.refundOf,
        total: sql<string>`sum(${paymentIntents.amountCents})::text`,
      })
      .from(paymentIntents)
      .where(
        and(inArray(paymentIntents.refundOf, ids), notInArray(paymentIntents.status, ['ERROR', 'CANCELLED'])),
      )
      .groupBy(paymentIntents.refundOf);
    return new Map(rows.map((row) => [row.id ?? '', BigInt(row.total)]));
  }

  /** The rows with their payers' e-mails and refunds, as the wire has them. */
  async function withDetails(rows: IntentRow[]): Promise<OpsPayment[]> {
    const payers = [...new Set(rows.map((row) => row.playerUid))];
    const emails =
      payers.length === 0
        ? new Map<string, string>()
        : new Map(
            (
              await db
                .select({ id: authUser.id, email: authUser.email })
                .from(authUser)
                .where(inArray(authUser.id, payers))
            ).map((user) => [user.id, user.email]),
          );
    const refunded = await refundedOf(rows.map((row) => row.id));
    return rows.map((row) =>
      toOpsPayment(row, emails.get(row.playerUid) ?? null, refunded.get(row.id) ?? 0n),
    );
  }

  async function page(filters: SQL[], order: SQL[], query: Page) {
    const where = filters.length > 0 ? and(...filters) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(paymentIntents)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ n: count() }).from(paymentIntents).where(where),
    ]);
    return {
      items: await withDetails(rows),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

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

  return {
    withDetails,

    /** Every intent matching the filters, newest first. */
    list(query: Omit<PaymentsQuery, 'page' | 'pageSize'> & Page) {
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
      return page(filters, [desc(paymentIntents.createdAt), desc(paymentIntents.id)], query);
    },

    /** Open intents started before `before` (past their give-up time), oldest first. */
    stuck(query: { q?: string | undefined } & Page, before: Date) {
      const filters = [
        ...search(query.q),
        inArray(paymentIntents.status, ['PENDING', 'IN_PROGRESS']),
        lt(paymentIntents.createdAt, before),
      ];
      return page(filters, [asc(paymentIntents.createdAt), asc(paymentIntents.id)], query);
    },

    /** The refunds made of a payment, oldest first. */
    refundsOf(id: string) {
      return db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.refundOf, id))
        .orderBy(asc(paymentIntents.createdAt));
    },

    /** These intents, by id. */
    byIds(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(paymentIntents).where(inArray(paymentIntents.id, ids));
    },
  };
}

export type ConsolePayments = ReturnType<typeof createConsolePayments>;
