import { moneyOpsMessages, type OpsPayment, type UnmatchedCallback } from '@playon/shared/ops-money';
import { toKes } from '@playon/shared/payments';
import type { AirtimeReports } from '../../../platform/airtime/client.ts';
import { parseMpesaStatement } from '../../../platform/daraja/statement.ts';
import type { Db } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { JobQueue } from '../../../platform/jobs/index.ts';
import type { PaystackReports } from '../../../platform/paystack/client.ts';
import type { SubscriptionService } from '../../subscriptions/service.ts';
import type { WalletService } from '../../wallet/service.ts';
import type { RecordEvent } from '../events.ts';
import type { Lifecycle } from '../intents/lifecycle.ts';
import type { IntentRepo } from '../intents/repo.ts';
import type { PlayerDirectory } from '../players.ts';
import { createUnmatchedResolution } from '../providers/mpesa/resolve-unmatched.ts';
import type { UnmatchedRepo } from '../providers/mpesa/unmatched-repo.ts';
import { createRefunds } from '../refunds.ts';
import type { RecordChange } from '../requests.ts';
import { createAskProvider } from './ask-provider.ts';
import { createConsolePayments } from './payments-repo.ts';
import { createReconciliationReport, type ReportedProviders } from './reconciliation-report.ts';
import { createStatementsRepo } from './statements-repo.ts';
import { createTimeline } from './timeline.ts';

/** What the daily reconciliation reads the providers with; absent, their side is reported unread. */
export interface ProviderReportsDeps {
  /** Absent when the card gateway is off. */
  paystack?: Pick<PaystackReports, 'listTransactions' | 'listRefundsCreated'> | undefined;
  /** Absent when Safaricom airtime is off. */
  airtime?: Pick<AirtimeReports, 'listCharges'> | undefined;
  /** The Daraja sandbox's statement of a day (a laptop); absent with the real Daraja. */
  mpesaSandboxStatement?: ((day: string) => Promise<string>) | undefined;
}

const unmatchedWire = (
  row: Awaited<ReturnType<UnmatchedRepo['page']>>['items'][number],
): UnmatchedCallback => ({
  id: row.id,
  kind: row.kind,
  status: row.status as UnmatchedCallback['status'],
  reason: row.reason,
  checkoutRequestId: row.checkoutRequestId,
  originatorConversationId: row.originatorConversationId,
  resultCode: row.resultCode,
  amount: row.amountCents === null ? null : toKes(row.amountCents),
  phone: row.phone,
  receipt: row.receipt,
  intentId: row.intentId,
  body: JSON.stringify(row.body),
  createdAt: row.createdAt.toISOString(),
  resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
  canCreditPlayer:
    row.status === 'OPERATOR' && row.kind === 'stk' && row.resultCode === 0 && row.amountCents !== null,
});

/**
 * The console's Payments and money area on the payment module's own parts: lists and
 * timelines to read, and the money actions (ask the provider, refund, credit a kept callback), each
 * taking the audit entry to write in its transaction.
 */
export function createMoneyConsole(deps: {
  db: Db;
  intents: IntentRepo;
  lifecycle: Pick<Lifecycle, 'completeIn' | 'publish'>;
  wallet: Pick<WalletService, 'refund' | 'entriesWithPostings' | 'postingsBetween'>;
  subscriptions: Pick<SubscriptionService, 'endSubscriptionOf'>;
  jobs: JobQueue;
  players: PlayerDirectory;
  events: RecordEvent;
  unmatched: Pick<UnmatchedRepo, 'page' | 'lockById' | 'markMatched'>;
  reconcileNow: (intentId: string, attempts: number, by: 'operator') => Promise<void>;
  payoutLimits: { min: number; max: number };
  reconcileAfterMs: number;
  giveUpMs: number;
  /** Each provider's records of a day and its clearing account (providers/compose.ts). */
  reported: ReportedProviders;
}) {
  const { db, intents } = deps;
  const payments = createConsolePayments(db);
  const statements = createStatementsRepo(db);
  const detail = createTimeline({ db, payments, ledger: deps.wallet });
  const askProvider = createAskProvider({ intents, reconcileNow: deps.reconcileNow });
  const refund = createRefunds({
    db,
    intents,
    wallet: deps.wallet,
    lifecycle: deps.lifecycle,
    subscriptions: deps.subscriptions,
    jobs: deps.jobs,
    payoutLimits: deps.payoutLimits,
    reconcileAfterMs: deps.reconcileAfterMs,
  });
  const resolve = createUnmatchedResolution({
    db,
    unmatched: deps.unmatched,
    intents,
    lifecycle: deps.lifecycle,
    players: deps.players,
    events: deps.events,
  });
  const reconciliation = createReconciliationReport({
    payments,
    ledger: deps.wallet,
    providers: deps.reported,
  });
  const one = async (id: string): Promise<OpsPayment> => {
    const row = await intents.byId(id);
    if (!row) throw new AppError('NOT_FOUND', moneyOpsMessages.paymentNotFound);
    const [payment] = await payments.withDetails([row]);
    if (!payment) throw new Error(`payment ${id} vanished`);
    return payment;
  };

  return {
    list: payments.list,
    /** Open `minutes` after they were made, oldest first (the stuck ones too). */
    openFor: ({
      minutes,
      ...query
    }: {
      minutes: number;
      q?: string | undefined;
      page: number;
      pageSize: number;
    }) => payments.stuck(query, new Date(Date.now() - minutes * 60_000)),
    /** Open past STK_UNKNOWN_GIVE_UP_MS, oldest first. */
    stuck: (query: { q?: string | undefined; page: number; pageSize: number }) =>
      payments.stuck(query, new Date(Date.now() - deps.giveUpMs)),
    detail: async (id: string) => detail(await intents.byId(id)),

    /** The look changes the payment through the lifecycle; the operator's asking is audited after it. */
    async askProvider(id: string, record: RecordChange) {
      const { before, after, outcome } = await askProvider(id);
      await db.transaction((tx) =>
        record(tx, { before: { status: before.status }, after: { status: after.status, outcome } }),
      );
      return { outcome, changed: after.status !== before.status, payment: await one(id) };
    },

    async refund(input: Parameters<typeof refund>[0], record: RecordChange) {
      const done = await refund(input, record);
      return {
        refund: await one(done.refund.id),
        payment: await one(done.payment.id),
        subscriptionEnded: done.subscriptionEnded,
        note: done.note,
      };
    },

    async unmatchedPage(query: { status: string; q?: string | undefined; page: number; pageSize: number }) {
      const { items, total } = await deps.unmatched.page(query);
      return { items: items.map(unmatchedWire), total, page: query.page, pageSize: query.pageSize };
    },

    async resolveUnmatched(callbackId: number, uid: string, record: RecordChange) {
      const done = await resolve(callbackId, uid, record);
      return { callbackId, payment: await one(done.id) };
    },

    report: reconciliation.report,
    reportCsv: reconciliation.csv,

    /** Finance's upload of the M-Pesa statement of a day, refused when it is no statement we can read. */
    async saveMpesaStatement(input: { day: string; csv: string; uploadedBy: string }, record: RecordChange) {
      const lines = parseMpesaStatement(input.csv);
      if (!lines)
        throw new AppError('BAD_REQUEST', moneyOpsMessages.statementEmpty, {
          csv: moneyOpsMessages.statementEmpty,
        });
      await db.transaction(async (tx) => {
        await statements.save({ provider: 'MPESA', ...input }, tx);
        await record(tx, { before: null, after: { day: input.day, transactions: lines.length } });
      });
      return { day: input.day, transactions: lines.length };
    },
  };
}

export type MoneyConsole = ReturnType<typeof createMoneyConsole>;
