import { gameMessages, type ReplayLog } from '@playon/shared/games';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { Replays } from './replay.ts';
import type { GameRow, PlaySessionRow } from './repo.ts';

/** A replayed play may last this much longer than its session's age: clocks of two servers differ a little. */
const CLOCK_GRACE_MS = 2_000;

export const toHundredths = (points: number) => Math.round(points * 100);

/** What a score report claims, as the judge sees it. */
export interface ScoreClaim {
  uid: string;
  points: number;
  replay?: ReplayLog | undefined;
  at: Date;
}

/** What the judge reads of a game: a batch of reports reads only these columns of it. */
export type JudgedGame = Pick<GameRow, 'id' | 'slug' | 'scoring' | 'maxPoints' | 'maxPointsPerSecond'>;

/**
 * Whether a reported score was earned: within the game's limits (ADR 0012) and, for a game scored by
 * replay, exactly what the recorded play reaches when the server replays it (ADR 0015).
 */
export function createScoreJudge(deps: {
  log: Pick<FastifyBaseLogger, 'warn'>;
  replays: Replays;
  /** The seed the session's run was launched with: its own, or the one it was given (a challenge's). */
  seedOf: (session: PlaySessionRow) => number;
}) {
  const { log, replays } = deps;

  function assertPlausible(game: JudgedGame, session: PlaySessionRow, claim: ScoreClaim) {
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
  async function assertReplayed(game: JudgedGame, session: PlaySessionRow, claim: ScoreClaim) {
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
    if (!game.slug) throw new Error(`game ${game.id} is scored by replay but has no folder`);
    const outcome = await replays.replay(game.slug, deps.seedOf(session), claim.replay);
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

  return {
    async assertEarned(game: JudgedGame, session: PlaySessionRow, claim: ScoreClaim) {
      if (game.scoring === 'replay') await assertReplayed(game, session, claim);
      else assertPlausible(game, session, claim);
    },
  };
}

export type ScoreJudge = ReturnType<typeof createScoreJudge>;
