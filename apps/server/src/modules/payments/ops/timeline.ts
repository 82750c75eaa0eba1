import type { PaymentDetail, TimelineItem } from '@playon/shared/ops-money';
import { moneyOpsMessages } from '@playon/shared/ops-money';
import { toKes } from '@playon/shared/payments';
import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { jobs } from '../../../platform/jobs/schema.ts';
import type { WalletService } from '../../wallet/service.ts';
import type { IntentRow } from '../intents/repo.ts';
import { isFinal } from '../intents/states.ts';
import { reconcileJobKey } from '../jobs.ts';
import { paymentEvents, paymentIntents } from '../schema.ts';
import type { ConsolePayments } from './payments-repo.ts';

const REFUNDABLE = new Set(['TOPUP', 'BOOST', 'SUBSCRIPTION']);
/** At the same instant the creation comes first and the end last; the rest keep the order they were written in. */
const rank = (kind: TimelineItem['kind']) => (kind === 'created' ? -1 : kind === 'status' ? 1 : 0);

const providerOf: Record<string, string> = { MPESA: 'MPESA', CARD: 'CARD', SAFARICOM_CREDIT: 'AIRTIME' };

const item = (at: Date, kind: TimelineItem['kind'], title: string, extra: Partial<TimelineItem> = {}) => ({
  at: at.toISOString(),
  kind,
  title,
  provider: null,
  body: null,
  postings: null,
  ...extra,
});

/**
 * One payment as operators study it: its timeline from creation to now (what we sent the
 * provider and it answered, its callbacks as received, the jobs still waiting on it, its ledger entries
 * with every posting, its final status), its refunds and what may be done about it.
 */
export function createTimeline({
  db,
  payments,
  ledger,
}: {
  db: Db;
  payments: Pick<ConsolePayments, 'withDetails' | 'refundsOf'>;
  ledger: Pick<WalletService, 'entriesWithPostings'>;
}) {
  /** The durable jobs still waiting on the intent (done ones are gone from the table). */
  function jobsOf(row: IntentRow) {
    const keys = [reconcileJobKey(row.id), `payout:${row.id}`];
    if (row.checkoutRequestId) keys.push(`stk-callback:${row.checkoutRequestId}`);
    return db
      .select()
      .from(jobs)
      .where(or(inArray(jobs.key, keys), eq(sql`${jobs.payload}->>'intentId'`, row.id)))
      .orderBy(asc(jobs.runAt));
  }

  async function timelineOf(row: IntentRow): Promise<TimelineItem[]> {
    const provider = providerOf[row.methodCode] ?? null;
    const [events, waiting, entries] = await Promise.all([
      db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.intentId, row.id))
        .orderBy(asc(paymentEvents.at)),
      jobsOf(row),
      ledger.entriesWithPostings([row.id]),
    ]);
    const items: TimelineItem[] = [
      item(
        row.createdAt,
        'created',
        `${row.type} by ${row.methodCode}, KES ${toKes(row.amountCents).toFixed(2)}`,
        {
          provider,
        },
      ),
      ...events.map((event) =>
        item(event.at, event.kind as TimelineItem['kind'], event.operation, {
          provider: event.provider,
          body: event.body,
        }),
      ),
      // A final payment's reconciliation job finds nothing to do when it runs: only a dead job matters then.
      ...waiting
        .filter((job) => !isFinal(row.status) || job.deadAt !== null)
        .map((job) =>
          item(
            job.runAt,
            'job',
            `${job.kind}: ${job.deadAt ? 'dead, waiting for an operator' : 'next run'}`,
            {
              body: JSON.stringify({
                attempts: job.attempts,
                failures: job.failures,
                lastError: job.lastError,
                deadAt: job.deadAt,
              }),
            },
          ),
        ),
      ...entries.map((entry) =>
        item(entry.createdAt, 'ledger', `${entry.kind}: ${entry.description}`, {
          postings: entry.postings.map((posting) => ({ ...posting, amount: toKes(posting.amount) })),
        }),
      ),
    ];
    if (isFinal(row.status))
      items.push(item(row.updatedAt, 'status', row.message ? `${row.status}: ${row.message}` : row.status));
    return items.sort((a, b) => a.at.localeCompare(b.at) || rank(a.kind) - rank(b.kind));
  }

  /** The phone an M-Pesa refund goes to: the payment's own, else the player's latest M-Pesa one. */
  async function payerPhoneOf(row: IntentRow): Promise<string | null> {
    if (row.phone) return row.phone;
    const [latest] = await db
      .select({ phone: paymentIntents.phone })
      .from(paymentIntents)
      .where(
        and(
          eq(paymentIntents.playerUid, row.playerUid),
          eq(paymentIntents.methodCode, 'MPESA'),
          isNotNull(paymentIntents.phone),
        ),
      )
      .orderBy(desc(paymentIntents.createdAt))
      .limit(1);
    return latest?.phone ?? null;
  }

  return async function detail(row: IntentRow | undefined): Promise<PaymentDetail> {
    if (!row) throw new AppError('NOT_FOUND', moneyOpsMessages.paymentNotFound);
    const [[payment], refunds, timeline, payerPhone] = await Promise.all([
      payments.withDetails([row]),
      payments.refundsOf(row.id).then(payments.withDetails),
      timelineOf(row),
      payerPhoneOf(row),
    ]);
    if (!payment) throw new Error(`payment ${row.id} vanished`);
    const refundable =
      row.status === 'COMPLETED' && REFUNDABLE.has(row.type)
        ? Math.max(0, payment.amount - payment.refunded)
        : 0;
    return {
      payment,
      timeline,
      refunds,
      refundable: Math.round(refundable * 100) / 100,
      canAskProvider: !isFinal(row.status) && row.methodCode !== 'WALLET',
      // A top-up's money is in the payer's wallet already: only M-Pesa gives it back.
      refundToWalletAllowed:
        row.type !== 'TOPUP' && !(row.type === 'BOOST' && row.walletUid === row.playerUid),
      refundToCardAllowed: row.methodCode === 'CARD',
      payerPhone,
    };
  };
}
