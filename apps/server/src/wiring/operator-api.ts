import type { FastifyInstance } from 'fastify';
import { type Audiences, audienceOpsRoutes } from '../modules/audiences/service.ts';
import { opsModerationRoutes } from '../modules/chat/ops/moderation-routes.ts';
import { chatRoomsOpsRoutes } from '../modules/chat/ops/routes.ts';
import type { ChatModeration } from '../modules/chat/service.ts';
import { opsFeedbackRoutes } from '../modules/content/ops/feedback-routes.ts';
import { contentOpsRoutes } from '../modules/content/ops/routes.ts';
import type { ContentService, FeedbackInbox } from '../modules/content/service.ts';
import { gameOpsRoutes } from '../modules/games/ops/routes.ts';
import type { GameService } from '../modules/games/service.ts';
import { insightRoutes } from '../modules/insight/ops/routes.ts';
import type { InsightService } from '../modules/insight/service.ts';
import { opsBroadcastRoutes } from '../modules/notifications/ops/routes.ts';
import type { Broadcasts } from '../modules/notifications/service.ts';
import { opsDashboardRoutes } from '../modules/operator/dashboard/routes.ts';
import type { DashboardService } from '../modules/operator/dashboard/service.ts';
import { dataRequestRoutes } from '../modules/operator/players/requests-routes.ts';
import { playersOpsRoutes } from '../modules/operator/players/routes.ts';
import type { PlayersOps } from '../modules/operator/players/service.ts';
import { opsRoutes } from '../modules/operator/routes.ts';
import type { OpsService } from '../modules/operator/service.ts';
import { moneyOpsRoutes } from '../modules/payments/ops/routes.ts';
import type { PaymentService } from '../modules/payments/service.ts';
import { subscriptionOpsRoutes } from '../modules/subscriptions/ops/routes.ts';
import type { SubscriptionService } from '../modules/subscriptions/service.ts';
import { tournamentOpsRoutes } from '../modules/tournaments/ops/routes.ts';
import type { TournamentService } from '../modules/tournaments/service.ts';
import { uploadsOpsRoutes } from '../modules/uploads/ops/routes.ts';
import type { Db } from '../platform/db.ts';
import type { Idempotency } from '../platform/idempotency/index.ts';
import type { JobQueue } from '../platform/jobs/index.ts';
import type { Storage } from '../platform/storage.ts';

/** What the operator API serves: the operator module's door and log, and each area's console. */
export interface OperatorApiDeps {
  ops: OpsService;
  db: Db;
  storage: Storage;
  idempotency: Idempotency;
  payments: Pick<PaymentService, 'console'>;
  games: GameService;
  tournaments: TournamentService;
  content: ContentService;
  subscriptions: SubscriptionService;
  players: PlayersOps;
  feedback: FeedbackInbox;
  moderation: ChatModeration;
  broadcasts: Broadcasts;
  audiences: Audiences;
  dashboard: DashboardService;
  insight: InsightService;
  jobs: JobQueue;
}

/**
 * The whole operator API (/api/ops, ADR 0024) as one plugin: the operator module's own routes (who
 * is signed in, the audit log, the operators), then each module's console routes from its ops/
 * folder, by console area. Every one of them passes the door `opsArea` gives its area.
 */
export function operatorApi(deps: OperatorApiDeps) {
  const { ops, idempotency } = deps;
  return async (app: FastifyInstance) => {
    await app.register(opsRoutes(ops));
    await app.register(opsDashboardRoutes(deps.dashboard, ops));
    await app.register(playersOpsRoutes(deps.players, ops, idempotency));
    await app.register(dataRequestRoutes(deps.players, ops));
    await app.register(moneyOpsRoutes(deps.payments, ops));
    // The content area (admins): each module serves its own part.
    await app.register(gameOpsRoutes(deps.games, ops));
    await app.register(tournamentOpsRoutes(deps.tournaments, ops));
    await app.register(contentOpsRoutes(deps.content, ops));
    await app.register(subscriptionOpsRoutes(deps.subscriptions, ops));
    await app.register(chatRoomsOpsRoutes(deps.db, ops));
    await app.register(uploadsOpsRoutes(deps.storage, ops));
    // The community area (support and admins).
    await app.register(opsFeedbackRoutes(deps.feedback, ops));
    await app.register(opsModerationRoutes(deps.moderation, ops));
    await app.register(opsBroadcastRoutes(deps.broadcasts, ops, idempotency));
    await app.register(audienceOpsRoutes(deps.audiences, ops));
    // The Insight area (finance and admins): the summary tables' figures.
    await app.register(insightRoutes({ insight: deps.insight, ops, db: deps.db, jobs: deps.jobs }));
  };
}
