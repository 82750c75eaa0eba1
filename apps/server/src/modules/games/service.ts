import {
  type Game,
  gameMessages,
  LAUNCH_PARAMS,
  type PlaySession,
  type RecentGame,
  type ReplayLog,
  type ScoreResult,
} from '@playon/shared/games';
import type { Language } from '@playon/shared/i18n/language';
import { contentMessages } from '@playon/shared/ops-content';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { currentPlayer } from '../auth/service.ts';
import { readGameManifests } from './catalogue.ts';
import { createGameConsole } from './ops/actions.ts';
import { createPlayTokens } from './play-token.ts';
import { createReplays } from './replay.ts';
import { createGameRepo, type GameRow, type PlaySessionRow } from './repo.ts';
import { createScoreJudge, toHundredths } from './score-judge.ts';

/** How long a game may run between 'Play now' and its score report. */
export const PLAY_SESSION_MS = 2 * 3_600_000;
const RECENT_GAMES = 20;
/**
 * Route config of every score report: a game reports once per play, so a flood is not a player.
 * Counted per player once the token is checked (preHandler), not per address: a launch night's
 * players reach us through a handful of carrier NAT addresses (ADR 0046).
 */
export const scoreRateLimit = {
  rateLimit: {
    max: 60,
    timeWindow: '1 minute',
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `score-reports:${currentPlayer(request).uid}`,
  },
} as const;

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

/** What became of one claim of `claimSessionsWith`. */
export type ClaimOutcome<T> = { value: T } | { error: unknown } | { unmarked: true };

export interface ScoreReportInput {
  session: string;
  points: number;
  replay?: ReplayLog | undefined;
}

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
  const judge = createScoreJudge({ log, replays, seedOf: tokens.seedOf });

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

  /** Starts a play session; subscribers' games need an active package, tournaments must be running. */
  async function startPlay(uid: string, gameId: number, tournamentId?: number): Promise<PlaySession> {
    const at = now();
    const game = await repo.byId(gameId);
    if (!game?.enabled) throw new AppError('NOT_FOUND', gameMessages.notFound);
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
      launchUrl: withParams(game.gameUrl, params),
    };
  }

  /**
   * Spends the play session on one score report, in the caller's transaction: the token must be
   * ours, the caller's, unused, unexpired, for this tournament (or none), and the points possible
   * in this game in the time since the session started; for a game scored by replay, the points must
   * be exactly those the replay of the recorded play reaches.
   */
  async function claimSession(claim: SessionClaim, tx: Db): Promise<PlaySessionRow> {
    const session = await checkClaim(claim, tx);
    await repo.markReported(session.id, toHundredths(claim.points), claim.at, tx);
    return session;
  }

  /** Every check of `claimSession`, with the session locked until `tx` ends; nothing written. */
  async function checkClaim(claim: SessionClaim, tx: Db): Promise<PlaySessionRow> {
    const sessionId = verifiedSession(claim);
    const claimed = await repo.sessionForUpdate(sessionId, tx);
    if (!claimed) throw new AppError('BAD_REQUEST', gameMessages.sessionInvalid);
    return assertClaimable(claim, sessionId, claimed);
  }

  /** The session id the claim's token was signed for; a forged token is refused. */
  function verifiedSession(claim: SessionClaim): string {
    const sessionId = tokens.verify(claim.token);
    if (!sessionId) {
      log.warn({ uid: claim.uid, tournamentId: claim.tournamentId }, 'forged play session token refused');
      throw new AppError('BAD_REQUEST', gameMessages.sessionInvalid);
    }
    return sessionId;
  }

  async function assertClaimable(
    claim: SessionClaim,
    sessionId: string,
    { session, game }: { session: PlaySessionRow; game: GameRow },
  ): Promise<PlaySessionRow> {
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
    await judge.assertEarned(game, session, claim);
    return session;
  }

  /**
   * `claimSession` for many claims at once and outside any transaction (a tournament's batch of
   * reports): the sessions are read in one statement, unlocked, and each claim checked as
   * `claimSession` checks it. `write` gets the claims that passed (with their sessions) and one
   * UPDATE, to run as a CTE, that marks their sessions reported where still unreported and `guard`
   * holds; it answers the values of the sessions it marked, by session id. Each claim gets its own
   * outcome: its value, its refusal, or `unmarked` (reported by another claim meanwhile, or refused
   * by the guard: the caller says which). A write that fails fails every claim that reached it.
   */
  async function claimSessionsWith<T>(
    claims: SessionClaim[],
    guard: SQL,
    write: (
      passed: { claim: SessionClaim; session: PlaySessionRow }[],
      markReported: SQL,
    ) => Promise<Map<string, T>>,
  ): Promise<ClaimOutcome<T>[]> {
    const outcomes: ClaimOutcome<T>[] = claims.map(() => ({ unmarked: true }));
    const ids = claims.map((claim, index) => {
      try {
        return verifiedSession(claim);
      } catch (error) {
        outcomes[index] = { error };
        return undefined;
      }
    });
    const known = ids.filter((id): id is string => id !== undefined);
    const rows = known.length > 0 ? await repo.sessionsWithGames(known) : [];
    const byId = new Map(rows.map((row) => [row.session.id, row]));
    const passed: { index: number; claim: SessionClaim; session: PlaySessionRow }[] = [];
    await Promise.all(
      claims.map(async (claim, index) => {
        const id = ids[index];
        if (id === undefined) return;
        try {
          const row = byId.get(id);
          if (!row) throw new AppError('BAD_REQUEST', gameMessages.sessionInvalid);
          passed.push({ index, claim, session: await assertClaimable(claim, id, row) });
        } catch (error) {
          outcomes[index] = { error };
        }
      }),
    );
    if (passed.length === 0) return outcomes;
    const marking = repo.markReportedManyStatement(
      passed.map(({ claim, session }) => ({
        id: session.id,
        pointsHundredths: toHundredths(claim.points),
        at: claim.at,
      })),
      guard,
    );
    let values: Map<string, T>;
    try {
      values = await write(passed, marking);
    } catch (error) {
      for (const { index } of passed) outcomes[index] = { error };
      return outcomes;
    }
    for (const { index, session } of passed) {
      if (values.has(session.id)) outcomes[index] = { value: values.get(session.id) as T };
    }
    return outcomes;
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
    claimSession,
    claimSessionsWith,
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

/** The game's address with the launch parameters; an outside game's own query is kept. */
function withParams(gameUrl: string, params: URLSearchParams) {
  return `${gameUrl}${gameUrl.includes('?') ? '&' : '?'}${params}`;
}

export type GameService = ReturnType<typeof createGameService>;
export type { RecordAudit } from './ops/actions.ts';
/** What the console reads of games for a broadcast, on the database alone. */
export { createGameReads, type GameReads } from './ops/reads.ts';
export { games, playSessions } from './schema.ts';
