import { PageQuerySchema } from '@playon/shared/ops';
import {
  AccountStatusRequestSchema,
  AccountStatusSchema,
  DataExportRequestSchema,
  DeleteAccountRequestSchema,
  DeletionSchema,
  LedgerPageSchema,
  PasswordResetSentSchema,
  PayOutRequestSchema,
  PayOutSchema,
  PlayerDetailSchema,
  PlayerExportSchema,
  PlayerPageSchema,
  PlayerParamsSchema,
  PlayerPaymentPageSchema,
  PlayerReportPageSchema,
  PlayerSubscriptionsSchema,
  PlayerTournamentPageSchema,
} from '@playon/shared/ops-players';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelopeSchema, errorResponses, sendEnvelope } from '../../../platform/envelope.ts';
import type { Idempotency } from '../../../platform/idempotency/index.ts';
import {
  answerOnce,
  IdempotencyHeaderSchema,
  moneyPostErrors,
} from '../../../platform/idempotency/respond.ts';
import { type OpsService, opsArea, opsRefusals } from '../service.ts';
import type { PlayersOps } from './service.ts';

const refusals = opsRefusals();
const actionRefusals = opsRefusals(404, 409);

/** /api/ops/players: the console's Players area, for support, finance and admins. */
export function playersOpsRoutes(
  players: PlayersOps,
  ops: Pick<OpsService, 'access' | 'audit'>,
  idempotency: Idempotency,
) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { signIn, signInOf, tagsOf, tags, actor } = opsArea(ops, 'players');

    app.get(
      '/api/ops/players',
      {
        config: { signIn },
        schema: {
          tags,
          summary: 'Players, newest first: q matches name, username, e-mail, phone or uid',
          querystring: PageQuerySchema,
          response: { 200: envelopeSchema(PlayerPageSchema), ...refusals },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Players.', await players.search(request.query)),
    );

    app.get(
      '/api/ops/players/:uid',
      {
        config: { signIn },
        schema: {
          tags,
          summary: "A player's card: identity (no secrets), profile, wallet balance",
          params: PlayerParamsSchema,
          response: { 200: envelopeSchema(PlayerDetailSchema), ...opsRefusals(404) },
        },
      },
      async (request, reply) => sendEnvelope(reply, 200, 'Player.', await players.detail(request.params.uid)),
    );

    const lists = [
      [
        'ledger',
        'Ledger.',
        "The player's ledger entries, each with all its postings",
        LedgerPageSchema,
        players.ledger,
      ],
      [
        'payments',
        'Payments.',
        'The payments the player made or received',
        PlayerPaymentPageSchema,
        players.payments,
      ],
      [
        'tournaments',
        'Tournaments.',
        'The tournaments the player scored in',
        PlayerTournamentPageSchema,
        players.tournaments,
      ],
      [
        'reports',
        'Reports.',
        'What the player sent through feedback',
        PlayerReportPageSchema,
        players.reports,
      ],
    ] as const;
    for (const [path, message, summary, schema, read] of lists) {
      app.get(
        `/api/ops/players/:uid/${path}`,
        {
          config: { signIn },
          schema: {
            tags,
            summary: `${summary}, newest first, paged and searchable`,
            params: PlayerParamsSchema,
            querystring: PageQuerySchema,
            response: { 200: envelopeSchema(schema as z.ZodType), ...refusals },
          },
        },
        async (request, reply) =>
          sendEnvelope(reply, 200, message, await read(request.params.uid, request.query)),
      );
    }

    app.get(
      '/api/ops/players/:uid/subscriptions',
      {
        config: { signIn },
        schema: {
          tags,
          summary: "The player's subscriptions, one per package they bought",
          params: PlayerParamsSchema,
          response: { 200: envelopeSchema(PlayerSubscriptionsSchema), ...refusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(reply, 200, 'Subscriptions.', await players.subscriptions(request.params.uid)),
    );

    app.post(
      '/api/ops/players/:uid/disable',
      {
        config: { signIn: signInOf('player.disable') },
        schema: {
          tags: tagsOf('player.disable'),
          summary: 'Disable the account with the reason: sign-in refused, every session ended at once',
          params: PlayerParamsSchema,
          body: AccountStatusRequestSchema,
          response: { 200: envelopeSchema(AccountStatusSchema), ...actionRefusals },
        },
      },
      async (request, reply) => {
        const { uid, state } = await players.disable(actor(request), request.params.uid, request.body.reason);
        return sendEnvelope(reply, 200, 'The account is disabled and signed out everywhere.', { uid, state });
      },
    );

    app.post(
      '/api/ops/players/:uid/enable',
      {
        config: { signIn: signInOf('player.enable') },
        schema: {
          tags: tagsOf('player.enable'),
          summary: 'Enable a disabled account again, with the reason',
          params: PlayerParamsSchema,
          body: AccountStatusRequestSchema,
          response: { 200: envelopeSchema(AccountStatusSchema), ...actionRefusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'The account is enabled.',
          await players.enable(actor(request), request.params.uid, request.body.reason),
        ),
    );

    app.post(
      '/api/ops/players/:uid/password-reset',
      {
        config: { signIn: signInOf('player.password-reset') },
        schema: {
          tags: tagsOf('player.password-reset'),
          summary: "Send the player a password reset mail at their account's e-mail",
          params: PlayerParamsSchema,
          response: { 200: envelopeSchema(PasswordResetSentSchema), ...actionRefusals },
        },
      },
      async (request, reply) => {
        const sent = await players.sendPasswordReset(actor(request), request.params.uid);
        return sendEnvelope(reply, 200, `A password reset mail is on its way to ${sent.email}.`, sent);
      },
    );

    app.post(
      '/api/ops/players/:uid/export',
      {
        config: { signIn: signInOf('player.export') },
        schema: {
          tags: tagsOf('player.export'),
          summary: 'A data request: everything held on the player as one JSON document (audited)',
          params: PlayerParamsSchema,
          body: DataExportRequestSchema,
          response: { 200: envelopeSchema(PlayerExportSchema), ...actionRefusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          "The player's data.",
          await players.exportOf(actor(request), request.params.uid, request.body.reason),
        ),
    );

    app.post(
      '/api/ops/players/:uid/pay-out',
      {
        config: { signIn: signInOf('player.pay-out') },
        schema: {
          tags: tagsOf('player.pay-out'),
          summary:
            "Pay the wallet out to the player's M-Pesa before a deletion (a withdrawal); needs an Idempotency-Key header",
          params: PlayerParamsSchema,
          headers: IdempotencyHeaderSchema,
          body: PayOutRequestSchema,
          response: { 200: envelopeSchema(PayOutSchema), ...moneyPostErrors, ...errorResponses(403) },
        },
      },
      (request, reply) =>
        answerOnce(idempotency, request, reply, {
          playerUid: actor(request).uid,
          scope: `ops.players.pay-out:${request.params.uid}`,
          message: 'The payout is on its way to M-Pesa.',
          work: (record) => players.payOut(actor(request), request.params.uid, request.body, record),
        }),
    );

    app.post(
      '/api/ops/players/:uid/delete',
      {
        config: { signIn: signInOf('player.delete') },
        schema: {
          tags: tagsOf('player.delete'),
          summary:
            'Delete the account (a data request): personal data erased, chat and uploads removed, money records kept',
          params: PlayerParamsSchema,
          body: DeleteAccountRequestSchema,
          response: { 200: envelopeSchema(DeletionSchema), ...actionRefusals },
        },
      },
      async (request, reply) =>
        sendEnvelope(
          reply,
          200,
          'The account is deleted.',
          await players.deleteAccount(actor(request), request.params.uid, request.body),
        ),
    );
  };
}
