import type { FastifyInstance } from 'fastify';
import { createChallengeService } from '../modules/challenges/service.ts';
import { createGameService } from '../modules/games/service.ts';
import type { NotificationService } from '../modules/notifications/service.ts';
import type { ProfileService } from '../modules/profile/service.ts';
import type { Realtime } from '../modules/realtime/service.ts';
import type { SubscriptionService } from '../modules/subscriptions/service.ts';
import { createRankStore } from '../modules/tournaments/ranks/create.ts';
import {
  createTournamentPlayRule,
  createTournamentService,
  TOURNAMENT_RANKING_EVERY_MS,
  TOURNAMENT_RANKING_JOB,
  TOURNAMENT_START_EVERY_MS,
  TOURNAMENT_START_JOB,
} from '../modules/tournaments/service.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import type { JobQueue } from '../platform/jobs/index.ts';
import { scheduleRecurring } from '../platform/jobs/recurring.ts';

/**
 * Games, the challenges between friends and the tournaments played on them, with the tournaments' rank store, live boards and
 * recurring jobs (ranking ended tournaments, announcing started ones); each closes with the app.
 */
export async function wirePlay(
  app: FastifyInstance,
  deps: {
    db: Db;
    config: Config;
    jobs: JobQueue;
    subscriptions: SubscriptionService;
    profiles: ProfileService;
    notifications: NotificationService;
    realtime: Realtime;
  },
) {
  const { db, config, jobs, subscriptions } = deps;
  // Tournaments are built on games, never the other way (ADR 0021): 'Play now' asks the tournament
  // play rule, which needs only the database and so exists before both services.
  const tournamentPlayRule = createTournamentPlayRule(db);
  const games = createGameService({
    db,
    secret: config.authSecret,
    gamesDir: config.gamesDir,
    log: app.log,
    hasActiveSubscription: (uid, at) => subscriptions.hasActiveSubscription(uid, at),
    assertTournamentPlayable: tournamentPlayRule.assertPlayable,
  });
  const rankStore = createRankStore(config.redisUrl, app.log, config.redisBusNamespace);
  const tournaments = createTournamentService({
    db,
    games,
    subscriptions,
    players: deps.profiles,
    log: app.log,
    notifications: deps.notifications,
    realtime: deps.realtime,
    ranks: rankStore,
  });
  app.addHook('onClose', async () => tournaments.closeLive());
  app.addHook('onClose', () => rankStore.close());
  await scheduleRecurring(jobs, TOURNAMENT_RANKING_JOB, TOURNAMENT_RANKING_EVERY_MS, async () => {
    await tournaments.rankEndedTournaments();
  });
  await scheduleRecurring(jobs, TOURNAMENT_START_JOB, TOURNAMENT_START_EVERY_MS, async () => {
    await tournaments.announceStartedTournaments();
  });
  // Challenges are built on games, profiles and notifications; none of them imports this one.
  const challenges = createChallengeService({
    db,
    games,
    profiles: deps.profiles,
    notifications: deps.notifications,
  });
  return { games, tournaments, challenges };
}
