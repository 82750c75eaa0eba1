import {
  type ChallengeListItem,
  type ChallengeStatus,
  challengePreview,
  challengePreviewSw,
} from '@playon/shared/challenges';
import type { Language } from '@playon/shared/i18n/language';
import { outcomeOf, points } from './outcome.ts';
import type { ChallengeRepo, ChallengeRow } from './repo.ts';

/** What the list shows: the latest pairings of each side. */
const LIST_LIMIT = 100;

/** The list and the link's preview: reads from the caller's side, nothing written. */
export function createChallengeReads({
  repo,
  usernamesOf,
  now,
}: {
  repo: ChallengeRepo;
  usernamesOf: (uids: string[]) => Promise<(uid: string) => string | null>;
  now: () => Date;
}) {
  /** GET /api/challenges: sent and received, one line per pairing, newest first. */
  async function list(uid: string): Promise<ChallengeListItem[]> {
    const [sent, received] = await Promise.all([
      repo.sentBy(uid, LIST_LIMIT),
      repo.receivedBy(uid, LIST_LIMIT),
    ]);
    const name = await usernamesOf([
      ...sent.flatMap((row) => [row.answer?.uid ?? row.challenge.recipientUid ?? '']),
      ...received.map((row) => row.challenge.challengerUid),
    ]);
    const at = now();
    const statusOf = (row: ChallengeRow, mine: number | null, theirs: number | null): ChallengeStatus =>
      mine !== null && theirs !== null ? outcomeOf(mine, theirs) : row.expiresAt <= at ? 'expired' : 'open';
    const items: ChallengeListItem[] = [
      ...sent.map(({ challenge, game, answer }) => {
        const theirs = answer?.pointsHundredths ?? null;
        const opponentUid = answer?.uid ?? challenge.recipientUid;
        return {
          code: challenge.code,
          direction: 'sent' as const,
          gameName: game.name,
          gameIcon: game.gameIcon,
          opponent: opponentUid ? name(opponentUid) : null,
          myPoints: points(challenge.challengerPointsHundredths),
          opponentPoints: theirs === null ? null : points(theirs),
          status: statusOf(challenge, challenge.challengerPointsHundredths, theirs),
          createdAt: challenge.createdAt.toISOString(),
          expiresAt: challenge.expiresAt.toISOString(),
        };
      }),
      ...received.map(({ challenge, game, answer }) => {
        const mine = answer?.pointsHundredths ?? null;
        return {
          code: challenge.code,
          direction: 'received' as const,
          gameName: game.name,
          gameIcon: game.gameIcon,
          opponent: name(challenge.challengerUid),
          myPoints: mine === null ? null : points(mine),
          opponentPoints: points(challenge.challengerPointsHundredths),
          status: statusOf(challenge, mine, mine === null ? null : challenge.challengerPointsHundredths),
          createdAt: challenge.createdAt.toISOString(),
          expiresAt: challenge.expiresAt.toISOString(),
        };
      }),
    ];
    return items.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /**
   * What a challenge link's page tells a chat app's preview (the page's Open Graph tags): the
   * challenger's username and score, the game's name and picture; null for an unknown code.
   */
  async function preview(code: string, language: Language) {
    const found = await repo.byCode(code);
    if (!found) return null;
    const { challenge, game } = found;
    const challenger = (await usernamesOf([challenge.challengerUid]))(challenge.challengerUid);
    if (!challenger) return null;
    const texts = language === 'sw' ? challengePreviewSw : challengePreview;
    const score = String(points(challenge.challengerPointsHundredths));
    return {
      title: texts.title(challenger),
      description: texts.description(challenger, score, game.name),
      image: game.trailerPoster ?? game.gameIcon,
    };
  }

  return { list, preview };
}
