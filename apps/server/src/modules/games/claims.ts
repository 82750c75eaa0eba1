import { gameMessages, type ReplayLog } from '@playon/shared/games';
import type { FastifyBaseLogger } from 'fastify';
import type { Bound, Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { PlayTokens } from './play-token.ts';
import type { GameRepo, PlaySessionRow } from './repo.ts';
import { type JudgedGame, type ScoreJudge, toHundredths } from './score-judge.ts';

/** One score report's claim on its play session. */
export interface SessionClaim {
  token: string;
  uid: string;
  /** The tournament the report is for; null for a play outside tournaments. */
  tournamentId: number | null;
  points: number;
  /** The recorded play, required when the game is scored by replay (ADR 0015). */
  replay?: ReplayLog | undefined;
  at: Date;
  /** The report answers a challenge (ADR 0066): only a challenge's session may, and it may nothing else. */
  challenge?: boolean;
}

/**
 * What the checks of `checkClaims` made of one claim: the session it may spend, the session it
 * already spent with these very points (`repeated`: a report sent again, answered as it was, ADR
 * 0065), or its refusal.
 */
export type ClaimCheck = { session: PlaySessionRow; repeated?: true } | { error: unknown };

/** A claim that passed its checks, with the session it spends. */
export interface CheckedClaim {
  claim: SessionClaim;
  session: PlaySessionRow;
}

export interface SessionClaimsDeps {
  repo: GameRepo;
  tokens: PlayTokens;
  judge: ScoreJudge;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The checks that make a score report trustworthy (ADR 0012, 0015): the token must be ours, the
 * caller's, unused, unexpired, for this tournament (or none), and the points possible in this game
 * in the time since the session started; for a game scored by replay, exactly those the replay of
 * the recorded play reaches. A free play spends its session in a transaction (`claimSession`); a
 * tournament's batch checks its claims in one read (`checkClaims`) and marks the sessions in its own
 * statement (`markReportedStatement`).
 */
export function createSessionClaims({ repo, tokens, judge, log }: SessionClaimsDeps) {
  /**
   * Spends the play session on one score report, in the caller's transaction, the session locked. The
   * same report sent again (same session, same points) spends nothing and is answered as the first.
   */
  async function claimSession(claim: SessionClaim, tx: Db): Promise<PlaySessionRow> {
    const sessionId = verifiedSession(claim);
    const claimed = await repo.sessionForUpdate(sessionId, tx);
    if (!claimed) throw new AppError('BAD_REQUEST', gameMessages.sessionInvalid);
    const check = await assertClaimable(claim, sessionId, claimed);
    if (!check.repeated) await repo.markReported(check.session.id, toHundredths(claim.points), claim.at, tx);
    return check.session;
  }

  /**
   * Every check of `claimSession` for many claims at once, outside any transaction: the sessions are
   * read in one statement, unlocked, and nothing is written. A claim that passes is not spent yet:
   * only the UPDATE of `markReportedStatement` spends it, and takes a session once.
   */
  async function checkClaims(claims: SessionClaim[]): Promise<ClaimCheck[]> {
    const checks: ClaimCheck[] = [];
    const ids = claims.map((claim, index) => {
      try {
        return verifiedSession(claim);
      } catch (error) {
        checks[index] = { error };
        return undefined;
      }
    });
    const known = ids.filter((id): id is string => id !== undefined);
    const rows = known.length > 0 ? await repo.sessionsWithGames(known) : [];
    const byId = new Map(rows.map((row) => [row.session.id, row]));
    await Promise.all(
      claims.map(async (claim, index) => {
        const id = ids[index];
        if (id === undefined) return;
        try {
          const row = byId.get(id);
          if (!row) throw new AppError('BAD_REQUEST', gameMessages.sessionInvalid);
          checks[index] = await assertClaimable(claim, id, row);
        } catch (error) {
          checks[index] = { error };
        }
      }),
    );
    return checks;
  }

  /**
   * The UPDATE that spends the checked claims' sessions, for the caller's statement as a CTE: it
   * marks a session only while still unreported and where `guard` holds (which may name the session
   * `s` and the claim `m`: m.id, m.points, m.at), and returns each marked session's id, uid,
   * points_hundredths and reported_at. A checked claim whose session it does not return was spent
   * by another report meanwhile or refused by the guard. Its text is the same for every batch with
   * this guard (the claims are its values), so the caller's statement is built once.
   */
  function markReportedStatement(checked: CheckedClaim[], guard: Bound): Bound {
    return repo.markReportedManyStatement(
      checked.map(({ claim, session }) => ({
        id: session.id,
        pointsHundredths: toHundredths(claim.points),
        at: claim.at,
      })),
      guard,
    );
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
    { session, game }: { session: PlaySessionRow; game: JudgedGame },
  ): Promise<{ session: PlaySessionRow; repeated?: true }> {
    if (session.uid !== claim.uid) {
      log.warn({ uid: claim.uid, sessionId, owner: session.uid }, "another player's play session refused");
      throw new AppError('FORBIDDEN', gameMessages.sessionNotYours);
    }
    // A session given a seed plays a challenge's run: its score is the challenge's answer, nothing
    // else, and a spent one sent elsewhere is refused before it could pass as the same report again.
    if ((session.seed !== null) !== (claim.challenge === true)) {
      throw new AppError('CONFLICT', gameMessages.sessionForChallenge);
    }
    if (session.reportedAt) {
      // A device that never read the answer sends the same run again: it counted once, say so again.
      if (
        session.tournamentId === claim.tournamentId &&
        session.pointsHundredths === toHundredths(claim.points)
      ) {
        return { session, repeated: true };
      }
      throw new AppError('CONFLICT', gameMessages.sessionUsed);
    }
    if (session.expiresAt.getTime() <= claim.at.getTime()) {
      throw new AppError('CONFLICT', gameMessages.sessionExpired);
    }
    if (session.tournamentId !== claim.tournamentId) {
      throw new AppError('CONFLICT', gameMessages.sessionOtherTournament);
    }
    await judge.assertEarned(game, session, claim);
    return { session };
  }

  return { claimSession, checkClaims, markReportedStatement };
}
