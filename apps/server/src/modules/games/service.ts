import {
  type Game,
  gameMessages,
  LAUNCH_PARAMS,
  type PlaySession,
  type RecentGame,
  type ReplayLog,
  type ScoreResult,
} from '@playon/shared/games';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { readGameManifests } from './catalogue.ts';
import { createPlayTokens } from './play-token.ts';
import { createReplays } from './replay.ts';
import { createGameRepo, type GameRow, type PlaySessionRow } from './repo.ts';

/** How long a game may run between 'Play now' and its score report. */
export const PLAY_SESSION_MS = 2 * 3_600_000;
const RECENT_GAMES = 20;
/** Route config of every score report: a game reports once per play; a flood from one address is not a player. */
export const scoreRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
/** A replayed play may last this much longer than its session's age: clocks of two servers differ a little. */
const CLOCK_GRACE_MS = 2_000;

export interface GameServiceDeps {
  db: Db;
  secret: string;
  gamesDir: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
  hasActiveSubscription: (uid: string, at: Date) => Promise<boolean>;
  /**
   * Throws the player-facing AppError when the tournament cannot be played on this game at `at`.
   * Given late: the tournaments module is built on this one.
   */
  assertTournamentPlayable: (tournamentId: number, gameId: number, at: Date) => Promise<void>;
  now?: () => Date;
}

export interface SessionClaim {
  token: string;
  uid: string;
  /** The tournament the report is for; null for a play outside tournaments. */
  tournamentId: number | null;
  points: number;
  /** The recorded play, required when the game is scored by replay (ADR 0015). */
  replay?: ReplayLog | undefined;
  at: Date;
}

export interface ScoreReportInput {
  session: string;
  points: number;
  replay?: ReplayLog | undefined;
}

export const toHundredths = (points: number) => Math.round(points * 100);
export const fromHundredths = (hundredths: number) => hundredths / 100;

export function toGame(row: GameRow): Game {
  return {
    id: row.id,
    name: row.name,
    packageId: row.packageId,
    description: row.description,
    trailerLink: row.trailerLink,
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

  async function getGame(id: number): Promise<Game> {
    const row = await repo.byId(id);
    if (!row) throw new AppError('NOT_FOUND', gameMessages.notFound);
    return toGame(row);
  }

  /** Starts a play session; subscribers' games need an active package, tournaments must be running. */
  async function startPlay(uid: string, gameId: number, tournamentId?: number): Promise<PlaySession> {
    const at = now();
    const game = await repo.byId(gameId);
    if (!game) throw new AppError('NOT_FOUND', gameMessages.notFound);
    if (game.access === 'SUBSCRIPTION' && !(await deps.hasActiveSubscription(uid, at))) {
      throw new AppError('SUBSCRIPTION_REQUIRED', gameMessages.subscriptionRequired);
    }
    if (tournamentId !== undefined) await deps.assertTournamentPlayable(tournamentId, gameId, at);
    const session = await repo.insertSession({
      uid,
      gameId,
      tournamentId: tournamentId ?? null,
      startedAt: at,
      expiresAt: new Date(at.getTime() + PLAY_SESSION_MS),
    });
    const token = tokens.sign(session.id);
    const params = new URLSearchParams({ [LAUNCH_PARAMS.player]: uid });
    if (tournamentId !== undefined) params.set(LAUNCH_PARAMS.tournament, String(tournamentId));
    params.set(LAUNCH_PARAMS.session, token);
    if (game.scoring === 'replay') params.set(LAUNCH_PARAMS.seed, String(tokens.seedOf(session.id)));
    return {
      session: token,
      expiresAt: session.expiresAt.toISOString(),
      launchUrl: `${game.gameUrl}?${params}`,
    };
  }

  /**
   * Spends the play session on one score report, in the caller's transaction: the token must be
   * ours, the caller's, unused, unexpired, for this tournament (or none), and the points possible
   * in this game in the time since the session started; for a game scored by replay, the points must
   * be exactly those the replay of the recorded play reaches.
   */
  async function claimSession(claim: SessionClaim, tx: Db): Promise<PlaySessionRow> {
    const sessionId = tokens.verify(claim.token);
    if (!sessionId) {
      log.warn({ uid: claim.uid, tournamentId: claim.tournamentId }, 'forged play session token refused');
      throw new AppError('BAD_REQUEST', gameMessages.sessionInvalid);
    }
    const session = await repo.sessionForUpdate(sessionId, tx);
    if (!session) throw new AppError('BAD_REQUEST', gameMessages.sessionInvalid);
    if (session.uid !== claim.uid) {
      log.warn({ uid: claim.uid, sessionId, owner: session.uid }, "another player's play session refused");
      throw new AppError('FORBIDDEN', gameMessages.sessionNotYours);
    }
    if (session.reportedAt) throw new AppError('CONFLICT', gameMessages.sessionUsed);
    if (session.expiresAt.getTime() <= claim.at.getTime()) {
      throw new AppError('CONFLICT', gameMessages.sessionExpired);
    }
    if (session.tournamentId !== claim.tournamentId) {
      throw new AppError('CONFLICT', gameMessages.sessionOtherTournament);
    }
    const game = await repo.byId(session.gameId, tx);
    if (!game) throw new Error(`play session ${sessionId} names a missing game`);
    if (game.scoring === 'replay') await assertReplayed(game, session, claim);
    else assertPlausible(game, session, claim);
    await repo.markReported(sessionId, toHundredths(claim.points), claim.at, tx);
    return session;
  }

  function assertPlausible(game: GameRow, session: PlaySessionRow, claim: SessionClaim) {
    const seconds = Math.max(1, (claim.at.getTime() - session.startedAt.getTime()) / 1000);
    const ceiling = Math.min(game.maxPoints, game.maxPointsPerSecond * seconds);
    if (claim.points <= ceiling) return;
    log.warn(
      { uid: claim.uid, gameId: game.id, sessionId: session.id, points: claim.points, seconds, ceiling },
      'implausible score refused',
    );
    throw new AppError('IMPLAUSIBLE_SCORE', gameMessages.implausibleScore);
  }

  /**
   * The score of a replayed game stands only if the recorded play, run again from the session's seed
   * with the game's own simulation, reaches it; the play cannot have lasted longer than the session.
   */
  async function assertReplayed(game: GameRow, session: PlaySessionRow, claim: SessionClaim) {
    const facts = { uid: claim.uid, gameId: game.id, sessionId: session.id, points: claim.points };
    if (!claim.replay) {
      log.warn(facts, 'score without its recorded play refused');
      throw new AppError('REPLAY_MISMATCH', gameMessages.replayRequired);
    }
    const elapsedMs = claim.at.getTime() - session.startedAt.getTime();
    const playedMs = await replays.durationMs(claim.replay.frames);
    if (playedMs > elapsedMs + CLOCK_GRACE_MS) {
      log.warn({ ...facts, playedMs, elapsedMs }, 'recorded play longer than its session refused');
      throw new AppError('REPLAY_MISMATCH', gameMessages.replayTooLong);
    }
    // The limits cost nothing to check: a report far above them is refused before any replay.
    assertPlausible(game, session, claim);
    const outcome = await replays.replay(game.slug, tokens.seedOf(session.id), claim.replay);
    if (outcome.isValid && toHundredths(outcome.score) === toHundredths(claim.points)) return;
    log.warn(
      {
        ...facts,
        frames: claim.replay.frames,
        inputs: claim.replay.inputs.length,
        ...(outcome.isValid ? { replayed: outcome.score } : { reason: outcome.reason }),
      },
      'score that its replay does not reach refused',
    );
    throw new AppError('REPLAY_MISMATCH', gameMessages.replayMismatch);
  }

  /** A score from a play outside tournaments: kept on its session; `best` is the player's best in the game. */
  async function reportFreePlay(uid: string, report: ScoreReportInput): Promise<ScoreResult> {
    const session = await db.transaction((tx) =>
      claimSession(
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

  return {
    listGames: async (filter: { featured?: boolean; access?: Game['access'] }) =>
      (await repo.list(filter)).map(toGame),
    getGame,
    async recentGames(uid: string): Promise<RecentGame[]> {
      return (await repo.recentGames(uid, RECENT_GAMES)).map(({ game, lastPlayedAt }) => ({
        ...toGame(game),
        lastPlayedAt: new Date(lastPlayedAt as unknown as string).toISOString(),
      }));
    },
    startPlay,
    claimSession,
    reportFreePlay,
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
export { games, playSessions } from './schema.ts';
