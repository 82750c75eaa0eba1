import { randomBytes } from 'node:crypto';
import {
  CHALLENGE_TTL_MS,
  type ChallengeResult,
  type ChallengeView,
  type CreateChallengeRequest,
  challengeMessages,
  challengeNotices,
} from '@playon/shared/challenges';
import { LAUNCH_PARAMS, type PlaySession, type ScoreResult } from '@playon/shared/games';
import { userMessages } from '@playon/shared/users';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { GameService, ScoreReportInput } from '../games/service.ts';
import type { Notifier } from '../notifications/service.ts';
import type { ProfileService } from '../profile/service.ts';
import { outcomeOf, points } from './outcome.ts';
import { createChallengeReads } from './reads.ts';
import { type AnswerRow, type ChallengeRow, createChallengeRepo } from './repo.ts';

export interface ChallengeServiceDeps {
  db: Db;
  games: Pick<GameService, 'finishedRun' | 'startPlay' | 'sessionIdOf' | 'claimChallengePlay' | 'bestInGame'>;
  profiles: Pick<ProfileService, 'uidByUsername' | 'playersByUid'>;
  notifications: Notifier;
  now?: () => Date;
}

const urlOf = (code: string) => `/challenges/${code}`;

/**
 * Challenges between friends (ADR 0066). A challenge copies the seed of the challenger's finished run;
 * the friend's answer is a play session of their own launched with that seed and judged by the same
 * replay as any report. A link carries a random code, never a session token, and tells anyone who
 * opens it the challenger's username and score only.
 */
export function createChallengeService(deps: ChallengeServiceDeps) {
  const { db, games, profiles, notifications, now = () => new Date() } = deps;
  const repo = createChallengeRepo(db);

  async function usernamesOf(uids: string[]) {
    const players = await profiles.playersByUid(uids);
    return (uid: string) => players.get(uid)?.username ?? null;
  }

  async function ownUsername(uid: string): Promise<string> {
    const username = (await usernamesOf([uid]))(uid);
    if (!username) throw new AppError('BAD_REQUEST', challengeMessages.noUsername);
    return username;
  }

  async function mustFind(code: string) {
    const found = await repo.byCode(code);
    if (!found) throw new AppError('NOT_FOUND', challengeMessages.notFound);
    return found;
  }

  /** The challenge as `uid` may see it: the challenger's username and score, and their own results. */
  async function view(uid: string, code: string): Promise<ChallengeView> {
    const { challenge, game } = await mustFind(code);
    const answers = await repo.answersOf(challenge.id);
    const name = await usernamesOf([challenge.challengerUid, ...answers.map((answer) => answer.uid)]);
    const challengerPoints = points(challenge.challengerPointsHundredths);
    const isChallenger = challenge.challengerUid === uid;
    const mine = answers.find((answer) => answer.uid === uid);
    const results: ChallengeResult[] = isChallenger
      ? answers.flatMap((answer) =>
          answer.pointsHundredths === null
            ? []
            : [
                {
                  opponent: name(answer.uid) ?? '',
                  opponentPoints: points(answer.pointsHundredths),
                  myPoints: challengerPoints,
                  outcome: outcomeOf(challenge.challengerPointsHundredths, answer.pointsHundredths),
                },
              ],
        )
      : mine?.pointsHundredths != null
        ? [
            {
              opponent: name(challenge.challengerUid) ?? '',
              opponentPoints: challengerPoints,
              myPoints: points(mine.pointsHundredths),
              outcome: outcomeOf(mine.pointsHundredths, challenge.challengerPointsHundredths),
            },
          ]
        : [];
    const isForViewer = isChallenger || challenge.recipientUid === uid;
    const recipient =
      challenge.recipientUid && isForViewer
        ? (await usernamesOf([challenge.recipientUid]))(challenge.recipientUid)
        : null;
    return {
      code: challenge.code,
      game: { id: game.id, name: game.name, gameIcon: game.gameIcon },
      challenger: { username: name(challenge.challengerUid) ?? '', points: challengerPoints },
      to: recipient,
      expiresAt: challenge.expiresAt.toISOString(),
      state: stateOf(challenge, uid, mine),
      results,
    };
  }

  function stateOf(
    challenge: ChallengeRow,
    uid: string,
    mine: AnswerRow | undefined,
  ): ChallengeView['state'] {
    if (challenge.challengerUid === uid) return 'yours';
    if (mine) return mine.answeredAt ? 'answered' : 'started';
    if (challenge.recipientUid !== null && challenge.recipientUid !== uid) return 'notForYou';
    return challenge.expiresAt <= now() ? 'expired' : 'open';
  }

  /** POST /api/challenges: a finished run sent to a friend by username, or as a link. */
  async function create(uid: string, request: CreateChallengeRequest): Promise<ChallengeView> {
    const run = await games.finishedRun(uid, request.session);
    const challenger = await ownUsername(uid);
    let recipientUid: string | null = null;
    if (request.username !== undefined) {
      const found = await profiles.uidByUsername(request.username);
      if (!found) throw new AppError('NOT_FOUND', userMessages.notFound, { username: userMessages.notFound });
      if (found === uid) {
        throw new AppError('BAD_REQUEST', challengeMessages.challengeSelf, {
          username: challengeMessages.challengeSelf,
        });
      }
      recipientUid = found;
    }
    const at = now();
    const code = randomBytes(16).toString('base64url');
    await db.transaction(async (tx) => {
      const challenge = await repo.insert(
        {
          code,
          challengerUid: uid,
          runSessionId: run.sessionId,
          gameId: run.game.id,
          seed: run.seed,
          challengerPointsHundredths: run.pointsHundredths,
          recipientUid,
          createdAt: at,
          expiresAt: new Date(at.getTime() + CHALLENGE_TTL_MS),
        },
        tx,
      );
      if (recipientUid) {
        await notifications.record(tx, {
          uid: recipientUid,
          kind: 'challenge-received',
          title: challengeNotices.receivedTitle,
          body: challengeNotices.received(challenger, String(points(run.pointsHundredths)), run.game.name),
          url: urlOf(code),
          dedupeKey: `challenge:${challenge.id}:received`,
        });
      }
    });
    return view(uid, code);
  }

  /** Whether `uid` may answer: not their own, sent to them (or a link), and still open. */
  function assertMayAnswer(challenge: ChallengeRow, uid: string) {
    if (challenge.challengerUid === uid) throw new AppError('BAD_REQUEST', challengeMessages.own);
    if (challenge.recipientUid !== null && challenge.recipientUid !== uid) {
      throw new AppError('FORBIDDEN', challengeMessages.notForYou);
    }
  }

  /**
   * POST /api/challenges/{code}/play: accepts the challenge, once. The friend's own play session is
   * launched with the challenge's seed; its score can only answer this challenge.
   */
  async function play(uid: string, code: string): Promise<PlaySession> {
    const { challenge } = await mustFind(code);
    assertMayAnswer(challenge, uid);
    await ownUsername(uid);
    const at = now();
    if (challenge.expiresAt <= at) throw new AppError('CONFLICT', challengeMessages.expired);
    const session = await db.transaction(async (tx) => {
      const started = await games.startPlay(uid, challenge.gameId, undefined, { seed: challenge.seed, tx });
      const sessionId = games.sessionIdOf(started.session);
      if (!sessionId) throw new Error('a new play session has no valid token');
      const isFirst = await repo.insertAnswer(
        { challengeId: challenge.id, uid, sessionId, startedAt: at },
        tx,
      );
      if (!isFirst) throw new AppError('CONFLICT', challengeMessages.alreadyAnswered);
      return started;
    });
    const launch = new URL(session.launchUrl, 'http://launch.invalid');
    launch.searchParams.set(LAUNCH_PARAMS.challenge, code);
    const launchUrl =
      launch.origin === 'http://launch.invalid' ? `${launch.pathname}${launch.search}` : launch.href;
    return { ...session, launchUrl };
  }

  /**
   * POST /api/challenges/{code}/answer: the score of the friend's play, judged by replaying its
   * inputs from the challenge's seed; the challenger is told how it ended.
   */
  async function answer(uid: string, code: string, report: ScoreReportInput): Promise<ScoreResult> {
    const { challenge, game } = await mustFind(code);
    assertMayAnswer(challenge, uid);
    const friend = await ownUsername(uid);
    const result = await db.transaction(async (tx) => {
      const started = await repo.answerForUpdate(challenge.id, uid, tx);
      if (!started) throw new AppError('CONFLICT', challengeMessages.notStarted);
      if (started.answeredAt) throw new AppError('CONFLICT', challengeMessages.alreadyAnswered);
      const claimed = await games.claimChallengePlay(uid, started.sessionId, report, tx);
      const at = now();
      await repo.markAnswered(started.id, claimed.pointsHundredths, at, tx);
      const theirs = challenge.challengerPointsHundredths;
      const outcome = outcomeOf(theirs, claimed.pointsHundredths);
      await notifications.record(tx, {
        uid: challenge.challengerUid,
        kind: 'challenge-answered',
        title:
          outcome === 'won'
            ? challengeNotices.wonTitle
            : outcome === 'lost'
              ? challengeNotices.lostTitle
              : challengeNotices.tiedTitle,
        body: challengeNotices.answered(
          friend,
          String(points(claimed.pointsHundredths)),
          game.name,
          String(points(theirs)),
        ),
        url: urlOf(code),
        dedupeKey: `challenge:${challenge.id}:answered:${uid}`,
      });
      return claimed;
    });
    return {
      points: points(result.pointsHundredths),
      best: await games.bestInGame(uid, result.gameId),
      rank: null,
    };
  }

  return { create, view, play, answer, ...createChallengeReads({ repo, usernamesOf, now }) };
}

export type ChallengeService = ReturnType<typeof createChallengeService>;
