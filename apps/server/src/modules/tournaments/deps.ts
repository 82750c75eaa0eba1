import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { GameService } from '../games/service.ts';
import type { Notifier } from '../notifications/service.ts';
import type { ProfileService } from '../profile/service.ts';
import type { Realtime } from '../realtime/service.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import type { RankStore } from './ranks/rank-store.ts';

/** What the tournaments module is built on; each of its parts takes the slice it uses. */
export interface TournamentServiceDeps {
  db: Db;
  games: Pick<
    GameService,
    | 'checkClaims'
    | 'markReportedStatement'
    | 'getGame'
    | 'listGames'
    | 'playersOfGameSince'
    | 'assertCanHoldTournament'
  >;
  subscriptions: Pick<SubscriptionService, 'activateSubscription' | 'listPackages' | 'packageById'>;
  players: Pick<ProfileService, 'playersByUid' | 'logIn' | 'updateField'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Tells players about endings, prizes and starts; without it (some tests) nobody is told. */
  notifications?: Notifier;
  /** Tells the screens following a leaderboard that it changed; without it (some tests) none hears. */
  realtime?: Pick<Realtime, 'sendToTopic'>;
  /** Where leaderboard ranks are kept (ADR 0029); without it, this process's memory. */
  ranks?: RankStore;
  /** The clock of the tournament status rule; tests pass their own. */
  now?: () => Date;
}
