import { ChallengeCodeSchema } from '@playon/shared/challenges';
import type { ChallengeService } from '../modules/challenges/service.ts';
import type { PagePreviews } from '../platform/web-app.ts';

const challengePath = /^\/challenges\/([^/]+)$/;

/**
 * The preview of a challenge link's page (ADR 0066): the challenger's username and score, the game's
 * name and picture, nothing else. Any other path, or a code that is no challenge's, has none.
 */
export function challengePagePreview(
  challenges: Pick<ChallengeService, 'preview'>,
  publicUrl: string,
): PagePreviews {
  return async (path, language) => {
    const code = ChallengeCodeSchema.safeParse(challengePath.exec(path)?.[1]);
    if (!code.success) return null;
    const preview = await challenges.preview(code.data, language === 'sw' ? 'sw' : 'en');
    if (!preview) return null;
    return {
      ...preview,
      image: new URL(preview.image, `${publicUrl}/`).href,
      url: `${publicUrl}/challenges/${code.data}`,
    };
  };
}
