import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { Idempotency } from '../../platform/idempotency/index.ts';
import type { Storage } from '../../platform/storage.ts';
import type { ChatModeration } from '../chat/ops/moderation-actions.ts';
import { opsModerationRoutes } from '../chat/ops/moderation-routes.ts';
import { chatRoomsOpsRoutes } from '../chat/ops/routes.ts';
import type { FeedbackInbox } from '../content/ops/feedback-actions.ts';
import { opsFeedbackRoutes } from '../content/ops/feedback-routes.ts';
import { contentOpsRoutes } from '../content/ops/routes.ts';
import type { ContentService } from '../content/service.ts';
import { gameOpsRoutes } from '../games/ops/routes.ts';
import type { GameService } from '../games/service.ts';
import type { Broadcasts } from '../notifications/ops/actions.ts';
import { opsBroadcastRoutes } from '../notifications/ops/routes.ts';
import { moneyOpsRoutes } from '../payments/ops/routes.ts';
import type { PaymentService } from '../payments/service.ts';
import { subscriptionOpsRoutes } from '../subscriptions/ops/routes.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import { tournamentOpsRoutes } from '../tournaments/ops/routes.ts';
import type { TournamentService } from '../tournaments/service.ts';
import { uploadsOpsRoutes } from '../uploads/ops/routes.ts';
import { opsDashboardRoutes } from './dashboard/routes.ts';
import type { DashboardService } from './dashboard/service.ts';
import { playersOpsRoutes } from './players/routes.ts';
import type { PlayersOps } from './players/service.ts';
import { opsRoutes } from './routes.ts';
import type { OpsService } from './service.ts';

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
  dashboard: DashboardService;
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
  };
}
