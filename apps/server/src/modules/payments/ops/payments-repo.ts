import type { OpsPayment, PaymentsQuery } from '@playon/shared/ops-money';
import { and, asc, count, desc, eq, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { authUser } from '../../auth/service.ts';
import type { IntentRow } from '../intents/repo.ts';
import { paymentIntents } from '../schema.ts';
import { createPaymentFilters } from './payment-filters.ts';
import { toOpsPayment } from './payment-view.ts';

type Page = { page: number; pageSize: number };

/**
 * The payment intents as the console lists them: filtered, searched and paged, each with
 * its payer's e-mail and what has been refunded of it.
 */
export function createConsolePayments(db: Db) {
  const filters = createPaymentFilters(db);

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

  return {
    withDetails,

    /** Every intent matching the filters, newest first. */
    list(query: Omit<PaymentsQuery, 'page' | 'pageSize'> & Page) {
      return page(filters.of(query), [desc(paymentIntents.createdAt), desc(paymentIntents.id)], query);
    },

    /** Open intents started before `before` (past their give-up time), oldest first. */
    stuck(query: { q?: string | undefined } & Page, before: Date) {
      const open = [
        ...filters.search(query.q),
        inArray(paymentIntents.status, ['PENDING', 'IN_PROGRESS']),
        lt(paymentIntents.createdAt, before),
      ];
      return page(open, [asc(paymentIntents.createdAt), asc(paymentIntents.id)], query);
    },

    /** The refunds made of a payment, oldest first. */
    refundsOf(id: string) {
      return db
        .select()
        .from(paymentIntents)
        .where(eq(paymentIntents.refundOf, id))
        .orderBy(asc(paymentIntents.createdAt));
    },

    /**
     * The refunds to the card these ids or gateway refund ids name (ADR 0069): what the daily
     * reconciliation pairs the gateway's refunds with when no entry of the day settled them.
     */
    cardRefundsNamed(ids: string[], cardRefundIds: string[]) {
      if (ids.length === 0 && cardRefundIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(paymentIntents)
        .where(
          and(
            eq(paymentIntents.type, 'REFUND'),
            eq(paymentIntents.methodCode, 'CARD'),
            or(
              ids.length > 0 ? inArray(paymentIntents.id, ids) : undefined,
              cardRefundIds.length > 0 ? inArray(paymentIntents.cardRefundId, cardRefundIds) : undefined,
            ),
          ),
        );
    },

    /** These intents, by id. */
    byIds(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(paymentIntents).where(inArray(paymentIntents.id, ids));
    },
  };
}

export type ConsolePayments = ReturnType<typeof createConsolePayments>;
