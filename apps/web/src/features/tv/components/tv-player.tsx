import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useTranslation } from '../../../lib/translation';
import { TvEmbed } from './tv-embed';
import { PlayMark, TvPicture } from './tv-picture';
import { tvTitle } from './tv-title';
import type { TvVideo } from './tv-videos';
import type { PlayerStatus } from './use-player-answer';

/**
 * The video on top of the TV page, in one 853:480 box that never changes size: its picture with a
 * play mark until tapped (YouTube's player, about a megabyte, loads only for someone who plays), then
 * the player, which takes the picture's place once it answers; a player that cannot load gives way
 * to the product's error (docs/product.md, "Playon TV screen") with Try again. `autoplay`: start at
 * once (a video chosen below).
 */
export function TvPlayer({ video, autoplay }: { video: TvVideo; autoplay: boolean }) {
  const { t } = useTranslation();
  // 0 while only the picture shows; each play or Try again mounts a new player.
  const [attempt, setAttempt] = useState(autoplay ? 1 : 0);
  const [status, setStatus] = useState<PlayerStatus>('loading');
  const title = tvTitle(video, t('tv.videoLabel'));
  const play = () => {
    setStatus('loading');
    setAttempt((count) => count + 1);
  };

  return (
    <div className="relative aspect-[853/480] w-full overflow-hidden rounded-2xl bg-raised">
      {attempt > 0 && status !== 'failed' ? (
        <TvEmbed key={attempt} videoId={video.videoId} onStatus={setStatus} />
      ) : null}
      {status === 'failed' ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-surface px-5 text-center ring-1 ring-line ring-inset">
          <p role="alert" className="text-sm text-muted">
            {t('notices.tvError')}
          </p>
          <Button variant="secondary" onClick={play}>
            {t('common.retry')}
          </Button>
        </div>
      ) : status === 'loading' ? (
        <button
          type="button"
          onClick={play}
          disabled={attempt > 0}
          aria-label={t('tv.play', { title })}
          className="absolute inset-0 flex items-center justify-center"
        >
          <TvPicture url={video.thumbnailUrl} isEager />
          {attempt > 0 ? <Spinner label={t('tv.starting')} size={40} /> : <PlayMark size="large" />}
        </button>
      ) : null}
    </div>
  );
}
