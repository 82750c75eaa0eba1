import { challengeMessages } from '@playon/shared/challenges';
import {
  type Game,
  gameMessages,
  OFFLINE_SESSIONS,
  type PlaySession,
  type RecentGame,
  type ReplayLog,
  type ScoreResult,
} from '@playon/shared/games';
import type { Language } from '@playon/shared/i18n/language';
import { contentMessages } from '@playon/shared/ops-content';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { readGameManifests } from './catalogue.ts';
import { createSessionClaims } from './claims.ts';
import { createGameConsole } from './ops/actions.ts';
import { createPlayTokens } from './play-token.ts';
import { createReplays } from './replay.ts';
import { createGameRepo, type GameRow, type PlaySessionRow } from './repo.ts';
import { createScoreJudge, toHundredths } from './score-judge.ts';
import { playSessionOf } from './session-launch.ts';

/** How long a game may run between 'Play now' and its score report. */
export const PLAY_SESSION_MS = 2 * 3_600_000;
/** How long a session kept for an offline run may wait to be played and reported (ADR 0065). */
export const OFFLINE_SESSION_MS = 24 * 3_600_000;
const RECENT_GAMES = 20;
export interface GameServiceDeps {
  db: Db;
  secret: string;
  gamesDir: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  hasActiveSubscription: (uid: string, at: Date) => Promise<boolean>;
  /**
   * Throws the player-facing AppError when the tournament cannot be played on this game at `at`.
   * The tournaments module, built on this one, lends its play rule (ADR 0021).
   */
  assertTournamentPlayable: (tournamentId: number, gameId: number, at: Date) => Promise<void>;
  now?: () => Date;
}

export interface ScoreReportInput {
  session: string;
  points: number;
  replay?: ReplayLog | undefined;
}

export type { CheckedClaim, ClaimCheck, SessionClaim } from './claims.ts';
export { scoreRateLimit, scoreReportSchema } from './score-route.ts';
export { toHundredths };
export const fromHundredths = (hundredths: number) => hundredths / 100;

/** The game as players read it in `language`: its Kiswahili description when it has one. */
export function toGame(row: GameRow, language: Language = 'en'): Game {
  return {
    id: row.id,
    name: row.name,
    packageId: row.packageId,
    description: (language === 'sw' && row.descriptionSw) || row.description,
    trailerLink: row.trailerLink,
    trailerPoster: row.trailerPoster,
    gameUrl: row.gameUrl,
    gameIcon: row.gameIcon,
    featured: row.featured,
    access: row.access,
  };
}

/** The catalogue, 'Play now' and the play sessions that make a score report trustworthy. */
export function createGameService(deps: GameServiceDeps) {
  const { db, log, now = () => new Date() } = deps;
  const repo = createGameRepo(db);
  const tokens = createPlayTokens(deps.secret);
  const replays = createReplays(deps.gamesDir);
  const seedOf = (session: PlaySessionRow) => session.seed ?? tokens.seedOf(session.id);
  const judge = createScoreJudge({ log, replays, seedOf });
  const claims = createSessionClaims({ repo, tokens, judge, log });

  /** Any game, enabled or not: a tournament on a game disabled since still ranks. */
  async function getGame(id: number): Promise<Game> {
    const row = await repo.byId(id);
    if (!row) throw new AppError('NOT_FOUND', gameMessages.notFound);
    return toGame(row);
  }

  /** A game as players may see it: a disabled one does not exist for them. */
  async function getListedGame(id: number, language: Language = 'en'): Promise<Game> {
    const row = await repo.byId(id);
    if (!row?.enabled) throw new AppError('NOT_FOUND', gameMessages.notFound);
    return toGame(row, language);
  }

  /** Whether a tournament may be held on the game: enabled, and one whose plays PlayOn can check. */
  async function assertCanHoldTournament(id: number, tx?: Db) {
    const row = await repo.byId(id, tx);
    if (!row) throw new AppError('NOT_FOUND', gameMessages.notFound, { gameId: gameMessages.notFound });
    if (row.source === 'url') {
      throw new AppError('BAD_REQUEST', contentMessages.outsideGameNoTournament, {
        gameId: contentMessages.outsideGameNoTournament,
      });
    }
    if (!row.enabled) {
      throw new AppError('BAD_REQUEST', contentMessages.gameDisabled, {
        gameId: contentMessages.gameDisabled,
      });
    }
  }

  /** The game, if this player may start a play of it now: the checks of 'Play now'. */
  async function playableGame(
    uid: string,
    gameId: number,
    tournamentId: number | undefined,
    at: Date,
    tx: Db = db,
  ) {
    const game = await repo.byId(gameId, tx);
    if (!game?.enabled) throw new AppError('NOT_FOUND', gameMessages.notFound);
    if (game.access === 'SUBSCRIPTION' && !(await deps.hasActiveSubscription(uid, at))) {
      throw new AppError('SUBSCRIPTION_REQUIRED', gameMessages.subscriptionRequired);
    }
    if (tournamentId !== undefined) await deps.assertTournamentPlayable(tournamentId, gameId, at);
    return game;
  }

  /**
   * Starts a play session; subscribers' games need an active package, tournaments must be running.
   * A challenge's answer (`seed`, ADR 0066) plays the challenger's seed, in the challenge's transaction.
   */
  async function startPlay(
    uid: string,
    gameId: number,
    tournamentId?: number,
    options: { seed?: number; tx?: Db } = {},
  ): Promise<PlaySession> {
    const at = now();
    const { tx = db } = options;
    const game = await playableGame(uid, gameId, tournamentId, at, tx);
    const session = await repo.insertSession(
      {
        uid,
        gameId,
        tournamentId: tournamentId ?? null,
        startedAt: at,
        expiresAt: new Date(at.getTime() + PLAY_SESSION_MS),
        seed: options.seed ?? null,
      },
      tx,
    );
    return playSessionOf(game, session, tokens);
  }

  /**
   * The sessions a device keeps for runs played offline (ADR 0065): the same checks as 'Play now',
   * then the player's unspent ones topped up to OFFLINE_SESSIONS, each valid OFFLINE_SESSION_MS from
   * its issue. Under a lock per player, so two devices asking at once do not issue twice as many.
   */
  async function keepOfflineSessions(uid: string, gameId: number, tournamentId?: number) {
    const at = now();
    const game = await playableGame(uid, gameId, tournamentId, at);
    const rows = await db.transaction(async (tx) => {
      await repo.lockPlayer(uid, tx);
      const kept = await repo.unspentOffline({ uid, gameId, tournamentId: tournamentId ?? null, at }, tx);
      const issued = [];
      for (let n = kept.length; n < OFFLINE_SESSIONS; n++) {
        issued.push(
          await repo.insertSession(
            {
              uid,
              gameId,
              tournamentId: tournamentId ?? null,
              startedAt: at,
              expiresAt: new Date(at.getTime() + OFFLINE_SESSION_MS),
              offline: true,
            },
            tx,
          ),
        );
      }
      // Oldest first, in one order whatever the call: the phone spends them in this order.
      return [...kept, ...issued].sort(
        (a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.id.localeCompare(b.id),
      );
    });
    return { sessions: rows.map((row) => playSessionOf(game, row, tokens)) };
  }

  /** A score from a play outside tournaments: kept on its session; `best` is the player's best in the game. */
  async function reportFreePlay(uid: string, report: ScoreReportInput): Promise<ScoreResult> {
    const session = await db.transaction((tx) =>
      claims.claimSession(
        {
          token: report.session,
          uid,
          tournamentId: null,
          points: report.points,
          replay: report.replay,
          at: now(),
        },
        tx,
      ),
    );
    const best = fromHundredths(await repo.bestInGame(uid, session.gameId));
    return { points: report.points, best, rank: null };
  }

  /**
   * A finished run of the caller's that a challenge may be made of (ADR 0066): its token must be
   * ours and the caller's, its score saved, its game replayed. Its seed is what the friend plays.
   */
  async function finishedRun(uid: string, token: string) {
    const sessionId = tokens.verify(token);
    const row = sessionId ? await repo.sessionWithGame(sessionId) : undefined;
    if (!row) throw new AppError('BAD_REQUEST', gameMessages.sessionInvalid);
    const { session, game } = row;
    if (session.uid !== uid) throw new AppError('FORBIDDEN', gameMessages.sessionNotYours);
    if (session.reportedAt === null || session.pointsHundredths === null) {
      throw new AppError('CONFLICT', challengeMessages.runNotFinished);
    }
    if (game.scoring !== 'replay') throw new AppError('BAD_REQUEST', challengeMessages.notReplayed);
    return {
      sessionId: session.id,
      game: { id: game.id, name: game.name, gameIcon: game.gameIcon },
      pointsHundredths: session.pointsHundredths,
      seed: seedOf(session),
    };
  }

  /**
   * Spends a challenge's play session on its answer, judged like any report (the replay of its inputs
   * from the challenge's seed), in the caller's transaction; `sessionId` is the session the challenge
   * started for this player: any other token is refused before anything is read.
   */
  async function claimChallengePlay(uid: string, sessionId: string, report: ScoreReportInput, tx: Db) {
    if (tokens.verify(report.session) !== sessionId) {
      log.warn({ uid }, 'a play session not started for this challenge refused');
      throw new AppError('BAD_REQUEST', challengeMessages.otherPlay);
    }
    const session = await claims.claimSession(
      {
        token: report.session,
        uid,
        tournamentId: null,
        points: report.points,
        replay: report.replay,
        at: now(),
        challenge: true,
      },
      tx,
    );
    return { pointsHundredths: toHundredths(report.points), gameId: session.gameId };
  }

  return {
    listGames: async (filter: { featured?: boolean; access?: Game['access'] }, language: Language = 'en') =>
      (await repo.list(filter)).map((row) => toGame(row, language)),
    getGame,
    getListedGame,
    assertCanHoldTournament,
    console: createGameConsole({ db, repo, now }),
    async recentGames(uid: string, language: Language = 'en'): Promise<RecentGame[]> {
      return (await repo.recentGames(uid, RECENT_GAMES)).map(({ game, lastPlayedAt }) => ({
        ...toGame(game, language),
        lastPlayedAt: new Date(lastPlayedAt as unknown as string).toISOString(),
      }));
    },
    startPlay,
    keepOfflineSessions,
    checkClaims: claims.checkClaims,
    markReportedStatement: claims.markReportedStatement,
    reportFreePlay,
    finishedRun,
    claimChallengePlay,
    /** The play session a token vouches for, or null when it is forged or malformed. */
    sessionIdOf: (token: string) => tokens.verify(token),
    /** The player's best saved score in the game, in points. */
    bestInGame: async (uid: string, gameId: number, tx?: Db) =>
      fromHundredths(await repo.bestInGame(uid, gameId, tx)),
    /** The players who started a play of this game since `since` (a tournament's start announcement). */
    playersOfGameSince: (gameId: number, since: Date) => repo.playersSince(gameId, since),
    /** The catalogue from games/<slug>/game.json, written at every start, and the replays it needs. */
    async seed() {
      const manifests = readGameManifests(deps.gamesDir);
      await replays.load(manifests.filter((game) => game.scoring === 'replay').map((game) => game.slug));
      await repo.upsertGames(manifests);
    },
  };
}

export type GameService = ReturnType<typeof createGameService>;
/** What the console reads of games for a broadcast, on the database alone. */
export { createGameReads, type GameReads } from './ops/reads.ts';
export { games, playSessions } from './schema.ts';
