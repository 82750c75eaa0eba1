import { TRAILER_HEIGHT, TRAILER_WIDTH } from '@playon/shared/games';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/translation';
import { embedUrl } from './tv-videos';
import { type PlayerStatus, usePlayerAnswer } from './use-player-answer';

export const PLAYER_ALLOW =
  'accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture; fullscreen';

/**
 * YouTube's player filling the box it is put in (853:480 at the page's width), playing at once; it
 * reports whether the video loaded.
 */
export function TvEmbed({
  videoId,
  onStatus,
}: {
  videoId: string;
  onStatus: (status: Exclude<PlayerStatus, 'loading'>) => void;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  usePlayerAnswer(frame, onStatus);
  return (
    <iframe
      ref={frame}
      src={embedUrl(videoId, { autoplay: true, isAnswering: true })}
      title={t('tv.player')}
      width={TRAILER_WIDTH}
      height={TRAILER_HEIGHT}
      allow={PLAYER_ALLOW}
      allowFullScreen
      // YouTube refuses to play an embed that sends no referrer; the server's policy sends none by default.
      referrerPolicy="strict-origin-when-cross-origin"
      className="absolute inset-0 block size-full border-0"
    />
  );
}
