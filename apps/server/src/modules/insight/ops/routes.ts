import {
  InsightActivitySchema,
  InsightCsvQuerySchema,
  InsightFunnelSchema,
  InsightGamesSchema,
  InsightMoneySchema,
  InsightPeriodQuerySchema,
  InsightRefreshSchema,
  InsightRetentionQuerySchema,
  InsightRetentionSchema,
} from '@playon/shared/ops-insight';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../platform/db.ts';
import { envelopeSchema, sendEnvelope } from '../../../platform/envelope.ts';
import type { JobQueue } from '../../../platform/jobs/index.ts';
import { type OpsService, opsArea, opsRefusals } from '../../operator/service.ts';
import { INSIGHT_REFRESH_NOW_JOB, type InsightService } from '../service.ts';
import { insightCsv } from './csv.ts';

const refusals = opsRefusals();

/** /api/ops/insight: the Insight area's figures (finance and admins), each also as a CSV. */
export function insightRoutes(deps: { insight: InsightService; ops: OpsService; db: Db; jobs: JobQueue }) {
  const { insight, ops, db, jobs } = deps;
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const area = opsArea(ops, 'insight');
    const read = <T extends z.ZodType>(
      path: string,
      summary: string,
      answer: T,
      query = InsightPeriodQuerySchema,
    ) =>
      ({
        path,
        options: {
          config: { signIn: area.signIn },
          schema: {
            tags: area.tags,
            summary,
            querystring: query,
            response: { 200: envelopeSchema(answer), ...refusals },
          },
        },
      }) as const;

    const activity = read(
      '/api/ops/insight/activity',
      'DAU, WAU, MAU and new players per Nairobi day',
      InsightActivitySchema,
    );
    app.get(activity.path, activity.options, async (request, reply) =>
      sendEnvelope(reply, 200, 'Activity.', await insight.activity(request.query)),
    );
    const retention = read(
      '/api/ops/insight/retention',
      'Sign-up cohorts by week (or a game’s, by first play) and the share back on day 1, 7 and 30',
      InsightRetentionSchema,
      InsightRetentionQuerySchema,
    );
    app.get(retention.path, retention.options, async (request, reply) =>
      sendEnvelope(reply, 200, 'Retention.', await insight.retention(request.query)),
    );
    const funnel = read(
      '/api/ops/insight/funnel',
      'The new players’ funnel for sign-ups in the period',
      InsightFunnelSchema,
    );
    app.get(funnel.path, funnel.options, async (request, reply) =>
      sendEnvelope(reply, 200, 'Funnel.', await insight.funnel(request.query)),
    );
    const money = read(
      '/api/ops/insight/money',
      'Money in per day by method and package, ARPU, ARPPU, first-time payers, refunds, success by method',
      InsightMoneySchema,
    );
    app.get(money.path, money.options, async (request, reply) =>
      sendEnvelope(reply, 200, 'Money.', await insight.money(request.query)),
    );
    const games = read(
      '/api/ops/insight/games',
      'Plays, players and session length per game; tournaments',
      InsightGamesSchema,
    );
    app.get(games.path, games.options, async (request, reply) =>
      sendEnvelope(reply, 200, 'Games.', await insight.games(request.query)),
    );

    app.get(
      '/api/ops/insight/csv',
      {
        config: { signIn: area.signIn },
        schema: {
          tags: area.tags,
          summary: 'One Insight report as CSV',
          querystring: InsightCsvQuerySchema,
          response: { 200: z.string(), ...refusals },
        },
      },
      async (request, reply) =>
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="playon-insight-${request.query.report}.csv"`)
          .header('cache-control', 'no-store')
          .send(await insightCsv(insight, request.query)),
    );

    app.post(
      '/api/ops/insight/refresh',
      {
        config: { signIn: area.signInOf('insight.refresh') },
        schema: {
          tags: area.tagsOf('insight.refresh'),
          summary: 'Fold the activity in now instead of at the next run (the job answers in seconds)',
          response: { 200: envelopeSchema(InsightRefreshSchema), ...refusals },
        },
      },
      async (request, reply) => {
        const record = area.audit(request);
        const foldedAt = await insight.foldedAt();
        await db.transaction(async (tx) => {
          await jobs.enqueue(INSIGHT_REFRESH_NOW_JOB, {}, { key: INSIGHT_REFRESH_NOW_JOB }, tx);
          await record(tx, { action: 'insight.refresh', targetType: 'insight', before: { foldedAt } });
        });
        jobs.kick();
        return sendEnvelope(reply, 200, 'Recount queued.', { queued: true as const, foldedAt });
      },
    );
  };
}
