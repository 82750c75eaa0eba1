import type { Language } from '@playon/shared/i18n/language';
import {
  AmountSchema,
  type PaymentIntent,
  PaymentIntentSchema,
  toKes,
  WithdrawRequestSchema,
} from '@playon/shared/payments';
import { WalletBalanceSchema, type WalletTransaction, WalletTransactionSchema } from '@playon/shared/wallet';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../platform/envelope.ts';
import { languageOfRequest } from '../../platform/i18n.ts';
import type { Idempotency } from '../../platform/idempotency/index.ts';
import {
  type AnswerWrite,
  answerOnceInStatement,
  IdempotencyHeaderSchema,
  moneyPostErrors,
} from '../../platform/idempotency/respond.ts';
import { currentPlayer, type Player } from '../auth/service.ts';
import type { WalletService } from './service.ts';

export const withdrawalStartedMessage = 'Your withdrawal is on its way to M-Pesa.';

/**
 * What the wallet's endpoints need from the payments module, which is built on the wallet: a port
 * the wallet declares and app.ts fills, so the wallet never imports payments.
 */
export interface WalletPayments {
  /**
   * A withdrawal in one statement, which also writes `answerWrite`'s Idempotency-Key with its answer
   * (`answerOnceInStatement`).
   */
  withdrawWith(
    player: Player,
    body: z.output<typeof WithdrawRequestSchema>,
    answerWrite: AnswerWrite<PaymentIntent>,
  ): Promise<PaymentIntent>;
  /** Once a withdrawal committed: its payout is due. */
  payoutsDue(): void;
  /** KES fee for withdrawing `amount` KES; refuses an amount outside the limits. */
  withdrawCharges(amount: number): number;
  /** The wallet's history: payments, boosts received, reversals, newest first, described in `language`. */
  transactionsOf(player: Player, language: Language): Promise<WalletTransaction[]>;
}

/** `/api/wallets/*`: the balance, the history, and withdrawing to M-Pesa. */
export function walletRoutes(
  wallet: Pick<WalletService, 'balanceOf'>,
  payments: WalletPayments,
  idempotency: Idempotency,
  limitPaymentStarts: onRequestHookHandler,
) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/wallets/withdraw',
      {
        config: { signIn: 'player' },
        onRequest: limitPaymentStarts,
        schema: {
          tags: ['wallet'],
          summary:
            'Withdraw to M-Pesa (B2C): amount + fee are reserved at once; needs an Idempotency-Key header',
          headers: IdempotencyHeaderSchema,
          body: WithdrawRequestSchema,
          response: { 200: envelopeSchema(PaymentIntentSchema), ...moneyPostErrors },
        },
      },
      (request, reply) =>
        answerOnceInStatement(idempotency, request, reply, {
          playerUid: currentPlayer(request).uid,
          scope: 'withdraw',
          message: withdrawalStartedMessage,
          work: (answerWrite) => payments.withdrawWith(currentPlayer(request), request.body, answerWrite),
          afterCommit: payments.payoutsDue,
        }),
    );

    app.get(
      '/api/wallets/withdraw-charges/:amount',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['wallet'],
          summary: 'The fee in KES for withdrawing this amount',
          params: z.object({
            amount: z.coerce.number({ error: 'Please enter an amount.' }).pipe(AmountSchema),
          }),
          response: { 200: envelopeSchema(z.number()), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Withdrawal charges.', payments.withdrawCharges(request.params.amount)),
    );

    app.get(
      '/api/wallets/balance',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['wallet'],
          summary: "The player's wallet balance in KES",
          response: { 200: envelopeSchema(WalletBalanceSchema), ...errorResponses(401) },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Wallet balance.', {
          balance: toKes(await wallet.balanceOf(currentPlayer(request).uid)),
        }),
    );

    app.get(
      '/api/wallets/list',
      {
        config: { signIn: 'player' },
        schema: {
          tags: ['wallet'],
          summary: "The wallet's transactions, newest first",
          response: { 200: envelopeSchema(z.array(WalletTransactionSchema)), ...errorResponses(401) },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'Wallet transactions.',
          await payments.transactionsOf(currentPlayer(request), languageOfRequest(request)),
        ),
    );
  };
}
