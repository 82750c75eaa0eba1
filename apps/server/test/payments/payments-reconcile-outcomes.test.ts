import type { PaymentIntent } from '@playon/shared/payments';
import type { WalletTransaction } from '@playon/shared/wallet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntents } from '../../src/modules/payments/schema.ts';
import { RECONCILE_JOB } from '../../src/modules/payments/service.ts';
import { RunAgainLater } from '../../src/platform/jobs/index.ts';
import { createPaymentsTestApp, type PaymentsTestApp } from '../support/app.ts';
import { expectLedgerSound as expectLedgerSoundIn } from '../support/ledger-audit.ts';
import { createTestPaymentService } from '../support/payment-service.ts';
import { recordingDaraja } from '../support/payments.ts';
import { playerApi } from '../support/player-api.ts';
import { signUpPlayer } from '../support/players.ts';

// What reconciliation does with every outcome M-Pesa can report about an open payment: settle,
// reverse, or keep asking and list it for an operator; never leave money frozen in silence.
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp();
});
afterAll(() => t.close());

const MPESA = 2;
const { post, get, intent, final, balance, toppedUp } = playerApi(() => t.app);

const expectLedgerSound = () => expectLedgerSoundIn(t.database.db);

describe('a payout whose result callback is lost', () => {
  it('that failed (0700000007, unreachable): Transaction Status says Failed, amount and fee come back', async () => {
    const player = await signUpPlayer(t.app);
    await toppedUp(player, 500);

    const payout = (
      await post(player, '/api/wallets/withdraw', {
        paymentMethodId: MPESA,
        amount: 200,
        mpesaPhoneNumber: '0700000007',
      })
    ).json().payload as PaymentIntent;
    expect(await balance(player)).toBe(295);
    expect(await final(player, payout.id)).toMatchObject({
      status: 'ERROR',
      message: 'M-Pesa could not complete this payment. Please try again.',
    });
    expect(await balance(player)).toBe(500);
    const history = (await get(player, '/api/wallets/list')).json().payload as WalletTransaction[];
    expect(history.find((row) => row.transactionDescId === 'WITHDRAWAL_REVERSAL')).toMatchObject({
      amount: 205,
    });
    await expectLedgerSound();
  });
});

describe('a payout M-Pesa cannot tell us about', () => {
  it('stays reserved while Daraja says Pending or cannot find it, and is listed and warned about past its give-up time', async () => {
    const warnings: string[] = [];
    const logger = Fastify({
      logger: { level: 'warn', stream: { write: (line) => warnings.push(line) } },
    }).log;
    const daraja = recordingDaraja();
    const { payments } = await createTestPaymentService(t, {
      config: { ...t.config, reconcileAfterMs: 60_000, stkUnknownGiveUpMs: 0 },
      daraja: daraja.client,
      log: logger,
    });
    const who = await signUpPlayer(t.app);
    await toppedUp(who, 300);

    const payout = await payments.withdraw(who, {
      paymentMethodId: MPESA,
      amount: 100,
      mpesaPhoneNumber: '254712345678',
    });
    const look = () =>
      payments.reconcileNow(payout.id).then(
        () => 'done',
        (error: unknown) => {
          if (error instanceof RunAgainLater) return 'again';
          throw error;
        },
      );
    expect(await look()).toBe('again'); // sends the payout
    const sent = daraja.b2c.get(payout.id);
    expect(sent).toBeDefined();

    // Daraja answers, but without an outcome: still pending, then "OriginatorConversationID invalid".
    const statusWithout = (status: string | null, code: number | string) => ({
      Result: {
        ResultType: 0,
        ResultCode: code,
        ResultDesc: status
          ? 'The service request has been accepted successfully.'
          : 'The OriginatorConversationID is invalid.',
        OriginatorConversationID: '16740-34861180-1',
        ConversationID: 'AG_20261124_00000000000000000001',
        TransactionID: 'SBX0000000',
        ...(status
          ? {
              ResultParameters: {
                ResultParameter: [
                  { Key: 'OriginatorConversationID', Value: payout.id },
                  { Key: 'ConversationID', Value: sent?.conversationId },
                  { Key: 'TransactionStatus', Value: status },
                  { Key: 'Amount', Value: 100 },
                ],
              },
            }
          : {}),
      },
    });
    await payments.handleCallback('status/result', statusWithout('Pending', 0));
    await payments.handleCallback('status/result', statusWithout(null, 'R000002'));
    expect(await look()).toBe('again');
    expect(await intent(who, payout.id)).toMatchObject({ status: 'IN_PROGRESS' });
    expect(await balance(who)).toBe(200);

    const listed = await payments.openPastGiveUp();
    expect(listed.map((row) => row.id)).toContain(payout.id);
    expect(warnings.join('')).toContain('withdrawal still not final past its give-up time');
    expect(warnings.join('')).toContain(payout.id);
    await expectLedgerSound();
  });
});

describe('a top-up whose STK push never went out (the process died after creating it)', () => {
  it('is failed by the reconciliation job with the money untouched, not left open for a day', async () => {
    const player = await signUpPlayer(t.app);
    // As the crash left it: the intent and its reconciliation job, no push, no checkout id.
    const [row] = await t.database.db
      .insert(paymentIntents)
      .values({
        playerUid: player.uid,
        walletUid: player.uid,
        type: 'TOPUP',
        methodCode: 'MPESA',
        amountCents: 25_000n,
        phone: '254712345678',
        createdAt: new Date(Date.now() - 60_000),
      })
      .returning();
    if (!row) throw new Error('no intent');
    await t.app.jobs.enqueue(RECONCILE_JOB, { intentId: row.id }, { key: `reconcile:${row.id}` });

    expect(await final(player, row.id)).toMatchObject({
      status: 'ERROR',
      message: 'We could not send the M-Pesa request to your phone. No money was taken. Please try again.',
    });
    expect(await balance(player)).toBe(0);
    await expectLedgerSound();
  });
});
