import { type ChallengeView, challengePreview, challengePreviewSw } from '@playon/shared/challenges';
import { formatPoints } from '../../../lib/format';

/** The address of a challenge's page, to share. */
export const challengeLink = (code: string, origin = window.location.origin) =>
  `${origin}/challenges/${code}`;

/**
 * Shares the link with the phone's share sheet (WhatsApp, SMS) where the browser has one, else copies
 * it. 'shared', 'copied', or 'cancelled' when the player closed the sheet; throws when neither works.
 */
export async function shareLink(data: { title: string; text: string; url: string }) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared' as const;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled' as const;
    }
  }
  await navigator.clipboard.writeText(data.url);
  return 'copied' as const;
}

/** What the share sheet says with the link: the challenger's username and score, nothing more. */
export function shareTextOf(view: ChallengeView, language: string) {
  const texts = language === 'sw' ? challengePreviewSw : challengePreview;
  const { username, points } = view.challenger;
  return {
    title: texts.title(username),
    text: texts.description(username, formatPoints(points), view.game.name),
    url: challengeLink(view.code),
  };
}
