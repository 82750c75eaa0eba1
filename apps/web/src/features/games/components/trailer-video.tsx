import { TRAILER_HEIGHT, TRAILER_WIDTH } from '@playon/shared/games';
import { useRef, useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { useTranslation } from '../../../lib/translation';

interface Props {
  name: string;
  src: string;
  poster: string | null;
  className: string;
}

/**
 * A trailer PlayOn serves: the poster until a tap, then the clip muted and inline. Nothing is
 * downloaded before the tap (preload none), which on a slow network is what the player asked for.
 */
export function TrailerVideo({ name, src, poster, className }: Props) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [isStarted, setStarted] = useState(false);

  const play = () => {
    setStarted(true);
    // The button goes away: the keyboard's place moves to the video and its controls, not to the page's top.
    video.current?.focus();
    // A clip that cannot play (an old browser's codecs, no network) leaves the poster and the button.
    video.current?.play().catch(() => setStarted(false));
  };

  return (
    <div className="relative">
      <video
        ref={video}
        src={src}
        poster={poster ?? undefined}
        width={TRAILER_WIDTH}
        height={TRAILER_HEIGHT}
        aria-label={t('games.trailer', { name })}
        preload="none"
        muted
        playsInline
        loop
        controls={isStarted}
        tabIndex={-1}
        className={`${className} object-cover`}
      />
      {isStarted ? null : (
        <button
          type="button"
          onClick={play}
          aria-label={t('games.playTrailer', { name })}
          className="absolute inset-0 grid place-items-center rounded-2xl"
        >
          <span className="grid size-16 place-items-center rounded-full bg-ink/70 text-white shadow-lg">
            <Icon name="play" className="size-8 translate-x-0.5" />
          </span>
        </button>
      )}
    </div>
  );
}
