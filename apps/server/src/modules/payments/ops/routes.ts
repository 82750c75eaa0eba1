import { PageQuerySchema } from '@playon/shared/ops';
import {
  AskProviderResultSchema,
  CallbackIdParamsSchema,
  MpesaStatementRequestSchema,
  OpenPaymentsQuerySchema,
  OpsPaymentPageSchema,
  PaymentDetailSchema,
  PaymentIdParamsSchema,
  PaymentsQuerySchema,
  ReconciliationQuerySchema,
  ReconciliationReportSchema,
  RefundRequestSchema,
  RefundResultSchema,
  ResolvedCallbackSchema,
  ResolveUnmatchedRequestSchema,
  StatementSavedSchema,
  UnmatchedPageSchema,
  UnmatchedQuerySchema,
} from '@playon/shared/ops-money';
import { toCents } from '@playon/shared/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import { type OpsService, opsArea, opsRefusals } from '../../operator/service.ts';
import type { RecordChange } from '../requests.ts';
import type { PaymentService } from '../service.ts';

const refusals = opsRefusals();
const actionRefusals = opsRefusals(404, 409);

/**
 * /api/ops/money: finance's console. Every intent filtered, one payment's timeline, "ask
 * the provider now", refunds, the M-Pesa callbacks kept for a person, the payments stuck past their
 * give-up time, and the daily reconciliation per provider (JSON and CSV). Each action is audited in
 * its own transaction, money actions with the typed reason.
 */
export function moneyOpsRoutes(payments: Pick<PaymentService, 'console'>, ops: OpsService) {
  const money = payments.console;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const area = opsArea(ops, 'money');
    const { signIn, signInOf, tagsOf, tags, actor } = area;
    // Money actions name their target and reason here; the action itself adds before and after.
    const audit =
      (
        request: FastifyRequest,
        action: string,
        target: { type: string; id: string },
        reason?: string,
      ): RecordChange =>
      (tx, change) =>
        area.audit(request)(tx, {
          action,
          targetType: target.type,
          targetId: target.id,
          reason: reason ?? null,
          ...change,
        });

    app.get(
      '/api/ops/money/payments',
      {
        config: { signIn },
        schema: {
          tags,
          summary:
            'Every payment intent, newest first: by status, method, type, days (Nairobi), phone, player (uid or e-mail); q searches ids, receipts, phones, e-mails',
          querystring: PaymentsQuerySchema,
          response: { 200: envelopeSchema(OpsPaymentPageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Payments.', await money.list(request.query)),
    );

    app.get(
      '/api/ops/money/payments/open',
      {
        config: { signIn },
        schema: {
          tags,
          summary:
            'Payments still open `minutes` (default 5) after they were made, oldest first: those whose provider is slow to answer, before they are stuck',
          querystring: OpenPaymentsQuerySchema,
          response: { 200: envelopeSchema(OpsPaymentPageSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Payments open a while.', await money.openFor(request.query)),
    );

    app.get(
      '/api/ops/money/payments/stuck',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Payments still open past their give-up time (STK_UNKNOWN_GIVE_UP_MS), oldest first',
          querystring: PageQuerySchema,
          response: { 200: envelopeSchema(OpsPaymentPageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Stuck payments.', await money.stuck(request.query)),
    );

    app.get(
      '/api/ops/money/payments/:id',
      {
        config: { signIn },
        schema: {
          tags,
          summary:
            "A payment's timeline: requests sent (no credential), answers, callbacks as received, jobs, ledger entries with postings; its refunds",
          params: PaymentIdParamsSchema,
          response: { 200: envelopeSchema(PaymentDetailSchema), ...opsRefusals(404) },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Payment.', await money.detail(request.params.id)),
    );

    app.post(
      '/api/ops/money/payments/:id/ask-provider',
      {
        config: { signIn: signInOf('payment.ask-provider') },
        schema: {
          tags: tagsOf('payment.ask-provider'),
          summary:
            'Ask the provider about an open payment now (STK Push Query or Transaction Status, card verify, airtime look-up); audited',
          params: PaymentIdParamsSchema,
          response: { 200: envelopeSchema(AskProviderResultSchema), ...actionRefusals },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const asked = await money.askProvider(
          id,
          audit(request, 'payments.ask-provider', { type: 'payment', id }),
        );
        return sendEnvelope(reply, 200, asked.outcome, asked);
      },
    );

    app.post(
      '/api/ops/money/payments/:id/refund',
      {
        config: { signIn: signInOf('payment.refund') },
        schema: {
          tags: tagsOf('payment.refund'),
          summary:
            "Refund a completed top-up, boost or subscription, to the payer's wallet, by M-Pesa (B2C) or, for a card payment, to the card through the card gateway (ADR 0069), with the reason: a new balanced entry, never more than was paid",
          params: PaymentIdParamsSchema,
          body: RefundRequestSchema,
          response: { 200: envelopeSchema(RefundResultSchema), ...actionRefusals },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { destination, amount, mpesaPhoneNumber, reason } = request.body;
        const done = await money.refund(
          {
            intentId: id,
            destination,
            amountCents: amount === undefined ? undefined : toCents(amount),
            phone: mpesaPhoneNumber,
          },
          audit(request, 'payments.refund', { type: 'payment', id }, reason),
        );
        const message =
          destination === 'WALLET'
            ? 'Refunded to the wallet.'
            : destination === 'CARD'
              ? 'Refund on its way to the card.'
              : 'Refund on its way to M-Pesa.';
        return sendEnvelope(reply, 200, message, done);
      },
    );

    app.get(
      '/api/ops/money/unmatched',
      {
        config: { signIn },
        schema: {
          tags,
          summary:
            'M-Pesa callbacks kept for a person (STK callbacks no payment has, payout results that do not match), newest first',
          querystring: UnmatchedQuerySchema,
          response: { 200: envelopeSchema(UnmatchedPageSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Kept M-Pesa callbacks.', await money.unmatchedPage(request.query)),
    );

    app.post(
      '/api/ops/money/unmatched/:callbackId/resolve',
      {
        config: { signIn: signInOf('callback.resolve') },
        schema: {
          tags: tagsOf('callback.resolve'),
          summary:
            'Credit a kept STK callback (money in) to the player it came from: a completed M-Pesa top-up of their wallet, once; with the reason',
          params: CallbackIdParamsSchema,
          body: ResolveUnmatchedRequestSchema,
          response: { 200: envelopeSchema(ResolvedCallbackSchema), ...actionRefusals },
        },
      },
      async (request, reply) => {
        const { callbackId } = request.params;
        const { uid, reason } = request.body;
        const done = await money.resolveUnmatched(
          callbackId,
          uid,
          audit(
            request,
            'payments.resolve-callback',
            { type: 'mpesa-callback', id: String(callbackId) },
            reason,
          ),
        );
        return sendEnvelope(reply, 200, "Credited to the player's wallet.", done);
      },
    );

    app.get(
      '/api/ops/money/reconciliation',
      {
        config: { signIn },
        schema: {
          tags,
          summary:
            'The daily reconciliation of a Nairobi day: per provider, what its records say we received and paid beside the ledger, differences listed',
          querystring: ReconciliationQuerySchema,
          response: { 200: envelopeSchema(ReconciliationReportSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Reconciliation.', await money.report(request.query.day)),
    );

    app.get(
      '/api/ops/money/reconciliation/csv',
      {
        config: { signIn },
        schema: {
          tags,
          summary: "The day's reconciliation as CSV: every transaction of every provider, matched or not",
          querystring: ReconciliationQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.string(), ...refusals },
        },
      },
      async (request, reply) => {
        const { day } = request.query;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="playon-reconciliation-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(await money.reportCsv(day));
      },
    );

    app.post(
      '/api/ops/money/reconciliation/mpesa-statement',
      {
        config: { signIn: signInOf('statement.upload') },
        schema: {
          tags: tagsOf('statement.upload'),
          summary:
            "Upload the M-Pesa org portal's statement of a day (CSV): the M-Pesa side of that day's reconciliation",
          body: MpesaStatementRequestSchema,
          response: { 200: envelopeSchema(StatementSavedSchema), ...refusals },
        },
      },
      async (request, reply) => {
        const { day, csv } = request.body;
        const saved = await money.saveMpesaStatement(
          { day, csv, uploadedBy: actor(request).email },
          audit(request, 'payments.statement-upload', { type: 'mpesa-statement', id: day }),
        );
        return sendEnvelope(reply, 200, 'Statement saved.', saved);
      },
    );
  };
}
