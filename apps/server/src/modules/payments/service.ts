import { randomUUID } from 'node:crypto';
import {
  isMethodAllowed,
  type PaymentIntent,
  type PaymentMethod,
  type PaymentMethodCode,
  type TaskMessage,
  type TopUpRequestSchema,
  type TransactionType,
  toCents,
  toKes,
  type WithdrawRequestSchema,
} from '@playon/shared/payments';
import type { WalletTransaction } from '@playon/shared/wallet';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Bus } from '../../platform/bus/index.ts';
import type { Config, FeeBand } from '../../platform/config.ts';
import {
  type B2cResult,
  NOT_COMPLETED_RESULT_CODE,
  parseB2cResult,
  parseQueueTimeout,
  parseStkCallback,
  playerMessageForResultCode,
  type StkResult,
} from '../../platform/daraja/callbacks.ts';
import { type DarajaClient, DarajaError } from '../../platform/daraja/client.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { type JobQueue, RunAgainLater } from '../../platform/jobs/index.ts';
import type { Player } from '../auth/service.ts';
import type { WalletService } from '../wallet/service.ts';
import { createPaymentRepo, type IntentRow, type IntentStatusValue } from './repo.ts';

export const paymentMessages = {
  checkPhone: 'Check your phone and enter your M-Pesa PIN.',
  withdrawalStarted: 'Your withdrawal is on its way to M-Pesa.',
  chooseMethod: 'Please choose a payment method.',
  comingSoon: (name: string) => `${name} coming soon. Please choose another method.`,
  notAvailableFor: (name: string, type: TransactionType) =>
    `${name} is not available for ${typeWords[type]}.`,
  cardNotYet: 'Card payments are not available yet. Please choose M-Pesa.',
  boostNotYet: 'Boosting a friend is not available yet.',
  enterPhone: 'Enter your phone',
  amountRange: (min: number, max: number) =>
    `The amount must be between KES ${min.toLocaleString('en-GB')} and KES ${max.toLocaleString('en-GB')}.`,
  mpesaUnreachable: 'We could not reach M-Pesa. Please try again.',
  mpesaFailed: 'M-Pesa could not complete this payment. Please try again.',
  notFound: 'We could not find that payment.',
} as const;

const typeWords: Record<TransactionType, string> = {
  TOPUP: 'top-up',
  WITHDRAWAL: 'withdrawal',
  BOOST: 'boost',
  SUBSCRIPTION: 'subscription',
};

export const TASK_CHANNEL = 'payments.task';
/** What the bus carries: the task and the players who may see it. */
export interface TaskEvent {
  uids: string[];
  task: TaskMessage;
}

export const RECONCILE_JOB = 'payments.reconcile';
export const STK_CALLBACK_JOB = 'payments.stk-callback';
/** A callback that names a checkout we have not stored yet (it outran our own write) is tried again this often. */
const UNMATCHED_RETRY_MS = 2000;
const UNMATCHED_MAX_ATTEMPTS = 10;
const MAX_RECONCILE_DELAY_MS = 10 * 60_000;
/** Daraja's answer to a B2C request whose OriginatorConversationID it already has: not a refusal. */
const DUPLICATE_ORIGINATOR_CODE = '400.002.02';

export type CallbackKind = 'stk' | 'b2c/result' | 'b2c/timeout' | 'status/result' | 'status/timeout';

export function feeFor(amountKes: number, table: FeeBand[]): number {
  const band = table.find((b) => amountKes <= b.upTo) ?? table[table.length - 1];
  return band?.fee ?? 0;
}

export interface PaymentServiceDeps {
  db: Db;
  config: Pick<
    Config,
    'publicUrl' | 'mpesaCallbackSecret' | 'limits' | 'withdrawalFees' | 'reconcileAfterMs'
  >;
  wallet: WalletService;
  daraja: DarajaClient;
  jobs: JobQueue;
  bus: Bus;
  log: FastifyBaseLogger;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toPaymentIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    status: row.status as IntentStatusValue,
    type: row.type as TransactionType,
    amount: toKes(row.amountCents),
    fee: toKes(row.feeCents),
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createPaymentService({ db, config, wallet, daraja, jobs, bus, log }: PaymentServiceDeps) {
  const repo = createPaymentRepo(db);
  const callbackUrl = (kind: CallbackKind) =>
    `${config.publicUrl}/api/payments/callbacks/mpesa/${config.mpesaCallbackSecret}/${kind}`;

  async function publish(row: IntentRow | undefined) {
    if (!row) return;
    const event: TaskEvent = {
      uids: [...new Set([row.playerUid, row.walletUid])],
      task: { type: 'task', id: row.id, status: row.status as IntentStatusValue, message: row.message },
    };
    try {
      await bus.publish(TASK_CHANNEL, event);
    } catch (err) {
      // The player catches up with GET /api/payments/{id}; the money is already right.
      log.warn({ err, intentId: row.id }, 'could not publish a task update');
    }
  }

  async function method(id: number, type: TransactionType): Promise<PaymentMethod> {
    const row = await repo.methodById(id);
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
  }

  function checkLimits(amount: number, limits: { min: number; max: number }) {
    if (amount < limits.min || amount > limits.max) {
      const message = paymentMessages.amountRange(limits.min, limits.max);
      throw new AppError('BAD_REQUEST', message, { amount: message });
    }
  }

  const reconcileDelay = (attempts: number) =>
    Math.min(
      MAX_RECONCILE_DELAY_MS,
      Math.max(1000, config.reconcileAfterMs) * 2 ** Math.max(0, attempts - 1),
    );

  // ---- applying outcomes: one transaction each, the status change and the ledger entry together ----

  /** A top-up's final outcome, from the STK callback or an STK Push Query. */
  async function settleTopUp(
    intent: IntentRow,
    outcome: { resultCode: number; receipt: string | null; completedAt: Date | null },
  ) {
    let row: IntentRow | undefined;
    if (outcome.resultCode === 0) {
      try {
        row = await db.transaction(async (tx) => {
          const done = await repo.transition(
            intent.id,
            'COMPLETED',
            {
              receipt: outcome.receipt,
              resultCode: 0,
              providerCompletedAt: outcome.completedAt,
              message: null,
            },
            tx,
          );
          if (done) {
            await wallet.creditFromMpesa(
              {
                uid: done.walletUid,
                amountCents: done.amountCents,
                intentId: done.id,
                description: 'Top up from M-Pesa',
              },
              tx,
            );
          }
          return done;
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        log.error(
          { intentId: intent.id, receipt: outcome.receipt },
          'M-Pesa receipt already used by another payment: refused',
        );
        return;
      }
    } else {
      const status = outcome.resultCode === 1032 ? 'CANCELLED' : 'ERROR';
      row = await repo.transition(intent.id, status, {
        resultCode: outcome.resultCode,
        message: playerMessageForResultCode(outcome.resultCode),
      });
    }
    await publish(row);
  }

  /** A withdrawal's final outcome: settle (pending → clearing + fees) or reverse (pending → wallet). */
  async function settleWithdrawal(
    intent: IntentRow,
    outcome: {
      resultCode: number;
      receipt: string | null;
      completedAt: Date | null;
      conversationId: string | null;
      message?: string;
    },
  ) {
    const ok = outcome.resultCode === 0;
    let row: IntentRow | undefined;
    try {
      row = await db.transaction(async (tx) => {
        const done = await repo.transition(
          intent.id,
          ok ? 'COMPLETED' : 'ERROR',
          {
            resultCode: outcome.resultCode,
            receipt: ok ? outcome.receipt : null,
            providerCompletedAt: outcome.completedAt,
            message: ok ? null : (outcome.message ?? playerMessageForResultCode(outcome.resultCode)),
            ...(outcome.conversationId && !intent.conversationId
              ? { conversationId: outcome.conversationId }
              : {}),
          },
          tx,
        );
        if (done) {
          const money = { amountCents: done.amountCents, feeCents: done.feeCents, intentId: done.id };
          if (ok) await wallet.settleWithdrawal({ ...money, description: 'Withdrawal to M-Pesa' }, tx);
          else
            await wallet.reverseWithdrawal(
              { ...money, uid: done.walletUid, description: 'Withdrawal reversed' },
              tx,
            );
        }
        return done;
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      log.error(
        { intentId: intent.id, receipt: outcome.receipt },
        'B2C reference already used by another payment: refused',
      );
      return;
    }
    await publish(row);
  }

  /** The STK callback, checked against what we asked for. false: no intent knows this checkout yet. */
  async function applyStkResult(result: StkResult): Promise<boolean> {
    const intent = await repo.byCheckoutRequestId(result.checkoutRequestId);
    if (!intent) return false;
    const refuse = (reason: string) => {
      log.error(
        { intentId: intent.id, checkoutRequestId: result.checkoutRequestId, reason },
        'STK callback refused',
      );
      return true;
    };
    if (intent.type !== 'TOPUP') return refuse('not a top-up');
    if (intent.merchantRequestId && result.merchantRequestId !== intent.merchantRequestId)
      return refuse('merchant request id does not match');
    if (result.resultCode === 0) {
      if (result.amount === null || toCents(result.amount) !== intent.amountCents)
        return refuse('amount does not match');
      if (result.phone !== null && result.phone !== intent.phone) return refuse('phone does not match');
    }
    await settleTopUp(intent, {
      resultCode: result.resultCode,
      receipt: result.mpesaReceiptNumber,
      completedAt: result.transactionDate,
    });
    return true;
  }

  /** A B2C result or a Transaction Status result for one of our withdrawals. */
  async function applyB2cResult(result: B2cResult, source: 'b2c' | 'status') {
    const intent = await repo.byOriginatorConversationId(result.originatorConversationId);
    const refuse = (reason: string) =>
      log.error(
        { intentId: intent?.id, originatorConversationId: result.originatorConversationId, source, reason },
        'B2C result refused',
      );
    if (!intent) return refuse('no such withdrawal');
    if (intent.type !== 'WITHDRAWAL') return refuse('not a withdrawal');
    if (
      intent.conversationId &&
      result.conversationId &&
      source === 'b2c' &&
      result.conversationId !== intent.conversationId
    )
      return refuse('conversation id does not match');
    if (result.resultCode === 0) {
      if (result.amount !== null && toCents(result.amount) !== intent.amountCents)
        return refuse('amount does not match');
      if (result.receiverPhone !== null && result.receiverPhone !== intent.phone)
        return refuse('phone does not match');
    } else if (source === 'status' && result.resultCode !== NOT_COMPLETED_RESULT_CODE) {
      // The query itself failed (not found, not allowed): that says nothing about the payment.
      log.warn(
        { intentId: intent.id, resultCode: result.resultCode, resultDesc: result.resultDesc },
        'transaction status unknown',
      );
      return;
    }
    await settleWithdrawal(intent, {
      resultCode: result.resultCode,
      receipt: result.transactionId,
      completedAt: result.completedAt,
      conversationId: result.conversationId || null,
    });
  }

  /**
   * Sends a withdrawal's B2C request (again, with the same OriginatorConversationID). A refusal
   * (4xx) reverses the reservation; when Daraja could not be reached or answered 5xx, the outcome is
   * unknown: the intent stays PENDING with the money reserved and reconciliation sends it again.
   */
  async function sendPayout(intent: IntentRow): Promise<'sent' | 'refused' | 'unknown'> {
    try {
      const sent = await daraja.b2cPayment({
        phone: intent.phone ?? '',
        amount: toKes(intent.amountCents),
        originatorConversationId: intent.originatorConversationId ?? intent.id,
        remarks: 'PlayOn wallet withdrawal',
        resultUrl: callbackUrl('b2c/result'),
        queueTimeoutUrl: callbackUrl('b2c/timeout'),
      });
      await publish(await repo.transition(intent.id, 'IN_PROGRESS', { conversationId: sent.conversationId }));
      return 'sent';
    } catch (error) {
      if (!(error instanceof DarajaError)) throw error;
      const refused = error.status >= 400 && error.status < 500 && error.code !== DUPLICATE_ORIGINATOR_CODE;
      if (!refused) {
        log.warn(
          { err: error, intentId: intent.id },
          'B2C request outcome unknown: reconciliation sends it again',
        );
        return 'unknown';
      }
      log.warn({ err: error, intentId: intent.id }, 'B2C request refused');
      await settleWithdrawal(intent, {
        resultCode: NOT_COMPLETED_RESULT_CODE,
        receipt: null,
        completedAt: null,
        conversationId: null,
        message: paymentMessages.mpesaFailed,
      });
      return 'refused';
    }
  }

  async function reconcile(payload: Record<string, unknown>, job: { attempts: number }) {
    const intent = await repo.byId(String(payload.intentId));
    if (!intent || ['COMPLETED', 'ERROR', 'CANCELLED'].includes(intent.status)) return;
    const again = (reason: string) => new RunAgainLater(reconcileDelay(job.attempts), reason);
    try {
      if (intent.type === 'TOPUP') {
        if (!intent.checkoutRequestId) {
          // We crashed between creating the intent and learning its checkout id: nothing to ask about.
          if (Date.now() - intent.createdAt.getTime() < Math.max(config.reconcileAfterMs, 60_000))
            throw again('no checkout id yet');
          log.error({ intentId: intent.id }, 'top-up never reached M-Pesa');
          await publish(await repo.transition(intent.id, 'ERROR', { message: paymentMessages.mpesaFailed }));
          return;
        }
        const answer = await daraja.stkQuery(intent.checkoutRequestId);
        if (answer.resultCode === null) throw again('the customer has not answered yet');
        await settleTopUp(intent, { resultCode: answer.resultCode, receipt: null, completedAt: null });
        return;
      }
      if (intent.type === 'WITHDRAWAL') {
        if (intent.status === 'PENDING' && !intent.conversationId) {
          // The B2C request's fate is unknown (Daraja unreachable, or we died before storing its
          // answer): send it again with the same OriginatorConversationID, which Daraja pays once.
          if ((await sendPayout(intent)) === 'refused') return;
          throw again('payout sent again');
        }
        await daraja.transactionStatus({
          originatorConversationId: intent.originatorConversationId ?? intent.id,
          resultUrl: callbackUrl('status/result'),
          queueTimeoutUrl: callbackUrl('status/timeout'),
        });
        // The answer arrives at the status callback; look again later in case it does not.
        throw again('transaction status asked');
      }
    } catch (error) {
      if (error instanceof DarajaError) throw again(`Daraja: ${error.message}`);
      throw error;
    }
  }

  jobs.register(RECONCILE_JOB, reconcile);
  jobs.register(STK_CALLBACK_JOB, async (payload, job) => {
    const result = parseStkCallback(payload.body);
    if (await applyStkResult(result)) return;
    if (job.attempts >= UNMATCHED_MAX_ATTEMPTS) {
      log.error(
        { checkoutRequestId: result.checkoutRequestId },
        'STK callback for an unknown checkout: dropped',
      );
      return;
    }
    throw new RunAgainLater(UNMATCHED_RETRY_MS, 'no intent with this checkout id yet');
  });

  return {
    async listMethods(): Promise<PaymentMethod[]> {
      const rows = await repo.listMethods();
      return rows.map((row) => ({
        id: row.id,
        code: row.code as PaymentMethodCode,
        name: row.name,
        available: row.available,
      }));
    },

    async topUp(player: Player, body: z.output<typeof TopUpRequestSchema>): Promise<PaymentIntent> {
      const chosen = await method(body.paymentMethodId, 'TOPUP');
      if (chosen.code === 'CARD') throw new AppError('BAD_REQUEST', paymentMessages.cardNotYet);
      if (body.userId && body.userId !== player.uid)
        throw new AppError('BAD_REQUEST', paymentMessages.boostNotYet);
      const phone = body.mpesaPhoneNumber;
      if (!phone)
        throw new AppError('BAD_REQUEST', paymentMessages.enterPhone, {
          mpesaPhoneNumber: paymentMessages.enterPhone,
        });
      checkLimits(body.amount, config.limits.stk);

      const created = await db.transaction(async (tx) => {
        const row = await repo.insertIntent(
          {
            playerUid: player.uid,
            walletUid: player.uid,
            type: 'TOPUP',
            methodCode: chosen.code,
            amountCents: toCents(body.amount),
            phone,
          },
          tx,
        );
        await jobs.enqueue(
          RECONCILE_JOB,
          { intentId: row.id },
          { delayMs: config.reconcileAfterMs, key: `reconcile:${row.id}` },
          tx,
        );
        return row;
      });

      let row: IntentRow | undefined;
      try {
        const pushed = await daraja.stkPush({
          phone,
          amount: body.amount,
          accountReference: 'PlayOn',
          description: 'Wallet top up',
          callbackUrl: callbackUrl('stk'),
        });
        row = await repo.transition(created.id, 'IN_PROGRESS', {
          merchantRequestId: pushed.merchantRequestId,
          checkoutRequestId: pushed.checkoutRequestId,
        });
      } catch (error) {
        if (!(error instanceof DarajaError)) throw error;
        log.warn({ err: error, intentId: created.id }, 'STK push refused');
        row = await repo.transition(created.id, 'ERROR', { message: paymentMessages.mpesaUnreachable });
      }
      await publish(row);
      return toPaymentIntent(row ?? (await repo.byId(created.id)) ?? created);
    },

    async withdraw(player: Player, body: z.output<typeof WithdrawRequestSchema>): Promise<PaymentIntent> {
      const chosen = await method(body.paymentMethodId, 'WITHDRAWAL');
      checkLimits(body.amount, config.limits.b2c);
      const fee = feeFor(body.amount, config.withdrawalFees);
      const id = randomUUID();

      const created = await db.transaction(async (tx) => {
        const row = await repo.insertIntent(
          {
            id,
            playerUid: player.uid,
            walletUid: player.uid,
            type: 'WITHDRAWAL',
            methodCode: chosen.code,
            amountCents: toCents(body.amount),
            feeCents: toCents(fee),
            phone: body.mpesaPhoneNumber,
            originatorConversationId: id,
          },
          tx,
        );
        await wallet.reserveWithdrawal(
          {
            uid: player.uid,
            amountCents: row.amountCents,
            feeCents: row.feeCents,
            intentId: id,
            description: 'Withdrawal to M-Pesa',
          },
          tx,
        );
        await jobs.enqueue(
          RECONCILE_JOB,
          { intentId: id },
          { delayMs: config.reconcileAfterMs, key: `reconcile:${id}` },
          tx,
        );
        return row;
      });

      await sendPayout(created);
      return toPaymentIntent((await repo.byId(id)) ?? created);
    },

    /** KES fee for withdrawing `amount` KES. */
    withdrawCharges(amount: number): number {
      checkLimits(amount, config.limits.b2c);
      return feeFor(amount, config.withdrawalFees);
    },

    async intentOf(player: Player, id: string): Promise<PaymentIntent> {
      const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.byId(id) : undefined;
      if (!row || (row.playerUid !== player.uid && row.walletUid !== player.uid))
        throw new AppError('NOT_FOUND', paymentMessages.notFound);
      return toPaymentIntent(row);
    },

    async balanceOf(player: Player) {
      return { balance: toKes(await wallet.balanceOf(player.uid)) };
    },

    /** The spec's transactions plus direction, newest first: intents, and a credit for each reversal. */
    async transactionsOf(player: Player): Promise<WalletTransaction[]> {
      const intents = await repo.listForWallet(player.uid, 200);
      const entries = await wallet.entriesOfIntents(intents.map((i) => i.id));
      const reversals = new Map(
        entries.filter((e) => e.kind === 'WITHDRAWAL_REVERSAL').map((e) => [e.intentId, e.createdAt]),
      );
      const list: WalletTransaction[] = [];
      for (const intent of intents) {
        const base = {
          userId: intent.walletUid,
          createdAt: intent.createdAt.toISOString(),
          updatedAt: intent.updatedAt.toISOString(),
        };
        const completed = intent.status === 'COMPLETED';
        if (intent.type === 'TOPUP') {
          list.push({
            ...base,
            id: intent.id,
            transactionDesc: 'Top up from M-Pesa',
            transactionDescId: 'TOPUP_WALLET',
            payment: {
              successful: completed,
              mpesaTransactionDate: iso(intent.providerCompletedAt) ?? (completed ? base.updatedAt : null),
            },
            payout: null,
            amount: toKes(intent.amountCents),
            direction: 'CREDIT',
          });
          continue;
        }
        const total = toKes(intent.amountCents + intent.feeCents);
        const reversedAt = reversals.get(intent.id);
        list.push({
          ...base,
          id: intent.id,
          transactionDesc: `Withdrawal to M-Pesa (fee KES ${toKes(intent.feeCents).toFixed(2)})`,
          transactionDescId: 'WITHDRAWAL',
          payment: null,
          payout: {
            successful: completed,
            transactionCompletedDateTime:
              iso(intent.providerCompletedAt) ?? (completed ? base.updatedAt : null),
          },
          amount: total,
          direction: 'DEBIT',
        });
        if (reversedAt) {
          list.push({
            ...base,
            id: `${intent.id}-reversal`,
            transactionDesc: 'Withdrawal reversed',
            transactionDescId: 'WITHDRAWAL_REVERSAL',
            payment: null,
            payout: { successful: false, transactionCompletedDateTime: null },
            amount: total,
            direction: 'CREDIT',
            createdAt: reversedAt.toISOString(),
          });
        }
      }
      return list.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    },

    /**
     * A Daraja callback. Applied here and now when its intent is known; an STK callback that
     * outran our own write of the checkout id is queued and tried again. Throws on a malformed body.
     */
    async handleCallback(kind: CallbackKind, body: unknown) {
      switch (kind) {
        case 'stk': {
          const result = parseStkCallback(body);
          if (!(await applyStkResult(result))) {
            await jobs.enqueue(
              STK_CALLBACK_JOB,
              { body: body as Record<string, unknown> },
              { delayMs: UNMATCHED_RETRY_MS },
            );
          }
          return;
        }
        case 'b2c/result':
          return applyB2cResult(parseB2cResult(body), 'b2c');
        case 'status/result': {
          let result: B2cResult;
          try {
            result = parseB2cResult(body);
          } catch (error) {
            // "The payment is still Pending": not an outcome; reconciliation asks again later.
            log.info({ err: error }, 'transaction status without an outcome yet');
            return;
          }
          return applyB2cResult(result, 'status');
        }
        case 'b2c/timeout':
        case 'status/timeout': {
          // The outcome is unknown: the reconciliation job already waiting for this intent will ask.
          const ids = parseQueueTimeout(body);
          log.warn({ ...ids, kind }, 'Daraja queue timeout');
          return;
        }
      }
    },

    /** For the reconciliation of one intent now (tests, operators). */
    reconcileNow: (intentId: string) => reconcile({ intentId }, { attempts: 1 }),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
