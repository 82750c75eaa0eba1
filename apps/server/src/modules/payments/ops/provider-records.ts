import { AirtimeError, type AirtimeReports } from '../../../platform/airtime/client.ts';
import { parseMpesaStatement } from '../../../platform/daraja/statement.ts';
import {
  PaystackError,
  type PaystackReports,
  type PaystackTransactionPage,
} from '../../../platform/paystack/client.ts';

/** One transaction as a provider's own records have it. */
export interface ProviderRecord {
  /** The provider's reference: the M-Pesa receipt, the gateway's reference, the charge id. */
  reference: string | null;
  /** Ours, when the provider keeps it (the card gateway's and the carrier's reference is the intent id). */
  intentId: string | null;
  direction: 'IN' | 'OUT';
  amountCents: bigint;
  phone: string | null;
  at: Date;
}

/** The records of [from, to), or why they cannot be read; `source` says where they come from. */
export type RecordsOfDay =
  | { available: true; source: string; records: ProviderRecord[] }
  | { available: false; source: string; note: string };

export type ProviderRecords = (day: string, from: Date, to: Date) => Promise<RecordsOfDay>;

/** A provider whose records this server does not read (its settings given, no reader), or that is off. */
export const unreadRecords =
  (source: string, note = 'This provider is not read by this server.'): ProviderRecords =>
  async () => ({ available: false, source, note });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY_MS = 24 * 60 * 60_000;
/** A day holds fewer payments than this many pages of 100 on a laptop or a launch; past it, say so. */
const MAX_PAGES = 200;
/**
 * The gateway lists refunds by when they were asked for, and processes each days later at most: a
 * refund processed on the day is looked for among those asked for this long before it.
 */
const REFUND_LOOKBACK_DAYS = 14;

class TooManyPages extends Error {}

/** Every page of a list the provider pages (`pageCount` as its first page says), up to MAX_PAGES. */
async function everyPage<T>(read: (page: number) => Promise<{ items: T[]; pageCount: number }>) {
  const items: T[] = [];
  for (let page = 1, pageCount = 1; page <= pageCount; page++) {
    const listed = await read(page);
    pageCount = listed.pageCount;
    if (pageCount > MAX_PAGES) throw new TooManyPages(`more than ${MAX_PAGES} pages`);
    items.push(...listed.items);
  }
  return items;
}

const within = (at: Date | null, from: Date, to: Date): at is Date => at !== null && at >= from && at < to;

/**
 * The card gateway's side of a day: its transaction list (Paystack's GET /transaction), the ones paid
 * in the day, money in, whether still `success` or since refunded in full (`reversed`, ADR 0076); and its refund list (GET /refund), the refunds processed in the day,
 * money out, each named by the gateway's refund id and by our refund's id (its merchant note, ADR
 * 0069). Both lists filter by creation, so they are read from earlier: a checkout opened the evening
 * before may be paid after midnight, and a refund is processed some days after it was asked for.
 */
export function cardRecords(
  paystack: Pick<PaystackReports, 'listTransactions' | 'listRefundsCreated'>,
): ProviderRecords {
  const source = "the card gateway's transaction and refund lists";
  return async (_day, from, to) => {
    const perPage = 100;
    try {
      // A payment refunded in full since is `reversed`, no longer `success`: money in all the same. Read
      // in this order, one refunded between the two reads is in both lists, kept once by its id.
      const transactions = new Map<string, PaystackTransactionPage['transactions'][number]>();
      for (const status of ['success', 'reversed'] as const) {
        const listed = await everyPage(async (page) => {
          const answer = await paystack.listTransactions({
            from: new Date(from.getTime() - DAY_MS),
            to,
            status,
            page,
            perPage,
          });
          return { items: answer.transactions, pageCount: answer.pageCount };
        });
        for (const tx of listed) transactions.set(tx.id, tx);
      }
      const refunds = await everyPage(async (page) => {
        const listed = await paystack.listRefundsCreated({
          from: new Date(from.getTime() - REFUND_LOOKBACK_DAYS * DAY_MS),
          to,
          page,
          perPage,
        });
        return { items: listed.refunds, pageCount: listed.pageCount };
      });
      const records: ProviderRecord[] = [];
      for (const tx of transactions.values()) {
        if ((tx.status !== 'success' && tx.status !== 'reversed') || !within(tx.paidAt, from, to)) continue;
        records.push({
          reference: tx.reference,
          intentId: UUID.test(tx.reference) ? tx.reference : null,
          direction: 'IN',
          amountCents: BigInt(tx.amountCents),
          phone: null,
          at: tx.paidAt,
        });
      }
      for (const refund of refunds) {
        // Only a processed refund gave money back; a pending one may still fail, a failed one gave none.
        const at = refund.refundedAt ?? refund.createdAt;
        if (refund.status !== 'processed' || !within(at, from, to)) continue;
        records.push({
          reference: refund.id,
          intentId: refund.merchantNote && UUID.test(refund.merchantNote) ? refund.merchantNote : null,
          direction: 'OUT',
          amountCents: BigInt(refund.amountCents),
          phone: null,
          at,
        });
      }
      return { available: true, source, records };
    } catch (error) {
      if (error instanceof TooManyPages)
        return {
          available: false,
          source,
          note: `The card gateway's lists are too long to read: ${error.message}`,
        };
      if (!(error instanceof PaystackError)) throw error;
      return { available: false, source, note: `The card gateway could not be read: ${error.message}` };
    }
  };
}

/** The carrier's charges completed in the day (GET /v1/charges?from&to, docs/airtime-sandbox.md). */
export function airtimeRecords(airtime: Pick<AirtimeReports, 'listCharges'>): ProviderRecords {
  const source = "the carrier's charge list";
  return async (_day, from, to) => {
    const records: ProviderRecord[] = [];
    try {
      for (let page = 1, pageCount = 1; page <= pageCount && page <= MAX_PAGES; page++) {
        const listed = await airtime.listCharges({ from, to, page });
        pageCount = listed.pageCount;
        for (const charge of listed.charges) {
          if (charge.status !== 'SUCCESS' || !charge.completedAt) continue;
          records.push({
            reference: charge.chargeId,
            intentId: UUID.test(charge.reference) ? charge.reference : null,
            direction: 'IN',
            amountCents: BigInt(Math.round(charge.amount * 100)),
            phone: charge.msisdn,
            at: charge.completedAt,
          });
        }
      }
    } catch (error) {
      if (!(error instanceof AirtimeError)) throw error;
      return { available: false, source, note: `The carrier could not be read: ${error.message}` };
    }
    return { available: true, source, records };
  };
}

/** Where an M-Pesa statement of a day comes from: the one finance uploaded, or the sandbox's. */
export interface MpesaStatements {
  uploaded(day: string): Promise<{ csv: string; uploadedBy: string; createdAt: Date } | undefined>;
  /** The sandbox's statement of the day (a laptop); undefined with the real Daraja. */
  fetchSandbox?: ((day: string) => Promise<string>) | undefined;
}

/**
 * M-Pesa's side: the org portal's statement of the day (Daraja lists no day's transactions), as
 * finance uploaded it; on a laptop, the Daraja sandbox's own statement when none was uploaded.
 */
export function mpesaRecords(statements: MpesaStatements): ProviderRecords {
  return async (day, from, to) => {
    const uploaded = await statements.uploaded(day);
    let csv = uploaded?.csv;
    let source = uploaded
      ? `the M-Pesa statement ${uploaded.uploadedBy} uploaded at ${uploaded.createdAt.toISOString()}`
      : 'the Daraja sandbox statement';
    if (!csv && statements.fetchSandbox) {
      try {
        csv = await statements.fetchSandbox(day);
      } catch (error) {
        return {
          available: false,
          source,
          note: `The sandbox statement could not be read: ${String(error)}`,
        };
      }
    }
    if (!csv) {
      source = 'the M-Pesa statement';
      return {
        available: false,
        source,
        note: "No M-Pesa statement for this day yet: upload the org portal's statement (CSV).",
      };
    }
    const lines = parseMpesaStatement(csv);
    if (!lines)
      return { available: false, source, note: 'The statement is not an M-Pesa statement we can read.' };
    const records = lines
      .filter((line) => line.completedAt >= from && line.completedAt < to)
      .map((line) => ({
        reference: line.receipt || null,
        intentId: null,
        direction: line.direction,
        amountCents: line.amountCents,
        phone: line.phone,
        at: line.completedAt,
      }));
    return { available: true, source, records };
  };
}
