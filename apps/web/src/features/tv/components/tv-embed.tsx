import { TRAILER_HEIGHT, TRAILER_WIDTH } from '@playon/shared/games';
import { useTranslation } from 'react-i18next';
import { embedUrl } from './tv-videos';

export const PLAYER_ALLOW =
  'accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen';

/** The video on top of the TV page, 853:480 at the page's width, without YouTube's tracking cookies. */
export function TvEmbed({ videoId, autoplay }: { videoId: string; autoplay: boolean }) {
  const { t } = useTranslation();
  return (
    <iframe
      src={embedUrl(videoId, { autoplay })}
      title={t('tv.player')}
      width={TRAILER_WIDTH}
      height={TRAILER_HEIGHT}
      allow={PLAYER_ALLOW}
      allowFullScreen
      // YouTube refuses to play an embed that sends no referrer; the server's policy sends none by default.
      referrerPolicy="strict-origin-when-cross-origin"
      className="block aspect-[853/480] h-auto w-full rounded-2xl bg-raised"
    />
  );
}
